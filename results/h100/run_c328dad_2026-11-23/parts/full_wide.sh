set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
timeout 575 python3 benchmarks/speed_of_light.py --out $OUT/w --sections wide --dtypes $1 --no-plot > $OUT/wide_$1.log 2>&1; tail -3 $OUT/wide_$1.log
