# 16-bit single-block forward: rows a program x warps x register caps at 2048-8192 (LIMIT seconds)
set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
mkdir -p $OUT/s16
timeout ${LIMIT:-250} python3 benchmarks/sweep_plans.py --out $OUT/s16 --kernel single_block --directions forward --dtypes ${DTYPES:-bfloat16 float16} --n ${WIDTHS:-4096 2048 8192} --warps ${WARPS:-4 8 16} --registers ${REGS:-0 64 80} --no-persistent --repeat 3 --budget-s $(( ${LIMIT:-250} - 20 )) > $OUT/s16.log 2>&1; grep "copy\|best\|budget" $OUT/s16.log | head -40
