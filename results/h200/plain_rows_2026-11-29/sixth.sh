#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); the bfloat16 widths of the tile of 32 and of
# N % 8 == 4 in narrow tiles, the working tree's triton_impl against .gl/before's (23b880c's) in
# the same call; then sweeps through the window: float16 at 66 and 131 in 1-2 warps, bfloat16 268
# and 280 (bodies just past 256) in one warp, every tail. One log.
#     bash results/h200/plain_rows_2026-11-29/sixth.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-110} bash benchmarks/asv_on_device.sh .gl "$@"
LIMIT=${LIMIT:-100} bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$OUT/sixth.log" \
    33 35 39 68 100 132
sweep() {
    local name=$1 limit=$2
    shift 2
    mkdir -p "$OUT/$name"
    PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "$limit" python3 benchmarks/sweep_plans.py \
        --out "$OUT/$name" --kernel single_block --directions forward --max-values 64 \
        --no-persistent --windowed-only --repeat 2 --budget-s $((limit - 15)) "$@" 2>&1 \
        | grep -v "^      failed" | tee -a "$OUT/sixth.log"
}
sweep float16 70 --dtypes float16 --n 66 131 --warps 1 2 --block-m 8 16
sweep past256 80 --dtypes bfloat16 --n 268 280 --warps 1 --block-m 2 4 8
