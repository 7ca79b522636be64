#!/usr/bin/env bash
# On the GPU machine, from the repository root (.gl/before holding ec96a36's triton_impl): the
# rules as the third call's sweeps left them (the float32 backward of 10 and 14 from their own
# starts in their power of two, the forward of N % 4 == 2 four rows of eight threads up to 110)
# against the plans before in one call, with 9-15 again.
#     OUT=... bash results/h200/narrowest_rows_2026-12-01/fourth.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/fourth.log"
LIMIT=120 bash benchmarks/widths_before_after.sh .gl/before float32 "$L" 9 10 11 13 14 15 94 98 \
    102 106 110 114
(cd "$OUT" && tar -czf widths.tgz after before && rm -rf after before)
