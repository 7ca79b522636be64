#!/usr/bin/env bash
# On the GPU machine, from the repository root: the widths section (ours alone; M*N about 2^27,
# every output checked against float64 first, ours through a NaN-poisoned output) at the widths
# whose plans the window rules of this directory change, timed sampled and untimed alike, with
# the working tree's triton_impl and then, in the same call, with the one before them
# (BEFORE: a folder holding that triton_impl, put first on PYTHONPATH). One log a tree.
#     BEFORE=.gl/before bash results/h200/window_tiles_2026-11-29/fourth.sh
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
BF16=(137 200 255 257 258 266 390 514 642 770 898 1026 2050 2057 2600 3001 3002 4500 6001 6500
      7500 9000 10001 10002 12289 12292 13001 13002 15000 20001 24577 24578 32767)
FP32=(16391 20001 24577 24578 32767)
for tree in after before; do
    path=.
    [ $tree = before ] && path="${BEFORE:?BEFORE: the folder of the triton_impl before}:."
    for dtype in bfloat16 float32; do
        [ $dtype = bfloat16 ] && widths=("${BF16[@]}") || widths=("${FP32[@]}")
        PYTHONUNBUFFERED=1 PYTHONPATH=$path timeout 250 python3 benchmarks/speed_of_light.py \
            --out "$OUT/${tree}_$dtype" --sections widths --dtypes $dtype --impls ours --no-plot \
            --widths-n "${widths[@]}" 2>&1 | grep -v "^ *$" | tee -a "$OUT/$tree.log"
    done
done
