set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout ${LIMIT:-540} python3 "$(dirname "$0")/coop_order.py" "$@" 2>&1 | grep -v Warning | tee $OUT/order.log
tar czf $OUT/order.tgz -C $OUT $(cd $OUT && ls order_*.json) 2>/dev/null; true
