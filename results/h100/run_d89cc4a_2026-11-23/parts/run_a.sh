set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 230 python3 benchmarks/speed_of_light.py --out $OUT/bw --sections bandwidth --dtypes float32 bfloat16 --no-plot > $OUT/bandwidth.log 2>&1; grep "copy\|wrote\|FAIL" $OUT/bandwidth.log | head -5
mkdir -p $OUT/sw
timeout 150 python3 benchmarks/sweep_plans.py --out $OUT/sw --kernel single_block --directions forward --dtypes float32 --n 3072 1792 1664 --rows 4096 --warps 1 2 4 8 --max-values 96 --no-persistent --repeat 3 --budget-s 140 > $OUT/sweep.log 2>&1; grep -v "^ *$" $OUT/sweep.log | grep -v failed | head -20
