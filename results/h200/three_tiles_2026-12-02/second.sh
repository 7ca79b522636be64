# Same-call A/B at the seeds' grid's widths whose rows the policy holds as three tiles (float32
# forward, M = 4096): three tiles against two, two rows of one warp each a program, with the peers
# in the same rounds (sweep_plans.py called directly: sweep_into_log.sh sets PYTHONPATH to . alone).
set -o pipefail
nvidia-smi --query-gpu=name,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
eval "$(bash benchmarks/peers_on_device.sh .peers)" 2> $OUT/peers_install.log
export PYTHONUNBUFFERED=1 PYTHONPATH=.:$PYTHONPATH
mkdir -p $OUT/ab
timeout 420 python3 benchmarks/sweep_plans.py --out $OUT/ab --kernel single_block \
    --n 1408 2432 2688 2816 --rows 4096 --dtypes float32 --directions forward --repeat 7 \
    --no-persistent --warps 2 --block-m 2 --rows-by-warps-only --max-values 96 \
    --peers torch liger quack --budget-s 400 2>&1 | tee $OUT/ab.log
