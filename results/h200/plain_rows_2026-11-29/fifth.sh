#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); the bfloat16 widths of the rule's bounds, the
# working tree's triton_impl against .gl/before's (f209386's) in the same call; then sweeps
# through the window: the bfloat16 forward of rows in a tile of 32 (35, 39) in one warp, and the
# bfloat16 backward of narrow rows (47, 75, 131) in 1-2 warps. One log.
#     bash results/h200/plain_rows_2026-11-29/fifth.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-110} bash benchmarks/asv_on_device.sh .gl "$@"
LIMIT=${LIMIT:-100} bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$OUT/fifth.log" \
    35 68 100 108 124 132 140 268 300 1028
sweep() {
    local name=$1 limit=$2
    shift 2
    mkdir -p "$OUT/$name"
    PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "$limit" python3 benchmarks/sweep_plans.py \
        --out "$OUT/$name" --kernel single_block --max-values 64 --no-persistent \
        --windowed-only --repeat 2 --budget-s $((limit - 15)) "$@" 2>&1 \
        | grep -v "^      failed" | tee -a "$OUT/fifth.log"
}
sweep tile32 60 --directions forward --dtypes bfloat16 --n 35 39 --warps 1 --block-m 8 16 32
sweep backward 110 --directions backward --dtypes bfloat16 --n 47 75 131 --warps 1 2 \
    --block-m 4 8 16 32
