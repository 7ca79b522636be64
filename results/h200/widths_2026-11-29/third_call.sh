set -o pipefail
export PYTHONUNBUFFERED=1
mkdir -p $OUT/backward_unaligned
PYTHONPATH=. timeout 300 python3 benchmarks/sweep_plans.py --out $OUT/backward_unaligned --kernel single_block --n 2052 3076 4100 6148 4098 6146 4097 6145 --dtypes bfloat16 --directions backward --warps 4 8 16 --no-persistent --repeat 2 --budget-s 280 2>&1 | grep -v Warn > $OUT/sweep.log
grep -E "^(==|forward|backward)|best" $OUT/sweep.log
