# NARROW_ROWS_FORWARD_FROM_OWN_STARTS widened (the working tree) against its first form
# (.gl/before: the triton_impl of 436f914), bfloat16, both directions, at the widths the second
# form adds and two it leaves alone (66, 76); then asv for the commits named (bash fourth.sh SHA ...).
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/fourth.log
LIMIT=90 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 38 70 74 78 84 92 66 76
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
ASV_LIMIT=240 bash benchmarks/asv_on_device.sh .gl "$@"
