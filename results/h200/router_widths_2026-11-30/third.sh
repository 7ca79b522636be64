# EIGHT_BYTE_NARROW_ROWS_BACKWARD (the working tree) against main's triton_impl (.gl/before),
# bfloat16, both directions (the forward the control), at widths of the rule and beside it;
# sweeps of the bfloat16 backward at other residues and powers of two (from their own starts and
# through the window, torch.compile in the same rounds) and of float16 at two of the rule's
# widths; then asv for the commits named (bash third.sh SHA ...).
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/third.log
LIMIT=75 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L \
    36 44 52 60 68 76 84 92 100 108 116 124 58 64 132
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
bash benchmarks/sweep_into_log.sh sweep 170 $L --kernel single_block --directions backward \
    --dtypes bfloat16 --n 20 28 34 42 50 62 66 74 90 122 140 196 252 --warps 1 2 4 \
    --block-m 4 8 16 32 64 --unwindowed --no-persistent --repeat 2 --peers torch.compile
bash benchmarks/sweep_into_log.sh sweep16 50 $L --kernel single_block --directions backward \
    --dtypes float16 --n 44 100 --warps 2 4 --block-m 8 16 --unwindowed --no-persistent --repeat 2
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl "$@"
