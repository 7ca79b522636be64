# The call (from the repository root, the script copied to .gl/ beside this file, since results/
# was left behind): eight cases, each under a timeout of its own; $OUT/held.log.
set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
nvidia-smi --query-gpu=name,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
V="- P=1,W=16,L=1 P=2,W=8,L=1 P=2,W=8,L=2 P=4,W=4,L=1 P=4,W=4,L=2 P=2,W=16,L=1"
for c in "1048576 128 bfloat16 forward" "1048576 32 float32 forward" "1048576 64 bfloat16 forward" \
         "1048576 32 float32 backward" "1048576 64 bfloat16 backward" "2097152 32 bfloat16 forward" \
         "1048576 128 float32 forward" "2097152 32 bfloat16 backward"; do
  timeout 90 python3 .gl/held_pipeline.py $c $V 2>&1 | tee -a $OUT/held.log
done
