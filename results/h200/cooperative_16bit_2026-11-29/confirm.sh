# After FAST_DRAM_COOPERATIVE_FORWARD_COLS: the policy's plan (now the cooperative kernel) checked
# against float64 and timed at four of the widths, beside the same kernel forced at 56 registers,
# three interleaved rounds. Ran on 2026-11-29 as the end of a call whose asv step failed (the
# carried folders made the tree differ; fixed in commit_for_carry.sh, and asv recorded 213b82f
# and d1a4cfb in the next call: results/h200/asv_history_2026-11-29.log.gz).
set -o pipefail
export PYTHONUNBUFFERED=1
PYTHONPATH=. timeout 100 python3 benchmarks/sweep_plans.py --out $OUT \
    --kernel cooperative --n 16384 12288 20480 32768 --dtypes bfloat16 float16 \
    --directions forward --blocks 8192 --warps 4 --registers 56 --repeat 3 --budget-s 75 \
    > $OUT/confirm.log 2>&1
grep -v Warn $OUT/confirm.log
