#!/usr/bin/env bash
# Confirming call: float32 rows of 384-1280 on the H200, the policy's read-again plans against the
# same tiles held, and a power of two and a tail, 21 interleaved rounds, beside QuACK
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
eval "$(bash benchmarks/peers_on_device.sh .peers)"
export PYTHONPATH=.:$PYTHONPATH
bash benchmarks/sweep_into_log.sh four 300 "$OUT/sweep.log" --kernel single_block \
    --n 384 512 640 768 896 1024 --rows 4096 --dtypes float32 --directions forward --repeat 21 \
    --no-persistent --warps 4 --block-m 4 --rows-by-warps-only --reread --peers quack
bash benchmarks/sweep_into_log.sh two 200 "$OUT/sweep.log" --kernel single_block \
    --n 1152 1280 --rows 4096 --dtypes float32 --directions forward --repeat 21 \
    --no-persistent --warps 2 --block-m 2 --rows-by-warps-only --reread --peers quack
