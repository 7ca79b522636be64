#!/usr/bin/env bash
# On the GPU machine, from the repository root: the float32 forward of narrow rows past vectors
# (a body's tile of 256: N = 133-259, N % 4 != 0), the working tree's plans (four rows of a warp
# each through the window) and, in the same call, the plans before this directory's rules
# (BEFORE: a folder holding that triton_impl, run from a copy of the tree in /tmp, as fifth.sh).
#     BEFORE=.gl/before bash results/h200/window_tiles_2026-11-29/eighth.sh
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
WIDTHS=(133 137 150 201 222 255 257 258 259 262)
rm -rf /tmp/before && mkdir /tmp/before && cp -r . /tmp/before/ && rm -rf /tmp/before/triton_impl \
    && cp -r "${BEFORE:?BEFORE: the folder of the triton_impl before}/triton_impl" /tmp/before/
for tree in after before; do
    path=.
    [ $tree = before ] && path=/tmp/before
    echo "== $tree" | tee -a "$OUT/eighth.log"
    (cd $path && PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 120 python3 benchmarks/speed_of_light.py \
        --out "$OUT/$tree" --sections widths --dtypes float32 --impls ours --no-plot \
        --widths-n "${WIDTHS[@]}" 2>&1 | grep -v "^ *$" | tee -a "$OUT/eighth.log")
done
