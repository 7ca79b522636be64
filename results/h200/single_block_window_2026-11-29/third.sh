# At the commit: the widths section (bfloat16 and float32) with torch.softmax, torch.compile and
# Liger-Kernel 0.8.5; tests/test_window.py and tests/test_cooperative.py compiled on the GPU.
#   bash results/h200/single_block_window_2026-11-29/third.sh 2>&1 | tee $OUT/run.log   carry [".carry5"]
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/peers .carry5/*.whl 2>&1 | grep -v WARN
PYTHONPATH=. timeout 150 python3 -m pytest -q -p no:cacheprovider -n 4 tests/test_window.py tests/test_cooperative.py > $OUT/pytest_gpu.log 2>&1
tail -3 $OUT/pytest_gpu.log
for dtype in bfloat16 float32; do
    PYTHONPATH=.:/tmp/peers timeout 150 python3 benchmarks/speed_of_light.py --out $OUT/widths_$dtype \
        --sections widths --dtypes $dtype --no-plot >> $OUT/widths.log 2>&1
done
grep -E "copy|ours" $OUT/widths.log
