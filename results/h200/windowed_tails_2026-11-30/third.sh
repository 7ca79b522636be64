#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh, within ASV_LIMIT seconds in all); then the
# window tests of the H200's plans on the GPU. One log.
#     bash results/h200/windowed_tails_2026-11-30/third.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-480} bash benchmarks/asv_on_device.sh .gl "$@" 2>&1 | tee -a "$OUT/third.log"
PYTHONPATH=. timeout 80 python3 -m pytest -q -n 0 -p no:cacheprovider tests/test_window.py \
    -k "whole_vector or h200s" 2>&1 | tail -3 | tee -a "$OUT/third.log"
