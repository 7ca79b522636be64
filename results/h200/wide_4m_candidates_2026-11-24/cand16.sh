# float16 cooperative backward: 16 warps under register caps against the policy's plan, same calls
set -o pipefail
: "${OUT:?set OUT to a folder for the logs}"
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
run() { timeout 150 python3 results/h100/wide_4m_shape_2026-11-24/scripts/stages.py "$@" 2>&1 | grep -v Warning | tee -a $OUT/cand16.log; }
for M in ${ROWS4M:-128 32}; do
  run 4194304 $M float16 backward - num_warps=16,max_registers=64 num_warps=16,max_registers=56 num_warps=16,max_registers=48
done
for M in ${ROWS23:-32}; do
  run 2097152 $M float16 backward - num_warps=16,max_registers=64 num_warps=16,max_registers=56
  run 3145728 $M float16 backward - num_warps=16,max_registers=64 num_warps=16,max_registers=56
done
