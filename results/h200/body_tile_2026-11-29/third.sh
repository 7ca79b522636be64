#!/usr/bin/env bash
# The policy's backward plans of a row's body alone where the body's tile is a measured width
# (policy.SINGLE_BLOCK_TILES: read again, in its warps), against the same held and read again in
# 4-32 warps (sweep_plans.py --policy-read-again), two interleaved rounds, M = 2^27 // N. Run
# from the repository root on the device.
set -o pipefail
sweep() {  # name, then sweep_plans.py's arguments
    local name=$1; shift
    mkdir -p "$OUT/$name"
    PYTHONUNBUFFERED=1 PYTHONPATH=. python3 benchmarks/sweep_plans.py --out "$OUT/$name" \
        --kernel single_block --directions backward --policy-read-again --warps 4 8 16 32 \
        --repeat 2 "$@" 2>&1 | tee "$OUT/$name.log"
}
sweep bfloat16 --dtypes bfloat16 --n 4100 4097 2049 1025 --budget-s 150
sweep float16 --dtypes float16 --n 4100 2049 --budget-s 80
sweep float32 --dtypes float32 --n 4097 2049 1025 --budget-s 110
