#!/usr/bin/env bash
# On the GPU machine, from the repository root: asv's record of the COMMITs (benchmarks/asv_on_device.sh,
# .gl written by benchmarks/commit_for_carry.sh), the widths scan of results/h200/
# widths_scan_2026-11-29/ again at its widths and the ones this directory's rules moved (ours and
# torch.compile, both dtypes), and the window tests of the H200's plans compiled here. One log.
#     bash results/h200/window_tiles_2026-11-29/sixth.sh COMMIT ...
set -o pipefail
ASV_LIMIT=${ASV_LIMIT:-120} bash benchmarks/asv_on_device.sh .gl "$@"
WIDTHS=(137 255 257 258 262 300 390 514 642 770 777 1000 1001 1002 1026 1500 2001 2002 2050 2057
        2500 3000 3001 3002 4097 4098 4100 6001 6002 6004 6500 7500 8191 8194 10001 10002 12289
        12292 13002 16383 16386 20001 24577 24578 32767 50257 50258 100001 131074)
for dtype in bfloat16 float32; do
    PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "${LIMIT:-200}" python3 benchmarks/speed_of_light.py \
        --out "$OUT/scan_$dtype" --sections widths --dtypes $dtype --impls ours torch.compile \
        --no-plot --widths-n "${WIDTHS[@]}" 2>&1 | grep -v "^ *$" | tee -a "$OUT/sixth.log"
done
PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 150 python3 -m pytest -q -p no:cacheprovider -p no:xdist \
    tests/test_window.py -k "h200s" 2>&1 | tail -5 | tee -a "$OUT/sixth.log"
