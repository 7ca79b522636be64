"""Which peer, once run in the process, slows our bfloat16 cooperative forward afterwards?
speed_of_light measured it at 92.5 / 78.7% of copy (N = 65536 / 262144) with every peer in the
process, 97.1 / 96.4% with none and 97.2 / 96.5% beside QuACK alone. Here: time ours, run one
peer once (at a small shape and at the point itself), time ours again; peer after peer.

    PYTHONPATH=.:<peers> python3 results/h100/words_2026-11-23/which_peer.py
"""
import torch

import triton_impl
from softmax_lab import implementations, measure

copy = measure.copy_bandwidth_gbs()
print(f"{measure.device_name()}: copy {copy:.0f} GB/s", flush=True)
M, N = 512, 262144
torch.manual_seed(0)
x = torch.randn(M, N, device="cuda", dtype=torch.bfloat16) * 3
nbytes = implementations.useful_bytes(M, N, torch.bfloat16, "forward")


def ours(label):
    ms = measure.median_ms(lambda: triton_impl.softmax(x, -1))
    print(f"ours after {label:28} {measure.gbs(nbytes, ms) / copy:6.1%}", flush=True)


ours("nothing")
for name in ("torch", "quack", "torch.compile", "liger"):
    impl = implementations.get(name)
    for shape in ((4096, 256), (M, N)):
        small = torch.randn(*shape, device="cuda", dtype=torch.bfloat16)
        try:
            impl.forward(small)
            impl.backward(torch.softmax(small, -1), small)
            torch.cuda.synchronize()
        except Exception as error:
            print(f"   {name} at {shape}: {type(error).__name__}: {str(error)[:100]}", flush=True)
        ours(f"{name} at {shape}")
