# FAST_DRAM_SHORT_ROW_LAYOUTS (the working tree, 7ab7ccb) against main's triton_impl (.gl/before:
# f1e642e's), float32 forward and backward (the control); the new launches' GPU test; sweeps of
# float32 rows of 17-31 columns (a tile of 32) rows by warps; then asv for the commits named
# (bash third.sh SHA ...).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/third.log
LIMIT=110 bash benchmarks/widths_before_after.sh .gl/before float32 $L 33 35 37 40 44 49 50 54 \
    56 57 58 60 62 63 64 65 66 67 68
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
PYTHONPATH=. timeout 60 python3 -m pytest -q -n 0 tests/test_triton_kernels.py \
    -k timed_row_tiles 2>&1 | tail -3 | tee -a $L
for n in 17 21 24 27 31; do
    bash benchmarks/sweep_into_log.sh f$n 32 $L --kernel single_block --directions forward \
        --dtypes float32 --n $n --warps 2 4 8 --block-m 8 16 32 64 --rows-by-warps-only \
        --no-persistent --repeat 2
done
(cd $OUT && tar -czf sweeps.tgz f[0-9]* && rm -rf f[0-9]*)
ASV_LIMIT=115 bash benchmarks/asv_on_device.sh .gl "$@"
