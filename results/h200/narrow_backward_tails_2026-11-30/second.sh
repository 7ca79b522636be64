# NARROW_ROWS_BACKWARD_HEADS_AND_TAILS and WINDOWED_BACKWARD_HEADS_AND_TAILS (the working tree)
# against the triton_impl of the commit before them (.gl/before), bfloat16, both directions (the
# forward, unchanged, the control), at the widths the rules take, those riding on them and two
# beside them (50, 66); float16 swept at three of them (the policy's plan, now the rules', beside
# the tiles of the plans before); then asv's record of the commits given (full shas).
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/second.log
LIMIT=150 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L \
    34 38 42 46 74 78 37 39 45 47 137 143 50 66
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
bash benchmarks/sweep_into_log.sh float16 100 $L --kernel single_block --directions backward \
    --dtypes float16 --n 34 45 137 --warps 1 2 4 --block-m 4 16 32 --no-persistent --repeat 2
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl "$@"
