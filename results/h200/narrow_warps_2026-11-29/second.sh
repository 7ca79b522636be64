#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); then the single-block forward of narrow rows
# past vectors, every layout of 1-2 warps (up to 128 values a thread) through the window
# (`--windowed-only`: the first call's sweep timed them from their own starts), bfloat16 and then
# float32. One log.
#     bash results/h200/narrow_warps_2026-11-29/second.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-100} bash benchmarks/asv_on_device.sh .gl "$@"
mkdir -p "$OUT/bf16" "$OUT/fp32"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 280 python3 benchmarks/sweep_plans.py \
    --out "$OUT/bf16" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 137 257 300 390 642 --warps 1 2 --max-values 128 --no-persistent --windowed-only \
    --repeat 2 --budget-s 260 2>&1 | grep -v "^      failed" | tee -a "$OUT/second.log"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 100 python3 benchmarks/sweep_plans.py \
    --out "$OUT/fp32" --kernel single_block --directions forward --dtypes float32 \
    --n 137 262 --warps 1 2 --max-values 128 --no-persistent --windowed-only \
    --repeat 2 --budget-s 85 2>&1 | grep -v "^      failed" | tee -a "$OUT/second.log"
