#!/usr/bin/env bash
# On the GPU machine, from the repository root: one sweep (benchmarks/sweep_plans.py, the options
# given) into OUT/NAME, its budget LIMIT seconds less 15 and stopped at LIMIT (each point is
# printed as it is timed, so a stop keeps what came before), its lines appended to LOG but
# those of variants that failed (the JSON keeps them). The run scripts' repeated form. The tree
# goes first on the caller's PYTHONPATH, which keeps the peers' folders of peers_on_device.sh.
#     bash benchmarks/sweep_into_log.sh NAME LIMIT LOG [sweep_plans.py option ...]
set -o pipefail
usage="usage: bash benchmarks/sweep_into_log.sh NAME LIMIT LOG [sweep_plans.py option ...]"
name=${1:?$usage} limit=${2:?$usage} log=${3:?$usage}
shift 3
[[ $name =~ ^[A-Za-z0-9_.-]+$ ]] || { echo "NAME $name: letters, digits, _ . - only" >&2; exit 2; }
[[ $limit =~ ^[0-9]+$ ]] && [ "$limit" -ge 30 ] \
    || { echo "LIMIT $limit: whole seconds, 30 or more" >&2; exit 2; }
: "${OUT:?OUT: the folder the results go to}"
mkdir -p "$OUT/$name"
PYTHONUNBUFFERED=1 PYTHONPATH=.${PYTHONPATH:+:$PYTHONPATH} timeout "$limit" python3 benchmarks/sweep_plans.py \
    --out "$OUT/$name" --budget-s $((limit - 15)) "$@" 2>&1 \
    | grep -v "^      failed" | tee -a "$log"
