# H200: the bfloat16 forward at 16384 as online and cooperative; the seeds' 1280 and 3712 single-block layouts against QuACK
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
mkdir -p $OUT/online16k $OUT/coop16k $OUT/seeds
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 130 python3 benchmarks/sweep_plans.py --out $OUT/online16k --kernel online --n 16384 --dtypes bfloat16 --directions forward --blocks 2048 4096 8192 16384 --warps 4 8 16 32 --repeat 2 --peers quack --budget-s 110 > $OUT/online16k.log 2>&1; grep best $OUT/online16k.log | head -6
timeout 100 python3 benchmarks/sweep_plans.py --out $OUT/coop16k --kernel cooperative --n 16384 --dtypes bfloat16 --directions forward --blocks 2048 4096 8192 --warps 4 8 16 --repeat 2 --budget-s 80 > $OUT/coop16k.log 2>&1; grep best $OUT/coop16k.log | head -6
timeout 280 python3 benchmarks/sweep_plans.py --out $OUT/seeds --kernel single_block --n 1280 3712 --rows 4096 --dtypes float32 --directions forward --warps 1 2 4 --no-persistent --reread --repeat 5 --peers quack --budget-s 260 > $OUT/seeds.log 2>&1; grep best $OUT/seeds.log | head -12
tar czf $OUT/sweep1.tgz -C $OUT online16k coop16k seeds online16k.log coop16k.log seeds.log device.txt
