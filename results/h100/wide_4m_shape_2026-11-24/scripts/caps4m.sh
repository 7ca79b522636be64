#!/bin/bash
# cooperative at N = 4M: register caps that fit more programs an SM (16 warps, block 8192)
export PYTHONUNBUFFERED=1 PYTHONPATH=.
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
S="python3 benchmarks/sweep_plans.py --kernel cooperative --n 4194304 --blocks 8192 --warps 16 --repeat 3 --budget-s 140"
mkdir -p $OUT/fb $OUT/bb $OUT/ff
$S --out $OUT/fb --rows 32 --dtypes float32 --directions backward --registers 0 56 64 72 2>&1 | tee $OUT/fb/log
$S --out $OUT/bb --rows 32 --dtypes bfloat16 --directions backward --registers 0 40 48 2>&1 | tee $OUT/bb/log
$S --out $OUT/ff --rows 32 --dtypes float32 --directions forward --registers 0 40 48 2>&1 | tee $OUT/ff/log
cd $OUT && tar czf caps.tgz fb bb ff device.txt
