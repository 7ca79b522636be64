# The 16-bit single-block backward through the window at blocks of 8192 (policy.
# EIGHT_BYTE_ROWS_BACKWARD_WARPS widened to every row not of whole vectors): 4 and 8 warps at the
# widths of 4-byte words and odd rows, two interleaved rounds.
#   bash results/h200/single_block_window_2026-11-29/fifth.sh 2>&1 | tee $OUT/run.log
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
PYTHONPATH=. timeout 200 python3 benchmarks/sweep_plans.py --out $OUT --kernel single_block \
    --n 4097 4098 6145 6146 --dtypes bfloat16 float16 --directions backward --warps 4 8 \
    --no-persistent --repeat 2 --budget-s 180 2>&1 | grep -v Warn > $OUT/sweep.log
grep -E "^(forward|backward)|best|auto" $OUT/sweep.log | head -60
