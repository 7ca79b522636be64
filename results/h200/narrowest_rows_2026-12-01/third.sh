#!/usr/bin/env bash
# On the GPU machine, from the repository root (.gl/before holding ec96a36's triton_impl): the
# rules of the first two calls (float32 forward 9, 11 and 68-94 of N % 4 == 2; float32 backward
# 9-15; bfloat16 forward of odd 25-31 from their own starts, 16 rows in four warps) against the
# plans before in one call; then the float32 forward of N % 4 == 2 at 66 and 98-126 swept rows by
# warps, and the float32 backward of 10 and 15 from the rows' own starts.
#     OUT=... bash results/h200/narrowest_rows_2026-12-01/third.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/third.log"
LIMIT=100 bash benchmarks/widths_before_after.sh .gl/before float32 "$L" 9 10 11 13 14 15 17 70 86
mv "$OUT/after" "$OUT/after_float32"; mv "$OUT/before" "$OUT/before_float32"
LIMIT=90 bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$L" 23 25 27 29 31 33
(cd "$OUT" && tar -czf widths.tgz after* before* && rm -rf after* before*)
sweep() { bash benchmarks/sweep_into_log.sh "$@"; }
sweep f66 130 "$L" --kernel single_block --directions forward --dtypes float32 \
    --n 66 98 102 110 118 126 --warps 1 2 4 --block-m 4 8 16 --unwindowed --rows-by-warps-only \
    --no-persistent --repeat 2
sweep b10 70 "$L" --kernel single_block --directions backward --dtypes float32 --n 10 15 \
    --warps 1 2 4 --block-m 16 32 64 --unwindowed --no-persistent --repeat 2 --peers torch.compile
(cd "$OUT" && tar -czf sweeps.tgz f66 b10 && rm -rf f66 b10)
