# float32 forward of 160-232 columns (the policy's 4 x 256 in 4 warps; 200 ran 90% of copy):
# the single-block variants, and those laid out rows by warps, two rounds, at e4d43cb + scripts.
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
L=$OUT/seventh.log
bash benchmarks/sweep_into_log.sh f_all 200 $L --kernel single_block --directions forward \
    --dtypes float32 --n 200 160 232 --warps 1 2 4 8 --block-m 1 2 4 8 --no-persistent --repeat 2
bash benchmarks/sweep_into_log.sh f_rbw 120 $L --kernel single_block --directions forward \
    --dtypes float32 --n 200 160 232 --warps 1 2 4 --rows-by-warps-only --no-persistent --repeat 2
