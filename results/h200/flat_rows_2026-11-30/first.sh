#!/usr/bin/env bash
# On the GPU machine, from the repository root: the flat-rows probe (probe.py) against the
# policy's plan, bfloat16 at narrow widths, then float32 at 133 and 137. One log.
#     bash results/h200/flat_rows_2026-11-30/first.sh
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv > "$OUT/device.txt"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 300 python3 results/h200/flat_rows_2026-11-30/probe.py \
    --out "$OUT/bfloat16" --dtype bfloat16 --rows 8 16 32 --warps 2 4 8 --budget-s 270 \
    --n 35 47 66 75 87 99 111 137 150 175 201 231 268 300 2>&1 | tee -a "$OUT/first.log"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 80 python3 results/h200/flat_rows_2026-11-30/probe.py \
    --out "$OUT/float32" --dtype float32 --rows 4 8 16 --warps 2 4 8 --budget-s 60 \
    --n 133 137 2>&1 | tee -a "$OUT/first.log"
