#!/usr/bin/env bash
# On the GPU machine, from the repository root: rows of 16385-32767 columns that are not whole
# 16-byte vectors (16-bit: a persistent single-block plan from their own starts; float32: the
# online kernel), through the window in the cooperative kernel's blocks and (float32) in one
# single-block program of 16 and 32 warps. One log, a JSON a sweep.
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
sweep() {  # NAME LIMIT ARGS...: one sweep under its own time limit
    local name=$1 limit=$2
    shift 2
    mkdir -p "$OUT/$name"
    echo "== $name: $*" | tee -a "$OUT/third.log"
    PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "$limit" python3 benchmarks/sweep_plans.py \
        --out "$OUT/$name" --directions forward --repeat 2 --budget-s $((limit - 15)) "$@" \
        2>&1 | tee -a "$OUT/third.log"
}
sweep cooperative 200 --kernel cooperative --dtypes bfloat16 float32 --n 20001 24577 24578 32767 \
    --blocks 4096 8192 --warps 4 8
sweep single_block 150 --kernel single_block --policy-windowed --dtypes float32 \
    --n 20001 24577 24578 32766 32767 --warps 16 32
