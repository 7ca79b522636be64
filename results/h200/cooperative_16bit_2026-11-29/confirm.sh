# After FAST_DRAM_COOPERATIVE_FORWARD_COLS: asv records HEAD, and the policy's plan (now the
# cooperative kernel) is checked against float64 and timed at four of the widths, beside the
# same kernel forced at 56 registers, three interleaved rounds. As ab.sh (copied to
# .gl/confirm.sh and run from there, carry [".gl", ".whl"]).
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
bash benchmarks/commit_from_tree.sh .gl && sha=$(git rev-parse HEAD) && {
    python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>&1 | grep -v WARN
    PYTHONPATH=/tmp/site:. timeout ${ASV_LIMIT:-110} python3 benchmarks/asv_history.py --quick -n 1 \
        --machine h200 --no-publish --log $OUT/asv.log 2>&1 | tail -3
    cp asv_results/h200/${sha:0:8}-*.json $OUT/
}
PYTHONPATH=. timeout ${SWEEP_LIMIT:-90} python3 benchmarks/sweep_plans.py --out $OUT \
    --kernel cooperative --n 16384 12288 20480 32768 --dtypes bfloat16 float16 \
    --directions forward --blocks 8192 --warps 4 --registers 56 --repeat 3 --budget-s 70 \
    > $OUT/confirm.log 2>&1
grep -v Warn $OUT/confirm.log
