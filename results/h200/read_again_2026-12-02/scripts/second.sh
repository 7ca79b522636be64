#!/usr/bin/env bash
# H200, confirming: the read-again plans that lost to held tiles in the first call, at the same
# and at other widths of their rules, 21 interleaved rounds beside QuACK
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
eval "$(bash benchmarks/peers_on_device.sh .peers)"
export PYTHONPATH=.:$PYTHONPATH
bash benchmarks/sweep_into_log.sh c 230 "$OUT/sweep.log" --kernel single_block --policy-read-again \
    --n 320 448 512 3200 3328 3584 3840 3968 4096 --rows 4096 --dtypes float32 --directions forward \
    --repeat 21 --warps 4 --peers quack
bash benchmarks/sweep_into_log.sh d 230 "$OUT/sweep.log" --kernel single_block --policy-read-again \
    --n 5248 5504 5760 6016 8320 8576 8832 9088 9216 --rows 4096 --dtypes float32 --directions forward \
    --repeat 21 --warps 4 --peers quack
