# speed_of_light's wide section at 128 x 3M with every peer (the shape the 207c364 H100 run's time limit cut)
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader > $OUT/device.txt
timeout 560 python3 benchmarks/speed_of_light.py --out $OUT/w --sections wide --wide-n 3145728 --wide-rows 128 --dtypes float32 bfloat16 --no-plot > $OUT/wide3m128.log 2>&1
echo "exit $?"; grep -v Warning $OUT/wide3m128.log | grep "wide\|copy" | cut -c1-100
