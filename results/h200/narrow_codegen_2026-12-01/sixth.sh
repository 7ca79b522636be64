#!/usr/bin/env bash
# On the GPU machine, from the repository root: this session's triton_impl (the working tree's,
# 3483bee's) against the one before it (.gl/before: 6e756e5's, with the loop and the plans
# before), in one call, at the widths its rules took and some they left, both dtypes; then asv's
# record of 832fec9 and 3483bee, from .gl as benchmarks/commit_for_carry.sh wrote it.
#     OUT=... bash results/h200/narrow_codegen_2026-12-01/sixth.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/sixth.log"
LIMIT=200 bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$L" 19 21 23 25 27 31 33 \
    35 37 39 45 57 137 268 1001 4096
mv "$OUT/after" "$OUT/after_bfloat16"; mv "$OUT/before" "$OUT/before_bfloat16"
LIMIT=200 bash benchmarks/widths_before_after.sh .gl/before float32 "$L" 9 10 11 13 15 17 18 19 \
    66 70 74 78 82 98 137 4096
mv "$OUT/after" "$OUT/after_float32"; mv "$OUT/before" "$OUT/before_float32"
(cd "$OUT" && tar -czf widths.tgz after_* before_* && rm -rf after_* before_*)
ASV_LIMIT=230 bash benchmarks/asv_on_device.sh .gl 832fec900e14083f10e450a456e1e53e39c50375 \
    3483bee1beb110a73b91fe9243f8692f8350c6a2 2>&1 | tee "$OUT/asv_call.log"
gzip -f "$OUT/asv.log" 2>/dev/null
