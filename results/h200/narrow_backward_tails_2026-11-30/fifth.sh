# The new plans' tests on the GPU, compiled for it (under the interpreter in CI): the
# single-block backward's heads and tails of any layout, the H200's narrow rows between
# sentinels (forward and backward), the short rows' plans, one log line a test.
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 500 python3 -m pytest -v -p no:cacheprovider tests/test_window.py tests/test_triton_kernels.py \
    -k "h200s or block_and_a_tail or short_rows or head_and_tail or few_warps" 2>&1 \
    | grep -E "PASSED|FAILED|ERROR|passed|failed|Error" | tee $OUT/fifth.log
