# NARROW_ROWS_FORWARD_FROM_OWN_STARTS' (64, 0) (the working tree: 4-byte rows of 50-62 in their
# power of two from their own starts, 32 rows in 4 warps) against 74b6fe3's triton_impl
# (.gl/before), bfloat16, both directions, at 50-62 and beside them (52, 66); then asv for the
# commits named (bash fifth.sh SHA ...).
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/fifth.log
LIMIT=70 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 50 54 58 62 52 66
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl "$@"
