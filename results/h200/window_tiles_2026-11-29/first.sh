#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the commits named (benchmarks/
# asv_on_device.sh, .gl written by benchmarks/commit_for_carry.sh), then the 16-bit forwards the
# widths scan left under 90% of copy (results/h200/widths_scan_2026-11-29/) through a window
# (sweep_plans.py --policy-windowed): narrow rows one warp a row, several a program, and rows
# whose body's power of two is much wider than the body as two tiles. Each step under a time
# limit of its own.
#     bash results/h200/window_tiles_2026-11-29/first.sh COMMIT ...
set -o pipefail
[ $# -gt 0 ] && ASV_LIMIT=${ASV_LIMIT:-280} bash benchmarks/asv_on_device.sh .gl "$@"
mkdir -p "$OUT/narrow" "$OUT/wide"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 100 python3 benchmarks/sweep_plans.py \
    --out "$OUT/narrow" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 257 514 300 --warps 1 2 4 8 --policy-windowed --repeat 2 --budget-s 85 \
    2>&1 | tee "$OUT/narrow.log"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 180 python3 benchmarks/sweep_plans.py \
    --out "$OUT/wide" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 10001 12289 6001 2057 --warps 4 8 16 --policy-windowed --repeat 2 --budget-s 165 \
    2>&1 | tee "$OUT/wide.log"
