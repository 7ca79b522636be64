#!/usr/bin/env bash
# float32 rows of 8193-8195 columns, whose backward tile of the row's body is 8192 columns: held
# (the rule's 32 warps lost 8 points in first.sh) and read again (policy.SINGLE_BLOCK_TILES' plan of
# 8192), 8 / 16 / 32 warps, two interleaved rounds. Run from the repository root on the device.
set -o pipefail
mkdir -p "$OUT/float32"
PYTHONUNBUFFERED=1 PYTHONPATH=. python3 benchmarks/sweep_plans.py --out "$OUT/float32" \
    --kernel single_block --directions backward --dtypes float32 --n 8193 8194 8195 \
    --warps 8 16 32 --reread --no-persistent --repeat 2 --budget-s 200 2>&1 | tee "$OUT/float32.log"
