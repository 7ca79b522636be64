set -u
L=$OUT/third.log
S="--kernel cooperative --directions forward --repeat 2 --blocks 16384 --warps 4"
bash benchmarks/sweep_into_log.sh a 110 $L $S --dtypes bfloat16 --n 196608 393216 524288 786432 --registers 96
for m in 8 16 32; do
bash benchmarks/sweep_into_log.sh m$m 45 $L $S --dtypes bfloat16 --n 1048576 --rows $m --registers 96
done
bash benchmarks/sweep_into_log.sh w 70 $L $S --dtypes bfloat16 --n 262143 200001 --registers 96 112
bash benchmarks/sweep_into_log.sh h 45 $L $S --dtypes float16 --n 1048576 --registers 96
