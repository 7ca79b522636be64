#!/usr/bin/env bash
# .gl: commit_for_carry.sh at d0b6208; .gl/trial: a trial tree's triton_impl. In the widths
# comparison "after" is d0b6208 (the working tree) and "before" the TRIAL (.gl/trial).
ASV_LIMIT=130 bash benchmarks/asv_on_device.sh .gl
LIMIT=150 bash benchmarks/widths_before_after.sh .gl/trial float32 $OUT/fp32.log \
  6145 6146 7001 7002 7503 8189 8190 8191 8192 10001 10002 12289 12290 13001 13002 14001 14002 15003 16381 16382 16383
