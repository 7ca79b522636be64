"""The failing case of test_a_backward_row_held_as_a_block_and_a_tail on the GPU, step by step:
where the read-again dx differs from the held one, and whether either matches float64."""
import dataclasses
import sys

import torch

sys.path.insert(0, ".")
sys.path.insert(0, "tests")
import triton_impl  # noqa: E402
from triton_impl import launch  # noqa: E402

M, N, block, tail, block_m = 3, 2944, 2048, 1024, 1
for dtype in (torch.float32, torch.float64):
    for log in (False, True):
        y_buffer = torch.full((M, N + 37), float("inf"), dtype=dtype, device="cuda")
        dy_buffer = torch.full((M + 2, N + 11), float("nan"), dtype=dtype, device="cuda")
        dx_buffer = torch.full((M + 1, N + 19), float("nan"), dtype=dtype, device="cuda")
        y, dy, dx = y_buffer[:, 5:5 + N], dy_buffer[2:, 1:1 + N], dx_buffer[1:, 3:3 + N]
        g = torch.Generator().manual_seed(3)
        x = (torch.randn((M, N), generator=g) * 4.0).to("cuda")
        y.copy_((x.log_softmax(-1) if log else x.softmax(-1)).to(dtype))
        g = torch.Generator().manual_seed(4)
        dy.copy_((torch.randn((M, N), generator=g) * 1.0).to(dtype).to("cuda"))
        plan = dataclasses.replace(triton_impl.make_plan(M, N, dtype, "cuda", backward=True),
                                   block_n=block, tail=tail, block_m=block_m, windowed=False,
                                   held_as_loaded=False, grid=(M,))
        launch.softmax_backward_rows(plan, y, dy, dx, log)
        again = dataclasses.replace(plan, reread=True)
        read_again = torch.full_like(dx, float("nan"))
        launch.softmax_backward_rows(again, y, dy, read_again, log)
        torch.cuda.synchronize()
        yd, dyd = y.double(), dy.double()
        exact = dyd - yd.exp() * dyd.sum(-1, keepdim=True) if log else \
            yd * (dyd - (dyd * yd).sum(-1, keepdim=True))
        for name, out in (("held", dx), ("read again", read_again)):
            err = (out.double() - exact).abs().max().item()
            print(f"{dtype} log={log} {name}: NaN {int(out.isnan().sum())}, max abs err {err:.3e}, "
                  f"strides {tuple(out.stride())}")
        differ = (read_again != dx)
        idx = differ.nonzero()[:5].tolist()
        print(f"  differ at {int(differ.sum())} values, first {idx}; "
              f"held {[dx[i, j].item() for i, j in idx]} read again "
              f"{[read_again[i, j].item() for i, j in idx]}")
        print("  plan", plan.describe(), [(k, v) for k, v in
                                         launch.launches(again, (y, dy, read_again), log)[0]
                                         .constexprs.items()])
