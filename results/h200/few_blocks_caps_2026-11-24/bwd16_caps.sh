# 16-bit cooperative backward with two or three blocks a program: the policy's plan against
# register caps that fit more programs an SM (stages.py: three interleaved rounds, each checked)
set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
for dt in bfloat16 float16; do
  for case in "2097152 32" "3145728 32" "2097152 16" "2097152 64" "3145728 16"; do
    timeout 120 python3 results/h100/wide_4m_shape_2026-11-24/scripts/stages.py $case $dt backward - max_registers=64 max_registers=72 max_registers=80 2>&1 | grep -v Warning | tee -a $OUT/bwd16_caps.log
  done
done
