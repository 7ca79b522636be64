# After FAST_DRAM_COOPERATIVE_FORWARD_COLS: asv records HEAD, and the policy's plan (now the
# cooperative kernel) is checked against float64 and timed at four of the widths, beside the
# same kernel forced at 56 registers, three interleaved rounds. As ab.sh (copied to
# .gl/confirm.sh and run from there, carry [".gl", ".whl"]).
set -o pipefail
export PYTHONUNBUFFERED=1
bash benchmarks/asv_on_device.sh .gl
PYTHONPATH=. timeout ${SWEEP_LIMIT:-90} python3 benchmarks/sweep_plans.py --out $OUT \
    --kernel cooperative --n 16384 12288 20480 32768 --dtypes bfloat16 float16 \
    --directions forward --blocks 8192 --warps 4 --registers 56 --repeat 3 --budget-s 70 \
    > $OUT/confirm.log 2>&1
grep -v Warn $OUT/confirm.log
