set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
mkdir -p $OUT/sw
timeout 400 python3 benchmarks/sweep_plans.py --out $OUT/sw --kernel single_block --directions forward --dtypes float32 --n ${WIDTHS:-2816 2688 3200 1408 896 5248 2944 1536} --rows 4096 --warps 1 2 4 8 --max-values 96 --no-persistent --repeat 3 --budget-s 380 > $OUT/sweep.log 2>&1; grep -v "^ *$" $OUT/sweep.log | grep -v failed | head -150
