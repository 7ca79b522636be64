#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); then the bfloat16 single-block forward of
# narrow rows past vectors in one warp through the window, every layout, now that several rows
# in one tile of the plain layout no longer spill (row_math.per_row_of_plain_rows). One log.
#     bash results/h200/narrow_warps_2026-11-29/seventh.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-100} bash benchmarks/asv_on_device.sh .gl "$@"
mkdir -p "$OUT/forward"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 75 python3 benchmarks/sweep_plans.py \
    --out "$OUT/forward" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 257 137 --warps 1 --max-values 64 --no-persistent --windowed-only --repeat 2 \
    --budget-s 60 2>&1 | grep -v "^      failed" | tee -a "$OUT/seventh.log"
