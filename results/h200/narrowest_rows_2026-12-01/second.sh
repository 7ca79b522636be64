#!/usr/bin/env bash
# On the GPU machine, from the repository root (.gl/before holding ec96a36's triton_impl): the
# float32 forward rule for rows of N % 4 == 2 at 68-94 (eight threads a row from their own
# starts) against the plans before in one call; then, laid out as torch.compile lays them (rows
# from their own starts, 8-64 a program in 1-4 warps), the float32 backward of 9-14 and the
# bfloat16 forward and backward of odd 25-31, swept with torch.compile in the same rounds.
#     OUT=... bash results/h200/narrowest_rows_2026-12-01/second.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/second.log"
LIMIT=90 bash benchmarks/widths_before_after.sh .gl/before float32 "$L" 66 70 74 78 82 86 90 94 98
(cd "$OUT" && tar -czf widths.tgz after before && rm -rf after before)
sweep() { bash benchmarks/sweep_into_log.sh "$@"; }
sweep b9 140 "$L" --kernel single_block --directions backward --dtypes float32 --n 9 11 13 14 \
    --warps 1 2 4 --block-m 16 32 64 --unwindowed --no-persistent --repeat 2 --peers torch.compile
sweep h25 190 "$L" --kernel single_block --directions forward backward --dtypes bfloat16 \
    --n 25 27 31 --warps 1 2 4 --block-m 8 16 32 --unwindowed --no-persistent --repeat 2 \
    --peers torch.compile
(cd "$OUT" && tar -czf sweeps.tgz b9 h25 && rm -rf b9 h25)
