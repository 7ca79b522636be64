set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
V="- held=evict_first store=evict_first held=evict_first,store=evict_first held=,store=evict_first"
for N in ${NS:-4194304}; do
M=$(( (1 << 27) / N ))
for dd in ${CASES:-"float32 forward" "bfloat16 forward" "float32 backward" "bfloat16 backward"}; do
  W=""; [ "$dd" != "bfloat16 forward" ] && [ "$N" -gt 1048576 ] && W="num_warps=16 num_warps=16,held=evict_first,store=evict_first"
  timeout 150 python3 "$(dirname "$0")/stages.py" $N $M $dd $V $W 2>&1 | grep -v Warning
done; done
