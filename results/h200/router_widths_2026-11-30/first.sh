# Narrow rows of whole vectors (a mixture-of-experts router's widths) beside torch and
# torch.compile, both dtypes and directions; and the bfloat16 rows of 262144 at 512, 1024 and
# 2048 rows (does the grid's 90-94% forward rise with more rows, the last wave's share smaller?).
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
for dt in bfloat16 float32; do
    timeout 150 python3 benchmarks/speed_of_light.py --out $OUT/widths_$dt --sections widths \
        --dtypes $dt --impls ours torch torch.compile --no-plot \
        --widths-n 8 16 32 60 64 96 128 192 2>&1 | grep -v Warning | tee -a $OUT/first.log
done
timeout 120 python3 benchmarks/speed_of_light.py --out $OUT/rows_262144 --sections wide \
    --dtypes bfloat16 --impls ours --no-plot --wide-n 262144 --wide-rows 512 1024 2048 \
    2>&1 | grep -v Warning | tee -a $OUT/first.log
