set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
timeout ${LIMIT:-500} python3 results/h100/narrow_rows_2026-11-24/scripts/narrow_ab.py ${WIDTHS:-384 512 640 768 1024 1280 256 1152} 2>&1 | grep -v Warn > $OUT/log; tail -3 $OUT/log
cd $OUT && tar czf narrow.tgz narrow_*.json log device.txt
