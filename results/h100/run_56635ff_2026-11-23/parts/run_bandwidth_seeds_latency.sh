set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
timeout 200 python3 -m pytest -q tests/test_cooperative.py tests/test_compiled_resources.py tests/test_plain_calls.py tests/test_triton_kernels.py -k "cooperative or resources or plain or converting or spill or compiles or folding or ptxas or remembered" 2>&1 | tail -4 | tee $OUT/tests.log
timeout 200 python3 benchmarks/speed_of_light.py --out $OUT/bw --sections bandwidth --dtypes float32 bfloat16 --no-plot 2>&1 | tee $OUT/bandwidth.log | grep -v "^ *$" | tail -5
timeout 240 python3 benchmarks/speed_of_light.py --out $OUT/sl --sections seeds latency --no-plot > $OUT/seeds_latency.log 2>&1; tail -3 $OUT/seeds_latency.log
ls $OUT/bw $OUT/sl
