set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl 2>&1 | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
python3 -c "
import torch, triton_impl
from triton_impl import hardware
d = hardware.device_info(torch.device('cuda'))
print(d)
print(triton_impl.make_plan(8192, 16384, torch.bfloat16, torch.device('cuda')).describe())
" 2>&1 | tee -a $OUT/device.txt
timeout 200 python3 benchmarks/speed_of_light.py --out $OUT/bw --sections bandwidth --dtypes float32 bfloat16 --no-plot 2>&1 | tee $OUT/bandwidth.log | grep -v "^ *$" | grep "N=  16384\|copy" | head -30
timeout 260 python3 benchmarks/speed_of_light.py --out $OUT/sl --sections seeds latency --no-plot > $OUT/seeds_latency.log 2>&1; grep "latency\|wrote" $OUT/seeds_latency.log | tail -32
ls $OUT/bw $OUT/sl
