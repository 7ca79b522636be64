#!/usr/bin/env bash
# On the GPU machine, from the repository root: a probe of what the single-block kernels' address
# arithmetic costs narrow rows. `.gl/hack` holds a throwaway triton_impl (not committed: the
# working tree's with two changes to the single-block kernels, valid only for contiguous rows of
# fewer than 2^31 elements) whose row offsets are 32-bit and whose tensors share the first
# one's row stride, so that one offset a row serves every tensor. It runs as "before" in
# benchmarks/widths_before_after.sh, the working tree as "after", in one call.
#     OUT=... bash results/h200/narrowest_rows_2026-12-01/fifth.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/fifth.log"
LIMIT=110 bash benchmarks/widths_before_after.sh .gl/hack bfloat16 "$L" 17 25 31 37 45 57 137
mv "$OUT/after" "$OUT/after_bfloat16"; mv "$OUT/before" "$OUT/hack_bfloat16"
LIMIT=110 bash benchmarks/widths_before_after.sh .gl/hack float32 "$L" 9 11 13 17 21 66 4096
mv "$OUT/after" "$OUT/after_float32"; mv "$OUT/before" "$OUT/hack_float32"
(cd "$OUT" && tar -czf widths.tgz after_* hack_* && rm -rf after_* hack_*)
