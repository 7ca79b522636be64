# The held block loaded last (HELD_LAST), against the policy's plans, same calls.
# From the repository root with OUT set; PART=a | c | d (the calls that ran).
set -o pipefail
: "${OUT:?set OUT to a folder for the logs}" "${PART:?set PART}"
export PYTHONPATH=. PYTHONUNBUFFERED=1
D=results/h200/held_last_2026-11-25/scripts
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/device.txt
# the A/B harness of results/h100/wide_4m_shape_2026-11-24/, taking this experiment's keys
sed -e 's/for k in ("held", "store")/for k in ("held_last", "nowait")/' \
    results/h100/wide_4m_shape_2026-11-24/scripts/stages.py > /tmp/held_last_stages.py
run() { timeout 200 python3 /tmp/held_last_stages.py "$@" 2>&1 | grep -v Warning | tee -a $OUT/$PART.log; }
W16="block_n=16384,num_warps=16,max_registers=64,held_last=1"
case $PART in
a)
    run 4194304 32 float32 forward - held_last=1 $W16 $W16,prefetch=0
    run 4194304 32 float32 backward - held_last=1
    run 4194304 32 bfloat16 forward - held_last=1
    run 4194304 32 bfloat16 backward - held_last=1 $W16 ;;
c)
    P="block_n=16384,prefetch=0"
    for m in 32 128 8; do run 4194304 $m float32 forward - $P,num_warps=16,max_registers=64,held_last=1; done
    run 4194304 32 float32 backward - $P,num_warps=32,max_registers=64,held_last=1 \
        $P,num_warps=32,max_registers=64 $P,num_warps=16,max_registers=128,held_last=1
    run 4194304 32 bfloat16 forward - $P,num_warps=8,max_registers=80,held_last=1 \
        $P,num_warps=16,max_registers=64,held_last=1 $P,num_warps=16,max_registers=64
    run 4194304 32 bfloat16 backward - $P,num_warps=16,max_registers=64,held_last=1 \
        $P,num_warps=16,max_registers=64 ;;
d)  # the two candidates at more M and N, and the forward's block held first (it spills)
    F="block_n=16384,prefetch=0,num_warps=16,max_registers=64"
    B="block_n=16384,prefetch=0,num_warps=32,max_registers=64"
    for m in 32 128 8; do run 4194304 $m float32 forward - $F,held_last=1 $F; done
    for m in 32 128 8; do run 4194304 $m float32 backward - $B; done
    run 8388608 16 float32 forward - $F,held_last=1 $F
    run 8388608 16 float32 backward - $B
    run 3145728 32 float32 forward - $F,held_last=1
    run 3145728 32 float32 backward - $B ;;
esac
