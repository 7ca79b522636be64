#!/usr/bin/env bash
# 768 and its neighbours on the H200: the policy's plan against 512 + 256 tiles, held or read again
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
eval "$(bash benchmarks/peers_on_device.sh .peers)"
export PYTHONPATH=.:$PYTHONPATH
bash benchmarks/sweep_into_log.sh s768 330 "$OUT/s768.log" --kernel single_block --n 640 768 896 \
    --rows 4096 --dtypes float32 --directions forward --repeat 9 --no-persistent --warps 4 \
    --block-m 4 --rows-by-warps-only --reread --peers quack
