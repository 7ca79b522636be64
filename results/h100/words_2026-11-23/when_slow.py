"""When does our bfloat16 cooperative forward slow down in a run with every peer? Runs
speed_of_light's bandwidth points (bfloat16, every peer, checked as it checks them) N by N, and
after each N times ours at N = 262144 (M = 512) in a fresh tensor; at the end, once more after
torch.cuda.empty_cache(), and once in a tensor allocated before anything else.

    PYTHONPATH=.:<peers> python3 results/h100/words_2026-11-23/when_slow.py
"""
import os, sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "benchmarks"))
import speed_of_light  # noqa: E402
import triton_impl  # noqa: E402
from softmax_lab import implementations, measure  # noqa: E402

copy = measure.copy_bandwidth_gbs()
print(f"{measure.device_name()}: copy {copy:.0f} GB/s", flush=True)
M, N = 512, 262144
nbytes = implementations.useful_bytes(M, N, torch.bfloat16, "forward")
early = torch.randn(M, N, device="cuda", dtype=torch.bfloat16) * 3


def ours(label, x=None):
    x = torch.randn(M, N, device="cuda", dtype=torch.bfloat16) * 3 if x is None else x
    ms = measure.median_ms(lambda: triton_impl.softmax(x, -1))
    print(f"ours at 512 x 262144 after {label:40} {measure.gbs(nbytes, ms) / copy:6.1%}  "
          f"(x at {x.data_ptr() % (1 << 30):#x} in its GB; reserved "
          f"{torch.cuda.memory_reserved() / 2**30:.1f} GiB)", flush=True)


ours("nothing")
points = []
impls = ["ours", "torch", "torch.compile", "liger", "quack"]
for n in speed_of_light.BANDWIDTH_N:
    for direction in ("forward", "backward"):
        for name in impls:
            p = speed_of_light.time_point(name, (1 << 27) // n, n, torch.bfloat16, direction,
                                          "bandwidth", points, copy)
            if p and name == "ours" and direction == "forward":
                print(f"   speed_of_light's own point: ours forward N = {n}: "
                      f"{p['fraction_of_copy']:6.1%}", flush=True)
    ours(f"the grid's N = {n}")
torch.cuda.empty_cache()
ours("empty_cache")
ours("empty_cache, the tensor made first", early)
