# The cooperative forward (blocks of 8192 in 4 warps, held as words: the policy's plan at N =
# 65536, capped at 56 / 64 registers) against the policy's plan at 16-bit rows of 9216-32768
# columns, M*N = 2^27, five interleaved rounds, beside asv recording HEAD. From the repository
# root on the GPU machine, OUT a folder, carry [".gl", ".whl"] (as ../verify_2026-11-29/run.sh),
# this file copied to .gl/ab.sh and run from there: bash .gl/ab.sh
set -o pipefail
export PYTHONUNBUFFERED=1
bash benchmarks/asv_on_device.sh .gl
PYTHONPATH=. timeout ${SWEEP_LIMIT:-240} python3 benchmarks/sweep_plans.py --out $OUT \
    --kernel cooperative --n 16384 12288 14336 10240 9216 20480 24576 32768 --dtypes bfloat16 float16 \
    --directions forward --blocks 8192 --warps 4 --registers 56 64 --repeat 5 --budget-s 210 \
    > $OUT/ab.log 2>&1
grep -v Warn $OUT/ab.log
