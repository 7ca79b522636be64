# The edges in a layout of their own (row_math.edge_rows; the forward merges the edges' own pair):
# the single-block variants at bfloat16 rows that are not whole vectors, each through the window
# and read from the rows' own starts (--unwindowed, Plan.windowed), two interleaved rounds.
#   bash results/h200/single_block_window_2026-11-29/second.sh 2>&1 | tee $OUT/run.log
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
PYTHONPATH=. timeout 520 python3 benchmarks/sweep_plans.py --out $OUT --kernel single_block \
    --n 1001 4100 3001 --dtypes bfloat16 --directions backward forward --warps 2 4 8 --no-persistent \
    --unwindowed --repeat 2 --budget-s 500 2>&1 | grep -v Warn > $OUT/sweep.log
grep -E "^(forward|backward)|best|auto" $OUT/sweep.log | head -80
