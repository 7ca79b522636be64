# The third call's rules (the working tree) against the triton_impl of 5598c7a (.gl/before),
# bfloat16, both directions, at the widths they take and two beside them (31, 77); a sweep of the
# 16-bit forward of odd rows of 17-31 laid out rows by warps from the rows' own starts (as
# float32's are, FAST_DRAM_SHORT_ROW_LAYOUTS), torch.compile in the same rounds; then asv's
# record of the commits given (full shas).
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/fourth.log
LIMIT=170 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L \
    33 37 45 51 57 63 19 25 29 49 65 69 71 146 150 158 31 77
(cd $OUT && tar -czf widths.tgz after before && rm -rf after before)
bash benchmarks/sweep_into_log.sh short_forward 130 $L --kernel single_block \
    --directions forward --dtypes bfloat16 --n 19 23 27 31 --warps 2 4 --block-m 8 16 32 \
    --unwindowed --rows-by-warps-only --no-persistent --repeat 2 --peers torch.compile
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl "$@"
