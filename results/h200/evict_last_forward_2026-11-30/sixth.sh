# The trial 'held block stored evict-first' (the working tree) against main's triton_impl
# (.gl/before), then the GPU suites without -x.
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/sixth.log
LIMIT=150 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 12344 16384 65536 131080 262144 1048576 4194304
mv $OUT/after $OUT/after_bf16; mv $OUT/before $OUT/before_bf16
LIMIT=100 bash benchmarks/widths_before_after.sh .gl/before float32 $L 65536 262144 1048576 4194304
(cd $OUT && tar -czf widths.tgz after after_bf16 before before_bf16 && rm -rf after after_bf16 before before_bf16)
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 200 python3 -m pytest -q -p no:cacheprovider \
    tests/test_triton_kernels.py tests/test_window.py tests/test_properties_forward.py \
    tests/test_cooperative.py 2>&1 | tail -8 | tee $OUT/tests.log
