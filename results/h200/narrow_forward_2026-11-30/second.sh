# NARROW_ROWS_FORWARD_FROM_OWN_STARTS (the working tree) against the triton_impl of the commit
# before it (.gl/before), bfloat16, both directions (the backward, unchanged, the control), at the
# widths the rule takes, those riding on them and beside them; then float16 swept at five of
# them (the policy's plan, now the rule's, beside the layouts of the plans before it).
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/second.log
LIMIT=170 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L \
    34 36 42 44 46 66 68 76 82 86 90 94 38 74 58 100
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
bash benchmarks/sweep_into_log.sh float16 150 $L --kernel single_block --directions forward \
    --dtypes float16 --n 36 44 68 34 66 90 --warps 1 4 --block-m 8 16 32 --windowed \
    --no-persistent --repeat 2
