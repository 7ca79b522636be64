# Second call: the 16-bit forward of odd N read as words through the window (held as words,
# Plan.paired), at the paired caps and around them; then the cooperative tests and the property
# tests of the kernels' paths compiled on the GPU (small odd N among them, helpers forced).
set -o pipefail
export PYTHONUNBUFFERED=1
sweep() {  # LIMIT NAME ARGS...: the JSON in $OUT/NAME/, every sweep's log in $OUT/sweep.log
    echo "== $2" >> $OUT/sweep.log; mkdir -p $OUT/$2
    PYTHONPATH=. timeout $1 python3 benchmarks/sweep_plans.py --out $OUT/$2 "${@:3}" 2>&1 \
        | grep -v Warn >> $OUT/sweep.log
}
sweep 150 words --kernel cooperative --n 50257 65535 --dtypes bfloat16 float16 --directions forward --blocks 8192 --warps 4 --registers 0 56 64 72 --repeat 2 --budget-s 130
grep -E "^(==|forward|backward)|best" $OUT/sweep.log
PYTHONPATH=. timeout 200 python3 -m pytest -q -p no:cacheprovider -n 4 tests/test_cooperative.py tests/test_properties_paths.py > $OUT/pytest_gpu.log 2>&1
tail -3 $OUT/pytest_gpu.log
