#!/usr/bin/env bash
# The single-block forward of bfloat16 rows that are not whole 16-byte vectors: every tile layout
# of 1-8 warps (sweep_plans.py's variants, no persistent grid; a tile of the row's body alone
# too), each read from the rows' own starts (the policy's, policy.SINGLE_BLOCK_FORWARD_WINDOWED)
# and through the window (--windowed), two interleaved rounds, M = 2^27 // N, every output
# NaN-poisoned and checked against float64 first. Run from the repository root on the device.
set -o pipefail
mkdir -p "$OUT/bfloat16"
PYTHONUNBUFFERED=1 PYTHONPATH=. python3 benchmarks/sweep_plans.py --out "$OUT/bfloat16" \
    --kernel single_block --directions forward --dtypes bfloat16 \
    --n 1001 3001 4100 2001 509 6001 --warps 1 2 4 8 --no-persistent --windowed --repeat 2 \
    --budget-s 360 2>&1 | tee "$OUT/bfloat16.log"
