# N = 4M cooperative candidates: warps and register caps against the policy's plan, same calls
set -o pipefail
: "${OUT:?set OUT to a folder for the logs}"
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
S="results/h100/wide_4m_shape_2026-11-24/scripts/stages.py"
run() { timeout 150 python3 $S "$@" 2>&1 | grep -v Warning | tee -a $OUT/cand4m.log; }
N=4194304
for M in ${ROWS:-32}; do
  run $N $M float32 backward - num_warps=8,max_registers=128 num_warps=8,max_registers=112
  run $N $M bfloat16 backward - num_warps=8,max_registers=64 num_warps=8
  run $N $M float16 backward - max_registers=80 num_warps=16,max_registers=64
  run $N $M float32 forward - num_warps=8,max_registers=80 num_warps=8,max_registers=128
  run $N $M bfloat16 forward - num_warps=8 num_warps=8,max_registers=80
done
