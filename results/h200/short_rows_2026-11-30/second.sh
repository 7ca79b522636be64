# The float32 forward of rows of 33-68 columns: where 16 rows of 8 threads a row give way to 8 rows
# of 16 (first call: 99% at 35-45, 95-98% the other way at 57-63), rows of whole vectors beside
# them, from the rows' own starts; then the bfloat16 forward of such rows, rows by warps, both
# reading forms. Two interleaved rounds.
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
for n in 33 39 41 47 51 53 55 59 61 65 67 36 48 60; do
    bash benchmarks/sweep_into_log.sh f$n 40 $OUT/second.log --kernel single_block \
        --directions forward --dtypes float32 --n $n --warps 2 4 8 --block-m 8 16 32 \
        --rows-by-warps-only --no-persistent --repeat 2
done
for n in 35 47 63 101; do
    bash benchmarks/sweep_into_log.sh b$n 60 $OUT/second.log --kernel single_block \
        --directions forward --dtypes bfloat16 --n $n --warps 1 2 4 8 --block-m 4 8 16 32 \
        --rows-by-warps-only --windowed --no-persistent --repeat 2 --peers torch.compile
done
cd $OUT && tar czf sweeps.tgz f* b* && rm -rf f[0-9]* b[0-9]*
