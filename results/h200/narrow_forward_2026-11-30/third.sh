# The bfloat16 single-block forward swept where NARROW_ROWS_FORWARD_FROM_OWN_STARTS does not
# reach: rows of N % 4 == 2 whose head and tail are not in its table (38, 70, 74; --unwindowed
# adds each from the rows' own starts), eight-byte rows of a tail of 32 (84, 92, from their own
# starts), and odd N (through the window), torch.compile in the same rounds.
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
bash benchmarks/sweep_into_log.sh four_byte 150 $OUT/third.log --kernel single_block \
    --directions forward --dtypes bfloat16 --n 38 70 74 --warps 1 2 --block-m 8 16 32 \
    --unwindowed --no-persistent --repeat 2 --peers torch.compile
bash benchmarks/sweep_into_log.sh eight_byte 80 $OUT/third.log --kernel single_block \
    --directions forward --dtypes bfloat16 --n 84 92 --warps 1 2 --block-m 8 16 32 \
    --no-persistent --repeat 2 --peers torch.compile
bash benchmarks/sweep_into_log.sh odd 200 $OUT/third.log --kernel single_block \
    --directions forward --dtypes bfloat16 --n 17 33 41 73 99 --warps 1 2 4 --block-m 8 16 32 \
    --no-persistent --repeat 2 --peers torch.compile
