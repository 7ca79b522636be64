#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh, within ASV_LIMIT seconds in all); the H200's
# window tests on the GPU (the new backward and cooperative plans among them); then sweeps of
# forwards still under 90%: bfloat16 16383 / 16386 (three cooperative blocks) and 10001-11000
# (fills of 0.61-0.67 of two), the cooperative kernel against the policy; float32 13002, the
# single-block, cooperative and online kernels. One log.
#     bash results/h200/wide_16bit_forward_2026-11-30/third.sh COMMIT ...
set -o pipefail
log=$OUT/third.log
ASV_LIMIT=${ASV_LIMIT:-130} bash benchmarks/asv_on_device.sh .gl "$@" 2>&1 | tee -a "$log"
PYTHONPATH=. timeout 100 python3 -m pytest -q -n 0 -p no:cacheprovider tests/test_window.py \
    -k "h200s" 2>&1 | tail -3 | tee -a "$log"
sweep() { bash benchmarks/sweep_into_log.sh "$@" --directions forward --repeat 2; }
sweep three_blocks 70 "$log" --kernel cooperative --dtypes bfloat16 --n 16383 16386 10001 11000 \
    --blocks 8192 --warps 4 --registers 56 64
sweep f32_single 60 "$log" --kernel single_block --dtypes float32 --n 13002 --warps 8 16 32 \
    --block-m 1 --max-values 64 --no-persistent --windowed
sweep f32_cooperative 60 "$log" --kernel cooperative --dtypes float32 --n 13002 \
    --blocks 4096 8192 --warps 4 8 --registers 0 96
