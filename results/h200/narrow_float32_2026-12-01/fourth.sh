#!/usr/bin/env bash
# On the GPU machine, from the repository root: what the widths scan and third.sh left in float32
# narrow rows, swept with torch.compile in the same rounds (the backward of whole vectors held in
# 512, 260 and 268; the forward of 13 and 15, and of N % 4 == 2 at 18-34), then asv's record of
# the commits given (full shas; .gl and .whl carried as benchmarks/asv_on_device.sh needs).
#     OUT=... bash results/h200/narrow_float32_2026-12-01/fourth.sh SHA...
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
sweep() { bash benchmarks/sweep_into_log.sh "$@"; }
L="$OUT/fourth.log"
sweep b260 90 "$L" --kernel single_block --directions backward --dtypes float32 --n 260 268 \
    --warps 1 2 4 8 --block-m 1 2 4 8 --no-persistent --repeat 2 --peers torch.compile
sweep f13 200 "$L" --kernel single_block --directions forward --dtypes float32 \
    --n 13 15 18 22 26 34 --warps 1 2 4 --block-m 8 16 32 64 --unwindowed --windowed \
    --no-persistent --repeat 2 --peers torch.compile
(cd "$OUT" && tar -czf sweeps.tgz b260 f13 && rm -rf b260 f13)
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl "$@"
