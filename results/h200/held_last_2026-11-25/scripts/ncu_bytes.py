"""One cooperative launch at N = 4M, float32, for Nsight Compute to count: argv direction M block
(8192: the four-block plan before d1d0980, forced; 0: the policy's, blocks of 16384). Runs the
launch twice (the first compiles), checks the output against float64, NaN-poisoned first."""
import sys
import torch
sys.path.insert(0, "benchmarks")
import checking
from triton_impl import dispatch, launch, policy

direction, M, block = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
N = 1 << 22
backward = direction == "backward"
forcing = policy.Forcing("cooperative", block) if block else policy.AUTO
plan = dispatch.make_plan(M, N, torch.float32, "cuda", backward=backward, forcing=forcing)
print(plan.describe(), flush=True)
x = torch.randn(M, N, device="cuda") * 3
y = torch.softmax(x, -1)
dy = torch.randn_like(x)
out = torch.empty_like(x)
for _ in range(2):
    out.fill_(float("nan"))
    if backward:
        launch.softmax_backward_rows(plan, y, dy, out, False)
    else:
        launch.softmax_rows(plan, x, out, False)
    torch.cuda.synchronize()
checking.check_backward(out, y, dy, what="ncu") if backward else checking.check_forward(out, x, what="ncu")
print("checked", flush=True)
