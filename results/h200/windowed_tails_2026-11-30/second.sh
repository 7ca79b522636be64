#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh).
#     bash results/h200/windowed_tails_2026-11-30/second.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-95} bash benchmarks/asv_on_device.sh .gl "$@" 2>&1 | tee -a "$OUT/second.log"
