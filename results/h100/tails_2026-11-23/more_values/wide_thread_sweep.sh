set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
mkdir -p $OUT/sw
timeout 330 python3 benchmarks/sweep_plans.py --out $OUT/sw --kernel single_block --directions forward --dtypes float32 --n 2688 2816 2944 896 1152 1408 3200 3968 4224 256 384 640 1024 1536 3712 5248 --rows 4096 --warps 1 2 4 8 --max-values 96 --no-persistent --repeat 2 --budget-s 310 > $OUT/sweep.log 2>&1; grep -v "^ *$" $OUT/sweep.log | grep -v failed | head -80
