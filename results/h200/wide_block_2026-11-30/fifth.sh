set -u
L=$OUT/fifth.log
S="--kernel cooperative --repeat 2 --blocks 16384"
for m in 128 32; do
bash benchmarks/sweep_into_log.sh f$m 50 $L $S --directions forward --dtypes float32 --n 1048576 --rows $m --warps 8 --registers 80 88
done
bash benchmarks/sweep_into_log.sh b128 70 $L $S --directions backward --dtypes bfloat16 float32 --n 1048576 --warps 8 16 --registers 0 80
bash benchmarks/sweep_into_log.sh b512 50 $L $S --directions backward --dtypes bfloat16 --n 524288 --warps 8 --registers 80 96
