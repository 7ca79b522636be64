"""One softmax launch of the policy's plan, for Nsight Compute to read: argv N M dtype direction.
Runs it twice (the first compiles), NaN-poisoned, and checks the output against float64."""
import sys
import torch
sys.path.insert(0, "benchmarks")
import checking
from triton_impl import dispatch, launch

N, M, dtype_name, direction = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
dtype = getattr(torch, dtype_name)
backward = direction == "backward"
plan = dispatch.make_plan(M, N, dtype, "cuda", backward=backward)
print(plan.describe(), flush=True)
x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
y = torch.softmax(x.float(), -1).to(dtype)
dy = torch.randn_like(x)
out = torch.empty_like(x)
for _ in range(2):
    out.fill_(float("nan"))
    if backward:
        launch.softmax_backward_rows(plan, y, dy, out, False)
    else:
        launch.softmax_rows(plan, x, out, False)
    torch.cuda.synchronize()
if backward:
    checking.check_backward(out, y, dy, what="ncu")
else:
    checking.check_forward(out, x, what="ncu")
print("checked", flush=True)
