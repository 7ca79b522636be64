set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
mkdir -p $OUT/sw
timeout ${LIMIT:-540} python3 benchmarks/sweep_plans.py --out $OUT/sw --kernel single_block --directions forward --dtypes ${DTYPES:-float32} --n $WIDTHS --rows 4096 --warps 1 2 4 8 --max-values 96 --no-persistent --repeat 3 --rows-by-warps-only --budget-s $(( ${LIMIT:-540} - 30 )) > $OUT/sweep.log 2>&1; grep -v "^ *$" $OUT/sweep.log | grep -v failed | head -150; grep -c failed $OUT/sweep.log
