# Rows that are not whole 16-byte vectors read through a window from the 16-byte boundary before
# each row (kernels/cooperative.py, row_window): the cooperative plans at odd N, blocks of 4096
# and 8192, 4 and 8 warps, uncapped and capped, beside the policy's plan (which now takes the
# window), two interleaved rounds, every output NaN-poisoned and checked against float64 first.
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
sweep() {  # LIMIT NAME ARGS...: the JSON in $OUT/NAME/, every sweep's log in $OUT/sweep.log
    echo "== $2" >> $OUT/sweep.log; mkdir -p $OUT/$2
    PYTHONPATH=. timeout $1 python3 benchmarks/sweep_plans.py --out $OUT/$2 "${@:3}" 2>&1 \
        | grep -v Warn >> $OUT/sweep.log
}
sweep 200 bf16 --kernel cooperative --n 50257 65535 --dtypes bfloat16 --directions forward backward --blocks 4096 8192 --warps 4 8 --registers 0 88 96 --repeat 2 --budget-s 180
sweep 120 fp32 --kernel cooperative --n 50257 65537 --dtypes float32 --directions forward backward --blocks 8192 --warps 4 8 --registers 0 96 --repeat 2 --budget-s 100
grep -E "^(==|forward|backward)|best" $OUT/sweep.log
