set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout ${LIMIT:-400} python3 "$(dirname "$0")/rows256.py" "$@" 2>&1 | grep -v Warn | tee $OUT/log
cd $OUT && tar czf rows256.tgz $(ls rows256_*.json) log device.txt && rm -f rows256_*.json
