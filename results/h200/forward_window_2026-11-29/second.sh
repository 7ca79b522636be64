#!/usr/bin/env bash
# The policy's 16-bit single-block forward of rows that are not whole 16-byte vectors, up to
# tiles of 2048 columns, through the window one warp a row (then policy.WINDOWED_ROWS_BY_WARPS_MAX_COLS),
# beside the variants of 4 warps from the rows' own starts (the plans before among them: 4 x 512,
# 2 x 1024, 1 x 2048), two interleaved rounds, M = 2^27 // N; widths untimed in first.sh among
# them. Then the window tests compiled on the GPU. Run from the repository root on the device.
set -o pipefail
sweep() {  # name, then sweep_plans.py's arguments
    local name=$1; shift
    mkdir -p "$OUT/$name"
    PYTHONUNBUFFERED=1 PYTHONPATH=. python3 benchmarks/sweep_plans.py --out "$OUT/$name" \
        --kernel single_block --directions forward --warps 4 --no-persistent --unwindowed \
        --repeat 2 "$@" 2>&1 | tee "$OUT/$name.log"
}
sweep bfloat16 --dtypes bfloat16 --n 1001 509 2001 300 777 1500 1025 257 --budget-s 220
sweep float16 --dtypes float16 --n 1001 509 --budget-s 50
PYTHONPATH=. timeout 90 python3 -m pytest -q -p no:cacheprovider -n 8 tests/test_window.py 2>&1 \
    | tail -3 | tee "$OUT/pytest_gpu.log"
