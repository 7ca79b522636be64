#!/usr/bin/env bash
# On the GPU machine, from the repository root: the float32 forward's plans at whole-vector rows
# of 260-508 (the widths section, ours alone), then sweeps of the layout that won at 69-99 in
# first.sh (rows by warps, from the rows' own starts) at more narrow widths, and the backward of
# 19-31 (first.sh asked for 128 rows, which the sweep refuses).
#     OUT=... bash results/h200/narrow_float32_2026-12-01/second.sh
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
PYTHONPATH=. timeout 120 python3 benchmarks/speed_of_light.py --out "$OUT/widths" --sections widths \
    --dtypes float32 --impls ours --no-plot --widths-n 260 268 276 284 292 300 312 324 340 356 \
    372 388 404 420 436 452 468 484 500 508 2>&1 | tee "$OUT/widths.log"
sweep() { bash benchmarks/sweep_into_log.sh "$@"; }
L="$OUT/second.log"
sweep f81 200 "$L" --kernel single_block --directions forward --dtypes float32 \
    --n 81 105 127 70 94 126 --warps 2 4 --block-m 4 8 16 --unwindowed --rows-by-warps-only \
    --no-persistent --repeat 2
sweep b19 160 "$L" --kernel single_block --directions backward --dtypes float32 --n 19 25 31 \
    --warps 2 4 8 --block-m 16 32 64 --unwindowed --no-persistent --repeat 2 --peers torch.compile
