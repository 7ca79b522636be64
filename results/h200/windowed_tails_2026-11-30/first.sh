#!/usr/bin/env bash
# On the GPU machine, from the repository root: the bfloat16 widths of a trial policy (the
# working tree: 16-bit bodies of 65-80 columns as 64 + 16, 16 rows in one warp; of 257-272 as
# 256 + 16, 4 rows in one warp; rows of whole vectors of 1025-2047 columns in one warp, each its
# head and tail) against .gl/before's triton_impl (fc4f26f's) in the same call; then a sweep
# through the window of the bfloat16 forward at 99, 111, 175, 201 and 300. One log.
#     bash results/h200/windowed_tails_2026-11-30/first.sh
set -o pipefail
log=$OUT/first.log
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv > "$OUT/device.txt"
LIMIT=${LIMIT:-170} bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$log" \
    71 75 78 79 81 82 83 86 87 259 263 265 268 270 271 274 275 278 279 \
    1032 1040 1048 1056 1280 1544 1800 2040
bash benchmarks/sweep_into_log.sh narrow 150 "$log" --kernel single_block \
    --directions forward --dtypes bfloat16 --n 99 111 175 201 300 --warps 1 2 \
    --block-m 4 8 16 --max-values 64 --no-persistent --windowed-only --repeat 2
