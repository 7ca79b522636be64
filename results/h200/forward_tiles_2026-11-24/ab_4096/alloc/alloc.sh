set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
timeout 150 python3 results/h200/forward_tiles_2026-11-24/ab_4096/alloc/alloc.py 2>&1 | tee $OUT/alloc.log
timeout 100 python3 benchmarks/speed_of_light.py --out $OUT/bw --sections bandwidth --dtypes bfloat16 --no-plot > $OUT/bw.log 2>&1; grep "N=   4096" $OUT/bw.log
