# cooperative wait: a pause (nanosleep) between polls of the row's words, against none, same calls
set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
run() { timeout 120 python3 results/h200/poll_pause_2026-11-24/stages.py "$@" - pause=100 pause=500 pause=2000 2>&1 | grep -v Warning | tee -a $OUT/pause.log; }
run 4194304 32 float32 forward
run 4194304 32 float32 backward
run 4194304 32 bfloat16 forward
run 1048576 32 float32 forward
run 1048576 32 bfloat16 forward
run 2097152 32 float32 backward
run 262144 512 bfloat16 forward
run 65536 2048 bfloat16 forward
