#!/usr/bin/env bash
# The single-block backward's tile of a row's body alone (policy.window_columns: 4096 columns for
# 4100 bfloat16, not 8192), against the row's power of two, in the same call: rows just past a
# power of two, M = 2^27 // N, 4 / 8 / 16 warps, two interleaved rounds; then the window tests
# compiled on the GPU. Run from the repository root on the device (PYTHONPATH=.).
set -o pipefail
sweep() {  # name, then sweep_plans.py's arguments
    local name=$1; shift
    mkdir -p "$OUT/$name"
    PYTHONUNBUFFERED=1 PYTHONPATH=. python3 benchmarks/sweep_plans.py --out "$OUT/$name" \
        --kernel single_block --directions backward --warps 4 8 16 --repeat 2 "$@" 2>&1 \
        | tee "$OUT/$name.log"
}
sweep bfloat16 --dtypes bfloat16 --n 4100 4097 4103 2049 2052 8193 8196 1025 --budget-s 170
sweep float16 --dtypes float16 --n 4100 4097 2049 8193 --budget-s 90
sweep float32 --dtypes float32 --n 4097 4099 2049 8193 --budget-s 90
PYTHONPATH=. timeout 150 python3 -m pytest -q -n 8 tests/test_window.py 2>&1 | tail -5 \
    | tee "$OUT/pytest_gpu.log"
