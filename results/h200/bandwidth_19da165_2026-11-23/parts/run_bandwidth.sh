set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
timeout 230 python3 benchmarks/speed_of_light.py --out $OUT/bw --sections bandwidth --dtypes float32 bfloat16 --no-plot 2>&1 | tee $OUT/bandwidth.log | grep -v "^ *$" | tail -4
