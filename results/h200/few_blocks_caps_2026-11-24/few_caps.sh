# Cooperative plans of two and three blocks a program (N = 2M, 3M): register caps that fit more
# programs an SM, for the dtypes and directions not swept before. PART=bwd|fwd
set -o pipefail
export PYTHONPATH=. PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
sweep() {  # name dtype direction warps caps budget
  mkdir -p $OUT/$1
  timeout $(( $6 + 60 )) python3 benchmarks/sweep_plans.py --out $OUT/$1 --kernel cooperative \
    --n 2097152 3145728 --rows ${ROWS:-32} --dtypes $2 --directions $3 --blocks 8192 \
    --warps $4 --registers $5 --repeat 3 --budget-s $6 2>&1 | grep -v Warning | tee $OUT/$1/sweep.log
}
if [ "$PART" = bwd ]; then
  sweep bf16_bwd bfloat16 backward "8" "0 56 64 72" 230
  sweep fp16_bwd float16 backward "8" "0 64 72 80" 230
else
  sweep fp32_fwd float32 forward "4 8" "0 64 72 80 128" 260
  sweep bf16_fwd bfloat16 forward "4 8" "0 64 96 112" 230
fi
