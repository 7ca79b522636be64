set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
timeout ${LIMIT:-300} python3 results/h200/narrow_rows_2026-11-24/scripts/narrow_confirm.py 4096:384 4096:512 4096:640 4096:768 4096:896 4096:1000 4096:1024 131072:1024 134217:1000 134217:1001 2>&1 | grep -v Warn > $OUT/log; tail -2 $OUT/log
cd $OUT && tar czf confirm.tgz confirm_*.json log device.txt
