# float32 forward, M = 4096, narrow seeds widths: rows-by-warps layouts beside the policy (LIMIT seconds)
set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
mkdir -p $OUT/nw
timeout ${LIMIT:-300} python3 benchmarks/sweep_plans.py --out $OUT/nw --kernel single_block --directions forward --dtypes float32 --n ${WIDTHS:-256 384 512 640 768 896 1024 1152 1280} --rows 4096 --warps 1 2 4 8 --max-values 96 --no-persistent --repeat 5 --rows-by-warps-only --budget-s $(( ${LIMIT:-300} - 20 )) > $OUT/nw.log 2>&1; grep -v "^ *$" $OUT/nw.log | grep -v failed | grep "copy\|best\|budget" | head -60
