# Narrow widths before/after, then asv for a21f373 and HEAD (the trial).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/fourth.log
LIMIT=110 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 137 200 268 300 390 600 777
mv $OUT/after $OUT/after_bf16; mv $OUT/before $OUT/before_bf16
LIMIT=80 bash benchmarks/widths_before_after.sh .gl/before float32 $L 137 200 300 600 777
(cd $OUT && tar -czf widths.tgz after after_bf16 before before_bf16 && rm -rf after after_bf16 before before_bf16)
ASV_LIMIT=230 bash benchmarks/asv_on_device.sh .gl a21f3731613df09abea64d9cd6daa667d1e4e407 HEAD
