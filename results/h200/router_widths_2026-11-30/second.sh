# The bfloat16 backward of narrow rows past 16-byte vectors beside torch.compile (the widths
# section, both directions), then the single-block backward swept at seven of them, through the
# window and from the rows' own starts, torch.compile in the same rounds.
set -u
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 200 python3 benchmarks/speed_of_light.py --out $OUT/widths --sections widths \
    --dtypes bfloat16 --impls ours torch.compile --no-plot \
    --widths-n 17 20 25 28 33 36 41 44 52 58 60 66 68 73 76 84 90 99 100 108 116 124 127 \
    2>&1 | grep -v Warning | tee -a $OUT/second.log
bash benchmarks/sweep_into_log.sh sweep 230 $OUT/second.log --kernel single_block \
    --directions backward --dtypes bfloat16 --n 36 60 100 124 58 57 99 --warps 1 2 4 \
    --block-m 4 8 16 32 64 --unwindowed --no-persistent --repeat 2 --peers torch.compile
