# The bfloat16 single-block backward of narrow rows past 16-byte vectors swept, now that its
# rows may be held as a head and a tail (a row of 34 as 32 + 2): rows of N % 4 == 2 (the
# policy's from their own starts, in their power of two) and odd rows (the policy's through the
# window; --unwindowed adds each from the rows' own starts), every tile of 1-4 warps and 4-64
# rows, torch.compile in the same rounds.
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
bash benchmarks/sweep_into_log.sh four_byte 270 $OUT/first.log --kernel single_block \
    --directions backward --dtypes bfloat16 --n 34 38 42 46 66 70 74 82 --warps 1 2 4 \
    --block-m 4 8 16 32 64 --no-persistent --repeat 2 --peers torch.compile
bash benchmarks/sweep_into_log.sh odd 270 $OUT/first.log --kernel single_block \
    --directions backward --dtypes bfloat16 --n 37 45 77 137 --warps 1 2 4 \
    --block-m 4 8 16 32 64 --unwindowed --no-persistent --repeat 2 --peers torch.compile
