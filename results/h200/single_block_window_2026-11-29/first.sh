# Single-block rows that are not whole 16-byte vectors, read through a window (kernels/row_math.py,
# row_window), before their commit: the widths section (bfloat16 and float32) with torch.softmax,
# torch.compile and Liger-Kernel 0.8.5 (QuACK refuses N not a multiple of 8); a sweep of the
# single-block tiles and warps at such widths, two interleaved rounds; tests/test_window.py compiled.
# Every output timed is NaN-poisoned and checked against float64 first.
#   bash results/h200/single_block_window_2026-11-29/first.sh 2>&1 | tee $OUT/run.log   carry [".carry5"]
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/peers .carry5/*.whl 2>&1 | grep -v WARN
PYTHONPATH=. timeout 120 python3 -m pytest -q -p no:cacheprovider -n 4 tests/test_window.py > $OUT/pytest_gpu.log 2>&1
tail -3 $OUT/pytest_gpu.log
for dtype in bfloat16 float32; do
    PYTHONPATH=.:/tmp/peers timeout 150 python3 benchmarks/speed_of_light.py --out $OUT/widths_$dtype \
        --sections widths --dtypes $dtype --no-plot >> $OUT/widths.log 2>&1
done
grep -E "copy|ours" $OUT/widths.log
PYTHONPATH=. timeout 200 python3 benchmarks/sweep_plans.py --out $OUT --kernel single_block \
    --n 1001 4100 3001 --dtypes bfloat16 float32 --directions forward backward --warps 2 4 8 16 \
    --repeat 2 --budget-s 180 2>&1 | grep -v Warn > $OUT/sweep.log
grep -E "^(forward|backward)|best|auto" $OUT/sweep.log | head -80
