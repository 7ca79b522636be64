#!/usr/bin/env bash
# usage: SHAPES="N:M:dtype:dir ..." VARIANTS="- s1=2 ..." bash .runs/stages.sh
set -u
mkdir -p $OUT
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv > $OUT/device.txt
for shape in $SHAPES; do
  IFS=: read N M DT DIR <<< "$shape"
  PYTHONUNBUFFERED=1 PYTHONPATH=. python3 .runs/stages.py $N $M $DT $DIR $VARIANTS 2>&1 | grep -v Warning | tee -a $OUT/${LOG:-ab}.log
done
