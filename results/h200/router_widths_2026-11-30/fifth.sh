# FEW_WARPS_BACKWARD_EIGHT_BYTE_ROWS' tile of 128 (the working tree: eight-byte rows of 68-76 in
# two warps) against 1e62989's triton_impl (.gl/before), bfloat16, both directions, at its widths
# and beside them; then asv for the commits named (bash fifth.sh SHA ...).
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/fifth.log
LIMIT=60 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 68 76 84 66 74 100
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl "$@"
