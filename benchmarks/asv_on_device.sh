#!/usr/bin/env bash
# On a GPU machine that has this checkout's tree but not its history (the device tool's): name the
# GPU into $OUT/device.txt, rebuild the commit from DIR (benchmarks/commit_from_tree.sh), install
# asv from the wheels of .whl/ and record the commit's quick asv selection for machine h200, its
# result file and asv's log copied to $OUT (asv_benchmarks/README.md). A tree that is not the
# commit's records nothing, and the caller goes on.
#     bash benchmarks/asv_on_device.sh DIR        (DIR: commit and index, as commit_from_tree.sh)
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
bash benchmarks/commit_from_tree.sh "${1:?usage: bash benchmarks/asv_on_device.sh DIR}" || exit 0
sha=$(git rev-parse HEAD)
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>&1 | grep -v WARN
PYTHONPATH=/tmp/site:. timeout "${ASV_LIMIT:-110}" python3 benchmarks/asv_history.py --quick -n 1 \
    --machine h200 --no-publish --log "$OUT/asv.log" 2>&1 | tail -3
cp asv_results/h200/"${sha:0:8}"-*.json "$OUT/"
