set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
V="- P=2,W=16,B=8192 P=2,W=16,B=8192,F=1 P=4,W=8,B=4096,F=1 P=2,W=8,B=8192,F=1 P=1,W=32,B=16384,F=1"
nvidia-smi --query-gpu=name,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
for c in "float32 forward 32" "bfloat16 forward 32" "bfloat16 backward 32" "float32 backward 32"; do
  set -- $c
  timeout 100 python3 results/h200/pipelined_2026-11-24/scripts/pipelined.py $((1<<22)) $3 $1 $2 $V 2>&1 | tee -a $OUT/pipe.log
done
