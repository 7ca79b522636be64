# Single-block layouts at the seeds' widths (M = 4096, float32 forward), four warps, each held
# and read again, QuACK 0.2.2 in the same rounds; run from the repository root with the wheels in
# .whl/. WIDTHS: the H100's first sweep "2304 2944 3200" (with WARPS="1 2 4 8", ROUNDS=5), then
# "2688 2816 2944 3072" on the H100 and "2880 2944 3008 3072" on the H200 (WARPS=4, ROUNDS=9).
set -o pipefail
: "${OUT:?set OUT to a folder for the results}" "${WIDTHS:?set WIDTHS}"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/quack*.whl .whl/nvidia_cutlass*.whl 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
mkdir -p $OUT/seeds
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 560 python3 benchmarks/sweep_plans.py --out $OUT/seeds --kernel single_block --n $WIDTHS --rows 4096 --dtypes float32 --directions forward --warps ${WARPS:-4} --no-persistent --reread --repeat ${ROUNDS:-9} --peers quack --budget-s 520 > $OUT/seeds.log 2>&1
