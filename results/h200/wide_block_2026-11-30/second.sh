set -u
L=$OUT/second.log
S="--kernel cooperative --directions forward --repeat 2"
bash benchmarks/sweep_into_log.sh a262 120 $L $S --dtypes bfloat16 float16 --n 262144 --blocks 16384 --warps 4 --registers 80 88 96 100 104 112
bash benchmarks/sweep_into_log.sh b262 60 $L $S --dtypes bfloat16 --n 262144 --blocks 32768 --warps 8 --registers 96 112
bash benchmarks/sweep_into_log.sh c64k 70 $L $S --dtypes bfloat16 --n 65536 131072 --blocks 16384 --warps 4 --registers 96 100
bash benchmarks/sweep_into_log.sh d2m 90 $L $S --dtypes bfloat16 --n 2097152 --blocks 16384 --warps 4 --registers 96 100
bash benchmarks/sweep_into_log.sh e1m 90 $L $S --dtypes bfloat16 --n 1048576 --rows 64 --blocks 16384 --warps 4 --registers 96 100
