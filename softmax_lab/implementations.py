"""The softmax implementations the lab compares, forward and backward, by name.

Each entry maps a name to a pair of callables ``forward(x) -> y`` and ``backward(y, dy) -> dx``
over one dim (``get``'s ``dim``, the last by default). Backwards are called directly (not through autograd), so a timing measures the
kernel and not the autograd engine; ours are called through the public eager API (the custom op
that ``torch.compile`` sees costs more host time per call: benchmarks/host_overhead.py). ``useful_bytes`` is the convention every GB/s figure here
uses: the bytes a perfect kernel must move (forward: read x, write y; backward: read y and dy,
write dx), whatever the implementation really moves.
"""

from __future__ import annotations

import functools
from typing import Callable, NamedTuple

import torch

from reference.traffic import useful_bytes  # noqa: F401  (the benchmarks' and asv's name for it)


class Implementation(NamedTuple):
    forward: Callable[[torch.Tensor], torch.Tensor]
    backward: Callable[[torch.Tensor, torch.Tensor], torch.Tensor]


def naive_softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """Five eager kernels: max, subtract, exp, sum, divide (reads 5MN + 2M, writes 3MN + 2M)."""
    x_max = x.max(dim=dim, keepdim=True).values
    z = x - x_max
    numerator = torch.exp(z)
    denominator = numerator.sum(dim=dim, keepdim=True)
    return numerator / denominator


def naive_softmax_backward(y: torch.Tensor, dy: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """Four eager kernels: dy * y, sum, dy - sum, y * (dy - sum)."""
    return y * (dy - (dy * y).sum(dim=dim, keepdim=True))


def _ours(kernel: str | None = None, dim: int = -1) -> Implementation:
    import triton_impl

    return Implementation(
        lambda x: triton_impl.softmax(x, dim, kernel=kernel),
        lambda y, dy: triton_impl.softmax_backward_data(y, dy, dim, kernel=kernel))


def _torch(dim: int = -1) -> Implementation:
    return Implementation(
        lambda x: torch.softmax(x, dim),
        lambda y, dy: torch._softmax_backward_data(dy, y, dim % y.dim(), y.dtype),
    )


@functools.lru_cache(maxsize=None)
def _compiled(dim: int = -1) -> Implementation:
    # one specialisation per shape (dynamic=False): the benchmarks' grids pass dynamo's default
    # limit of 8, past which it would silently run the naive code eagerly
    torch._dynamo.config.recompile_limit = 1024
    if dim == -1:
        return Implementation(torch.compile(naive_softmax, dynamic=False),
                              torch.compile(naive_softmax_backward, dynamic=False))
    return Implementation(torch.compile(lambda x: naive_softmax(x, dim), dynamic=False),
                          torch.compile(lambda y, dy: naive_softmax_backward(y, dy, dim),
                                        dynamic=False))


def _liger() -> Implementation:
    """Liger-Kernel's softmax (``liger_kernel.ops.softmax``), its backward called with the launch
    settings its forward would have saved."""
    from liger_kernel.ops import softmax as liger
    from liger_kernel.ops.utils import calculate_settings

    def backward(y, dy):
        block, warps = calculate_settings(y.shape[-1])
        return liger._softmax_backward(dy, y, block, warps, y.shape[-1] > block)

    return Implementation(lambda x: liger._softmax_forward(x)[0], backward)


def _quack() -> Implementation:
    """QuACK's softmax (``quack.softmax``, CuTe DSL kernels with thread-block clusters)."""
    import importlib

    quack = importlib.import_module("quack.softmax")  # the package's ``softmax`` is a function
    return Implementation(quack.softmax_fwd, lambda y, dy: quack.softmax_bwd(dy, y))


PEERS = {"liger": _liger, "quack": _quack}
"""Peers measured when installed (Liger-Kernel 0.8.5, QuACK 0.2.2); ``get`` raises ImportError
with the reason otherwise, which the benchmarks print as a skip."""


def get(name: str, dim: int = -1) -> Implementation:
    """``ours`` (the dispatcher), ``ours:<kernel>`` (forced, one of ``triton_impl.KERNELS``),
    ``torch``, ``naive`` (eager, five kernels), ``torch.compile`` (inductor on the naive code),
    and the peers ``liger`` and ``quack`` (the last dim only: ValueError for another), along
    ``dim``."""
    import triton_impl  # noqa: F401  (registers the softmax_lab ops)

    if name in PEERS:
        if dim != -1:
            raise ValueError(f"{name} softmaxes the last dim only, not dim={dim}")
        return PEERS[name]()

    if name == "ours":
        return _ours(dim=dim)
    if name.startswith("ours:"):
        return _ours(name.split(":", 1)[1], dim)
    if name == "torch":
        return _torch(dim)
    if name == "naive":
        return Implementation(lambda x: naive_softmax(x, dim),
                              lambda y, dy: naive_softmax_backward(y, dy, dim))
    if name == "torch.compile":
        return _compiled(dim)
    raise ValueError(f"unknown implementation {name!r}")


