#!/usr/bin/env bash
set -u
mkdir -p $OUT
nvidia-smi --query-gpu=name,memory.total,clocks.max.memory --format=csv > $OUT/device.txt
PYTHONUNBUFFERED=1 timeout 240 python3 -m pytest -q -p no:cacheprovider -o addopts="" tests/test_known_launches.py tests/test_plain_calls.py tests/test_exchange_buffer.py 2>&1 | tail -4 | tee $OUT/gpu_tests.log
S=results/h200/host_autograd_2026-11-24/scripts
for i in 1 2; do
  PYTHONUNBUFFERED=1 PYTHONPATH=.runs/old:. timeout 100 python3 $S/host_autograd.py 2>&1 | tee -a $OUT/host_old.log
  PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 100 python3 $S/host_autograd.py 2>&1 | tee -a $OUT/host_new.log
done
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 60 python3 benchmarks/host_overhead.py 2>&1 | tee $OUT/host_overhead.log
