#!/usr/bin/env bash
# On the GPU machine, from the repository root: without the loop (the working tree's triton_impl),
# the float32 forward of N % 4 == 2 at 70-110 swept again (70 lost 6 points in the fourth call),
# and the bfloat16 forward of odd 35-59, between the widths the fourth call swept.
#     OUT=... bash results/h200/narrow_codegen_2026-12-01/fifth.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/fifth.log"
sweep() { bash benchmarks/sweep_into_log.sh "$@"; }
sweep f70 170 "$L" --kernel single_block --directions forward --dtypes float32 \
    --n 70 74 78 86 98 110 --warps 1 2 4 --block-m 4 8 16 --unwindowed --no-persistent --repeat 2
sweep h35 130 "$L" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 35 39 53 55 59 --warps 1 2 4 --block-m 8 16 32 --unwindowed --no-persistent --repeat 2
(cd "$OUT" && tar -czf sweeps.tgz f70 h35 && rm -rf f70 h35)
