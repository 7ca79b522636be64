#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); then float32 rows past vectors of 133-262
# columns, both directions (the backward's plans of ONE_WARP_BACKWARD_TILES, the forward's
# unchanged), the working tree's plans and, in the same call, the plans before (BEFORE: a
# folder holding that triton_impl, run from a copy of the tree in /tmp). One log.
#     BEFORE=.gl/before bash results/h200/narrow_warps_2026-11-29/fifth.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-100} bash benchmarks/asv_on_device.sh .gl "$@"
WIDTHS=(133 137 150 175 193 201 222 255 257 259 262)
rm -rf /tmp/before && mkdir /tmp/before && cp -r . /tmp/before/ && rm -rf /tmp/before/triton_impl \
    && cp -r "${BEFORE:?BEFORE: the folder of the triton_impl before}/triton_impl" /tmp/before/
for tree in after before; do
    path=.
    [ $tree = before ] && path=/tmp/before
    echo "== $tree" | tee -a "$OUT/fifth.log"
    (cd $path && PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 150 python3 benchmarks/speed_of_light.py \
        --out "$OUT/$tree" --sections widths --dtypes float32 --impls ours --no-plot \
        --widths-n "${WIDTHS[@]}" 2>&1 | grep -v "^ *$" | tee -a "$OUT/fifth.log")
done
