#!/usr/bin/env bash
# On the GPU machine, from the repository root: the single-block kernels with a program a tile
# and no loop (`row_math.tile_step`, the working tree's triton_impl) against the triton_impl
# before it (.gl/before, `git archive 6e756e5 triton_impl`), in one call, at the widths given
# (both directions, M = 2^27 // N), ours alone: benchmarks/widths_before_after.sh.
#     OUT=... DTYPE=bfloat16 LIMIT=200 bash results/h200/narrow_codegen_2026-12-01/second.sh N ...
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/widths_$DTYPE.log"
LIMIT=$LIMIT bash benchmarks/widths_before_after.sh .gl/before "$DTYPE" "$L" "$@"
(cd "$OUT" && tar -czf "widths_$DTYPE.tgz" after before && rm -rf after before)
