# The second call (from the repository root, held_batches.py copied to .gl/): $OUT/batches.log.
set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
nvidia-smi --query-gpu=name,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
BF="- P=1,W=16,R=4 P=2,W=8,R=4 P=2,W=16,R=4 P=4,W=4,R=4 P=2,W=8,R=2 P=4,W=8,R=4"
FP="- P=1,W=16,R=2 P=2,W=8,R=2 P=2,W=16,R=2 P=4,W=4,R=2 P=2,W=16,R=4 P=4,W=8,R=2"
BB="- P=1,W=16,R=2 P=2,W=8,R=2 P=2,W=16,R=2 P=4,W=4,R=2 P=2,W=16,R=4"
FB="- P=1,W=16,R=1 P=2,W=16,R=2 P=2,W=8,R=1 P=4,W=4,R=2 P=4,W=8,R=2"
run() { timeout 90 python3 .gl/held_batches.py "$@" 2>&1 | tee -a $OUT/batches.log; }
run 1048576 128 bfloat16 forward $BF
run 1048576 32 float32 forward $FP
run 1048576 64 bfloat16 forward $BF
run 1048576 32 float32 backward $FB
run 1048576 64 bfloat16 backward $BB
run 1048576 128 float32 forward $FP
run 2097152 32 bfloat16 forward $BF
