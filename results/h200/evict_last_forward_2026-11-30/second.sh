set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/second.log
LIMIT=150 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 268 1000 1001 1024 1032 2048 3000 4100 6000
mv $OUT/after $OUT/after_bf16; mv $OUT/before $OUT/before_bf16
LIMIT=100 bash benchmarks/widths_before_after.sh .gl/before float32 $L 1000 1001 2000 3000 4100 6000
