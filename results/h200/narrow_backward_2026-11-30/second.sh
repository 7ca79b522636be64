#!/usr/bin/env bash
# On the GPU machine, from the repository root: single-block backward sweeps of the policy's plan
# against one to eight warps: bfloat16 rows of N % 8 == 4 in tiles of 512 (read from their own
# starts), bfloat16 rows of one row a tile from 2048 columns at fills of 0.50-0.75, and float16 at
# the narrow rules' widths (ba01f8e's and 3bb795d's, timed only in bfloat16). One log.
#     bash results/h200/narrow_backward_2026-11-30/second.sh
set -o pipefail
log=$OUT/second.log
sweep() { bash benchmarks/sweep_into_log.sh "$@" --kernel single_block --no-persistent \
    --max-values 128 --repeat 2; }
sweep eight_byte 100 "$log" --directions backward --dtypes bfloat16 \
    --n 268 276 284 292 300 308 --block-m 1 2 4 --warps 1 2
sweep one_row 140 "$log" --directions backward --dtypes bfloat16 \
    --n 1032 1036 1100 1204 1536 2056 2057 2100 2400 4104 4200 4800 --block-m 1 --warps 1 2 4 8
sweep half_b 90 "$log" --directions backward --dtypes float16 \
    --n 264 268 600 1032 --block-m 1 2 4 --warps 1 2 4
sweep half_f 90 "$log" --directions forward --dtypes float16 \
    --n 75 268 1032 1056 --block-m 1 2 4 16 --warps 1 2 4 --windowed
