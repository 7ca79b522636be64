#!/usr/bin/env bash
# Correctness on a GPU, in one go (issues: kernels, property suite):
#   1. benchmarks/gpu_checks.py: N up to 4M, > 2**31 elements, torch.compile;
#   2. the whole test suite (but the property files) against the compiled kernels, beside 1;
#   3. then the property suite's thorough profile against the compiled kernels: benchmarks/run_properties.py,
#      one process per property, JOBS at once, each leaving its log, a summary line and hypothesis's
#      example database in $OUT as it ends (PIECE=K/N runs the K-th of N pieces: the whole profile
#      takes longer than a lender's ten minutes; SKIP_SUITE=1 runs the properties alone; KEYWORD,
#      pytest's -k, picks properties: default every Triton path's).
#
#   OUT=results/h200 PIECE=1/4 JOBS=16 PROPERTY_SECONDS=500 bash benchmarks/gpu_verify.sh
#
# Run it from the repository root with PYTHONPATH=. on a machine with a GPU. Every log lands in
# $OUT; the exit status is non-zero if any part failed.
set -uo pipefail
OUT=${OUT:?set OUT to the folder for the logs}
PIECE=${PIECE:-1/1}
JOBS=${JOBS:-$(nproc)}
PROPERTY_SECONDS=${PROPERTY_SECONDS:-500}
SKIP_SUITE=${SKIP_SUITE:-0}
KEYWORD=${KEYWORD:-triton}
export PYTHONPATH=${PYTHONPATH:-.}
status=0

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"

if [ "$SKIP_SUITE" != 1 ]; then
    python3 benchmarks/gpu_checks.py >"$OUT/gpu_checks.log" 2>&1 &
    checks=$!
    PROPERTY_FILES=(tests/test_properties_forward.py tests/test_properties_backward.py
                    tests/test_properties_paths.py)
    python3 -m pytest tests -q -n 4 -p no:cacheprovider "${PROPERTY_FILES[@]/#/--ignore=}" \
        >"$OUT/pytest_compiled.log" 2>&1 &
    suite=$!
fi

if [ "$SKIP_SUITE" != 1 ]; then
    wait $checks || status=1
    wait $suite || status=1
    echo "== gpu_checks";  tail -n 3 "$OUT/gpu_checks.log"
    echo "== test suite";  tail -n 1 "$OUT/pytest_compiled.log"
fi

# after the suite, not beside it: a dozen property processes hold GPU memory that its tests of
# tensors past 2**31 elements need (an H100 ran out of memory with both at once)
python3 benchmarks/run_properties.py --out "$OUT" --piece "$PIECE" --jobs "$JOBS" \
    --seconds "$PROPERTY_SECONDS" -k "$KEYWORD" >"$OUT/properties.log" 2>&1 || status=1
echo "== properties (${PIECE}, thorough)"
cat "$OUT/properties.log"
exit $status
