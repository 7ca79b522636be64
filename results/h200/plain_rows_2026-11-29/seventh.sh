#!/usr/bin/env bash
# On the GPU machine, from the repository root: the bfloat16 single-block forward of narrow rows
# of whole 16-byte vectors (N % 8 == 0) in one warp, tiles of 1-8 rows laid out whole, every
# tail, beside the policy's plan (4 x 256 or 4 x 512 or 2 x 1024 in 4 warps). One log.
#     bash results/h200/plain_rows_2026-11-29/seventh.sh
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
mkdir -p "$OUT/whole"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 230 python3 benchmarks/sweep_plans.py \
    --out "$OUT/whole" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 136 200 280 400 600 776 --warps 1 --block-m 1 2 4 8 --max-values 64 --no-persistent \
    --repeat 2 --budget-s 215 2>&1 | grep -v "^      failed" | tee -a "$OUT/seventh.log"
