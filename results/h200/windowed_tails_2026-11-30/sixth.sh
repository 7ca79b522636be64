#!/usr/bin/env bash
# On the GPU machine, from the repository root: float16 sweeps at the widths of ba01f8e's and
# 3bb795d's rules (the policy's plan beside the variants): the forward at 75, 268 and 1032, the
# backward at 280 and 600. One log.
#     bash results/h200/windowed_tails_2026-11-30/sixth.sh
set -o pipefail
log=$OUT/sixth.log
bash benchmarks/sweep_into_log.sh fp16_forward 95 "$log" --kernel single_block \
    --directions forward --dtypes float16 --n 75 268 1032 --warps 1 2 --block-m 1 4 8 16 \
    --max-values 64 --no-persistent --windowed-only --repeat 2
bash benchmarks/sweep_into_log.sh fp16_backward 60 "$log" --kernel single_block \
    --directions backward --dtypes float16 --n 280 600 --warps 1 4 --block-m 1 2 4 \
    --max-values 128 --no-persistent --repeat 2
