#!/usr/bin/env bash
# On the GPU machine, from the repository root: the bfloat16 widths of a trial policy (the
# working tree: 16-bit rows past vectors that fill two blocks of 8192 by 0.68 or more, 11257-16377
# columns, take the cooperative forward through the window) against .gl/before's triton_impl
# (803ea44's) in the same call, both directions; then float16 at 13002 swept (the policy's plan
# against the single-block kernel's). One log.
#     bash results/h200/wide_16bit_forward_2026-11-30/second.sh
set -o pipefail
LIMIT=${LIMIT:-150} bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$OUT/second.log" \
    10001 11250 11257 11265 12345 13002 14001 15004 16372 16377 16383
bash benchmarks/sweep_into_log.sh half 80 "$OUT/second.log" --kernel single_block \
    --directions forward --dtypes float16 --n 13002 15004 --warps 8 16 --block-m 1 \
    --max-values 64 --no-persistent --windowed --repeat 2
