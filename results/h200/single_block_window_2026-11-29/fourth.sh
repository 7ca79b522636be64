# The bfloat16 single-block backward of rows just past a power of two (the window's or not), each
# variant also read again for dx (--reread, Plan.reread), two interleaved rounds.
#   bash results/h200/single_block_window_2026-11-29/fourth.sh 2>&1 | tee $OUT/run.log
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
PYTHONPATH=. timeout 300 python3 benchmarks/sweep_plans.py --out $OUT --kernel single_block \
    --n 4100 4097 8196 --dtypes bfloat16 --directions backward --warps 4 8 16 32 --no-persistent \
    --reread --repeat 2 --budget-s 280 2>&1 | grep -v Warn > $OUT/sweep.log
grep -E "^(forward|backward)|best|auto" $OUT/sweep.log | head -40
