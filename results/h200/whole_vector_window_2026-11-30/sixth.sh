#!/usr/bin/env bash
# .gl: commit_for_carry.sh at 8e47900; .gl/trial: 8e47900's triton_impl with the whole-vector
# window allowed for plans of 8192 + 4096 + a third tile (policy.reads_window_of_whole_vectors)
ASV_LIMIT=130 bash benchmarks/asv_on_device.sh .gl
PYTHONPATH=. timeout 100 python3 -m pytest -q -n 0 -p no:cacheprovider tests/test_window.py -k h200s 2>&1 | tail -3 | tee $OUT/window_tests.log
rm -rf /tmp/trial && mkdir /tmp/trial && cp -r . /tmp/trial/ && rm -rf /tmp/trial/triton_impl && cp -r .gl/trial/triton_impl /tmp/trial/
(cd /tmp/trial && bash benchmarks/sweep_into_log.sh three 200 $OUT/sweeps.log --kernel single_block \
  --directions forward --dtypes bfloat16 --n 12344 12800 13312 14336 --warps 4 8 16 --block-m 1 \
  --max-values 128 --no-persistent --repeat 2)
