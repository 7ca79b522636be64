#!/usr/bin/env bash
# trial: whole-vector single-block forward rows launched through the window (lo = 0)
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv > $OUT/device.txt
LIMIT=150 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $OUT/bf16.log \
  520 1000 1512 2056 3000 4104 5000 6000 6008 8192 8200 9000 10240 10248 10400 11000 11200 16392 16704
LIMIT=120 bash benchmarks/widths_before_after.sh .gl/before float32 $OUT/fp32.log \
  1000 2056 3000 4104 5000 6000 8200 9000 10248 11000 16392
bash benchmarks/sweep_into_log.sh coop32 150 $OUT/coop32.log --kernel cooperative \
  --directions forward --dtypes float32 --n 6146 8190 13002 16382 --blocks 4096 8192 \
  --warps 4 8 --registers 0 96 --repeat 2
