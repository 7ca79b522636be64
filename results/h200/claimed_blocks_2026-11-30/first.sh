# The probe (claimed.py) against the policy's plans at wide rows, float32 and bfloat16 forward;
# then asv for the commits named (bash first.sh SHA ...; .gl and .whl carried).
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 210 python3 results/h200/claimed_blocks_2026-11-30/claimed.py --out $OUT/first_call \
    --problems float32:1048576:32:8192:4:96:128,96,64 float32:1048576:128:8192:4:96:128,96,64 \
    float32:4194304:32:16384:16:64:128,64 float32:4194304:32:8192:4:96:256,128 \
    bfloat16:1048576:128:16384:4:96:64,48,32 bfloat16:262144:512:16384:4:96:16,12 \
    bfloat16:4194304:32:8192:4:64:256,128 float32:4194304:8:16384:16:64:128,64 \
    2>&1 | grep -v Warning | tee $OUT/first.log
ASV_LIMIT=330 bash benchmarks/asv_on_device.sh .gl "$@"
