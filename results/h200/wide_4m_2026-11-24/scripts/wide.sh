# cooperative sweep at N = 4M (LIMIT seconds): env DTYPES DIRS BLOCKS WARPS REGS ROWS TAG
set -o pipefail
export PYTHONUNBUFFERED=1 PYTHONPATH=.
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
T=${TAG:-w}
mkdir -p $OUT/$T
timeout ${LIMIT:-250} python3 benchmarks/sweep_plans.py --out $OUT/$T --kernel cooperative --n ${WIDTHS:-4194304} ${ROWS:+--rows $ROWS} --directions ${DIRS:-forward backward} --dtypes ${DTYPES:-bfloat16} --blocks ${BLOCKS:-8192 16384 32768} --warps ${WARPS:-4 8 16 32} --registers ${REGS:-0} --repeat ${REPEAT:-2} --budget-s $(( ${LIMIT:-250} - 20 )) > $OUT/$T.log 2>&1; tail -c 6000 $OUT/$T.log
python3 - $OUT/$T/sweep_cooperative.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["points"]:
    print(p["direction"], p["dtype"], p["N"], p["M"])
    for r in p["rows"]:
        print(f"   {r.get('of_copy', 0):6.1%}  {r['variant'][:60]}  {r.get('error', '')[:100]}")
PY
