# WINDOWED_ROW_TILES' float32 tile of 128 (the working tree) against main's triton_impl
# (.gl/before: 02efbe6's), float32, then asv for the commits named (bash eleventh.sh SHA ...).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/eleventh.log
LIMIT=90 bash benchmarks/widths_before_after.sh .gl/before float32 $L 101 106 113 118 125 127 129 130 131
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
ASV_LIMIT=115 bash benchmarks/asv_on_device.sh .gl "$@"
