set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
nvidia-smi --query-gpu=name --format=csv,noheader
while read -r line; do
  [ -z "$line" ] && continue
  timeout 150 python3 $(dirname $0)/pf.py $line 2>&1 | grep -v Warning
done < $CASES
