# Three tiles against two across the ranges of widths the policy holds as three (float32 forward,
# rows of one warp, two a program): M = 4096 at widths from each range's bottom to its top, then
# M = 2^27 // N at two of them.
set -o pipefail
nvidia-smi --query-gpu=name,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
export PYTHONUNBUFFERED=1 PYTHONPATH=.
S="--kernel single_block --dtypes float32 --directions forward --repeat 5 --no-persistent --warps 2 --block-m 2 --rows-by-warps-only --max-values 96"
mkdir -p $OUT/m4096 $OUT/grid
timeout 330 python3 benchmarks/sweep_plans.py --out $OUT/m4096 $S --rows 4096 --budget-s 310 \
    --n 1281 1344 1408 2305 2368 2432 2561 2624 2688 2700 2752 2816 2>&1 | tee $OUT/ranges.log
timeout 150 python3 benchmarks/sweep_plans.py --out $OUT/grid $S --budget-s 130 \
    --n 1408 2688 2>&1 | tee -a $OUT/ranges.log
