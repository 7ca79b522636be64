# The final rule (f25f70e, the working tree): the widths section of narrow rows, ours and
# torch.softmax, float32 below 17 columns and bfloat16 of 9-127 (the next leads); then asv for
# the commits named (bash sixth.sh SHA ...).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/sixth.log
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 100 python3 benchmarks/speed_of_light.py --out $OUT/f32 \
    --sections widths --dtypes float32 --impls ours torch --no-plot \
    --widths-n 2 3 5 7 9 11 13 15 16 2>&1 | grep -v "^ *$" | tee -a $L
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 140 python3 benchmarks/speed_of_light.py --out $OUT/bf16 \
    --sections widths --dtypes bfloat16 --impls ours torch --no-plot \
    --widths-n 9 15 17 23 31 33 45 57 67 75 89 99 113 127 2>&1 | grep -v "^ *$" | tee -a $L
(cd $OUT && tar -czf widths.tgz f32 bf16 && rm -rf f32 bf16)
ASV_LIMIT=120 bash benchmarks/asv_on_device.sh .gl "$@"
