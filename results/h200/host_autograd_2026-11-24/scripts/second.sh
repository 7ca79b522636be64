#!/usr/bin/env bash
set -u
mkdir -p $OUT
S=results/h200/host_autograd_2026-11-24/scripts
PYTHONUNBUFFERED=1 timeout 200 python3 -m pytest -q -p no:cacheprovider -o addopts="" -x tests/test_known_launches.py tests/test_autograd_modes.py 2>&1 | tail -3 | tee $OUT/gpu_tests.log
for i in 1 2; do
  PYTHONUNBUFFERED=1 PYTHONPATH=.runs/old:. timeout 100 python3 $S/host_autograd.py 2>&1 | tee -a $OUT/host_old.log
  PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 100 python3 $S/host_autograd.py 2>&1 | tee -a $OUT/host_new.log
done
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 100 python3 $S/profile_autograd.py 2>&1 | tee $OUT/profile.log
