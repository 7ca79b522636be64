#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh, within ASV_LIMIT seconds in all); then sweeps of
# the bfloat16 forward at 10001-20001 columns, where the policy's plans move 78-90% of copy:
# the single-block kernel (a power of two, a power of two and a tail, three tiles; through the
# window where the rows are not whole vectors) and the cooperative kernel (blocks of 4096 and
# 8192), with torch.compile in the same rounds. One log.
#     bash results/h200/wide_16bit_forward_2026-11-30/first.sh COMMIT ...
set -o pipefail
log=$OUT/first.log
ASV_LIMIT=${ASV_LIMIT:-130} bash benchmarks/asv_on_device.sh .gl "$@" 2>&1 | tee -a "$log"
sweep() { bash benchmarks/sweep_into_log.sh "$@" --directions forward --dtypes bfloat16 \
    --repeat 2; }
sweep single 150 "$log" --kernel single_block --n 12344 13002 10001 20001 --warps 4 8 16 \
    --block-m 1 --max-values 64 --no-persistent --windowed --peers torch.compile
sweep cooperative 120 "$log" --kernel cooperative --n 12344 13002 --blocks 4096 8192 \
    --warps 4 8 --registers 0 56 64
