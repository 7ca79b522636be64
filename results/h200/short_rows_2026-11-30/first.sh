# float32 forward rows of 33-68 columns past vectors (the policy: 32 x 64 or 16 x 128 in 4 warps
# from the rows' own starts): the variants laid out rows by warps, from their own starts and
# through the window, two interleaved rounds.
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
for n in 35 45 50 57 63 66; do
    bash benchmarks/sweep_into_log.sh f$n 78 $OUT/first.log --kernel single_block \
        --directions forward --dtypes float32 --n $n --warps 1 2 4 8 --block-m 4 8 16 32 \
        --rows-by-warps-only --windowed --no-persistent --repeat 2
done
