set -u
L=$OUT/sixth.log
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
PYTHONPATH=.:benchmarks timeout 120 python3 -c "import gpu_checks as g; g.sixteen_bit_wide_blocks(); print('SIXTEEN-BIT CHECKS PASSED')" 2>&1 | tee -a $L
PYTHONPATH=. timeout 200 python3 -m pytest -q -n 0 -p no:cacheprovider -x tests/test_cooperative.py 2>&1 | tail -4 | tee -a $L
PYTHONPATH=. timeout 100 python3 -m pytest -q -n 0 -p no:cacheprovider tests/test_window.py -k h200s 2>&1 | tail -3 | tee -a $L
