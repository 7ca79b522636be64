#!/usr/bin/env bash
# On the GPU machine, from the repository root: the policy's single-block forward of rows that
# are not whole 16-byte vectors against the same rows through a window, one row a program, its
# tile the row's body, in each of 4-16 warps (the form that ran: README).
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
for dtype in bfloat16 float16 float32; do
    case $dtype in
        float32) widths="2050 4098 8194 16386 16390" ;;
        *) widths="777 1001 2001 2057 3001 3002 4097 4098 4100 6001 6002 6004 8191 8194 10001 10002 12289 12292 16383" ;;
    esac
    [ "$dtype" = float16 ] && widths="2057 4097 8194 12289 16383"
    mkdir -p "$OUT/$dtype"
    PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "${LIMIT:-180}" python3 benchmarks/sweep_plans.py \
        --out "$OUT/$dtype" --kernel single_block --policy-windowed --directions forward \
        --dtypes "$dtype" --warps 4 8 16 --repeat 2 --n $widths --budget-s "${LIMIT:-180}" \
        2>&1 | tee "$OUT/$dtype.log"
done
