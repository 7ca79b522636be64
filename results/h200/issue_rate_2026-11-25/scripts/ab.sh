# The 16-bit cooperative forward with fewer instructions an element, against the policy's plans,
# same calls (experiment.diff applied: bits of the constexpr ASM, set per variant through
# launch.EXPERIMENT: 2 the max of the words as bf16x2 / f16x2 pairs, 4 the pair's exponentials
# by one FFMA, 32 the output's by FADD and one FFMA with -log2(d), no multiply, 64 a program's
# other blocks read as words too, both before the wait and after).
# From the repository root with OUT set: PART=a bash results/h200/issue_rate_2026-11-25/scripts/ab.sh
set -o pipefail
: "${OUT:?set OUT to a folder for the logs}" "${PART:?set PART}"
export PYTHONPATH=. PYTHONUNBUFFERED=1
sed -e 's/for k in ("held", "store")/for k in ("asm",)/' \
    results/h100/wide_4m_shape_2026-11-24/scripts/stages.py > /tmp/asm_stages.py
run() { timeout 150 python3 /tmp/asm_stages.py "$@" 2>&1 | grep -v Warning | tee -a $OUT/$PART.log; }
V="asm=3 asm=7 asm=39 asm=39,max_registers=64"
case $PART in
a)
    run 1048576 64 bfloat16 forward - $V
    run 262144 512 bfloat16 forward - $V
    run 65536 2048 bfloat16 forward - $V
    run 4194304 32 bfloat16 forward - $V
    run 262144 512 float16 forward - $V ;;
b)
    W="asm=3 asm=67 asm=67,max_registers=80"
    run 2097152 64 bfloat16 forward - $W
    run 3145728 32 bfloat16 forward - $W
    run 4194304 32 bfloat16 forward - $W
    run 4194304 128 bfloat16 forward - $W
    run 4194304 32 float16 forward - $W
    run 1048576 128 bfloat16 forward - asm=3
    run 262144 512 bfloat16 forward - asm=3 ;;
c)  # the H100, and float16 (d: the H200's float16)
    W="asm=3 asm=67 asm=67,max_registers=80"
    for n in 65536 262144 1048576; do run $n $((134217728 / n < 64 ? 64 : 134217728 / n)) bfloat16 forward - asm=3; done
    run 2097152 64 bfloat16 forward - $W
    run 3145728 32 bfloat16 forward - $W
    run 2097152 64 float16 forward - $W
    run 3145728 32 float16 forward - $W
    run 262144 512 float16 forward - asm=3 ;;
d)
    W="asm=3 asm=67 asm=67,max_registers=80"
    run 2097152 64 float16 forward - $W
    run 3145728 32 float16 forward - $W
    run 65536 2048 float16 forward - asm=3 ;;
esac
