#!/usr/bin/env bash
# On the GPU machine, from the repository root: 50145de's triton_impl (the working tree's:
# tile_bounds by the tile's rows) against 94a7667's (.gl/same) at third.sh's widths, both
# directions, bfloat16 then float32; then asv's record of 50145de and of 7bf876c (a revert whose
# triton_impl is 7db9d28's, recorded; it stood unrecorded).
#     OUT=... bash results/h200/capacity_2026-12-01/fourth.sh   (the call copies it into .gl first)
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/fourth.log"
LIMIT=110 bash benchmarks/widths_before_after.sh .gl/same bfloat16 "$L" 16384 25 27 29 31 55 57 59 \
    61 63 256 1024 4096
(cd "$OUT" && tar -czf widths_bf16.tgz after before && rm -rf after before)
LIMIT=60 bash benchmarks/widths_before_after.sh .gl/same float32 "$L" 10 11 13 16384 256 1024
(cd "$OUT" && tar -czf widths_fp32.tgz after before && rm -rf after before)
ASV_LIMIT=230 bash benchmarks/asv_on_device.sh .gl 50145de2738f96ff1724b08d04f44d574a9e6de8 \
    7bf876c5771ed53c4233305b2a30115c92d2f2ff 2>&1 | tee "$OUT/asv_call.log"
gzip -f "$OUT/asv.log" 2>/dev/null
