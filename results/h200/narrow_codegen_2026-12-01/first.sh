#!/usr/bin/env bash
# On the GPU machine, from the repository root: the probe (probe.py), then asv's record of the two
# commits that changed triton_impl's code and had none (7bf876c, 72ac6bc), from .gl as
# benchmarks/commit_for_carry.sh wrote it.
#     OUT=... bash results/h200/narrow_codegen_2026-12-01/first.sh
set -u
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
PYTHONPATH=. timeout 330 python3 results/h200/narrow_codegen_2026-12-01/probe.py "$OUT/probe.json" \
    2>&1 | tee "$OUT/probe.log"
ASV_LIMIT=200 bash benchmarks/asv_on_device.sh .gl 7bf876c5771ed53c4233305b2a30115c92d2f2ff \
    72ac6bcf7e1f579eca6633815672f3aff2a1aaf4 2>&1 | tee "$OUT/asv_call.log"
gzip -f "$OUT/asv.log" 2>/dev/null
