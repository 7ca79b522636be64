# the seeds' grid (M = 4096, float32 forward) with every peer, R rounds
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout ${LIMIT:-540} python3 benchmarks/speed_of_light.py --out $OUT/sl --sections ${SECTIONS:-seeds} --rounds ${ROUNDS:-3} --no-plot > $OUT/seeds.log 2>&1; tail -3 $OUT/seeds.log
ls $OUT/sl
