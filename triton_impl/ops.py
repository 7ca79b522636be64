"""The torch layer: layouts, the custom ops, autograd, and the public functions.

Layering, from the bottom: ``launch`` runs a plan on (M, N) row matrices; ``_forward`` and
``_backward`` turn any tensor and ``dim`` into such matrices and allocate the result; the custom
ops ``softmax_lab::softmax_forward`` / ``softmax_backward`` wrap them for ``torch.compile``
(registered with ``torch.library``, each with a fake implementation and autograd, so a compiled
model traces through without a graph break), and ``_EagerSoftmax`` wraps them for eager calls
with less overhead; ``softmax`` / ``log_softmax`` are the drop-ins for ``torch.softmax`` /
``torch.log_softmax``.

Layouts: the softmax dim is moved last. If the elements along it are contiguous and the other dims
collapse into one row stride (any stride, 0 for an expanded tensor), the kernels read the input in
place; otherwise (a transposed input, say) it is first copied to a contiguous tensor. The output
is contiguous in that moved layout and moved back, so it has the input's shape and dtype.
"""

from __future__ import annotations

import math

import torch

from . import launch
from ._inputs import check_input
from .dispatch import make_plan
from .policy import Forcing, Plan


def _moved_shape(x: torch.Tensor, dim: int) -> tuple[int, ...]:
    return tuple(x.movedim(dim, -1).shape) if x.dim() else (1,)


def _as_rows(x: torch.Tensor, dim: int) -> torch.Tensor:
    """``x`` with ``dim`` moved last as an (M, N) matrix of unit column stride, a view when possible."""
    if dim == x.dim() - 1 and x.is_contiguous():  # the common case, without movedim's cost
        return x.view(-1, x.shape[-1])
    moved = x.movedim(dim, -1) if x.dim() else x.reshape(1)
    N = moved.shape[-1]
    M = math.prod(moved.shape[:-1])
    if moved.stride(-1) != 1 and N > 1:
        moved = moved.contiguous()
    try:
        return moved.view(M, N)
    except RuntimeError:
        return moved.reshape(M, N)


def _new_output(x: torch.Tensor, dim: int) -> torch.Tensor:
    """An uninitialised tensor shaped like ``x``, contiguous with ``dim`` last (the kernels' layout)."""
    if dim == x.dim() - 1:
        return torch.empty(x.shape, dtype=x.dtype, device=x.device)
    out = torch.empty(_moved_shape(x, dim), dtype=x.dtype, device=x.device)
    return out.movedim(-1, dim) if x.dim() else out.reshape(())


def _forward(x: torch.Tensor, dim: int, log: bool, path: str, block_n: int,
             splits: int) -> torch.Tensor:
    """The forward on any layout; ``path``, ``block_n``, ``splits``: ``Forcing.as_op_args``.

    (The kernel option is called ``path`` here: inductor's fallback passes its own ``kernel``.)
    """
    y = _new_output(x, dim)
    if x.numel() == 0:
        return y
    rows = _as_rows(x, dim)
    plan = make_plan(*rows.shape, x.dtype, x.device,
                     forcing=Forcing.from_op_args(path, block_n, splits))
    launch.softmax_rows(plan, rows, _as_rows(y, dim), log)
    return y


def _backward(y: torch.Tensor, dy: torch.Tensor, dim: int, log: bool, path: str, block_n: int,
              splits: int) -> torch.Tensor:
    dx = _new_output(y, dim)
    if y.numel() == 0:
        return dx
    y_rows = _as_rows(y, dim)
    plan = make_plan(*y_rows.shape, y.dtype, y.device, backward=True,
                     forcing=Forcing.from_op_args(path, block_n, splits))
    launch.softmax_backward_rows(plan, y_rows, _as_rows(dy.to(y.dtype), dim), _as_rows(dx, dim),
                                 log)
    return dx


@torch.library.custom_op("softmax_lab::softmax_forward", mutates_args=())
def softmax_forward(x: torch.Tensor, dim: int, log: bool, path: str = "", block_n: int = 0,
                    splits: int = 0) -> torch.Tensor:
    return _forward(x, dim, log, path, block_n, splits)


@softmax_forward.register_fake
def _(x, dim, log, path="", block_n=0, splits=0):
    return _new_output(x, dim)


@torch.library.custom_op("softmax_lab::softmax_backward", mutates_args=())
def softmax_backward(y: torch.Tensor, dy: torch.Tensor, dim: int, log: bool, path: str = "",
                     block_n: int = 0, splits: int = 0) -> torch.Tensor:
    return _backward(y, dy, dim, log, path, block_n, splits)


