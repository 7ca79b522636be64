#!/usr/bin/env bash
# On the GPU machine, from the repository root: this session's triton_impl (the working tree's,
# 871d043's) against 6e756e5's (.gl/before) at the bandwidth grid's single-block widths, which the
# loop's removal reaches too (256, 1024, 16384), bfloat16 first; each dtype's log written as it
# goes, so that a call cut short keeps what it timed.
#     OUT=... bash results/h200/narrow_codegen_2026-12-01/ninth.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/ninth.log"
for dtype in bfloat16 float32; do
    LIMIT=60 bash benchmarks/widths_before_after.sh .gl/before $dtype "$L" 256 1024 16384
    rm -rf "$OUT/after" "$OUT/before"
done
