#!/usr/bin/env bash
# On the GPU machine, from the repository root: the float32 widths of the working tree (the
# backward of whole-vector rows held in 512 two a program, FEW_WARPS_BACKWARD_WHOLE_ROWS[4] up to
# 508) against the triton_impl in .gl/before (f37ebab's), both directions (the forward, unchanged,
# the control); then the forward of 13-34 that fourth.sh meant to sweep (its options clashed).
#     OUT=... bash results/h200/narrow_float32_2026-12-01/fifth.sh     (carry [".gl"])
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
LIMIT=150 bash benchmarks/widths_before_after.sh .gl/before float32 "$OUT/fifth.log" \
    256 260 264 268 276 284 292 300 316 340 372 404 452 508 261 390
(cd "$OUT" && tar -czf widths.tgz after before && rm -rf after before)
bash benchmarks/sweep_into_log.sh f13 170 "$OUT/fifth.log" --kernel single_block \
    --directions forward --dtypes float32 --n 13 15 18 22 26 34 --warps 1 2 4 \
    --block-m 8 16 32 64 --windowed --no-persistent --repeat 2 --peers torch.compile
(cd "$OUT" && tar -czf sweeps.tgz f13 && rm -rf f13)
