# Rows that are not read as words (odd N): the cooperative kernel's blocks and warps at the widths
# section's 50257 and 65535 (bfloat16, forward and backward), uncapped as the launch takes them
# there; two interleaved rounds, every output NaN-poisoned and checked against float64 first.
set -o pipefail
export PYTHONUNBUFFERED=1
mkdir -p $OUT/odd_rows
PYTHONPATH=. timeout 400 python3 benchmarks/sweep_plans.py --out $OUT/odd_rows --kernel cooperative \
    --n 50257 65535 --dtypes bfloat16 --directions forward backward --blocks 2048 4096 8192 \
    --warps 2 4 8 16 --repeat 2 --budget-s 380 2>&1 | grep -v Warn > $OUT/odd_rows.log
grep -E "^(forward|backward)|best" $OUT/odd_rows.log
