"""Where a differentiated call's host time goes now: cProfile of 2000 forward + backward pairs
(8 x 256 float32, under autograd), the output checked first; the 30 functions of most time."""
import cProfile
import pstats
import sys

import torch

sys.path.insert(0, "benchmarks")
import checking  # noqa: E402
import triton_impl  # noqa: E402

torch.manual_seed(0)
x = torch.randn(8, 256, device="cuda")
dy = torch.randn_like(x)
leaf = x.clone().requires_grad_()


def pair():
    y = triton_impl.softmax(leaf, -1)
    return y, torch.autograd.grad(y, leaf, dy)[0]


for _ in range(3):
    torch.full_like(x, float("nan"))
    y, dx = pair()
    torch.cuda.synchronize()
    checking.check_forward(y.detach(), x)
    checking.check_backward(dx, y.detach(), dy)
for _ in range(200):
    pair()
torch.cuda.synchronize()
profile = cProfile.Profile()
profile.enable()
for _ in range(2000):
    pair()
torch.cuda.synchronize()
profile.disable()
pstats.Stats(profile).sort_stats("tottime").print_stats(30)
