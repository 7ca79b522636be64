#!/usr/bin/env bash
# .gl: commit_for_carry.sh at b35f14c; .gl/before: 2e3c797's triton_impl
ASV_LIMIT=130 bash benchmarks/asv_on_device.sh .gl
PYTHONPATH=. timeout 100 python3 -m pytest -q -n 0 -p no:cacheprovider tests/test_window.py -k h200s 2>&1 | tail -3 | tee $OUT/window_tests.log
LIMIT=120 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $OUT/bf16.log \
  2056 10240 10241 10248 11000 11250 11264 12000 12288 16378 16383 16390 16392
