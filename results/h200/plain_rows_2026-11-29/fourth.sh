#!/usr/bin/env bash
# On the GPU machine, from the repository root: the bfloat16 widths of rows past vectors whose
# body's tile is 64 or 128, the working tree's triton_impl (a trial: 16 x 64 in one warp, 8 x 128
# in two, through the window) against .gl/before's (f209386's) in the same call. One log.
#     bash results/h200/plain_rows_2026-11-29/fourth.sh
set -o pipefail
LIMIT=${LIMIT:-150} bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$OUT/fourth.log" \
    35 47 63 66 67 71 75 99 100 101 111 127 129 130 131 132 135 136
