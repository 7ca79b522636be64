#!/usr/bin/env bash
# H200: the policy's remaining read-again single-block plans (float32 forward, M = 4096) against
# the same tiles held, 21 interleaved rounds beside QuACK (README open work 6)
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
eval "$(bash benchmarks/peers_on_device.sh .peers)"
export PYTHONPATH=.:$PYTHONPATH
bash benchmarks/sweep_into_log.sh a 200 "$OUT/sweep.log" --kernel single_block --policy-read-again \
    --n 2944 3072 3200 3584 3968 4096 --rows 4096 --dtypes float32 --directions forward --repeat 21 \
    --warps 4 --peers quack
bash benchmarks/sweep_into_log.sh b 230 "$OUT/sweep.log" --kernel single_block --policy-read-again \
    --n 384 512 4736 5120 5248 5760 6016 8320 8832 9216 --rows 4096 --dtypes float32 --directions forward \
    --repeat 21 --warps 4 --peers quack
