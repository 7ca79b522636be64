"""What the interpreter cannot reach, checked on a GPU (issue: kernels).

    PYTHONPATH=. python3 benchmarks/gpu_checks.py

- N up to 1M (and 4M) through every path that can take it, forward and backward, under the
  tolerance policy (``checking``), and the 16-bit forward's blocks of 16384 on a fast DRAM;
- a tensor of more than 2**31 elements (64-bit row offsets), its last rows checked, and one
  along a dim that is not the innermost (the spatial kernel's 64-bit offsets);
- torch.compile (inductor) of a small model that calls our softmax: fullgraph (no graph break),
  same result, and a backward.
Exits non-zero on the first failure.
"""

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import checking  # noqa: E402
import triton_impl  # noqa: E402


def ok(what: str) -> None:
    print(f"ok  {what}", flush=True)


def wide_rows():
    for N in (1 << 20, (1 << 20) + 7, 1 << 22):
        for M in (1, 3, 200):
            x = torch.randn(M, N, device="cuda") * 5
            dy = torch.randn_like(x)
            for kernel in (None, "cooperative", "online", "split"):
                plan = triton_impl.plan(x, kernel=kernel)
                what = f"M={M} N={N} {plan.describe()}"
                y = triton_impl.softmax(x, -1, kernel=kernel)
                checking.check_forward(y, x, what=f"forward {what}")
                dx = triton_impl.softmax_backward_data(y, dy, 1, kernel=kernel)
                checking.check_backward(dx, y, dy, what=f"backward {what}")
                logy = triton_impl.log_softmax(x, -1, kernel=kernel)
                checking.check_forward(logy, x, log=True, what=f"log_softmax {what}")
                ok(what)


def sixteen_bit_wide_blocks():
    """The 16-bit forward that holds blocks of 16384 as words on a fast-DRAM Hopper GPU
    (``policy.FAST_DRAM_WIDE_BLOCK_FORWARD``; elsewhere these rows take blocks of 8192): softmax
    and log-softmax, a row whose last program holds 8 columns (147464), rows at an odd stride
    (not read as words: 4 warps uncapped), and a value repeated in every block of a
    row, whose outputs must all be equal (ties stay ties, as in torch.softmax)."""
    for dtype in (torch.bfloat16, torch.float16):
        for M, N, stride in ((512, 1 << 18, 1 << 18), (1023, 147464, 147464),
                             (64, 1 << 18, (1 << 18) + 1)):
            x = (torch.randn(M, stride, device="cuda") * 5).to(dtype)[:, :N]
            x[1, ::8192] = 3.0  # one value in every block of 8192 of row 1
            plan = triton_impl.plan(x)
            what = f"{dtype} M={M} N={N} stride={stride} {plan.describe()}"
            y = triton_impl.softmax(x, -1)
            checking.check_forward(y, x, what=f"forward {what}")
            tied = y[1, ::8192]
            assert (tied == tied[0]).all(), f"ties split: {what}"
            logy = triton_impl.log_softmax(x, -1)
            checking.check_forward(logy, x, log=True, what=f"log_softmax {what}")
            ok(what)
            del x, y, logy


def beyond_int32():
    M, N = (1 << 31) // 4096 + 3, 4096  # 2**31 + 12288 elements, 4.3 GB in bfloat16
    x = torch.randn(M, N, device="cuda", dtype=torch.bfloat16)
    assert x.numel() > 2**31
    y = triton_impl.softmax(x, -1)
    checking.check_forward(y, x, what=f"{x.numel()} elements (> 2**31)")
    dy = torch.randn_like(x)
    dx = triton_impl.softmax_backward_data(y, dy, 1)
    checking.check_backward(dx, y, dy, what="backward > 2**31")
    ok(f"{x.numel()} elements (> 2**31), forward and backward, the last rows among those checked")
    del x, y, dy, dx
    torch.cuda.empty_cache()


def spatial_beyond_int32():
    """A softmax along dim 1 of a (2, 3, B) tensor of more than 2**31 elements: the spatial
    kernel's offsets (a * 3B + n * B + b) pass 2**31 in the second slice, which is checked."""
    B = (1 << 31) // 6 + 4096
    x = torch.randn(2, 3, B, device="cuda", dtype=torch.bfloat16)
    assert x.numel() > 2**31 and triton_impl.plan(x, 1).kernel == "spatial"
    rows = lambda t: t[1:].movedim(1, -1).reshape(-1, 3)  # noqa: E731
    y = triton_impl.softmax(x, 1)
    checking.check_forward(rows(y), rows(x), what=f"spatial, {x.numel()} elements (> 2**31)")
    dy = torch.randn_like(x)
    dx = triton_impl.softmax_backward_data(y, dy, 1)
    checking.check_backward(rows(dx), rows(y), rows(dy), what="spatial backward > 2**31")
    ok(f"spatial, {x.numel()} elements (> 2**31), forward and backward, the second slice checked")
    del x, y, dy, dx
    torch.cuda.empty_cache()


def compiled_model():
    model = torch.nn.Sequential(torch.nn.Linear(64, 1000), triton_impl.Softmax(dim=-1),
                                torch.nn.Linear(1000, 10), triton_impl.LogSoftmax(dim=-1)).cuda()
    x = torch.randn(32, 64, device="cuda", requires_grad=True)
    compiled = torch.compile(model, fullgraph=True)
    expected = model(x)
    got = compiled(x)
    torch.testing.assert_close(got, expected)  # the same kernels on both sides: equal up to fusion
    ok("torch.compile(fullgraph=True) of a model using it")
    got.sum().backward()
    assert x.grad is not None and torch.isfinite(x.grad).all()
    print("ok  torch.compile backward", flush=True)


if __name__ == "__main__":
    print(torch.cuda.get_device_name(), torch.__version__, flush=True)
    wide_rows()
    sixteen_bit_wide_blocks()
    beyond_int32()
    spatial_beyond_int32()
    compiled_model()
    print("ALL GPU CHECKS PASSED")
