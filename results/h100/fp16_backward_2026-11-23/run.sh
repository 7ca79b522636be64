set -x
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader
mkdir -p $OUT/new $OUT/old
S="--kernel cooperative --n 65536 262144 1048576 --dtypes float16 bfloat16 --directions backward --blocks 8192 --warps 4"
PYTHONPATH=. python3 benchmarks/resource_usage.py --n 65536 --dtypes float16 2>&1 | grep cooperative
(cd ab_old && PYTHONPATH=. python3 benchmarks/sweep_plans.py --out $OUT/old $S --registers 96 0) 2>&1 | tee $OUT/old.log
PYTHONPATH=. python3 benchmarks/sweep_plans.py --out $OUT/new $S --registers 96 0 2>&1 | tee $OUT/new.log
PYTHONPATH=. timeout 200 python3 -m pytest -q -x tests/test_cooperative.py 2>&1 | tail -5 | tee $OUT/test_cooperative.log
