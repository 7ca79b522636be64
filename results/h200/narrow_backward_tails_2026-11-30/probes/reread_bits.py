"""Whether the single-block backward read again for dx (Plan.reread) writes the bits of the same
plan holding its tiles, compiled for the GPU: M = 3 rows of 2944 cut from wider buffers (the
failing case of tests/test_triton_kernels.py's test_a_backward_row_held_as_a_block_and_a_tail),
as 2048 + 1024 and as 4096, and contiguous; counts the differing values and their largest
difference in units of the value."""
import dataclasses
import sys

import torch

sys.path.insert(0, ".")
import triton_impl  # noqa: E402
from triton_impl import launch  # noqa: E402

M, N = 3, 2944
for dtype in (torch.float32, torch.float64, torch.bfloat16):
    for cut in (True, False):
        g = torch.Generator().manual_seed(3)
        x = torch.randn((M, N), generator=g) * 4
        if cut:
            y = torch.full((M, N + 37), float("inf"), dtype=dtype, device="cuda")[:, 5:5 + N]
            dy = torch.full((M + 2, N + 11), float("nan"), dtype=dtype, device="cuda")[2:, 1:1 + N]
        else:
            y = torch.empty((M, N), dtype=dtype, device="cuda")
            dy = torch.empty((M, N), dtype=dtype, device="cuda")
        y.copy_(x.softmax(-1).to(dtype))
        dy.copy_(torch.randn((M, N), generator=g).to(dtype))
        base = triton_impl.make_plan(M, N, dtype, "cuda", backward=True)
        for block, tail in ((2048, 1024), (4096, 0)):
            for warps in (base.num_warps, 4, 8):
                plan = dataclasses.replace(base, block_n=block, tail=tail, block_m=1,
                                           num_warps=warps, grid=(M,), held_as_loaded=False)
                outs = []
                for reread in (False, True):
                    out = torch.full_like(dy, float("nan"))
                    launch.softmax_backward_rows(dataclasses.replace(plan, reread=reread), y, dy,
                                                 out, False)
                    outs.append(out.double())
                diff = (outs[0] - outs[1]).abs()
                rel = (diff / outs[0].abs().clamp_min(1e-300)).max().item()
                print(f"{str(dtype):15} cut={cut!s:5} {block}+{tail} warps {warps}: "
                      f"{int((diff > 0).sum())} of {diff.numel()} differ, largest relative {rel:.2e}")
