set -u
ASV_LIMIT=130 bash benchmarks/asv_on_device.sh .gl
L=$OUT/seventh.log
LIMIT=170 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 4096 16384 20001 65536 262144 1048576 2097152
mv $OUT/after $OUT/after_bf16; mv $OUT/before $OUT/before_bf16
LIMIT=150 bash benchmarks/widths_before_after.sh .gl/before float32 $L 7001 20001 65536 262144 1048576
