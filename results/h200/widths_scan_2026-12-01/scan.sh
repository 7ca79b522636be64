#!/usr/bin/env bash
# On the GPU machine, from the repository root: the widths section at narrow widths and at widths
# of every residue (odd, 2 mod 4, 4 mod 8, 8 mod 16, just past powers of two), ours, torch.softmax,
# torch.compile and Liger-Kernel 0.8.5 (its wheel carried in .gl/peers), one dtype a call:
#   DTYPE=bfloat16 bash results/h200/widths_scan_2026-12-01/scan.sh     (carry [".gl"])
set -o pipefail
export PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .gl/peers/*.whl \
    2>&1 | grep -v WARNING | tail -2
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
PYTHONPATH=.:/tmp/site timeout "${LIMIT:-560}" python3 benchmarks/speed_of_light.py \
    --out "$OUT/scan_$DTYPE" --sections widths --dtypes "$DTYPE" --impls ours torch torch.compile \
    liger --no-plot --widths-n ${WIDTHS:-19 25 27 31 34 37 45 57 69 75 99 137 150 201 257 268 300 \
    514 777 1001 1032 2057 3001 4097 4100 6001 8191 8194 10001 12289 12344 16383 16386 20001 \
    24577 32767 50257 50258 100001 131074} 2>&1 | tee "$OUT/scan_$DTYPE.log"
