#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); bfloat16 rows past vectors whose body's tile is
# 256-1024 columns, both directions (the backward's plans of ONE_WARP_BACKWARD_TILES, the
# forward's unchanged), the working tree's plans and, in the same call, the plans before (BEFORE:
# a folder holding that triton_impl, run from a copy of the tree in /tmp); then the bfloat16
# forward of narrow rows, every single-block layout of 1-8 warps from the rows' own starts and
# through the window. One log.
#     BEFORE=.gl/before bash results/h200/narrow_warps_2026-11-29/first.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-200} bash benchmarks/asv_on_device.sh .gl "$@"
WIDTHS=(137 257 258 262 390 514 642 770 777 1001 1002 1026)
rm -rf /tmp/before && mkdir /tmp/before && cp -r . /tmp/before/ && rm -rf /tmp/before/triton_impl \
    && cp -r "${BEFORE:?BEFORE: the folder of the triton_impl before}/triton_impl" /tmp/before/
for tree in after before; do
    path=.
    [ $tree = before ] && path=/tmp/before
    echo "== $tree" | tee -a "$OUT/first.log"
    (cd $path && PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 120 python3 benchmarks/speed_of_light.py \
        --out "$OUT/$tree" --sections widths --dtypes bfloat16 \
        --impls ours --no-plot --widths-n "${WIDTHS[@]}" 2>&1 | grep -v "^ *$" | tee -a "$OUT/first.log")
done
mkdir -p "$OUT/forward"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 150 python3 benchmarks/sweep_plans.py \
    --out "$OUT/forward" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 137 262 300 390 --warps 1 2 4 8 --no-persistent --windowed --repeat 2 --budget-s 135 \
    2>&1 | grep -v "^      failed" | tee -a "$OUT/first.log"
