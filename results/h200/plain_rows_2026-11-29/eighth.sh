#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh); the bfloat16 widths of rows of whole vectors,
# the working tree's triton_impl (ONE_WARP_WHOLE_ROWS_COLUMNS) against .gl/before's (14fef2c's)
# in the same call; then the window tests of the H200's plans on the GPU. One log.
#     bash results/h200/plain_rows_2026-11-29/eighth.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-110} bash benchmarks/asv_on_device.sh .gl "$@"
LIMIT=${LIMIT:-100} bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$OUT/eighth.log" \
    136 144 200 248 256 264 280 400 504 512 520 600 776 1000 1016 1024 1032
PYTHONPATH=. timeout 120 python3 -m pytest -q -n 0 -p no:cacheprovider tests/test_window.py \
    -k "whole_vector or h200s" 2>&1 | tail -3 | tee -a "$OUT/eighth.log"
