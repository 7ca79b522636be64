# One GPU call (H200, 2026-11-29): asv records HEAD, the cooperative tests compiled, and the
# cooperative bfloat16 forward at N = 16384 swept beside the policy's plan. From the repository
# root on the GPU machine, OUT a folder, carry [".gl", ".whl"], where .gl holds HEAD's commit
# object and index, made here by
#     mkdir -p .gl && git cat-file commit HEAD > .gl/commit && cp .git/index .gl/index
# and .whl asv 0.6.6's wheels (asv_benchmarks/README.md). No history travels: the commit is
# rebuilt from the tree that did, and kept only if it is HEAD's tree exactly.
set -o pipefail
export PYTHONUNBUFFERED=1
bash benchmarks/asv_on_device.sh .gl
PYTHONPATH=. timeout ${TEST_LIMIT:-200} python3 -m pytest -q -p no:cacheprovider -n 4 \
    tests/test_cooperative.py > $OUT/pytest_cooperative.log 2>&1; tail -2 $OUT/pytest_cooperative.log
PYTHONPATH=. timeout ${SWEEP_LIMIT:-200} python3 benchmarks/sweep_plans.py --out $OUT \
    --kernel cooperative --n 16384 --dtypes bfloat16 --directions forward --blocks 4096 8192 16384 \
    --warps 4 8 16 --registers 0 56 80 --repeat 3 --budget-s 170 > $OUT/sweep.log 2>&1
grep -v Warn $OUT/sweep.log | tail -8
