set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $OUT/device.txt
L=$OUT/first.log
bash benchmarks/sweep_into_log.sh c262 200 $L --kernel cooperative --directions forward \
  --dtypes bfloat16 --n 262144 --blocks 8192 16384 --warps 4 8 --registers 0 56 64 96 --repeat 2
bash benchmarks/sweep_into_log.sh c1m 200 $L --kernel cooperative --directions forward \
  --dtypes bfloat16 --n 1048576 --blocks 8192 16384 --warps 4 8 --registers 0 56 64 96 --repeat 2
