#!/usr/bin/env bash
# On the GPU machine, from the repository root: QuACK 0.2.2's nvidia-cutlass-dsl 4.2.1 from the
# four quarters of its files (a tar.xz split in four, as in
# results/h200/run_50ed588_2026-11-29/parts/calls.sh; its sha256 printed): each travels in its
# own call of one lease (the tree is 47 of the 64 MiB a call carries), the first three copied
# into /tmp/stash by `mkdir -p /tmp/stash && cp .carryN/* /tmp/stash/` (carry [".carryN"]), the
# fourth with this script (carry [".carry4"]); QuACK and Liger 0.8.5 from .carry4's wheels;
# then the widths section with every peer, bfloat16 (the default widths and 137, 268, 1032,
# 20001) and float32 (the default widths). Logs and JSON under OUT.
#     bash results/h200/run_<commit>_2026-11-30/parts/call.sh
set -o pipefail
export PYTHONUNBUFFERED=1
cat /tmp/stash/cutlass.part.{0,1,2} .carry4/cutlass.part.3 > /tmp/cutlass.tar.xz
sha256sum /tmp/cutlass.tar.xz | tee "$OUT/peers_install.log"
mkdir -p /tmp/site && tar -xJf /tmp/cutlass.tar.xz -C /tmp/site && rm -f /tmp/cutlass.tar.xz
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
    --target /tmp/site .carry4/*.whl 2>&1 | grep -v WARNING | tail -2 | tee -a "$OUT/peers_install.log"
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages
python3 -c "import quack, liger_kernel; print('quack', quack.__version__)" 2>&1 \
    | tee -a "$OUT/peers_install.log"
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader \
    | tee "$OUT/device.txt"
timeout 240 python3 benchmarks/speed_of_light.py --out "$OUT/bf16" --sections widths \
    --dtypes bfloat16 --no-plot --widths-n 1000 1001 4100 12344 50257 50264 65528 65535 \
    137 268 1032 20001 > "$OUT/widths_bf16.log" 2>&1
timeout 150 python3 benchmarks/speed_of_light.py --out "$OUT/fp32" --sections widths \
    --dtypes float32 --no-plot > "$OUT/widths_fp32.log" 2>&1
