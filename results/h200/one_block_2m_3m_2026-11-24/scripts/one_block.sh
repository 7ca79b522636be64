#!/bin/bash
# one block a cooperative program at N = 2M and 3M against the policy's plans, same calls
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
run() { timeout 70 python3 results/h200/one_block_2m_3m_2026-11-24/scripts/one_block.py "$@" 2>&1 | grep -v Warning | tee -a $OUT/one_block.log; }
for N in ${NS:-2097152 3145728}; do
  for M in ${ROWS:-64 16}; do
    for d in float32 bfloat16; do
      run $N $M $d forward
      run $N $M $d backward
    done
  done
done
