"""float16 / bfloat16 / float32 softmax and its backward through the public API at N = 4M and odd
widths beside it (rows not in whole 16-byte vectors: for_rows drops the several-blocks cap and its
warps), every output checked against float64 (the launch table's backward into a NaN-poisoned
output); the warps and cap each backward launch ran."""
import sys
import torch
sys.path.insert(0, "benchmarks")
import checking
import triton_impl
from triton_impl import dispatch, launch

torch.manual_seed(0)
for dtype in (torch.float16, torch.bfloat16, torch.float32):
    for N in (1 << 22, (1 << 22) - 1, (1 << 22) + 3):
        M = 3
        x = (torch.randn(M, N, device="cuda", dtype=torch.float32) * 4).to(dtype)
        y = triton_impl.softmax(x, dim=-1)
        checking.check_forward(y, x, what=f"{dtype} forward N={N}")
        dy = torch.randn_like(x)
        dx = torch.full_like(x, float("nan"))
        plan = dispatch.make_plan(M, N, dtype, "cuda", backward=True)
        launch.softmax_backward_rows(plan, y, dy, dx, False)
        checking.check_backward(dx, y, dy, what=f"{dtype} backward N={N}")
        xg = x.clone().requires_grad_()
        triton_impl.softmax(xg, dim=-1).backward(dy)
        checking.check_backward(xg.grad, y, dy, what=f"{dtype} autograd N={N}")
        (ran,) = launch.launches(plan, (y, dy, dx), False)
        print(f"ok {str(dtype)[6:]:8} N={N} backward plan {plan.num_warps} warps cap "
              f"{plan.max_registers} -> ran {ran.num_warps} warps cap {ran.max_registers}", flush=True)
