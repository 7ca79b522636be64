# float32 cooperative backward with two or three blocks a program: the policy's plan against
# register caps that fit two programs an SM (stages.py: three interleaved rounds, each checked)
set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
for case in "2097152 16" "2097152 32" "2097152 64" "3145728 32" "3145728 16"; do
  timeout 200 python3 results/h100/wide_4m_shape_2026-11-24/scripts/stages.py $case float32 backward - max_registers=128 num_warps=16,max_registers=96 num_warps=4 2>&1 | grep -v Warning | tee -a $OUT/bwd_caps.log
done
