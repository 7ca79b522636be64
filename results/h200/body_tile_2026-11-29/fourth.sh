#!/usr/bin/env bash
# The policy's backward plans (a tile of the row's body alone, at most
# policy.BODY_TILE_BACKWARD_MAX_WARPS warps), beside the same and the row's power of two in 8
# warps, two interleaved rounds, M = 2^27 // N. Run from the repository root on the device.
set -o pipefail
sweep() {  # name, then sweep_plans.py's arguments
    local name=$1; shift
    mkdir -p "$OUT/$name"
    PYTHONUNBUFFERED=1 PYTHONPATH=. python3 benchmarks/sweep_plans.py --out "$OUT/$name" \
        --kernel single_block --directions backward --warps 8 --no-persistent --repeat 2 "$@" \
        2>&1 | tee "$OUT/$name.log"
}
sweep bfloat16 --dtypes bfloat16 --n 4100 4097 2049 1025 8193 --budget-s 120
sweep float16 --dtypes float16 --n 4100 8193 --budget-s 60
sweep float32 --dtypes float32 --n 4097 2049 1025 8193 8195 --budget-s 120
