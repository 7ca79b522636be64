# TINY_ROWS_BACKWARD (the working tree, 785f974) against main's triton_impl (.gl/before: f25f70e's),
# float32 and bfloat16, both directions (the forward the control), at widths of the rule and
# beside it; then asv for the commits named (bash eighth.sh SHA ...).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/eighth.log
LIMIT=70 bash benchmarks/widths_before_after.sh .gl/before float32 $L 5 6 7 9 11 13 15 17
(cd $OUT && tar -czf widths_float32.tgz after before && rm -rf after before)
LIMIT=80 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 9 12 15 17 21 26 31 33
(cd $OUT && tar -czf widths_bfloat16.tgz after before && rm -rf after before)
ASV_LIMIT=110 bash benchmarks/asv_on_device.sh .gl "$@"
