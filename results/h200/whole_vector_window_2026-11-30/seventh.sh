#!/usr/bin/env bash
# trial: one-row 16-bit single-block forwards with a tail or a body window laid out rows by
# warps (Plan.row_threads = 32 * warps: every tile whole passes), TRIAL_PASS=1; .gl/before: 2e3c797
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv > $OUT/device.txt
TRIAL_PASS=1 LIMIT=150 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $OUT/bf16.log \
  2056 2057 3000 3001 4097 4104 5000 6000 6001 8191 8200 10001 10240 10248 11000 11250 12288 16383 16392 16704
