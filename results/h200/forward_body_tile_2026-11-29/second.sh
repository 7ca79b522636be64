#!/usr/bin/env bash
# On the GPU machine, from the repository root, at the policy of policy.FORWARD_BODY_TILE_FROM_COLS:
# tests/test_window.py compiled, then the widths scan of results/h200/widths_scan_2026-11-29/
# (ours and torch.compile, bfloat16 then float32) timed again.
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
PYTHONPATH=. timeout 150 python3 -m pytest -q -x tests/test_window.py -p no:cacheprovider \
    2>&1 | tail -3 | tee "$OUT/pytest_gpu.log"
for DTYPE in bfloat16 float32; do
    DTYPE=$DTYPE LIMIT=200 bash results/h200/widths_scan_2026-11-29/scan.sh
done
