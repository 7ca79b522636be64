set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
N=4194304
for M in ${MS:-32}; do
for dd in ${CASES:-"float32 forward" "bfloat16 forward" "float32 backward" "bfloat16 backward"}; do
  timeout 120 python3 "$(dirname "$0")/stages.py" $N $M $dd - num_stages=2 num_stages=3 ${EXTRA} 2>&1 | grep -v Warning
done; done
