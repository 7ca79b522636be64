# cooperative programs of one wide block (the whole chunk held, nothing re-read) against the
# policy's programs of two to four 8192-column blocks, same calls
set -o pipefail
: "${OUT:?set OUT to a folder for the logs}"
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
run() { timeout 150 python3 results/h100/wide_4m_shape_2026-11-24/scripts/stages.py "$@" 2>&1 | grep -v Warning | tee -a $OUT/wideblock.log; }
for M in ${ROWS:-32 8}; do
  run 2097152 $M float32 forward - block_n=16384
  run 2097152 $M bfloat16 forward - block_n=16384
  run 2097152 $M bfloat16 backward - block_n=16384
  run 3145728 $M bfloat16 forward - block_n=32768
  run 4194304 $M bfloat16 forward - block_n=32768
  run 4194304 $M float32 forward - block_n=32768
done
