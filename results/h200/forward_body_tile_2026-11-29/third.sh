#!/usr/bin/env bash
# On the GPU machine, from the repository root, at the committed form (a row's pair to its edges
# through a scalar, kernels/row_math.py per_row): tests/test_window.py compiled, then the
# policy's forward (now through the window) against the same in other warps, as first.sh.
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
PYTHONPATH=. timeout 150 python3 -m pytest -q -x tests/test_window.py -p no:cacheprovider \
    2>&1 | tail -3 | tee "$OUT/pytest_gpu.log"
for dtype in bfloat16 float32; do
    case $dtype in
        float32) widths="2050 16386" ;;
        *) widths="777 1001 2001 3001 4097 4098 8191 8194 12289 16383 16386" ;;
    esac
    mkdir -p "$OUT/$dtype"
    PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 200 python3 benchmarks/sweep_plans.py \
        --out "$OUT/$dtype" --kernel single_block --policy-windowed --directions forward \
        --dtypes "$dtype" --warps 4 8 --repeat 2 --n $widths --budget-s 190 \
        2>&1 | tee "$OUT/$dtype.log"
done
