#!/usr/bin/env bash
# On the GPU machine, from the repository root: the bfloat16 rows the widths scan left under 90%
# of copy among narrow ones (results/h200/widths_scan_2026-11-29/): the single-block backward of
# 300 and 2057 through the window against the same from the rows' own starts (--unwindowed), and
# the forward of 257 and 514 laid out rows by warps from their own starts and through the window
# (--windowed). Each sweep under a time limit of its own.
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
mkdir -p "$OUT/backward" "$OUT/forward"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 62 python3 benchmarks/sweep_plans.py \
    --out "$OUT/backward" --kernel single_block --directions backward --dtypes bfloat16 \
    --n 300 2057 --warps 2 4 8 --no-persistent --unwindowed --repeat 2 --budget-s 50 \
    2>&1 | tee "$OUT/backward.log"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 62 python3 benchmarks/sweep_plans.py \
    --out "$OUT/forward" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 257 514 --warps 1 2 4 --no-persistent --rows-by-warps-only --windowed --repeat 2 \
    --budget-s 50 2>&1 | tee "$OUT/forward.log"
