# SECTIONS with every peer installed; ROUNDS interleaved rounds; LIMIT seconds
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout ${LIMIT:-540} python3 benchmarks/speed_of_light.py --out $OUT/sl --sections ${SECTIONS} ${EXTRA:-} --no-plot > $OUT/${NAME}.log 2>&1; grep "copy\|wrote\|FAIL\|skip" $OUT/${NAME}.log | head -8; tail -3 $OUT/${NAME}.log
ls $OUT/sl
