# Odd N of 17-31, bfloat16 forward: the policy's plan (rows in their power of two, from their own
# starts, value by value) beside every single-block tile of 16-64 rows in 1-2 warps, among them a
# head of 16 and a tail (17 as 16 + 1), torch.compile in the same rounds.
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
bash benchmarks/sweep_into_log.sh odd 200 $OUT/sixth.log --kernel single_block \
    --directions forward --dtypes bfloat16 --n 17 19 21 23 25 27 29 31 --warps 1 2 \
    --block-m 16 32 64 --no-persistent --repeat 2 --peers torch.compile
