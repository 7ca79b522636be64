set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
timeout 280 python3 benchmarks/speed_of_light.py --out $OUT/w --sections wide --dtypes float32 --wide-n 4194304 --wide-rows 128 --no-plot > $OUT/wide_float32_rest.log 2>&1; tail -14 $OUT/wide_float32_rest.log
