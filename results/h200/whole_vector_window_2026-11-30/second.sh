#!/usr/bin/env bash
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv > $OUT/device.txt
LIMIT=150 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $OUT/bf16.log \
  9000 10240 10241 10248 10400 10752 11000 11200 11256 11264 11400 11776 12000 12280 12288 12296
bash benchmarks/sweep_into_log.sh coop16 150 $OUT/sweeps.log --kernel cooperative \
  --directions forward --dtypes float16 bfloat16 --n 10400 11000 11776 12288 --blocks 8192 \
  --warps 4 --registers 56 64 --repeat 2
bash benchmarks/sweep_into_log.sh single16 150 $OUT/sweeps.log --kernel single_block \
  --directions forward --dtypes bfloat16 --n 11000 12288 --warps 4 8 16 --block-m 1 \
  --max-values 128 --no-persistent --repeat 2
PYTHONPATH=. timeout 100 python3 -m pytest -q -n 0 -p no:cacheprovider tests/test_window.py -k h200s 2>&1 | tail -3 | tee $OUT/window_tests.log
