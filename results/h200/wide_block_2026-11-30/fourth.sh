set -u
ASV_LIMIT=130 bash benchmarks/asv_on_device.sh .gl
L=$OUT/fourth.log
LIMIT=150 bash benchmarks/widths_before_after.sh .gl/before bfloat16 $L 65536 131072 131080 147464 163840 196608 262143 262144 393216 524288 1048576 1081344
PYTHONPATH=. timeout 100 python3 -m pytest -q -n 0 -p no:cacheprovider tests/test_cooperative.py 2>&1 | tail -5 | tee -a $L
