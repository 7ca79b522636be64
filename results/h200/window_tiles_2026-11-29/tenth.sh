#!/usr/bin/env bash
# On the GPU machine, from the repository root: the bfloat16 backward of narrow rows past vectors
# (a body's tile of 256-1024), the working tree's plans (one warp, 1024 columns of tiles
# a program) and, in the same call, the plans before it
# (BEFORE: a folder holding that triton_impl, run from a copy of the tree in /tmp, as fifth.sh).
#     BEFORE=.gl/before bash results/h200/window_tiles_2026-11-29/tenth.sh
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
WIDTHS=(137 257 258 262 390 514 642 770 777 1001 1002 1026)
rm -rf /tmp/before && mkdir /tmp/before && cp -r . /tmp/before/ && rm -rf /tmp/before/triton_impl \
    && cp -r "${BEFORE:?BEFORE: the folder of the triton_impl before}/triton_impl" /tmp/before/
for tree in after before; do
    path=.
    [ $tree = before ] && path=/tmp/before
    echo "== $tree" | tee -a "$OUT/tenth.log"
    (cd $path && PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 120 python3 benchmarks/speed_of_light.py \
        --out "$OUT/$tree" --sections widths --dtypes bfloat16 --impls ours --no-plot \
        --widths-n "${WIDTHS[@]}" 2>&1 | grep -v "^ *$" | tee -a "$OUT/tenth.log")
done
