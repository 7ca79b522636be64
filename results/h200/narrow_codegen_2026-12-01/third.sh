#!/usr/bin/env bash
# On the GPU machine, from the repository root: the narrow layouts swept again with a program a
# tile and no loop (the working tree's triton_impl), at the widths where the plans tuned with the
# loop lost in the second call (float32 backward 9-19, float32 forward 11 and 66, bfloat16
# forward 57) and the bfloat16 odd rows of 19-31, whose backward gained most.
#     OUT=... bash results/h200/narrow_codegen_2026-12-01/third.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/third.log"
sweep() { bash benchmarks/sweep_into_log.sh "$@"; }
sweep b32 170 "$L" --kernel single_block --directions backward --dtypes float32 \
    --n 9 11 13 15 17 19 --warps 1 2 4 --block-m 8 16 32 64 --unwindowed --no-persistent \
    --repeat 2 --peers torch.compile
sweep f32 110 "$L" --kernel single_block --directions forward --dtypes float32 --n 11 66 \
    --warps 1 2 4 --block-m 4 8 16 32 64 --unwindowed --no-persistent --repeat 2
sweep h57 70 "$L" --kernel single_block --directions forward --dtypes bfloat16 --n 57 \
    --warps 1 2 4 --block-m 4 8 16 32 --unwindowed --no-persistent --repeat 2
sweep h25 150 "$L" --kernel single_block --directions forward backward --dtypes bfloat16 \
    --n 19 25 31 --warps 1 2 4 --block-m 8 16 32 64 --unwindowed --no-persistent --repeat 2 \
    --peers torch.compile
(cd "$OUT" && tar -czf sweeps.tgz b32 f32 h57 h25 && rm -rf b32 f32 h57 h25)
