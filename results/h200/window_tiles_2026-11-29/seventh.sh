#!/usr/bin/env bash
# On the GPU machine, from the repository root: the window tests of the H200's plans compiled
# here, and the float32 forward of narrow rows past vectors where the sixth call's scan left it
# behind torch.compile (257: 80.2 against 97.8%; 137, 262): tiles of several rows laid out rows
# by warps from their own starts and through the window, and the policy's rows through the
# window (one warp a row, several a program). One log.
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 120 python3 -m pytest -q -p no:cacheprovider -n 0 \
    tests/test_window.py -k "h200s" 2>&1 | tail -5 | tee -a "$OUT/seventh.log"
sweep() {  # NAME LIMIT ARGS...
    local name=$1 limit=$2
    shift 2
    mkdir -p "$OUT/$name"
    echo "== $name: $*" | tee -a "$OUT/seventh.log"
    PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "$limit" python3 benchmarks/sweep_plans.py \
        --out "$OUT/$name" --kernel single_block --directions forward --dtypes float32 \
        --repeat 2 --budget-s $((limit - 15)) "$@" 2>&1 | grep -v "^      failed" \
        | tee -a "$OUT/seventh.log"
}
sweep by_warps 140 --n 257 --warps 4 8 --no-persistent --rows-by-warps-only --windowed
sweep windowed 75 --n 257 137 262 --warps 1 2 4 8 --policy-windowed
