#!/usr/bin/env bash
# On the GPU machine, from the repository root: 50145de's triton_impl (the working tree's) against
# 94a7667's (.gl/same) where tile_bounds changed the code, tiles of one row (their loop gone):
# float32's seeds' grid, latency, widths and bandwidth grid, bfloat16's widths and bandwidth grid,
# ours alone, two rounds, each dtype's log written as it goes.
#     OUT=... bash results/h200/capacity_2026-12-01/fifth.sh   (the call copies it into .gl first)
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/fifth.log"
SECTIONS="bandwidth widths seeds latency" ROUNDS=2 LIMIT=200 bash benchmarks/widths_before_after.sh \
    .gl/same float32 "$L" 1000 1001 4100 12344 50257 65535 137 268 1032 20001
(cd "$OUT" && tar -czf fp32.tgz after before && rm -rf after before)
SECTIONS="bandwidth widths" ROUNDS=2 LIMIT=90 bash benchmarks/widths_before_after.sh \
    .gl/same bfloat16 "$L" 1000 1001 4100 12344 50257 65535 137 268 1032 20001
(cd "$OUT" && tar -czf bf16.tgz after before && rm -rf after before)
