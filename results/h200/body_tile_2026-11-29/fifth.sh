#!/usr/bin/env bash
# At the commit of the body's tile: tests/test_window.py compiled on the GPU; the widths section
# (bfloat16) with torch.softmax, torch.compile and Liger-Kernel 0.8.5 (QuACK refuses N not a
# multiple of 8), every output NaN-poisoned and checked against float64 first; then asv's quick
# selection recorded for the commit (benchmarks/asv_on_device.sh).
#   bash results/h200/body_tile_2026-11-29/fifth.sh 2>&1 | tee $OUT/run.log   carry [".carry5", ".gl", ".whl"]
set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/peers .carry5/*.whl 2>&1 | grep -v WARN
PYTHONPATH=. timeout 120 python3 -m pytest -q -p no:cacheprovider -n 8 tests/test_window.py > $OUT/pytest_gpu.log 2>&1
tail -3 $OUT/pytest_gpu.log
PYTHONPATH=.:/tmp/peers timeout 240 python3 benchmarks/speed_of_light.py --out $OUT/widths_bfloat16 \
    --sections widths --dtypes bfloat16 --no-plot > $OUT/widths.log 2>&1
grep -E "copy|ours" $OUT/widths.log
ASV_LIMIT=150 bash benchmarks/asv_on_device.sh .gl HEAD
