#!/usr/bin/env bash
# On the GPU machine, from the repository root: what first.sh found (narrow 16-bit rows one warp a
# row through the window, rows whose body's power of two is much wider than the body as two
# tiles) at more widths, and the widest single-block rows under 65% of copy in the widths scan
# (float32 and bfloat16 24577 / 32767) through the window. One log, a JSON a sweep.
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
sweep() {  # NAME LIMIT ARGS...: one sweep under its own time limit
    local name=$1 limit=$2
    shift 2
    mkdir -p "$OUT/$name"
    echo "== $name: $*" | tee -a "$OUT/second.log"
    PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "$limit" python3 benchmarks/sweep_plans.py \
        --out "$OUT/$name" --kernel single_block --directions forward --policy-windowed \
        --repeat 2 --budget-s $((limit - 15)) "$@" 2>&1 | tee -a "$OUT/second.log"
}
sweep tails 165 --dtypes bfloat16 --n 3001 10002 12292 6002 6004 --warps 4 8
sweep few_warps 55 --dtypes bfloat16 --n 2057 --warps 1 2
sweep narrow 165 --dtypes bfloat16 --n 258 262 770 1002 1026 2002 --warps 1 2 4
sweep widest 165 --dtypes float32 bfloat16 --n 24577 32767 --warps 8 16
