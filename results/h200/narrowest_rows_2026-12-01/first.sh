#!/usr/bin/env bash
# On the GPU machine, from the repository root (.gl/before holding ec96a36's triton_impl): the
# Triton code torch.compile generates at the narrow rows where its backward leads ours; the float32
# rules for 9-11 (forward heads and tails, backward bodies of 8 in one warp) against the plans
# before in one call; the forward of float32 rows of N % 4 == 2 at 70-94 swept rows by warps.
#     OUT=... bash results/h200/narrowest_rows_2026-12-01/first.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/first.log"
PYTHONPATH=. timeout 150 python3 results/h200/narrowest_rows_2026-12-01/inductor_code.py \
    "$OUT/inductor" 2>&1 | tail -n 40 | tee -a "$L"
(cd "$OUT" && tar -czf inductor.tgz inductor && rm -rf inductor)
LIMIT=80 bash benchmarks/widths_before_after.sh .gl/before float32 "$L" 9 10 11 12 13 14
(cd "$OUT" && tar -czf widths.tgz after before && rm -rf after before)
bash benchmarks/sweep_into_log.sh f70 150 "$L" --kernel single_block --directions forward \
    --dtypes float32 --n 70 74 78 86 94 --warps 1 2 4 --block-m 4 8 16 --unwindowed \
    --rows-by-warps-only --no-persistent --repeat 2
(cd "$OUT" && tar -czf sweeps.tgz f70 && rm -rf f70)
