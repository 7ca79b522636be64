set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/first.log
LIMIT=135 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 137 256 268 1024 1032 2048 4100
mv $OUT/after $OUT/after_bf16; mv $OUT/before $OUT/before_bf16
LIMIT=95 bash benchmarks/widths_before_after.sh .gl/before float32 $L 137 256 1000 1024 4096
