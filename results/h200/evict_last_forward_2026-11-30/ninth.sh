# float32 forward widths of 129-256 the eighth call did not time (main, after, against
# .gl/before: e4d43cb's triton_impl, before FAST_DRAM_LARGE_NARROW_ROWS_BY_WARPS).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/ninth.log
LIMIT=140 bash benchmarks/widths_before_after.sh .gl/before float32 $L 130 131 133 150 175 201 222 255
