#!/usr/bin/env bash
# .gl written by `bash benchmarks/commit_for_carry.sh .gl` at 119fe00; carried with .gl and .whl
ASV_LIMIT=130 bash benchmarks/asv_on_device.sh .gl
bash benchmarks/sweep_into_log.sh single16 150 $OUT/sweeps.log --kernel single_block \
  --directions forward --dtypes bfloat16 --n 16392 16704 --warps 8 16 32 --block-m 1 \
  --max-values 128 --no-persistent --repeat 2
bash benchmarks/sweep_into_log.sh coop16 100 $OUT/sweeps.log --kernel cooperative \
  --directions forward --dtypes bfloat16 float16 --n 16392 16704 --blocks 4096 8192 \
  --warps 4 8 --registers 0 56 64 --repeat 2
bash benchmarks/sweep_into_log.sh coop32 120 $OUT/sweeps.log --kernel cooperative \
  --directions forward --dtypes float32 --n 7002 12290 14002 15002 --blocks 4096 8192 \
  --warps 4 --registers 0 96 --repeat 2
