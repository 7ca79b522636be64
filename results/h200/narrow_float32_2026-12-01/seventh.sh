#!/usr/bin/env bash
# On the GPU machine, from the repository root: the narrowest float32 rows the rules of this
# folder leave under 90% of copy, swept with torch.compile in the same rounds, for a later rule:
# the forward of 9, 11, 17, 19, 21 and the backward of 9, 11, 14.
#     OUT=... bash results/h200/narrow_float32_2026-12-01/seventh.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
sweep() { bash benchmarks/sweep_into_log.sh "$@"; }
L="$OUT/seventh.log"
sweep f9 130 "$L" --kernel single_block --directions forward --dtypes float32 \
    --n 9 11 17 19 21 --warps 1 2 4 --block-m 16 32 64 --windowed --no-persistent --repeat 2 \
    --peers torch.compile
sweep b9 90 "$L" --kernel single_block --directions backward --dtypes float32 --n 9 11 14 \
    --warps 1 2 4 --block-m 16 32 64 --no-persistent --repeat 2 --peers torch.compile
(cd "$OUT" && tar -czf sweeps.tgz f9 b9 && rm -rf f9 b9)
