#!/usr/bin/env bash
# On the GPU machine, from the repository root: the widths section at widths of every residue
# (odd, 2 mod 4, 4 mod 8, 8 mod 16 and whole 16-byte rows past powers of two), ours and
# torch.compile, one dtype a call:  DTYPE=bfloat16 bash results/h200/widths_scan_2026-11-29/scan.sh
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "${LIMIT:-560}" python3 benchmarks/speed_of_light.py \
    --out "$OUT/scan_$DTYPE" --sections widths --dtypes "$DTYPE" --impls ours torch.compile \
    --no-plot --widths-n 257 300 514 777 1000 1001 1002 1500 2001 2002 2057 2500 3000 3001 3002 \
    4097 4098 4100 6001 6002 6004 8191 8194 10001 10002 12289 12292 16383 16386 24577 \
    32767 50257 50258 100001 131074 2>&1 | tee "$OUT/scan_$DTYPE.log"
