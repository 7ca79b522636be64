#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh), within its default limit (110 s a commit).
#     bash results/h200/windowed_tails_2026-11-30/second.sh COMMIT ...
set -o pipefail
bash benchmarks/asv_on_device.sh .gl "$@" 2>&1 | tee -a "$OUT/second.log"
