#!/usr/bin/env bash
# On the GPU machine, from the repository root: cooperative programs of two warps, whose threads
# hold twice the values, so that six fit on an SM where five did (192 KiB held an SM against 160;
# registers compiled for sm_90 here: the float32 forward of 8192 columns in two warps capped at 168
# takes 158, no spill; the bfloat16 backward in two warps 168 uncapped, no spill), swept against
# the policy at N = 262144 and 1M (M = 2^27 // N); the bfloat16 backward of 16384 (single-block)
# against 6e756e5's triton_impl again (the ninth call of narrow_codegen_2026-12-01 had it 3 points
# slower in one round); then asv's record of 94a7667 and 7bf876c.
#     OUT=... bash results/h200/capacity_2026-12-01/first.sh   (the call copies it into .gl first)
set -u
export PYTHONUNBUFFERED=1
[ ! -e results ] || echo "results/ travelled though left behind"
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
L="$OUT/first.log"
bash benchmarks/sweep_into_log.sh fwd32 150 "$L" --kernel cooperative --directions forward \
    --dtypes float32 --n 262144 1048576 --blocks 8192 --warps 2 4 --registers 0 96 168 --repeat 2
bash benchmarks/sweep_into_log.sh bwd16 150 "$L" --kernel cooperative --directions backward \
    --dtypes bfloat16 --n 262144 1048576 --blocks 8192 --warps 2 4 --registers 0 96 168 --repeat 2
(cd "$OUT" && tar -czf sweeps.tgz fwd32 bwd16 && rm -rf fwd32 bwd16)
for round in 1 2; do
    LIMIT=30 bash benchmarks/widths_before_after.sh .gl/before bfloat16 "$L" 16384
    rm -rf "$OUT/after" "$OUT/before"
done
ASV_LIMIT=220 bash benchmarks/asv_on_device.sh .gl 94a76674ad474a7eced8c4f3a8fb0c52ba328977 \
    7bf876c5771ed53c4233305b2a30115c92d2f2ff 2>&1 | tee "$OUT/asv_call.log"
gzip -f "$OUT/asv.log" 2>/dev/null
