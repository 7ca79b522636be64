# cooperative wait: a pause (nanosleep) between polls of the row's words, against none, same calls
set -o pipefail
: "${OUT:?set OUT to a folder for the logs}"
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
sed 's/("held", "store")/("held", "store", "pause")/' results/h100/wide_4m_shape_2026-11-24/scripts/stages.py > /tmp/stages.py
run() { timeout 120 python3 /tmp/stages.py "$@" - pause=100 pause=500 pause=2000 2>&1 | grep -v Warning | tee -a $OUT/pause.log; }
run 4194304 32 float32 forward
run 4194304 32 float32 backward
run 4194304 32 bfloat16 forward
run 1048576 32 float32 forward
run 1048576 32 bfloat16 forward
run 2097152 32 float32 backward
run 262144 512 bfloat16 forward
run 65536 2048 bfloat16 forward
