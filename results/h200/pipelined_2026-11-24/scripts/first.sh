# The first call (pipe_1.log): eight variants, seven cases, the script with AHEAD off (one load
# in flight a program; the committed script's F=0). Cut by its 560 s limit in the seventh case.
set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
V="- P=1,W=8,B=4096 P=2,W=8,B=4096 P=4,W=4,B=2048 P=2,W=16,B=8192 P=1,W=16,B=8192 P=2,W=8,B=4096,S=3 P=4,W=8,B=4096"
nvidia-smi --query-gpu=name,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
for c in "float32 forward 32" "bfloat16 forward 32" "float32 forward 8" "bfloat16 backward 32" "float32 backward 32" "float32 forward 128" "bfloat16 forward 128"; do
  set -- $c
  timeout 120 python3 results/h200/pipelined_2026-11-24/scripts/pipelined.py $((1<<22)) $3 $1 $2 $V 2>&1 | tee -a $OUT/pipe.log
done
