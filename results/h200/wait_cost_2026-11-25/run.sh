# The cooperative kernel's wait: not waiting at all (wrong output, diagnostic only) and the first
# rows of a launch staggered, against the kernel as it is, same calls. Run from the repository
# root at bf0feba after `git apply results/h200/wait_cost_2026-11-25/stagger_nowait.patch`.
# PART=stagger | nowait | stagger_1m
set -o pipefail
: "${OUT:?set OUT to a folder for the logs}" "${PART:?set PART}"
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
sed -e 's/("held", "store")/("stagger", "nowait")/' \
    -e 's/        checking.check_backward(out, y, dy, what=spec) if backward else checking.check_forward(out, x, what=spec)/        if "nowait" not in spec: checking.check_backward(out, y, dy, what=spec) if backward else checking.check_forward(out, x, what=spec)/' \
    results/h100/wide_4m_shape_2026-11-24/scripts/stages.py > /tmp/stagger.py
run() { timeout 150 python3 /tmp/stagger.py "$@" 2>&1 | grep -v Warning | tee -a $OUT/$PART.log; }
case $PART in
stagger)
    for p in "4194304 32 float32 forward" "4194304 32 bfloat16 forward" "4194304 32 float32 backward" \
             "4194304 32 bfloat16 backward" "1048576 32 float32 forward" "1048576 64 bfloat16 forward" \
             "1048576 32 float32 backward"; do run $p - stagger=2 stagger=1000000; done ;;
nowait)
    for p in "4194304 32 float32 forward" "4194304 32 bfloat16 forward" "4194304 32 float32 backward" \
             "1048576 32 float32 forward" "1048576 64 bfloat16 forward" "262144 512 bfloat16 forward"; do
        run $p - nowait=1; done ;;
stagger_1m)
    run 1048576 32 float32 forward - stagger=2 stagger=3 stagger=4 stagger=5 stagger=6 stagger=8
    run 1048576 128 float32 forward - stagger=2 stagger=4 stagger=5 stagger=6 stagger=8
    run 1048576 64 bfloat16 forward - stagger=2 stagger=4 stagger=8 stagger=9 stagger=12
    run 1048576 32 float32 backward - stagger=2 stagger=3 stagger=4 stagger=5 stagger=6
    run 1048576 64 bfloat16 backward - stagger=2 stagger=4 stagger=6 stagger=8 ;;
esac
