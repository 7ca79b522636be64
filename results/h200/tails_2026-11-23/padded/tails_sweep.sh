set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
mkdir -p $OUT/sw $OUT/swb
timeout 420 python3 benchmarks/sweep_plans.py --out $OUT/sw --kernel single_block --directions forward --dtypes float32 --n $SWEEP_N --rows 4096 --warps 1 2 4 8 16 --no-persistent --repeat 2 --budget-s 400 > $OUT/sweep.log 2>&1; grep -v "^ *$" $OUT/sweep.log | grep -v failed | head -60
timeout 150 python3 benchmarks/sweep_plans.py --out $OUT/swb --kernel single_block --directions forward --dtypes bfloat16 --n $SWEEP_NB --rows 4096 --warps 1 2 4 8 16 --no-persistent --repeat 2 --budget-s 140 > $OUT/sweep_bf16.log 2>&1; grep -v "^ *$" $OUT/sweep_bf16.log | grep -v failed | head -60
