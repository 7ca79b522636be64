#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); then the bfloat16 widths, the working tree's
# triton_impl (16-bit narrow forwards in one warp of plain rows through the window) against
# .gl/before's (701e92d's) in the same call. One log.
#     bash results/h200/plain_rows_2026-11-29/second.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-110} bash benchmarks/asv_on_device.sh .gl "$@"
LIMIT=${LIMIT:-170} bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$OUT/second.log" \
    137 150 175 204 231 257 260 300 390 455 516 1001
