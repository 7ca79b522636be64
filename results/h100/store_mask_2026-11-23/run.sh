set -o pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
rm -rf /tmp/old && mkdir -p /tmp/old && cp -r triton_impl benchmarks reference traffic_model softmax_lab /tmp/old/ && git show ac0b8f8:triton_impl/kernels/cooperative.py > /tmp/old/triton_impl/kernels/cooperative.py
TP=$(python3 -c "import torch,os;print(os.path.join(os.path.dirname(torch.__file__),'bin','ptxas'))"); $TP --version | tail -1
S="--kernel cooperative --n 65536 262144 1048576 --directions forward --blocks 8192 --warps 4 --repeat 3 --budget-s 100"
NEW=$PWD
run() { name=$1; shift; mkdir -p $OUT/$name; timeout 110 "$@" --out $OUT/$name > $OUT/$name.log 2>&1; grep "copy\|best" $OUT/$name.log | head -12; }
for round in ${ROUNDS:-1 2}; do
  echo "== round $round"
  (cd /tmp/old && run old12_r$round env PYTHONPATH=. python3 benchmarks/sweep_plans.py $S --dtypes bfloat16 --registers 64)
  (cd /tmp/old && run old13_r$round env TRITON_PTXAS_PATH=$TP PYTHONPATH=. python3 benchmarks/sweep_plans.py $S --dtypes bfloat16 --registers 0)
  run new13_r$round env TRITON_PTXAS_PATH=$TP PYTHONPATH=. python3 benchmarks/sweep_plans.py $S --dtypes bfloat16 --registers 64 56
  [ $round = 1 ] && run new12_r$round env PYTHONPATH=. python3 benchmarks/sweep_plans.py $S --dtypes bfloat16 --registers 64 56
done
[ -n "$FP16" ] && run new13_fp16 env TRITON_PTXAS_PATH=$TP PYTHONPATH=. python3 benchmarks/sweep_plans.py $S --dtypes float16 --registers 64 56
cd $OUT && tar czf logs.tgz *.log */ && ls
