# FAST_DRAM_SHORT_ROW_LAYOUTS, odd rows only at 17-31 (the working tree) against main's
# triton_impl (.gl/before: f1e642e's), float32: rows of N % 4 == 2 (18-30 back to their plans,
# 34-54 taken by the rule), a few others again; the GPU tests; then asv for the commits named
# (bash fifth.sh SHA ...; the fourth call's asv stopped at its limit).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/fifth.log
LIMIT=100 bash benchmarks/widths_before_after.sh .gl/before float32 $L 18 22 26 30 34 38 42 46 \
    50 54 19 33 45
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
PYTHONPATH=. timeout 60 python3 -m pytest -q -n 0 tests/test_triton_kernels.py \
    -k "timed_row_tiles or short_float32" 2>&1 | tail -3 | tee -a $L
ASV_LIMIT=240 bash benchmarks/asv_on_device.sh .gl "$@"
