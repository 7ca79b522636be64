set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
TP=$(python3 -c "import torch,os;print(os.path.join(os.path.dirname(torch.__file__),'bin','ptxas'))")
mkdir -p $OUT/fwd13 $OUT/bwd13 $OUT/fwd12
TRITON_PTXAS_PATH=$TP timeout 200 python3 benchmarks/sweep_plans.py --out $OUT/fwd13 --kernel single_block --directions forward --dtypes bfloat16 --n 4096 16384 --warps 4 8 16 --registers 0 48 56 64 72 80 --no-persistent --repeat 3 --budget-s 180 > $OUT/fwd13.log 2>&1; grep "copy\|best" $OUT/fwd13.log | head -14
TRITON_PTXAS_PATH=$TP timeout 150 python3 benchmarks/sweep_plans.py --out $OUT/bwd13 --kernel single_block --directions backward --dtypes bfloat16 --n 4096 --warps 4 8 16 --registers 0 64 80 96 --no-persistent --repeat 3 --budget-s 130 > $OUT/bwd13.log 2>&1; grep "copy\|best" $OUT/bwd13.log | head -8
cd $OUT && tar czf logs.tgz *.log */ && ls
