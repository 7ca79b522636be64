#!/usr/bin/env bash
# On the GPU machine, from the repository root: the float32 widths of the working tree (the
# forward's FAST_DRAM_NARROW_ROW_TILES and WINDOWED_ROW_TILES' tile of 32) against the triton_impl
# in .gl/before (f37ebab's), both directions (the backward of 13-35 unchanged since f37ebab, the
# control; 260 and 268 the backward rule of fifth.sh again), then asv's record of the commits
# given (full shas; .gl and .whl carried as benchmarks/asv_on_device.sh needs).
#     OUT=... bash results/h200/narrow_float32_2026-12-01/sixth.sh SHA...
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
LIMIT=150 bash benchmarks/widths_before_after.sh .gl/before float32 "$OUT/sixth.log" \
    9 11 13 14 15 16 17 18 20 21 22 26 30 31 33 34 35 260 268
(cd "$OUT" && tar -czf widths.tgz after before && rm -rf after before)
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl "$@"
