# the seeds' widths: the policy's plan held and read again, QuACK in the same rounds
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
mkdir -p $OUT/seeds
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 520 python3 benchmarks/sweep_plans.py --out $OUT/seeds --kernel single_block --policy-read-again --n ${WIDTHS} --rows 4096 --dtypes float32 --directions forward --warps 4 --repeat 7 --peers quack --budget-s 480 > $OUT/seeds.log 2>&1; cat $OUT/seeds.log | grep -v "^ *best" | head -3
tar czf $OUT/sweep2.tgz -C $OUT seeds seeds.log device.txt
