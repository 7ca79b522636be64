# NARROW_ROWS_BACKWARD_FROM_OWN_STARTS (the working tree) against d45433c's triton_impl
# (.gl/before: eight-byte rows in tiles of 64 and 128 only), bfloat16, both directions (the
# forward the control), at widths the second form adds and beside them; the eight-byte rows of
# 68 and 76 in one, two and four warps, and float16 at 44 and 60 in two and four, swept; then
# asv for the commits named (bash fourth.sh SHA ...).
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/fourth.log
LIMIT=80 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L \
    20 28 34 42 50 62 66 74 90 122 126 140 196 252 36 100 57 64
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
bash benchmarks/sweep_into_log.sh sweep 50 $L --kernel single_block --directions backward \
    --dtypes bfloat16 --n 68 76 --warps 1 2 4 --block-m 8 --unwindowed --no-persistent --repeat 2
bash benchmarks/sweep_into_log.sh sweep16 45 $L --kernel single_block --directions backward \
    --dtypes float16 --n 44 60 --warps 2 4 --block-m 16 --unwindowed --no-persistent --repeat 2
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl "$@"
