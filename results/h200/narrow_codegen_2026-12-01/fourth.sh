#!/usr/bin/env bash
# On the GPU machine, from the repository root: the float32 rules taken from the third call's
# sweeps (the working tree's triton_impl) against the triton_impl of 6e756e5 (.gl/before: the
# loop and the rules before), in one call; then the bfloat16 narrow rows swept again without the
# loop: the forward of odd 17-23 and 33-63, the backward of 37, 45 and 57.
#     OUT=... bash results/h200/narrow_codegen_2026-12-01/fourth.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/fourth.log"
LIMIT=240 bash benchmarks/widths_before_after.sh .gl/before float32 "$L" 9 10 11 13 14 15 17 18 \
    19 21 66 70 4096
(cd "$OUT" && tar -czf widths.tgz after before && rm -rf after before)
sweep() { bash benchmarks/sweep_into_log.sh "$@"; }
sweep h33 150 "$L" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 33 37 45 51 57 63 --warps 1 2 4 --block-m 4 8 16 32 --unwindowed --no-persistent --repeat 2
sweep h17 100 "$L" --kernel single_block --directions forward --dtypes bfloat16 \
    --n 17 19 21 23 --warps 1 2 4 --block-m 16 32 64 --unwindowed --no-persistent --repeat 2
sweep hb37 150 "$L" --kernel single_block --directions backward --dtypes bfloat16 \
    --n 37 45 57 --warps 1 2 4 --block-m 8 16 32 64 --unwindowed --no-persistent --repeat 2 \
    --peers torch.compile
(cd "$OUT" && tar -czf sweeps.tgz h33 h17 hb37 && rm -rf h33 h17 hb37)
