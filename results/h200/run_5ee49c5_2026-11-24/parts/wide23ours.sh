# speed_of_light's wide section at N = 2M and 3M, ours alone, both dtypes: the model's capped-backward residency out of sample
set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader > $OUT/device.txt
timeout 560 python3 benchmarks/speed_of_light.py --out $OUT/w --sections wide --impls ours --wide-n 2097152 3145728 --wide-rows ${ROWS:-1 2 4 8 16 32 64 128} --dtypes float32 bfloat16 > $OUT/wide23.log 2>&1
echo "exit $?"; grep -v Warning $OUT/wide23.log | grep " ours \|copy" | cut -c1-100
