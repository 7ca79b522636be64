#!/usr/bin/env bash
# On the GPU machine, from the repository root (the policy of the cooperative 16-bit forward of an
# even N past vectors through the window, policy.reads_in_window):
# 1. that forward, words through the window at the caps of 56 and 64 registers, against the same
#    read from the rows' own starts (--unwindowed; 56 from there: the policy's plan before);
# 2. the float32 forward of an odd N, the policy's plan (online from 8191, single-block below)
#    against one row a program through the window, its tile the body's (--policy-windowed).
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
mkdir -p "$OUT/cooperative" "$OUT/single_block"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 130 python3 benchmarks/sweep_plans.py \
    --out "$OUT/cooperative" --kernel cooperative --directions forward --dtypes bfloat16 \
    --n 50258 131074 65534 50260 65532 --blocks 8192 --warps 4 --registers 56 64 --unwindowed \
    --repeat 2 --budget-s 120 2>&1 | tee "$OUT/cooperative.log"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 120 python3 benchmarks/sweep_plans.py \
    --out "$OUT/single_block" --kernel single_block --policy-windowed --directions forward \
    --dtypes float32 --n 8191 12289 16383 24577 2057 3001 4097 6001 --warps 4 8 16 --repeat 2 \
    --budget-s 110 2>&1 | tee "$OUT/single_block.log"
