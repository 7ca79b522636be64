set -u
L=$OUT/eighth.log
LIMIT=70 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 137 256 1024 4096
mv $OUT/after $OUT/after_bf16; mv $OUT/before $OUT/before_bf16
LIMIT=45 bash benchmarks/widths_before_after.sh .gl/before float32 $L 137 1000
ASV_LIMIT=100 bash benchmarks/asv_on_device.sh .gl
