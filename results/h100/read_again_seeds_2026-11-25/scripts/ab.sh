# A/B of the policy of 9d49946 against 5395be2's at the seeds' widths (M = 4096, float32 forward);
# run from the repository root at 9d49946 (ab.py skips the widths whose plans are the same)
set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
mkdir -p $OUT/ab
git show 5395be2:triton_impl/policy.py > /tmp/policy_5395be2.py
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 400 python3 results/h200/read_again_2026-11-24/ab.py --before /tmp/policy_5395be2.py --out $OUT/ab --rounds 9 --rows 4096 --n $(seq 256 128 4096) 2>&1 | tee $OUT/ab/ab_seeds.log
