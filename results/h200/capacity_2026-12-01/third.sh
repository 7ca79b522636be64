#!/usr/bin/env bash
# On the GPU machine, from the repository root: e728270's triton_impl (the working tree's:
# row_math.tile_bounds, the 16-bit forward rules of odd 25-27 and 57-63) against 94a7667's
# (.gl/same), both directions, bfloat16 then float32, each dtype's log written as it goes; then
# asv's record of e728270 and 94a7667.
#     OUT=... bash results/h200/capacity_2026-12-01/third.sh   (the call copies it into .gl first)
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/third.log"
LIMIT=110 bash benchmarks/widths_before_after.sh .gl/same bfloat16 "$L" 16384 25 27 29 31 55 57 59 \
    61 63 256 1024 4096
(cd "$OUT" && tar -czf widths_bf16.tgz after before && rm -rf after before)
LIMIT=60 bash benchmarks/widths_before_after.sh .gl/same float32 "$L" 10 11 13 16384 256 1024
(cd "$OUT" && tar -czf widths_fp32.tgz after before && rm -rf after before)
ASV_LIMIT=230 bash benchmarks/asv_on_device.sh .gl e728270bd404d433ecf64e7f56abc079286df0f3 \
    94a76674ad474a7eced8c4f3a8fb0c52ba328977 2>&1 | tee "$OUT/asv_call.log"
gzip -f "$OUT/asv.log" 2>/dev/null
