#!/usr/bin/env bash
# Correctness on a GPU, in one go (issues: kernels, property suite):
#   1. benchmarks/gpu_checks.py: N up to 4M, > 2**31 elements, torch.compile;
#   2. the whole test suite (but the property files) against the compiled kernels;
#   3. the property suite's thorough profile against the compiled kernels, sharded over SHARDS
#      processes, with hypothesis's statistics (examples tried per property).
#
#   OUT=results/h200 SHARDS=8 PROPERTY_SECONDS=420 bash benchmarks/gpu_verify.sh
#
# Run it from the repository root with PYTHONPATH=. on a machine with a GPU. Every log lands in
# $OUT; the exit status is non-zero if any part failed.
set -uo pipefail
OUT=${OUT:?set OUT to the folder for the logs}
SHARDS=${SHARDS:-8}
PROPERTY_SECONDS=${PROPERTY_SECONDS:-420}
export PYTHONPATH=${PYTHONPATH:-.}
status=0

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"

python3 benchmarks/gpu_checks.py >"$OUT/gpu_checks.log" 2>&1 &
checks=$!

PROPERTY_FILES=(tests/test_properties_forward.py tests/test_properties_backward.py
                tests/test_properties_paths.py)
python3 -m pytest tests -q -n 4 -p no:cacheprovider "${PROPERTY_FILES[@]/#/--ignore=}" \
    >"$OUT/pytest_compiled.log" 2>&1 &
suite=$!

python3 -m pytest "${PROPERTY_FILES[@]}" -q -n 0 -k triton --collect-only -p no:cacheprovider \
    | grep '::' >"$OUT/property_ids.txt"
pids=()
for ((shard = 0; shard < SHARDS; shard++)); do
    mapfile -t ids < <(awk -v n="$SHARDS" -v k="$shard" 'NR % n == k' "$OUT/property_ids.txt")
    [ ${#ids[@]} -eq 0 ] && continue
    SOFTMAX_HYPOTHESIS_PROFILE=thorough timeout "$PROPERTY_SECONDS" \
        python3 -m pytest "${ids[@]}" -q -n 0 -p no:cacheprovider --hypothesis-show-statistics \
        >"$OUT/properties_thorough_$shard.log" 2>&1 &
    pids+=($!)
done

wait $checks || status=1
wait $suite || status=1
for pid in "${pids[@]}"; do wait "$pid" || status=1; done

echo "== gpu_checks";  tail -n 3 "$OUT/gpu_checks.log"
echo "== test suite";  tail -n 1 "$OUT/pytest_compiled.log"
echo "== properties (thorough)"
for f in "$OUT"/properties_thorough_*.log; do tail -n 1 "$f"; done
exit $status
