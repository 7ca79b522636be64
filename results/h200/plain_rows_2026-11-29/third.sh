#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); then single-block forward sweeps through the
# window (every variant beside the policy's plan): float16 at the new rule's widths in one warp;
# bfloat16 rows of a tile of 128 (66, 100, 131) in 1-2 warps; bfloat16 150 and 175 in 2 warps.
# One log.
#     bash results/h200/plain_rows_2026-11-29/third.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-110} bash benchmarks/asv_on_device.sh .gl "$@"
sweep() {
    local name=$1 limit=$2
    shift 2
    mkdir -p "$OUT/$name"
    PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "$limit" python3 benchmarks/sweep_plans.py \
        --out "$OUT/$name" --kernel single_block --directions forward --max-values 64 \
        --no-persistent --windowed-only --repeat 2 --budget-s $((limit - 15)) "$@" 2>&1 \
        | grep -v "^      failed" | tee -a "$OUT/third.log"
}
sweep float16 80 --dtypes float16 --n 137 257 300 390 516 --warps 1 --block-m 2 4 8
sweep tile128 110 --dtypes bfloat16 --n 66 100 131 --warps 1 2 --block-m 4 8 16 32
sweep two_warps 90 --dtypes bfloat16 --n 150 175 204 --warps 2 --block-m 4 8 16
