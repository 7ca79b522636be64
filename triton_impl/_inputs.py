"""Input checks: one place for what the Triton softmax accepts, and the error when it does not.

Everything a caller passes (the tensor, ``dim``, ``dtype``) is checked here, before any work, and
refused with an error that says what to do instead. The forcing options (``kernel``, ``block_n``,
``splits``) are checked in one other place, ``policy.Forcing``. What the kernels do with a dtype
comes from the one dtype table, ``reference.dtypes``: its formats are the dtypes accepted, and each
is computed in its ``compute`` dtype (float32 for float16, bfloat16 and float32; float64 for
float64) and stored back in its own.
"""

from __future__ import annotations

import functools
import operator

import numpy as np
import torch
import torch.nn.functional
import triton
from torch._subclasses.fake_tensor import is_fake

from reference.dtypes import DTYPES, format_of

from .hardware import kernels_interpreted

SUPPORTED_DTYPES = tuple(getattr(torch, name) for name in DTYPES)
"""The dtype table's formats as torch dtypes: loaded as is, computed in their compute dtype
(``compute_dtype``), stored back in their own."""
_NAMES = ", ".join(DTYPES)


def compute_dtype(dtype: torch.dtype) -> torch.dtype:
    """The dtype the arithmetic on ``dtype`` is done in (``reference.dtypes``: float32 for the
    16-bit formats and float32, float64 for float64)."""
    return getattr(torch, format_of(dtype).compute)


def has_storage(x: torch.Tensor) -> bool:
    """Whether a kernel can read ``x``'s memory. Not for a tensor that only describes one (the
    meta device, a ``FakeTensorMode`` or ``torch.compile`` fake: only a shape to compute), nor for
    a batched tensor of the legacy vmap (``torch._vmap_internals``, which gradcheck's batched
    checks use), whose batch only an operator's fallback unwraps, nor for a tensor subclass with
    its own ``__torch_dispatch__`` (a wrapper such as torch's ``TwoTensor``, whose own storage is
    empty): these go through the custom op, which the subclass runs on what it wraps.
    """
    if x.device.type == "meta" or torch._C._functorch.is_legacy_batchedtensor(x):
        return False
    if type(x) is torch.Tensor:  # the common case, cheaply
        return True
    return not is_fake(x) and type(x).__torch_dispatch__ is torch.Tensor.__torch_dispatch__


def implicit_dim(op: str, x, stacklevel: int) -> int:
    """The dim that ``torch.nn.functional.softmax(x, dim=None)`` picks (0 for 0-, 1- and 3-D
    inputs, else 1: a legacy choice, kept by ``torch.nn.Softmax()``), with torch's own
    deprecation warning, attributed ``stacklevel`` frames above the caller of this function."""
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"x must be a torch.Tensor, got {type(x).__name__}")
    return torch.nn.functional._get_softmax_dim(op, x.dim(), stacklevel + 2)


def _as_int(dim) -> int:
    """``dim`` as a Python int: an int, a NumPy integer or a 0-dim integer tensor (as torch)."""
    if isinstance(dim, torch.Tensor):
        if dim.dim() != 0 or dim.dtype == torch.bool or dim.is_floating_point() or dim.is_complex():
            raise TypeError(f"dim must be an int or a 0-dim integer tensor, got a tensor of "
                            f"shape {tuple(dim.shape)} and dtype {dim.dtype}")
        return int(dim)
    if isinstance(dim, bool):
        raise TypeError("dim must be an int, got bool")
    try:
        return operator.index(dim)
    except TypeError:
        raise TypeError(f"dim must be an int, got {type(dim).__name__}") from None


def check_dtype(dtype, name: str = "dtype") -> None:
    """``dtype`` (an argument, not a tensor's) must be a torch dtype the kernels compute."""
    if not isinstance(dtype, torch.dtype):
        raise TypeError(f"{name} must be a torch.dtype, got {type(dtype).__name__}")
    if dtype not in SUPPORTED_DTYPES:
        raise TypeError(f"{name}={dtype}: the Triton softmax computes {_NAMES}; pass one of "
                        "those, or use torch.softmax")


def check_input(x, dim, name: str = "x", *, dtype: torch.dtype | None = None) -> int:
    """Validate a softmax input (and ``dtype``, the dtype it is to be cast to first, as torch's
    ``dtype=`` does) and return ``dim`` made a non-negative int (0 for a 0-dim tensor).

    Any dtype casts to a supported ``dtype`` (torch.softmax(int_tensor, 0, dtype=torch.float32)
    works too); without ``dtype``, the tensor's own must be supported.
    """
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"{name} must be a torch.Tensor, got {type(x).__name__}")
    if x.is_nested:
        raise TypeError(f"{name} is a nested tensor; the Triton softmax reads dense tensors: apply "
                        f"it to each of {name}.unbind(), or use torch.softmax")
    if x.layout is not torch.strided:
        raise TypeError(f"{name} is a {x.layout} tensor; the Triton softmax reads dense (strided) "
                        f"tensors: convert with {name}.to_dense(), or use torch.sparse.softmax")
    if dtype is not None:
        check_dtype(dtype)
    elif x.dtype not in SUPPORTED_DTYPES:
        raise TypeError(
            f"{name} has dtype {x.dtype}; the Triton softmax computes {_NAMES} (the 16-bit "
            f"formats in float32). Convert with {name}.float(), or pass dtype=torch.float32 as "
            "torch.softmax takes it."
        )
    dim = _as_int(dim)
    ndim = max(x.dim(), 1)
    if not -ndim <= dim < ndim:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-ndim}, {ndim - 1}], "
            f"but got {dim}) for a tensor of shape {tuple(x.shape)}"
        )
    device = x.device.type
    if device not in ("cpu", "cuda", "meta"):
        raise RuntimeError(f"{name} is on {x.device}; the Triton softmax runs on CUDA devices")
    if device == "cpu" and not kernels_interpreted():
        raise RuntimeError(
            f"{name} is on the CPU, but the Triton kernels were compiled for a GPU. Move it with "
            f"{name}.cuda(), or run the kernels on the CPU under the Triton interpreter: set "
            "TRITON_INTERPRET=1 in the environment before triton_impl (and triton) is imported."
        )
    if device == "cpu" and interpreter_numpy_too_new():
        raise RuntimeError(
            f"Triton {triton.__version__}'s interpreter fails on NumPy {np.__version__} (it turns "
            "one-element arrays into loop bounds, which NumPy 2.4 made an error): install NumPy "
            "below 2.4 to run the kernels on the CPU, as the README's install does "
            "(-c constraints-cpu.txt)"
        )
    return dim % ndim


def interpreter_numpy_too_new() -> bool:
    """Whether this NumPy breaks this Triton's interpreter (Triton 3.6 and older, NumPy >= 2.4)."""
    return _breaks_interpreter(np.__version__, triton.__version__)


@functools.lru_cache(maxsize=None)
def _breaks_interpreter(numpy_version: str, triton_version: str) -> bool:
    """Parsed once a pair of versions: the check runs on every call on CPU tensors."""
    numpy_release = tuple(int(p) for p in numpy_version.split(".")[:2])
    triton_release = tuple(int(p) for p in triton_version.split(".")[:2])
    return numpy_release >= (2, 4) and triton_release <= (3, 6)
