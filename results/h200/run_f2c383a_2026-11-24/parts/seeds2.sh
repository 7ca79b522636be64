set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 120 python3 results/h200/run_f2c383a_2026-11-24/parts/tile_m.py > $OUT/tile_m.log 2>&1; cat $OUT/tile_m.log
timeout 360 python3 benchmarks/speed_of_light.py --out $OUT/sl --sections seeds latency --rounds 3 --no-plot > $OUT/seeds_latency.log 2>&1; tail -2 $OUT/seeds_latency.log
