# More narrow 16-bit rows past vectors as a head and a tail: the bfloat16 forward of odd rows
# (the policy's through the window; --unwindowed adds each from the rows' own starts), the
# backward of odd rows the rules leave (19, 25: heads of 16; 57, 69) and of N % 4 == 2 past 126
# (the policy's through the window), every tile of 1-4 warps and 4-64 rows, torch.compile in the
# same rounds.
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
bash benchmarks/sweep_into_log.sh odd_forward 230 $OUT/third.log --kernel single_block \
    --directions forward --dtypes bfloat16 --n 37 45 57 77 --warps 1 2 4 \
    --block-m 4 8 16 32 64 --unwindowed --no-persistent --repeat 2 --peers torch.compile
bash benchmarks/sweep_into_log.sh odd_backward 200 $OUT/third.log --kernel single_block \
    --directions backward --dtypes bfloat16 --n 19 25 57 69 --warps 1 2 4 \
    --block-m 4 8 16 32 64 --unwindowed --no-persistent --repeat 2 --peers torch.compile
bash benchmarks/sweep_into_log.sh four_byte_window 120 $OUT/third.log --kernel single_block \
    --directions backward --dtypes bfloat16 --n 134 150 --warps 1 2 4 \
    --block-m 4 8 16 32 --no-persistent --repeat 2 --peers torch.compile
