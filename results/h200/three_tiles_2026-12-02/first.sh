# The seeds' grid's N = 1408 (float32 forward, M = 4096): the single-block variants against the
# policy's plan and the peers, in the same rounds.
set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
nvidia-smi --query-gpu=name,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
eval "$(bash benchmarks/peers_on_device.sh .peers)" 2> $OUT/peers_install.log
bash benchmarks/sweep_into_log.sh s1408 420 $OUT/sweep.log --kernel single_block --n 1408 \
    --rows 4096 --dtypes float32 --directions forward --repeat 3 --reread --no-persistent \
    --warps 1 2 4 8 --peers torch liger quack
