#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh), then the bfloat16 single-block backward of the
# narrow widths the sixth call's scan left behind torch.compile (137: 56.6 against 83%; 390, 642:
# 90 and 86 against 99%): every layout of 1-8 warps through the window and from the rows' own
# starts. One log.
#     bash results/h200/window_tiles_2026-11-29/ninth.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-100} bash benchmarks/asv_on_device.sh .gl "$@"
mkdir -p "$OUT/backward"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 150 python3 benchmarks/sweep_plans.py \
    --out "$OUT/backward" --kernel single_block --directions backward --dtypes bfloat16 \
    --n 137 390 642 --warps 1 2 4 8 --no-persistent --unwindowed --repeat 2 --budget-s 135 \
    2>&1 | grep -v "^      failed" | tee "$OUT/ninth.log"
