#!/usr/bin/env bash
# On the GPU machine, from the repository root: da7a5a0's triton_impl (the working tree's: tiles
# of one row keep the grid's step) against 94a7667's (.gl/same): the float32 seeds' grid (two
# rounds), the bfloat16 widths of 16384 and of the new 16-bit rules; then asv's record of da7a5a0.
#     OUT=... bash results/h200/capacity_2026-12-01/sixth.sh   (the call copies it into .gl first)
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/sixth.log"
SECTIONS=seeds ROUNDS=2 LIMIT=150 bash benchmarks/widths_before_after.sh .gl/same float32 "$L" 1
(cd "$OUT" && tar -czf seeds.tgz after before && rm -rf after before)
LIMIT=60 bash benchmarks/widths_before_after.sh .gl/same bfloat16 "$L" 16384 25 27 57 63 4096
(cd "$OUT" && tar -czf widths_bf16.tgz after before && rm -rf after before)
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl da7a5a01aa72f03f035c847d623c4f5b31100964 2>&1 | tee "$OUT/asv_call.log"
gzip -f "$OUT/asv.log" 2>/dev/null
