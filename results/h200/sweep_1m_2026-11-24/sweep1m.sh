set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout ${LIMIT:-540} python3 benchmarks/sweep_plans.py --out $OUT/sweep --kernel cooperative --n 1048576 --rows ${ROWS:-64} \
  --dtypes ${DTYPES:-float32 bfloat16} --directions ${DIRS:-forward backward} --blocks ${BLOCKS:-2048 4096 8192 16384} --warps ${WARPS:-2 4 8} \
  --registers ${CAPS:-0} --programs-per-sm 1 2 4 --repeat ${REPEAT:-3} --budget-s ${BUDGET:-480} 2>&1 | grep -v Warning | tee $OUT/sweep.log
