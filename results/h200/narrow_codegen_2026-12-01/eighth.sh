#!/usr/bin/env bash
# On the GPU machine, from the repository root: 871d043's triton_impl (the working tree's) against
# 3483bee's (.gl/before) at the 16-bit odd rows of 17-23, in one call; then asv's record of 871d043,
# from .gl as benchmarks/commit_for_carry.sh wrote it.
#     OUT=... bash results/h200/narrow_codegen_2026-12-01/eighth.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/eighth.log"
LIMIT=100 bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$L" 17 19 21 23 37
(cd "$OUT" && tar -czf widths.tgz after before && rm -rf after before)
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl 871d043e21215c714f5b4f16d2d32566d3cd7e65 2>&1 \
    | tee "$OUT/asv_call.log"
gzip -f "$OUT/asv.log" 2>/dev/null
