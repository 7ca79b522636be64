# The bfloat16 single-block forward of narrow rows past 16-byte vectors swept: rows of N % 8 == 4
# (the policy's from their own starts; --windowed adds each through the window) and of N % 4 == 2
# (the policy's through the window; --unwindowed adds each from the rows' own starts), every
# tile of 1-4 warps and 4-64 rows, torch.compile in the same rounds.
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
bash benchmarks/sweep_into_log.sh eight_byte 300 $OUT/first.log --kernel single_block \
    --directions forward --dtypes bfloat16 --n 20 36 44 68 76 100 140 196 --warps 1 2 4 \
    --block-m 4 8 16 32 64 --windowed --no-persistent --repeat 2 --peers torch.compile
bash benchmarks/sweep_into_log.sh four_byte 240 $OUT/first.log --kernel single_block \
    --directions forward --dtypes bfloat16 --n 34 42 58 66 90 126 --warps 1 2 4 \
    --block-m 4 8 16 32 64 --unwindowed --no-persistent --repeat 2 --peers torch.compile
