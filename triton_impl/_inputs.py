"""Input checks and the dtype table: one place for what the kernels accept and why not."""

from __future__ import annotations

import torch

from .hardware import kernels_interpreted

SUPPORTED_DTYPES = (torch.float32, torch.float16, torch.bfloat16)
"""Loaded as is, computed in float32, stored back in the input's dtype."""


def check_input(x, dim: int, name: str = "x") -> int:
    """Validate a softmax input and return ``dim`` made non-negative (0 for a 0-dim tensor)."""
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"{name} must be a torch.Tensor, got {type(x).__name__}")
    if x.dtype not in SUPPORTED_DTYPES:
        raise TypeError(
            f"{name} has dtype {x.dtype}; the Triton softmax accepts float32, float16 and "
            f"bfloat16 (it computes in float32). Convert with {name}.float(), or use "
            f"torch.softmax for float64."
        )
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(f"dim must be an int, got {type(dim).__name__}")
    ndim = max(x.dim(), 1)
    if not -ndim <= dim < ndim:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-ndim}, {ndim - 1}], "
            f"but got {dim}) for a tensor of shape {tuple(x.shape)}"
        )
    if x.device.type == "cpu" and not kernels_interpreted():
        raise RuntimeError(
            f"{name} is on the CPU, but the Triton kernels were compiled for a GPU. Move it with "
            f"{name}.cuda(), or run the kernels on the CPU under the Triton interpreter: set "
            "TRITON_INTERPRET=1 in the environment before triton_impl (and triton) is imported."
        )
    if x.device.type not in ("cpu", "cuda"):
        raise RuntimeError(f"{name} is on {x.device}; the Triton softmax runs on CUDA devices")
    return dim % ndim
