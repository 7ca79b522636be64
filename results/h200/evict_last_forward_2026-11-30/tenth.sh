# float32 forward at 130 (75.5% in the ninth call, rows of 8-byte words from their own starts):
# the variants laid out rows by warps, from their own starts and through the window, two rounds.
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
bash benchmarks/sweep_into_log.sh f130 110 $OUT/tenth.log --kernel single_block --directions forward \
    --dtypes float32 --n 130 --warps 1 2 4 8 --rows-by-warps-only --windowed --no-persistent --repeat 2
