# FAST_DRAM_LARGE_NARROW_ROWS_BY_WARPS (HEAD) against main's triton_impl (.gl/before), float32,
# then asv for the commits named (bash eighth.sh SHA ...).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/eighth.log
LIMIT=120 bash benchmarks/widths_before_after.sh .gl/before float32 $L 129 137 160 200 232 252 256
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl "$@"
