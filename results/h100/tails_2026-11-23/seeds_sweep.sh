set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
mkdir -p $OUT/sw
timeout 270 python3 benchmarks/sweep_plans.py --out $OUT/sw --kernel single_block --directions forward --dtypes float32 --n $SWEEP_N --rows 4096 --warps 1 2 4 8 --no-persistent --repeat 3 --budget-s 240 > $OUT/sweep.log 2>&1; grep -v "^ *$" $OUT/sweep.log | grep -v failed | head -60
timeout 300 python3 benchmarks/speed_of_light.py --out $OUT/sl --sections seeds latency --no-plot > $OUT/seeds_latency.log 2>&1; grep "flush\|wrote" $OUT/seeds_latency.log | tail -5
ls $OUT/sw $OUT/sl
