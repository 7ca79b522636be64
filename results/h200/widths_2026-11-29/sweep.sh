# The widths the widths section found slow (results/h200/run_50ed588_2026-11-29/): single-block
# layouts of the bfloat16 backward at 4100 (rows 8-byte aligned) and 1001 (odd), read again or
# not; the bfloat16 forward at 12344 as single-block tiles and as cooperative blocks. Two
# interleaved rounds each, every output NaN-poisoned and checked against float64 first.
set -o pipefail
export PYTHONUNBUFFERED=1
sweep() {  # LIMIT NAME ARGS...: the JSON in $OUT/NAME/, every sweep's log in $OUT/sweep.log
    echo "== $2" >> $OUT/sweep.log; mkdir -p $OUT/$2
    PYTHONPATH=. timeout $1 python3 benchmarks/sweep_plans.py --out $OUT/$2 "${@:3}" 2>&1 \
        | grep -v Warn >> $OUT/sweep.log
}
# Second call: the single-block backward's warps at rows that fill part of their power of two,
# both dtypes (the first call found 4 warps 90.4% against the policy's 8 at 75.8%, 4100 bfloat16).
if [ "${SECOND:-}" = 1 ]; then
    : > $OUT/sweep.log
    sweep 330 backward_warps --kernel single_block --n 2100 4100 5120 6144 8200 --dtypes bfloat16 float32 --directions backward --warps 4 8 16 --no-persistent --repeat 2 --budget-s 300
    grep -E "^(==|forward|backward)|best" $OUT/sweep.log
    exit 0
fi
sweep 130 backward_4100_1001 --kernel single_block --n 4100 1001 --dtypes bfloat16 --directions backward --reread --no-persistent --repeat 2 --budget-s 110
sweep 70 forward_12344_single --kernel single_block --n 12344 --dtypes bfloat16 --directions forward --no-persistent --repeat 2 --budget-s 55
sweep 70 forward_12344_coop --kernel cooperative --n 12344 --dtypes bfloat16 --directions forward --blocks 4096 8192 --warps 2 4 8 --registers 0 56 --repeat 2 --budget-s 55
grep -E "^(==|forward|backward)|best" $OUT/sweep.log
