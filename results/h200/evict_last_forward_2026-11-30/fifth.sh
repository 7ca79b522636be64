# At e4d43cb: the kernel and property suites on the GPU, then the bandwidth grid (ours, torch).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
export PYTHONUNBUFFERED=1 PYTHONPATH=.
timeout 170 python3 -m pytest -q -x -p no:cacheprovider tests/test_triton_kernels.py tests/test_window.py \
    tests/test_properties_forward.py 2>&1 | tail -5 | tee $OUT/tests.log
timeout 200 python3 benchmarks/speed_of_light.py --out $OUT/grid --sections bandwidth --impls ours torch \
    --no-plot 2>&1 | grep -v "^ *$" | tee $OUT/grid.log