@softmax_backward.register_fake
def _(y, dy, dim, log, path="", block_n=0, splits=0):
    return _new_output(y, dim)


def _setup_context(ctx, inputs, output):
    _, ctx.dim, ctx.log, *ctx.options = inputs
    ctx.save_for_backward(output)


def _backward_of_op(ctx, dy):
    (y,) = ctx.saved_tensors
    dx = softmax_backward(y, dy, ctx.dim, ctx.log, *ctx.options)
    return (dx,) + (None,) * (2 + len(ctx.options))


torch.library.register_autograd("softmax_lab::softmax_forward", _backward_of_op,
                                setup_context=_setup_context)


class _EagerSoftmax(torch.autograd.Function):
    """The same kernels without the custom op's dispatch, for eager calls: the op's Python layers
    cost several microseconds a call, which small problems feel. ``torch.compile`` sees the op."""

    @staticmethod
    def forward(ctx, x, dim, log, *options):
        y = _forward(x, dim, log, *options)
        ctx.save_for_backward(y)
        ctx.dim, ctx.log, ctx.options = dim, log, options
        return y

    @staticmethod
    def backward(ctx, dy):
        (y,) = ctx.saved_tensors
        dx = _backward(y, dy, ctx.dim, ctx.log, *ctx.options)
        return (dx,) + (None,) * (2 + len(ctx.options))


def _apply(x, dim, dtype, log, kernel, block_n, splits):
    options = Forcing(kernel, block_n, splits).as_op_args()
    if dtype is not None:
        x = x.to(dtype)
    dim = check_input(x, dim)
    if torch.compiler.is_compiling():
        return softmax_forward(x, dim, log, *options)
    if x.requires_grad and torch.is_grad_enabled():
        return _EagerSoftmax.apply(x, dim, log, *options)
    return _forward(x, dim, log, *options)


def softmax(x: torch.Tensor, dim: int = -1, dtype: torch.dtype | None = None, *,
            kernel: str | None = None, block_n: int | None = None,
            splits: int | None = None) -> torch.Tensor:
    """softmax of ``x`` along ``dim``, as ``torch.softmax``, computed by the Triton kernels.

    ``dtype`` casts the input first, as torch does. ``kernel`` (one of ``policy.KERNELS``),
    ``block_n`` and ``splits`` force the dispatcher's choice (``policy.Forcing``; see ``plan``);
    the backward uses the same forcing.
    """
    return _apply(x, dim, dtype, False, kernel, block_n, splits)


def log_softmax(x: torch.Tensor, dim: int = -1, dtype: torch.dtype | None = None, *,
                kernel: str | None = None, block_n: int | None = None,
                splits: int | None = None) -> torch.Tensor:
    """log-softmax of ``x`` along ``dim``, as ``torch.log_softmax``; options as ``softmax``."""
    return _apply(x, dim, dtype, True, kernel, block_n, splits)


def softmax_backward_data(y: torch.Tensor, dy: torch.Tensor, dim: int = -1, *, log: bool = False,
                          kernel: str | None = None, block_n: int | None = None,
                          splits: int | None = None) -> torch.Tensor:
    """The backward alone: dx from the forward's output ``y`` and the gradient ``dy``.

    As ``torch._softmax_backward_data``: softmax's dx = y * (dy - sum(dy * y)), or with
    ``log=True`` log-softmax's dx = dy - exp(y) * sum(dy). No autograd graph is built; for
    benchmarks and for users who write their own autograd. Options force the path as in ``softmax``.
    """
    options = Forcing(kernel, block_n, splits).as_op_args()
    dim = check_input(y, dim, "y")
    check_input(dy, dim, "dy")
    if dy.shape != y.shape:
        raise ValueError(f"dy has shape {tuple(dy.shape)}, y has {tuple(y.shape)}: they must match")
    return _backward(y, dy, dim, log, *options)


def plan(x: torch.Tensor, dim: int = -1, *, log: bool = False, backward: bool = False,
         kernel: str | None = None, block_n: int | None = None,
         splits: int | None = None) -> Plan | None:
    """The plan the dispatcher would run for ``softmax(x, dim)`` (None for an empty tensor);
    ``log`` is accepted for symmetry with the calls (both run the same plan)."""
    forcing = Forcing(kernel, block_n, splits)
    dim = check_input(x, dim)
    if x.numel() == 0:
        return None
    M, N = _as_rows(x, dim).shape
    return make_plan(M, N, x.dtype, x.device, backward=backward, forcing=forcing)
