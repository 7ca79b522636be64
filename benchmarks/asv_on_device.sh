#!/usr/bin/env bash
# On a GPU machine that has this checkout's tree but not its history (the device tool's): name the
# GPU into $OUT/device.txt, rebuild the commits of DIR (benchmarks/commit_from_tree.sh), install
# asv from the wheels of .whl/ and record each COMMIT's quick asv selection (default HEAD; any of
# DIR's older commits named in full) for machine h200, the result files and asv's log copied to
# $OUT (asv_benchmarks/README.md). A tree that is not the commit's records nothing, and the
# caller goes on. ASV_LIMIT: seconds in all (default 110 a commit).
#     bash benchmarks/asv_on_device.sh DIR [COMMIT ...]   (DIR: as commit_for_carry.sh wrote it)
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
bash benchmarks/commit_from_tree.sh "${1:?usage: bash benchmarks/asv_on_device.sh DIR}" || exit 0
shift
commits=("${@:-HEAD}")
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>&1 | grep -v WARN
PYTHONPATH=/tmp/site:. timeout "${ASV_LIMIT:-$((110 * ${#commits[@]}))}" \
    python3 benchmarks/asv_history.py --quick --machine h200 --no-publish --log "$OUT/asv.log" \
    "${commits[@]}" 2>&1 | tail -$((2 + ${#commits[@]}))
for sha in $(git rev-parse "${commits[@]}"); do cp asv_results/h200/"${sha:0:8}"-*.json "$OUT/"; done
