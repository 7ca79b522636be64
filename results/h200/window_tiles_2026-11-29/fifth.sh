#!/usr/bin/env bash
# On the GPU machine, from the repository root: fourth.sh's widths with the triton_impl before
# the window rules (BEFORE: a folder holding it; speed_of_light.py puts its own tree first on
# sys.path, so the tree is copied to /tmp with that triton_impl in place of this one), the
# working tree's at the widths a two-tile bound moved after fourth.sh, and the caps of registers
# of the cooperative forward through the window at 20001-32767 columns (the policy's plan, auto,
# against the same uncapped and at other caps).
#     BEFORE=.gl/before bash results/h200/window_tiles_2026-11-29/fifth.sh
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
BF16=(137 200 255 257 258 266 390 514 642 770 898 1026 2050 2057 2600 3001 3002 4500 6001 6500
      7500 9000 10001 10002 12289 12292 13001 13002 15000 20001 24577 24578 32767)
FP32=(16391 20001 24577 24578 32767)
rm -rf /tmp/before && mkdir /tmp/before && cp -r . /tmp/before/ && rm -rf /tmp/before/triton_impl \
    && cp -r "${BEFORE:?BEFORE: the folder of the triton_impl before}/triton_impl" /tmp/before/
widths() {  # TREE NAME DTYPE N...: the widths section of the tree's triton_impl
    local tree=$1 name=$2 dtype=$3
    shift 3
    (cd "$tree" && PYTHONUNBUFFERED=1 PYTHONPATH=. timeout 250 python3 benchmarks/speed_of_light.py \
        --out "$OUT/$name" --sections widths --dtypes "$dtype" --impls ours --no-plot \
        --widths-n "$@" 2>&1 | grep -v "^ *$" | tee -a "$OUT/fifth.log")
}
echo "== before" | tee -a "$OUT/fifth.log"
widths /tmp/before before_bfloat16 bfloat16 "${BF16[@]}"
widths /tmp/before before_float32 float32 "${FP32[@]}"
echo "== after, two tiles at most" | tee -a "$OUT/fifth.log"
widths . after_two_tiles bfloat16 6500 7171 13001 13002 14339 6001 10001 12289
sweep() {  # NAME LIMIT ARGS...
    local name=$1 limit=$2
    shift 2
    mkdir -p "$OUT/$name"
    echo "== $name: $*" | tee -a "$OUT/fifth.log"
    PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "$limit" python3 benchmarks/sweep_plans.py \
        --out "$OUT/$name" --directions forward --repeat 2 --budget-s $((limit - 15)) "$@" \
        2>&1 | grep -v "^      failed" | tee -a "$OUT/fifth.log"
}
sweep caps_float32 90 --kernel cooperative --dtypes float32 --n 20001 24577 32767 --blocks 4096 \
    --warps 4 --registers 0 96 128
sweep caps_bfloat16 90 --kernel cooperative --dtypes bfloat16 --n 20001 24577 32767 --blocks 8192 \
    --warps 4 --registers 0 56 64 80
