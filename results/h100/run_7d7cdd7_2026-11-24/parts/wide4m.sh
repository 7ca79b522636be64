set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 560 python3 benchmarks/speed_of_light.py --out $OUT/w --sections wide --wide-n 4194304 --dtypes $1 --no-plot > $OUT/wide4m_$1.log 2>&1; echo rc=$?; tail -4 $OUT/wide4m_$1.log
