#!/usr/bin/env bash
# On the GPU machine, from the repository root: float32 narrow rows where the widths scan of
# 2026-12-01 found ours low or behind torch.compile, swept with torch.compile in the same rounds.
#     OUT=... bash results/h200/narrow_float32_2026-12-01/first.sh
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
sweep() { bash benchmarks/sweep_into_log.sh "$@"; }
L="$OUT/first.log"
sweep f268 100 "$L" --kernel single_block --directions forward --dtypes float32 --n 268 \
    --warps 1 2 4 8 --block-m 1 2 4 8 --no-persistent --repeat 2 --peers torch.compile
sweep f69 190 "$L" --kernel single_block --directions forward --dtypes float32 --n 69 75 99 \
    --warps 1 2 4 --block-m 4 8 16 32 --unwindowed --no-persistent --repeat 2 --peers torch.compile
sweep b19 190 "$L" --kernel single_block --directions backward --dtypes float32 --n 19 25 31 \
    --warps 1 2 4 8 --block-m 8 16 32 64 128 --unwindowed --no-persistent --repeat 2 \
    --peers torch.compile
