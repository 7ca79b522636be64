set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 150 python3 benchmarks/speed_of_light.py --out $OUT/bw --sections bandwidth --dtypes bfloat16 --no-plot > $OUT/bandwidth_bfloat16.log 2>&1; grep "copy\|wrote\|FAIL" $OUT/bandwidth_bfloat16.log | head -5
timeout 380 python3 benchmarks/speed_of_light.py --out $OUT/w --sections wide --dtypes bfloat16 --wide-n 1048576 --no-plot > $OUT/wide_bfloat16_1m.log 2>&1; tail -3 $OUT/wide_bfloat16_1m.log
ls -R $OUT
