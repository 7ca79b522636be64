# Fills of 0.69-0.75 of the blocks of 8192, left to the single-block plans by
# FAST_DRAM_COOPERATIVE_FORWARD_MIN_FILL = 0.75: the policy's plan against the cooperative kernel
# in blocks of 8192, 4 warps, 56 registers, three interleaved rounds.
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
PYTHONPATH=. timeout 200 python3 benchmarks/sweep_plans.py --out $OUT \
    --kernel cooperative --n 11264 11776 17408 18432 --dtypes bfloat16 float16 \
    --directions forward --blocks 8192 --warps 4 --registers 56 --repeat 3 --budget-s 170 \
    > $OUT/fill.log 2>&1
grep -v Warn $OUT/fill.log
