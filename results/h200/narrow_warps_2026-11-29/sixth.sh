#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); the float16 single-block backward of narrow
# rows past vectors (ONE_WARP_BACKWARD_TILES, timed on bfloat16 alone), the policy's plan against
# 4 warps; and the window tests of the H200's plans compiled here. One log.
#     bash results/h200/narrow_warps_2026-11-29/sixth.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-100} bash benchmarks/asv_on_device.sh .gl "$@"
mkdir -p "$OUT/backward"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 100 python3 benchmarks/sweep_plans.py \
    --out "$OUT/backward" --kernel single_block --directions backward --dtypes float16 \
    --n 137 390 642 --warps 1 4 --no-persistent --repeat 2 --budget-s 85 \
    2>&1 | grep -v "^      failed" | tee -a "$OUT/sixth.log"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 150 python3 -m pytest -q -p no:cacheprovider -n 0 \
    tests/test_window.py -k "h200s" 2>&1 | tail -5 | tee -a "$OUT/sixth.log"
