TP=$(python3 -c "import torch,os;print(os.path.join(os.path.dirname(torch.__file__),'bin','ptxas'))")
ls -la $TP; $TP --version | tail -2
S="--kernel cooperative --n 65536 262144 1048576 --dtypes bfloat16 --directions forward --blocks 8192 --warps 4 --registers 64 72 80 0"
mkdir -p $OUT/bundled $OUT/torch
PYTHONPATH=. python3 benchmarks/resource_usage.py --n 65536 262144 --dtypes bfloat16 float16 2>&1 | grep cooperative | tee $OUT/usage_bundled.log
TRITON_PTXAS_PATH=$TP PYTHONPATH=. python3 benchmarks/resource_usage.py --n 65536 262144 --dtypes bfloat16 float16 2>&1 | grep cooperative | tee $OUT/usage_torch.log
PYTHONPATH=. python3 benchmarks/sweep_plans.py --out $OUT/bundled $S 2>&1 | tee $OUT/bundled.log
TRITON_PTXAS_PATH=$TP PYTHONPATH=. python3 benchmarks/sweep_plans.py --out $OUT/torch $S 2>&1 | tee $OUT/torch.log
B="--kernel cooperative --n 65536 262144 1048576 --dtypes float16 --directions backward --blocks 8192 --warps 4"
mkdir -p $OUT/bwd_new $OUT/bwd_old
(cd ab_old && PYTHONPATH=. python3 benchmarks/sweep_plans.py --out $OUT/bwd_old $B --registers 96) 2>&1 | tee $OUT/bwd_old.log
PYTHONPATH=. python3 benchmarks/sweep_plans.py --out $OUT/bwd_new $B --registers 96 0 2>&1 | tee $OUT/bwd_new.log
