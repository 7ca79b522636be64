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
operands = (y, dy, out) if backward else (x, out)
run = launch.softmax_backward_rows if backward else launch.softmax_rows
for _ in range(2):  # the first compiles
    out.fill_(float("nan"))
    run(plan, *operands, False)
    torch.cuda.synchronize()
checking.check(out, direction, x, y, dy, what="ncu")
print("checked", flush=True)
