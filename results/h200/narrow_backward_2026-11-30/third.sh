#!/usr/bin/env bash
# On the GPU machine, from the repository root: more single-block backward sweeps, bfloat16, the
# policy's plan against one, two and four warps: rows of N % 8 == 4 in tiles of 512 (read from
# their own starts) up to 508; one row a tile of 2048 and 4096 columns, rows read through a
# window and rows of whole vectors; then float16 at four of those widths. One log.
#     bash results/h200/narrow_backward_2026-11-30/third.sh
set -o pipefail
log=$OUT/third.log
sweep() { bash benchmarks/sweep_into_log.sh "$@" --kernel single_block --no-persistent \
    --max-values 128 --repeat 2 --directions backward; }
sweep eight_byte 70 "$log" --dtypes bfloat16 --n 316 340 372 404 444 476 508 --block-m 2 4 \
    --warps 1 2
sweep window_2048 90 "$log" --dtypes bfloat16 --n 1033 1044 1156 1301 1404 1502 1700 1901 2044 \
    --block-m 1 --warps 1 2 4
sweep whole_2048 70 "$log" --dtypes bfloat16 --n 1040 1064 1104 1152 1208 1280 1400 --block-m 1 \
    --warps 1 2 4
sweep window_4096 90 "$log" --dtypes bfloat16 --n 2060 2101 2300 2501 2700 3001 3500 4001 \
    --block-m 1 --warps 1 2 4
sweep half 70 "$log" --dtypes float16 --n 284 1036 1300 2057 --block-m 1 2 --warps 1 2 4
