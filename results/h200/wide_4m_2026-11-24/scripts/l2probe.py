"""One cooperative launch (after one warm-up) for ncu: dtype M N [block warps regs]."""
import dataclasses, sys
import torch
from triton_impl import dispatch, launch, policy
dtype = getattr(torch, sys.argv[1]); M, N = int(sys.argv[2]), int(sys.argv[3])
backward = len(sys.argv) > 7 and sys.argv[7] == "backward"
forcing = policy.AUTO
changes = {}
if len(sys.argv) > 4 and sys.argv[4] != "auto":
    forcing = policy.Forcing("cooperative", int(sys.argv[4]))
    changes = dict(num_warps=int(sys.argv[5]), max_registers=int(sys.argv[6]))
plan = dataclasses.replace(dispatch.make_plan(M, N, dtype, "cuda", backward=backward, forcing=forcing), **changes)
print(plan.describe(), flush=True)
x = torch.randn(M, N, device="cuda", dtype=dtype)
out = torch.empty_like(x)
if backward:
    y = torch.softmax(x.float(), -1).to(dtype); dy = torch.randn_like(x)
    fn = lambda: launch.softmax_backward_rows(plan, y, dy, out, False)
else:
    fn = lambda: launch.softmax_rows(plan, x, out, False)
for _ in range(2):
    fn()
torch.cuda.synchronize()
