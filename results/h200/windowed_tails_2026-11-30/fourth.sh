#!/usr/bin/env bash
# On the GPU machine, from the repository root: the bfloat16 widths of a trial policy (the
# working tree: the single-block backward of 16-bit rows of whole vectors, 129-1023 columns, not
# powers of two, one warp a program, 1024 // tile rows) against .gl/before's triton_impl
# (b1a66ce's) in the same call; then a backward sweep at 264 and 600. One log.
#     bash results/h200/windowed_tails_2026-11-30/fourth.sh
set -o pipefail
log=$OUT/fourth.log
LIMIT=${LIMIT:-120} bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$log" \
    136 137 144 200 256 264 280 400 512 520 600 776 1000 1016
bash benchmarks/sweep_into_log.sh backward 80 "$log" --kernel single_block \
    --directions backward --dtypes bfloat16 --n 264 600 --warps 1 2 4 --block-m 1 2 4 \
    --max-values 128 --no-persistent --repeat 2
