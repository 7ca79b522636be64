"""Where a small call's time goes on the host: microseconds per call of each layer.

    PYTHONPATH=. python3 benchmarks/host_overhead.py

On a tiny problem (the GPU work takes a few microseconds) a loop of calls is bound by the host,
so calls per second measure the Python and launch cost of each layer: torch.softmax for
reference, our public softmax (eager autograd path), the torch.library custom op, the dispatcher's
make_plan (cached), and launch.softmax_rows with a preallocated output (plan + Triton launch).
"""

import os
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import triton_impl  # noqa: E402
from triton_impl import launch  # noqa: E402


def per_call_us(fn, calls=3000):
    for _ in range(100):
        fn()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / calls * 1e6


def main():
    x = torch.randn(8, 256, device="cuda")
    y = torch.empty_like(x)
    plan = triton_impl.make_plan(8, 256, x.dtype, x.device)
    layers = {
        "torch.softmax": lambda: torch.softmax(x, -1),
        "triton_impl.softmax (eager path)": lambda: triton_impl.softmax(x, -1),
        "custom op softmax_lab::softmax_forward": lambda: torch.ops.softmax_lab.softmax_forward(
            x, 1, False),
        "make_plan (cached)": lambda: triton_impl.make_plan(8, 256, x.dtype, x.device),
        "launch.softmax_rows (Triton launch)": lambda: launch.softmax_rows(plan, x, y, False),
        "torch.empty_like": lambda: torch.empty_like(x),
    }
    print(f"{torch.cuda.get_device_name()}: host microseconds per call, 8x256 float32")
    for name, fn in layers.items():
        print(f"  {name:42} {per_call_us(fn):7.1f} us", flush=True)


if __name__ == "__main__":
    main()
