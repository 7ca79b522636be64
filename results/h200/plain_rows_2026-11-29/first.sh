#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); then the bfloat16 single-block forward of
# narrow rows past vectors through the window in one warp (and 390 in two), tiles of 2-16 rows
# in the plain layout, every tail, beside the policy's plan. One log.
#     bash results/h200/plain_rows_2026-11-29/first.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-240} bash benchmarks/asv_on_device.sh .gl "$@"
mkdir -p "$OUT/narrow" "$OUT/wider"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 150 python3 benchmarks/sweep_plans.py \
    --out "$OUT/narrow" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 137 175 231 300 --warps 1 --block-m 2 4 8 16 --max-values 64 --no-persistent \
    --windowed-only --repeat 2 --budget-s 135 2>&1 | grep -v "^      failed" | tee -a "$OUT/first.log"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 100 python3 benchmarks/sweep_plans.py \
    --out "$OUT/wider" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 390 455 --warps 1 2 --block-m 1 2 4 8 --max-values 64 --no-persistent \
    --windowed-only --repeat 2 --budget-s 85 2>&1 | grep -v "^      failed" | tee -a "$OUT/first.log"
