#!/usr/bin/env bash
# On the GPU machine, from the repository root: the probe (probe.py), then asv's record of 72ac6bc,
# a commit that changed triton_impl's code and had none, from .gl as benchmarks/commit_for_carry.sh
# wrote it. (7bf876c, the other, cannot travel: the objects of its tree that HEAD's lacks are 15.5
# MB, and with the 52.4 MiB tree they pass the 64 MiB a call carries.)
#     OUT=... bash results/h200/narrow_codegen_2026-12-01/first.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
PYTHONPATH=. timeout 330 python3 results/h200/narrow_codegen_2026-12-01/probe.py "$OUT/probe.json" \
    2>&1 | tee "$OUT/probe.log"
ASV_LIMIT=110 bash benchmarks/asv_on_device.sh .gl 72ac6bcf7e1f579eca6633815672f3aff2a1aaf4 2>&1 | tee "$OUT/asv_call.log"
gzip -f "$OUT/asv.log" 2>/dev/null
