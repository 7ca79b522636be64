set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
nvidia-smi --query-gpu=name --format=csv,noheader
for dd in "4194304 32 float32 forward - num_warps=4" "4194304 32 bfloat16 backward - num_warps=8" "4194304 32 float32 backward - num_warps=8"; do
  timeout 100 python3 results/h200/wide_4m_2026-11-24/scripts/stages.py $dd 2>&1 | grep -v Warning
done
