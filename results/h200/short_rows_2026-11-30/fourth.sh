# FAST_DRAM_SHORT_ROW_LAYOUTS by N % 4 (the working tree, c6076e6) against main's triton_impl
# (.gl/before: f1e642e's), float32 forward and backward (the control); the new launches' GPU
# test; then asv for the commits named (bash fourth.sh SHA ...).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/fourth.log
LIMIT=120 bash benchmarks/widths_before_after.sh .gl/before float32 $L 17 18 19 20 21 22 23 24 \
    25 26 27 28 29 30 31 35 57 58 62 66 67
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
PYTHONPATH=. timeout 60 python3 -m pytest -q -n 0 tests/test_triton_kernels.py \
    -k "timed_row_tiles or short_float32" 2>&1 | tail -3 | tee -a $L
ASV_LIMIT=115 bash benchmarks/asv_on_device.sh .gl "$@"
