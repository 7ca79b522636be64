set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
git log --oneline -1 2>/dev/null | tee -a $OUT/device.txt
timeout 200 python3 benchmarks/speed_of_light.py --out $OUT/bw --sections bandwidth --dtypes float32 bfloat16 --no-plot > $OUT/bandwidth.log 2>&1; grep "copy\|wrote" $OUT/bandwidth.log | head -3
timeout 280 python3 benchmarks/speed_of_light.py --out $OUT/sl --sections seeds latency --no-plot > $OUT/seeds_latency.log 2>&1; grep "flush\|wrote" $OUT/seeds_latency.log | tail -3
mkdir -p $OUT/swb
timeout 90 python3 benchmarks/sweep_plans.py --out $OUT/swb --kernel single_block --directions forward --dtypes bfloat16 --n 1280 1408 1536 --rows 4096 --warps 1 2 4 8 --no-persistent --repeat 2 --budget-s 80 > $OUT/sweep_bf16.log 2>&1; grep -v "^ *$" $OUT/sweep_bf16.log | grep -v failed | head -20
ls $OUT/bw $OUT/sl $OUT/swb
