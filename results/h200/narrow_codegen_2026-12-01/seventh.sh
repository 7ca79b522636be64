#!/usr/bin/env bash
# On the GPU machine, from the repository root: the bfloat16 backward of odd 17-23 swept without
# the loop (21 and 23 lost 5.8 and 6.6 points in the sixth call, through the window).
#     OUT=... bash results/h200/narrow_codegen_2026-12-01/seventh.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/seventh.log"
bash benchmarks/sweep_into_log.sh hb21 130 "$L" --kernel single_block --directions backward \
    --dtypes bfloat16 --n 17 21 23 --warps 1 2 4 --block-m 8 16 32 64 --unwindowed \
    --no-persistent --repeat 2 --peers torch.compile
(cd "$OUT" && tar -czf sweeps.tgz hb21 && rm -rf hb21)
