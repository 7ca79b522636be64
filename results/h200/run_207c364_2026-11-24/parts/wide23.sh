# speed_of_light's wide section at N = 2M and 3M (two and three blocks a cooperative program), one dtype a call
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader > $OUT/device.txt
timeout 570 python3 benchmarks/speed_of_light.py --out $OUT/w --sections wide --wide-n 2097152 3145728 --wide-rows ${ROWS:-1 2 4 8 16 32 64 128} --dtypes $1 --no-plot > $OUT/wide23.log 2>&1
echo "exit $?"; grep -v Warning $OUT/wide23.log | grep " ours \|copy" | cut -c1-90
