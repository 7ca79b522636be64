#!/usr/bin/env bash
# trial as run7 (TRIAL_PASS=1), two rounds, the classes that gained: 8192 + 4096 whole vectors,
# the 16384 body through the window, 2048 + 1024
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv > $OUT/device.txt
for round in 1 2; do
TRIAL_PASS=1 LIMIT=120 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $OUT/bf16_$round.log \
  2056 2064 2100 2500 3000 10248 10400 11000 11256 11264 12000 12288 16378 16383 16386 16390
mv $OUT/after $OUT/after_$round; mv $OUT/before $OUT/before_$round
done
