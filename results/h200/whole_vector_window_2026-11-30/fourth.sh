#!/usr/bin/env bash
# .gl/before held 119fe00's triton_impl (git archive 119fe00 triton_impl | tar -x -C .gl/before)
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv > $OUT/device.txt
LIMIT=100 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $OUT/bf16.log \
  16383 16384 16386 16392 16400 16520 16704 16712
LIMIT=120 bash benchmarks/widths_before_after.sh .gl/before float32 $OUT/fp32.log \
  6146 7002 8190 8192 10002 12290 12292 13001 13002 14002 15002 16382
bash benchmarks/sweep_into_log.sh single16 100 $OUT/sweeps.log --kernel single_block \
  --directions forward --dtypes float16 --n 16392 16704 --warps 8 16 --block-m 1 \
  --max-values 128 --no-persistent --repeat 2
bash benchmarks/sweep_into_log.sh coop32 150 $OUT/sweeps.log --kernel cooperative \
  --directions forward --dtypes float32 --n 6145 8191 12289 13001 16383 --blocks 4096 8192 \
  --warps 4 --registers 0 96 --repeat 2
PYTHONPATH=. timeout 100 python3 -m pytest -q -n 0 -p no:cacheprovider tests/test_window.py -k h200s 2>&1 | tail -3 | tee $OUT/window_tests.log
