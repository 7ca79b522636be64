# The backward of the narrowest rows, where the sixth call found ours behind torch.softmax (float32
# 5 / 7: 24.7 / 31.8% against 42.7 / 45.9%; bfloat16 9 / 15: 9.7 / 16.1% against 25.1 / 35.7%):
# the single-block variants swept beside torch, two interleaved rounds.
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
for n in 5 7; do
    bash benchmarks/sweep_into_log.sh f$n 45 $OUT/seventh.log --kernel single_block \
        --directions backward --dtypes float32 --n $n --warps 1 2 4 8 --no-persistent --repeat 2
done
for n in 9 15; do
    bash benchmarks/sweep_into_log.sh b$n 45 $OUT/seventh.log --kernel single_block \
        --directions backward --dtypes bfloat16 --n $n --warps 1 2 4 8 --no-persistent --repeat 2
done
cd $OUT && tar czf sweeps.tgz f[0-9]* b[0-9]* && rm -rf f[0-9]* b[0-9]*
