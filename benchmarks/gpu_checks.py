"""What the interpreter cannot reach, checked on a GPU (issue: kernels).

    PYTHONPATH=. python3 benchmarks/gpu_checks.py

- N up to 1M (and 4M) through every path that can take it, forward and backward, against torch
  in float32;
- a tensor of more than 2**31 elements (64-bit row offsets), its last rows checked;
- torch.compile (inductor) of a small model that calls our softmax: fullgraph (no graph break),
  same result, and a backward.
Exits non-zero on the first failure.
"""

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import triton_impl  # noqa: E402


def check(got, expected, what, rtol, scale=None):
    """Max error relative to the largest expected magnitude (wide rows have values far below 1)."""
    err = (got.float() - expected.float()).abs().max().item()
    scale = scale or expected.float().abs().max().item()
    assert not torch.isnan(got).any(), f"{what}: NaN in output"
    assert err <= rtol * scale, f"{what}: max error {err:.3g} > {rtol} * {scale:.3g}"
    print(f"ok  {what}: max error {err:.2e} (largest value {scale:.2e})", flush=True)


def wide_rows():
    for N in (1 << 20, (1 << 20) + 7, 1 << 22):
        for M in (1, 3, 200):
            x = torch.randn(M, N, device="cuda") * 5
            ref = torch.softmax(x, -1)
            dy = torch.randn_like(x)
            ref_dx = torch._softmax_backward_data(dy, ref, 1, x.dtype)
            # dx = y * (dy - s) cancels where dy is near s, and s where its terms do: errors
            # scale with |y| * (|dy| + sum |dy * y|) (reference.tolerance.grad_scale, in torch)
            terms = (dy * ref).abs().sum(-1, keepdim=True)
            grad_scale = (ref.abs() * (dy.abs() + terms)).max().item()
            for kernel in (None, "cooperative", "online", "split"):
                plan = triton_impl.plan(x, kernel=kernel)
                y = triton_impl.softmax(x, -1, kernel=kernel)
                check(y, ref, f"forward M={M} N={N} {plan.describe()}", 2e-5)
                dx = triton_impl.softmax_backward_data(y, dy, 1, kernel=kernel)
                check(dx, ref_dx, f"backward M={M} N={N} {kernel or 'auto'}", 2e-5,
                      scale=grad_scale)
                logy = triton_impl.log_softmax(x, -1, kernel=kernel)
                check(logy, torch.log_softmax(x, -1), f"log_softmax M={M} N={N} {kernel}", 1e-6)


def beyond_int32():
    M, N = (1 << 31) // 4096 + 3, 4096  # 2**31 + 12288 elements, 4.3 GB in bfloat16
    x = torch.randn(M, N, device="cuda", dtype=torch.bfloat16)
    assert x.numel() > 2**31
    y = triton_impl.softmax(x, -1)
    tail = slice(M - 8, M)
    check(y[tail], torch.softmax(x[tail].float(), -1), f"{x.numel()} elements (> 2**31), tail",
          4e-3)
    check(y[:8], torch.softmax(x[:8].float(), -1), "same tensor, head", 4e-3)
    dy = torch.randn_like(x)
    dx = triton_impl.softmax_backward_data(y, dy, 1)
    yt, dyt = y[tail].float(), dy[tail].float()
    check(dx[tail], yt * (dyt - (yt * dyt).sum(-1, keepdim=True)), "backward > 2**31, tail", 4e-3)
    del x, y, dy, dx
    torch.cuda.empty_cache()


def compiled_model():
    model = torch.nn.Sequential(torch.nn.Linear(64, 1000), triton_impl.Softmax(dim=-1),
                                torch.nn.Linear(1000, 10), triton_impl.LogSoftmax(dim=-1)).cuda()
    x = torch.randn(32, 64, device="cuda", requires_grad=True)
    compiled = torch.compile(model, fullgraph=True)
    expected = model(x)
    got = compiled(x)
    check(got, expected, "torch.compile(fullgraph=True) of a model using it", 1e-5)
    got.sum().backward()
    assert x.grad is not None and torch.isfinite(x.grad).all()
    print("ok  torch.compile backward", flush=True)


if __name__ == "__main__":
    print(torch.cuda.get_device_name(), torch.__version__, flush=True)
    wide_rows()
    beyond_int32()
    compiled_model()
    print("ALL GPU CHECKS PASSED")
