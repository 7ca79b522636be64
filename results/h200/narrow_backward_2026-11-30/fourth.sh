#!/usr/bin/env bash
# On the GPU machine, from the repository root: the bfloat16 widths of a trial policy (the
# working tree: the 16-bit single-block backward of rows that fill their tile sparsely in fewer
# warps, policy.FEW_WARPS_BACKWARD_*) against .gl/before's triton_impl (cf02019's) in the same
# call, both directions. One log.
#     bash results/h200/narrow_backward_2026-11-30/fourth.sh
set -o pipefail
LIMIT=${LIMIT:-170} bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$OUT/fourth.log" \
    264 268 292 316 340 348 600 1032 1033 1064 1100 1152 1208 1216 1301 1404 1412 1502 \
    2056 2057 2100 2300 2501 2700 2712 3001
