set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
# args per line: dtype M N block warps regs direction
while read -r args; do
  [ -z "$args" ] && continue
  echo "== $args"
  ncu --clock-control none --kernel-name regex:cooperative --launch-skip 1 --launch-count 1 --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__t_sector_hit_rate.pct,launch__registers_per_thread,launch__occupancy_limit_registers --csv python3 "$(dirname "$0")/l2probe.py" $args 2>&1 | grep -v "^==PROF==" | tail -8
done < ${CASES:-$(dirname "$0")/l2cases}
