#!/usr/bin/env bash
# On the GPU machine, from the repository root: the float32 single-block backward of narrow rows
# past vectors (133, 137, 150: 83-91% of copy in the third call), every layout of 1-4 warps
# through the window and from the rows' own starts. One log. (Run as one command line.)
#     bash results/h200/narrow_warps_2026-11-29/fourth.sh
mkdir -p $OUT/backward && nvidia-smi --query-gpu=name,driver_version,clocks.max.memory \
    --format=csv,noheader > $OUT/device.txt
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 170 python3 benchmarks/sweep_plans.py \
    --out $OUT/backward --kernel single_block --directions backward --dtypes float32 \
    --n 133 137 150 --warps 1 2 4 --no-persistent --unwindowed --repeat 2 --budget-s 150 \
    2>&1 | grep -v "^      failed" | tee $OUT/fourth.log
