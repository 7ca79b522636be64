#!/usr/bin/env bash
# On the GPU machine, from the repository root: the float32 widths of the working tree (the rules
# drawn from first.sh and second.sh) against the triton_impl in .gl/before (HEAD's before them),
# both directions, in one call (benchmarks/widths_before_after.sh).
#     OUT=... bash results/h200/narrow_float32_2026-12-01/third.sh     (carry [".gl"])
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
LIMIT=200 bash benchmarks/widths_before_after.sh .gl/before float32 "$OUT/third.log" \
    13 15 17 18 19 21 22 25 26 29 30 31 33 34 35 69 75 81 87 93 99 105 107 127 \
    256 260 268 292 300 340 372 388 389 391 401 402 420 451 454 500 508 509 510
(cd "$OUT" && tar -czf widths.tgz after before && rm -rf after before)
