"""The torch layer: layouts, the custom ops, every autograd mode, and the public functions.

Layering, from the bottom: ``launch`` runs a plan on (M, N) row matrices; ``_forward`` and
``_backward`` turn any tensor and ``dim`` into such matrices, choose the plan (so a forcing that
cannot run this problem is refused before anything is allocated) and allocate the result. Two
wrappers make them differentiable, from the same derivative formulas (``_jacobian_product`` and
the two ``_backward_*`` functions below):

- the custom ops ``softmax_lab::softmax_forward`` / ``softmax_backward`` (``torch.library``, each
  with a fake implementation, autograd and a vmap rule), which ``torch.compile`` and
  ``torch.jit.trace`` record as single nodes, and which compute only shapes on the meta device and
  under ``FakeTensorMode``. torch gives custom ops no forward AD and (2.13) no autograd under
  ``torch.func``: those modes take the Functions below, eager;
- the ``autograd.Function``\\ s ``_Softmax`` / ``_SoftmaxBackward`` for eager calls: backward,
  double backward (the backward is itself differentiable), forward-mode AD (``jvp``) and
  ``torch.func`` (``setup_context``, and a ``vmap`` rule that folds the batch into the rows).
  They cost fewer microseconds a call than the op's Python layers, and an eager call that needs
  no derivative skips them too.

``softmax`` / ``log_softmax`` are the drop-ins for ``torch.softmax`` / ``torch.log_softmax``:
every argument is checked (``_inputs``, ``policy.Forcing``) and the plan chosen before any work.
A plain eager call (no ``dtype=``, no graph recording it, no autograd mode that may differentiate
it) that repeats an earlier one's shape, strides, dtype, device, dim and forcing skips the checks
and the planning that the earlier call passed (``_PLAIN_CALLS``). Every other forward and every
backward that repeats a layout skips the planning (``_KNOWN_LAUNCHES``). Either way a
single-block or cooperative launch relaunches the earlier call's compiled kernel without
Triton's per-call binding (``launch.Relaunch``): on a GPU, where a small problem's time is the
host's, a call's Python is most of what it costs.

The derivatives, for a row y = softmax(x) (p = softmax(x) = exp(y) for log-softmax's y = x - lse):

    softmax       J = diag(y) - y y^T (symmetric)   backward  dx = J dy = y * (dy - sum(dy * y))
    log-softmax   J = I - 1 p^T                     backward  dx = J^T dy = dy - p * sum(dy)

so a forward tangent t maps to J t: the backward kernel itself for softmax, t - sum(p * t) for
log-softmax. The backward dx(y, dy) = J^T dy is linear in dy: its tangent along tdy is the
backward of tdy, and its gradient for an incoming g is J g, the forward's tangent formula again.
Its derivatives in y are a few elementwise products and row sums (torch ops, computed in the
compute dtype), so derivatives of any order are built from these pieces.

Layouts: the output is contiguous, as torch's is, whatever the input's layout. The dims after
the softmax dim hold ``inner`` elements (``_spatial_shape``). Where ``inner`` is 1 the output's
rows are contiguous: the row kernels write them, and read the input in place when its elements
along the dim are contiguous and the other dims collapse into one row stride (any stride, 0 for
an expanded tensor), else from a contiguous copy (a transposed input, say). Where ``inner`` > 1
the output's rows are interleaved: the spatial kernel reads the input as an (A, N, inner) view of
its own strides (a copy where the dims do not collapse into one) and writes the output in place;
a plan that runs a row kernel there (``Plan.transposed``) reads a contiguous copy of the rows
and copies its output back.
"""

from __future__ import annotations

import inspect
import math
from typing import NamedTuple

import torch
from torch.autograd import forward_ad

from . import launch
from ._inputs import check_input, compute_dtype, has_storage, implicit_dim
from .dispatch import make_plan
from .exchange_buffer import fresh_words
from .policy import Forcing, Plan

_NO_GRADS = (None,) * 5  # for (dim, log, path, block_n, splits)


def _moved_shape(x: torch.Tensor, dim: int) -> tuple[int, ...]:
    return tuple(x.movedim(dim, -1).shape) if x.dim() else (1,)


def _rows_shape(shape: torch.Size, dim: int) -> tuple[int, int]:
    """(M, N) of the row matrix ``_as_rows`` makes of a tensor of ``shape``, without making it."""
    if not len(shape):
        return 1, 1
    return math.prod(size for i, size in enumerate(shape) if i != dim), shape[dim]


def _spatial_shape(shape: torch.Size, dim: int) -> tuple[int, int, int]:
    """(A, N, inner): the elements of the dims before ``dim``, along it, and after it."""
    if not len(shape):
        return 1, 1, 1
    return math.prod(shape[:dim]), shape[dim], math.prod(shape[dim + 1:])


def _in_memory(x: torch.Tensor) -> torch.Tensor:
    """``x`` itself where its memory holds its values, which is what a kernel reads; else a
    tensor that does: a negated view (``torch._neg_view``: its memory holds -x) resolved, an
    efficient zero tensor (``torch._efficientzerotensor``: no memory, a null pointer, as
    forward-mode AD can make) as zeros in memory."""
    if x.is_neg():
        return x.resolve_neg()
    if x._is_zerotensor():
        return x.clone()
    return x


def _as_spatial(x: torch.Tensor, dim: int) -> torch.Tensor:
    """``x`` as an (A, N, inner) tensor (``_spatial_shape``) of its own strides, a view where its
    dims collapse into these three (a copy otherwise), its values in memory (``_in_memory``)."""
    x = _in_memory(x)
    shape = _spatial_shape(x.shape, dim)
    try:
        return x.view(shape)
    except RuntimeError:
        return x.reshape(shape)


def _as_rows(x: torch.Tensor, dim: int) -> torch.Tensor:
    """``x`` with ``dim`` moved last as an (M, N) matrix of unit column stride, a view when
    possible, its values in memory (``_in_memory``)."""
    x = _in_memory(x)
    if x.dim() == 2 and dim == 1 and x.stride(1) == 1:  # rows already, any row stride
        return x
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


def _new_output(x: torch.Tensor) -> torch.Tensor:
    """An uninitialised tensor shaped like ``x``, contiguous: the layout of torch.softmax's
    output (and of its backward's) for any input layout."""
    return torch.empty_like(x, memory_format=torch.contiguous_format)


def _plan(shape: torch.Size, dtype: torch.dtype, device, dim: int, forcing: Forcing,
          backward: bool = False) -> Plan | None:
    """The plan for a tensor of ``shape`` along ``dim`` (None when empty: nothing to launch,
    though a forcing that a tensor of this layout could not run is refused all the same: the
    policy judges it on the sizes made at least 1)."""
    A, N, inner = _spatial_shape(shape, dim)
    plan = make_plan(max(A, 1) * max(inner, 1), max(N, 1), dtype, device, backward=backward,
                     forcing=forcing, inner=max(inner, 1))
    return plan if A * N * inner else None


def _run_plan(plan: Plan, inputs: tuple[torch.Tensor, ...], out: torch.Tensor, dim: int,
              log: bool, relaunch: bool = False) -> tuple[launch.Relaunch | None, bool]:
    """Run ``plan`` along ``dim`` on ``inputs``, ``(x,)`` or ``(y, dy)``, into ``out``
    (contiguous, their shape): each kernel given the operands in the form it takes (the module's
    docstring, "Layouts"). With ``relaunch``, a launch on rows returns its ``launch.Relaunch``
    (None where it cannot be made) and whether the rows it ran on start where their operands do
    (``KnownLaunch.rows_are_operands``); else (None, False)."""
    run = launch.softmax_backward_rows if len(inputs) == 2 else launch.softmax_rows
    if plan.kernel == "spatial":
        run(plan, *(_as_spatial(t, dim) for t in inputs), out.view(_spatial_shape(out.shape, dim)),
            log)
        return None, False
    rows = tuple(_as_rows(t, dim) for t in inputs)
    if not plan.transposed:
        repeatable = run(plan, *rows, out.view(_rows_shape(out.shape, dim)), log,
                         relaunch=relaunch)
        return repeatable, (repeatable is not None
                            and all(r.data_ptr() == t.data_ptr() for r, t in zip(rows, inputs)))
    result = torch.empty(rows[0].shape, dtype=out.dtype, device=out.device)
    run(plan, *rows, result, log)
    out.copy_(result.view(_moved_shape(out, dim)).movedim(-1, dim))
    return None, False


class KnownLaunch(NamedTuple):
    """What a forward or a backward decided for operands of one layout (``_KNOWN_LAUNCHES``):
    the ``plan`` (None: nothing to launch); ``relaunch`` (``launch.Relaunch``, compiled
    single-block and cooperative kernels only), which repeats its launch without Triton's
    per-call binding when the pointers' alignment and the current device allow it;
    ``rows_are_operands``: its (M, N) rows (``_as_rows``) are views of its operands starting
    where they do, so that a relaunch, which reads only the pointers, takes the operands
    themselves (where their memory holds their values: ``_in_memory``). Making the views took
    2.9 µs of a call (2-D input) or 3.9 (3-D) on a desktop CPU."""

    plan: Plan | None
    relaunch: launch.Relaunch | None
    rows_are_operands: bool


_KNOWN_LAUNCHES: dict = {}
"""The launches ``_forward`` and ``_backward`` made, by direction and the layout of their
operands (shapes, strides, dtypes, device), dim, log and forcing (``path``, ``block_n``,
``splits``): the plan is a function of these (and of the process, as ``_PLAIN_CALLS``'s), so a
call that repeats them takes the ``KnownLaunch`` and plans nothing. Every call that reaches them
runs through them: the eager autograd Functions (a call under backward, forward AD or
``torch.func``) and the custom ops (what torch.compile's graphs call). At most
``CALLS_KEPT``."""


def forget_calls() -> None:
    """Forget every call remembered (``_PLAIN_CALLS``, ``_KNOWN_LAUNCHES``): the next of each
    is checked and planned again."""
    _PLAIN_CALLS.clear()
    _KNOWN_LAUNCHES.clear()


def _remember(memory: dict, key: tuple, decided) -> None:
    if len(memory) >= CALLS_KEPT:
        memory.clear()
    memory[key] = decided


def _rows_or_operands(operands: tuple[torch.Tensor, ...], dim: int, rows_are_operands: bool,
                      relaunch: launch.Relaunch) -> tuple[torch.Tensor, ...] | None:
    """What ``relaunch`` takes: the operands themselves where their rows are views starting where
    they do and their memory holds their values (``_in_memory``); else their rows, where those
    have the row strides it was made for; else None (it cannot take them).

    The key of a layout does not say whether an operand's memory holds its values: a negated
    view or an efficient zero tensor has the key of a plain tensor of its strides, and its rows
    are a contiguous copy (``_as_rows``), whose row stride a plain tensor with gaps between its
    rows does not share. A relaunch made on one, given the other, would read other elements."""
    if rows_are_operands and all(_in_memory(t) is t for t in operands):
        return operands
    rows = tuple(_as_rows(t, dim) for t in operands)
    if tuple(r.stride(0) for r in rows) == relaunch.row_strides[:len(rows)]:
        return rows
    return None


def _repeat(operands: tuple[torch.Tensor, ...], out: torch.Tensor, dim: int, log: bool,
            plan: Plan | None, relaunch: launch.Relaunch | None,
            rows_are_operands: bool) -> torch.Tensor:
    """``out`` computed as a launch made before on operands of this layout (a ``KnownLaunch``'s
    fields): by its relaunch where it takes these pointers, else by its plan."""
    if relaunch is not None:
        given = _rows_or_operands(operands, dim, rows_are_operands, relaunch)
        if given is not None and relaunch(*given, out):
            return out
    if plan is not None:
        _run_plan(plan, operands, out, dim, log)
    return out


def _forward(x: torch.Tensor, dim: int, log: bool, path: str, block_n: int, splits: int,
             plan: Plan | None = None) -> torch.Tensor:
    """The forward on any layout; ``path``, ``block_n``, ``splits``: ``Forcing.as_op_args``
    (``plan``, when the caller has it already). The plan comes before the output's allocation;
    a layout launched before takes its ``KnownLaunch``.

    (The kernel option is called ``path`` here: inductor's fallback passes its own ``kernel``.)
    """
    key = ("forward", x.shape, x.stride(), x.dtype, x.device, dim, log, path, block_n, splits)
    known = _KNOWN_LAUNCHES.get(key)
    if known is not None:
        return _repeat((x,), _new_output(x), dim, log, *known)
    if plan is None:
        plan = _plan(x.shape, x.dtype, x.device, dim, Forcing.from_op_args(path, block_n, splits))
    y, relaunch, rows_are_x = _launch_forward(x, dim, log, plan, relaunch=True)
    _remember(_KNOWN_LAUNCHES, key, KnownLaunch(plan, relaunch, rows_are_x))
    return y


def _launch_forward(x: torch.Tensor, dim: int, log: bool, plan: Plan | None,
                    relaunch: bool = False) -> tuple[torch.Tensor, launch.Relaunch | None, bool]:
    """The output of ``plan`` run on ``x``, and with ``relaunch`` the launch made repeatable
    (``launch.Relaunch``, None where it cannot be) and ``KnownLaunch.rows_are_operands``."""
    y = _new_output(x)
    if plan is None:
        return y, None, False
    return (y, *_run_plan(plan, (x,), y, dim, log, relaunch))


def _backward(y: torch.Tensor, dy: torch.Tensor, dim: int, log: bool, path: str, block_n: int,
              splits: int) -> torch.Tensor:
    """dx from the forward's output ``y`` and the gradient ``dy`` (cast to y's dtype); a layout
    launched before takes its ``KnownLaunch``."""
    key = ("backward", y.shape, y.stride(), y.dtype, dy.shape, dy.stride(), dy.dtype, y.device,
           dim, log, path, block_n, splits)
    known = _KNOWN_LAUNCHES.get(key)
    if known is not None:
        return _repeat((y, dy.to(y.dtype)), _new_output(y), dim, log, *known)
    plan = _plan(y.shape, y.dtype, y.device, dim, Forcing.from_op_args(path, block_n, splits),
                 backward=True)
    dx = _new_output(y)
    relaunch, rows_are_operands = (None, False)
    if plan is not None:
        relaunch, rows_are_operands = _run_plan(plan, (y, dy.to(y.dtype)), dx, dim, log,
                                                relaunch=True)
    _remember(_KNOWN_LAUNCHES, key, KnownLaunch(plan, relaunch, rows_are_operands))
    return dx


# The derivative formulas, shared by the custom ops and the autograd.Functions. ``kernel`` is the
# caller's backward, ``kernel(y, t)`` = J t for softmax (the op, or the Function, with the same
# dim and forcing). The torch-op parts run in the compute dtype and return y's dtype.

def _jacobian_product(y, t, dim: int, log: bool, kernel):
    """J t at the output ``y``: the forward's tangent along ``t``, and the gradient in ``dy`` of
    <t, backward(y, dy)>. softmax: y * (t - sum(t * y)), the backward kernel (J = J^T);
    log-softmax: t - sum(p * t), p = exp(y)."""
    if not log:
        return kernel(y, t)
    c = compute_dtype(y.dtype)
    yc, tc = y.to(c), t.to(c)
    return (tc - (yc.exp() * tc).sum(dim, keepdim=True)).to(y.dtype)


def _backward_vjp_y(y, dy, g, dim: int, log: bool):
    """The gradient in ``y`` of <g, dx(y, dy)>. softmax, dx = y * (dy - s) with s = sum(dy * y):
    g * (dy - s) - dy * sum(g * y); log-softmax, dx = dy - exp(y) * sum(dy): -g * exp(y) * sum(dy)."""
    c = compute_dtype(y.dtype)
    yc, dyc, gc = y.to(c), dy.to(c), g.to(c)
    if log:
        out = -gc * yc.exp() * dyc.sum(dim, keepdim=True)
    else:
        out = (gc * (dyc - (dyc * yc).sum(dim, keepdim=True))
               - dyc * (gc * yc).sum(dim, keepdim=True))
    return out.to(y.dtype)


def _backward_jvp_y(y, dy, ty, dim: int, log: bool):
    """The tangent of dx(y, dy) along ``ty`` in y. softmax: ty * (dy - s) - y * sum(dy * ty);
    log-softmax: -ty * exp(y) * sum(dy)."""
    c = compute_dtype(y.dtype)
    yc, dyc, tc = y.to(c), dy.to(c), ty.to(c)
    if log:
        out = -tc * yc.exp() * dyc.sum(dim, keepdim=True)
    else:
        out = (tc * (dyc - (dyc * yc).sum(dim, keepdim=True))
               - yc * (dyc * tc).sum(dim, keepdim=True))
    return out.to(y.dtype)


def _backward_vjp(y, dy, g, dim, log, needs, kernel):
    """(grad y, grad dy) of <g, dx(y, dy)>, each only where ``needs`` says."""
    return (_backward_vjp_y(y, dy, g, dim, log) if needs[0] else None,
            _jacobian_product(y, g, dim, log, kernel) if needs[1] else None)


def _backward_jvp(y, dy, ty, tdy, dim, log, kernel):
    """The tangent of dx(y, dy) along (ty, tdy), either of which may be None (no tangent); in
    dy, linear, it is the backward of tdy."""
    parts = [_backward_jvp_y(y, dy, ty, dim, log) if ty is not None else None,
             kernel(y, tdy) if tdy is not None else None]
    parts = [p for p in parts if p is not None]
    return parts[0] if len(parts) == 1 else parts[0] + parts[1]


def _batched(apply, in_dims, batch_size: int, tensors, dim: int):
    """A vmap rule: ``apply(*tensors, dim)`` on tensors batched along ``in_dims``. The batch dim
    goes first (an unbatched operand is expanded, stride 0), so it joins the rows and ``dim``
    moves up by one; a 0-dim example (one value, softmax over itself) becomes a row of one."""
    moved = [t.movedim(d, 0) if d is not None else t.expand(batch_size, *t.shape)
             for t, d in zip(tensors, in_dims)]
    if moved[0].dim() == 1:
        return apply(*[t.unsqueeze(1) for t in moved], 1).squeeze(1), 0
    return apply(*moved, dim + 1), 0


# The custom ops: what torch.compile and torch.jit.trace record, and what runs on meta and fake
# tensors (the fake implementation gives shape and dtype, launching nothing). Their cooperative
# launches take fresh exchange words (``exchange_buffer.fresh_words``: torch.compile's CUDA graphs
# allocate their warm-up calls' memory from a pool of their own, where a kept buffer must not
# live).

@torch.library.custom_op("softmax_lab::softmax_forward", mutates_args=())
def softmax_forward(x: torch.Tensor, dim: int, log: bool, path: str = "", block_n: int = 0,
                    splits: int = 0) -> torch.Tensor:
    with fresh_words():
        return _forward(x, dim, log, path, block_n, splits)


@softmax_forward.register_fake
def _(x, dim, log, path="", block_n=0, splits=0):
    return _new_output(x)


@torch.library.custom_op("softmax_lab::softmax_backward", mutates_args=())
def softmax_backward(y: torch.Tensor, dy: torch.Tensor, dim: int, log: bool, path: str = "",
                     block_n: int = 0, splits: int = 0) -> torch.Tensor:
    _check_gradient(y, dy)
    with fresh_words():
        return _backward(y, dy, dim, log, path, block_n, splits)


@softmax_backward.register_fake
def _(y, dy, dim, log, path="", block_n=0, splits=0):
    _check_gradient(y, dy)
    return _new_output(y)


def _check_gradient(y: torch.Tensor, dy: torch.Tensor) -> None:
    """Refuse a gradient that does not match the forward's output: the kernels read dy with y's
    shape, so another shape would be read past its end. (Called by ``softmax_backward_data`` and
    by the backward op itself, which a user may call directly.)"""
    if dy.shape != y.shape:
        raise ValueError(f"dy has shape {tuple(dy.shape)}, y has {tuple(y.shape)}: they must match")
    if dy.device != y.device:
        raise RuntimeError(f"dy is on {dy.device}, y on {y.device}: move them to one device")


def _op_kernel(dim, log, options):
    return lambda y, t: softmax_backward(y, t, dim, log, *options)


def _forward_op_setup(ctx, inputs, output):
    _, ctx.dim, ctx.log, *ctx.options = inputs
    ctx.save_for_backward(output)


def _forward_op_backward(ctx, dy):
    (y,) = ctx.saved_tensors
    return (softmax_backward(y, dy, ctx.dim, ctx.log, *ctx.options),) + _NO_GRADS


def _backward_op_setup(ctx, inputs, output):
    _, _, ctx.dim, ctx.log, *ctx.options = inputs
    ctx.save_for_backward(*inputs[:2])


def _backward_op_backward(ctx, g):
    y, dy = ctx.saved_tensors
    grads = _backward_vjp(y, dy, g, ctx.dim, ctx.log, ctx.needs_input_grad[:2],
                          _op_kernel(ctx.dim, ctx.log, ctx.options))
    return grads + _NO_GRADS


def _forward_op_vmap(info, in_dims, x, dim, log, path="", block_n=0, splits=0):
    return _batched(lambda x, d: softmax_forward(x, d, log, path, block_n, splits),
                    in_dims[:1], info.batch_size, (x,), dim)


def _backward_op_vmap(info, in_dims, y, dy, dim, log, path="", block_n=0, splits=0):
    return _batched(lambda y, dy, d: softmax_backward(y, dy, d, log, path, block_n, splits),
                    in_dims[:2], info.batch_size, (y, dy), dim)


softmax_forward.register_autograd(_forward_op_backward, setup_context=_forward_op_setup)
softmax_backward.register_autograd(_backward_op_backward, setup_context=_backward_op_setup)
torch.library.register_vmap("softmax_lab::softmax_forward", _forward_op_vmap)
torch.library.register_vmap("softmax_lab::softmax_backward", _backward_op_vmap)


# The eager autograd.Functions: every autograd mode, torch.func included.

def _eager_backward(y, dy, dim: int, log: bool, options) -> torch.Tensor:
    """dx, eagerly: through ``_SoftmaxBackward`` (differentiable) where an autograd mode may
    differentiate it (``create_graph``, forward AD, ``torch.func``) or an operand has no memory
    (the Function hands those to the custom op); else by the kernels alone, without a Function's
    apply, whose binding and contexts cost host time."""
    if _differentiated(y, dy) or not (has_storage(y) and has_storage(dy)):
        return _SoftmaxBackward.apply(y, dy, dim, log, *options)
    return _backward(y, dy, dim, log, *options)


def _eager_kernel(ctx):
    return lambda y, t: _SoftmaxBackward.apply(y, t, ctx.dim, ctx.log, *ctx.options)


class _Softmax(torch.autograd.Function):
    """y = softmax(x) (or log-softmax) by the kernels; inputs (x, dim, log, *options)."""

    @staticmethod
    def forward(x, dim, log, path, block_n, splits):
        if not has_storage(x):
            return softmax_forward(x, dim, log, path, block_n, splits)
        return _forward(x, dim, log, path, block_n, splits)

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, ctx.dim, ctx.log, *ctx.options = inputs
        ctx.save_for_backward(output)
        ctx.save_for_forward(output)

    @staticmethod
    def backward(ctx, dy):
        (y,) = ctx.saved_tensors
        return (_eager_backward(y, dy, ctx.dim, ctx.log, ctx.options),) + _NO_GRADS

    @staticmethod
    def jvp(ctx, tx, *_):
        (y,) = ctx.saved_tensors
        return _jacobian_product(y, tx, ctx.dim, ctx.log, _eager_kernel(ctx))

    @staticmethod
    def vmap(info, in_dims, x, dim, log, *options):
        return _batched(lambda x, d: _Softmax.apply(x, d, log, *options), in_dims[:1],
                        info.batch_size, (x,), dim)


class _SoftmaxBackward(torch.autograd.Function):
    """dx = backward(y, dy) by the kernels, itself differentiable; inputs (y, dy, dim, log,
    *options)."""

    @staticmethod
    def forward(y, dy, dim, log, path, block_n, splits):
        if not (has_storage(y) and has_storage(dy)):
            return softmax_backward(y, dy, dim, log, path, block_n, splits)
        return _backward(y, dy, dim, log, path, block_n, splits)

    @staticmethod
    def setup_context(ctx, inputs, output):
        y, dy, ctx.dim, ctx.log, *ctx.options = inputs
        ctx.save_for_backward(y, dy)
        ctx.save_for_forward(y, dy)

    @staticmethod
    def backward(ctx, g):
        y, dy = ctx.saved_tensors
        grads = _backward_vjp(y, dy, g, ctx.dim, ctx.log, ctx.needs_input_grad[:2],
                              _eager_kernel(ctx))
        return grads + _NO_GRADS

    @staticmethod
    def jvp(ctx, ty, tdy, *_):
        y, dy = ctx.saved_tensors
        return _backward_jvp(y, dy, ty, tdy, ctx.dim, ctx.log, _eager_kernel(ctx))

    @staticmethod
    def vmap(info, in_dims, y, dy, dim, log, *options):
        return _batched(lambda y, dy, d: _SoftmaxBackward.apply(y, dy, d, log, *options),
                        in_dims[:2], info.batch_size, (y, dy), dim)


# torch's Function.apply binds the arguments to ``forward``'s signature on every call when
# setup_context is defined (to apply defaults), and inspect.signature builds that signature anew
# each time: about 10 microseconds of a call's host time. A signature stored on the function is
# the one inspect returns, so each forward carries one, built once: ``(*arguments)``, which binds
# the positional arguments as they are. Every call here passes all of them by position and the
# forwards have no defaults, so nothing is lost, and binding takes 2.7 µs where the forward's
# own six parameters took 7.4 (a desktop CPU). A keyword would raise a TypeError: none is passed.
# (Dynamo, inlining Function.apply, counts forward's parameters; it never traces these Functions
# here: a call that a graph records takes the custom op.)
_POSITIONAL = inspect.Signature([inspect.Parameter("arguments", inspect.Parameter.VAR_POSITIONAL)])
for _function in (_Softmax, _SoftmaxBackward):
    _function.forward.__signature__ = _POSITIONAL
del _function


def _differentiated(*tensors: torch.Tensor) -> bool:
    """Whether any autograd mode may need this call's derivative: backward (a tensor requiring
    grad, grad mode on), forward AD (a dual level open) or a torch.func transform."""
    return ((torch.is_grad_enabled() and any(t.requires_grad for t in tensors))
            or forward_ad._current_level >= 0
            or torch._C._are_functorch_transforms_active())


def _recorded() -> bool:
    """Whether the call is being recorded as a graph, which must see the custom op."""
    return torch.compiler.is_compiling() or torch.jit.is_tracing()


def _plans(x, dim: int, dtype, forcing: Forcing, differentiated: bool):
    """(forward plan, backward plan or None) for softmax(x, dim, dtype) with ``forcing``.

    The backward plan is made only when a derivative may be needed, so that a forcing the
    backward cannot run (single_block on rows wider than the backward holds) is refused before
    the forward does any work, rather than after it.
    """
    dtype = dtype or x.dtype
    forward = _plan(x.shape, dtype, x.device, dim, forcing)
    backward = _plan(x.shape, dtype, x.device, dim, forcing, True) if differentiated else None
    return forward, backward


class PlainCall(NamedTuple):
    """What a plain eager call decided (``_PLAIN_CALLS``): ``dim`` made non-negative, then its
    forward's ``KnownLaunch`` (a differentiated call's relaunch is None: it runs through
    ``_Softmax``, whose launches are known to ``_KNOWN_LAUNCHES``)."""

    dim: int
    plan: Plan | None
    relaunch: launch.Relaunch | None
    rows_are_operands: bool


_PLAIN_CALLS: dict = {}
"""(shape, strides, dtype, device, dim, log, forcing, differentiated) -> ``PlainCall``, of the
plain eager calls seen (see ``_plain_call_key``), so that the next such call skips the input
checks and the planning: what they decide follows from the key alone (and the process: the
interpreter or not, the NumPy and Triton versions), so a call that hits passed them. At most
``CALLS_KEPT``."""
CALLS_KEPT = 4096
"""Entries each memory of calls keeps (``_PLAIN_CALLS``, ``_KNOWN_LAUNCHES``); a full one is
emptied."""


def _plain_call_key(x, dim, dtype, log: bool, forcing: Forcing) -> tuple | None:
    """The key of ``_PLAIN_CALLS`` for a call that needs nothing but the kernels and, at most,
    autograd's backward (a plain strided tensor, an int ``dim``, no ``dtype=``, no graph
    recording it, no forward AD and no ``torch.func`` transform); its last item is whether the
    call is differentiated (``_differentiated``: here, grad mode on and ``x`` requiring grad),
    which the checks read too. None for any other call, which takes the general path every
    time."""
    if (dtype is None and type(x) is torch.Tensor and type(dim) is int
            and x.layout is torch.strided and not x.is_nested and not _recorded()
            and forward_ad._current_level < 0 and not torch._C._are_functorch_transforms_active()
            and not torch._C._functorch.is_legacy_batchedtensor(x)):
        return (x.shape, x.stride(), x.dtype, x.device, dim, log, forcing,
                x.requires_grad and torch.is_grad_enabled())
    return None


_AUTOCAST_TO_FLOAT32 = (torch.float16, torch.bfloat16)


def _autocast_dtype(x, dtype: torch.dtype | None) -> torch.dtype | None:
    """``dtype`` as torch's autocast sets it for softmax and log-softmax (its ``fp32_set_opt_dtype``
    policy): inside ``torch.autocast("cuda")`` a float16 or bfloat16 CUDA input without ``dtype=``
    is computed and returned in float32, as torch.softmax returns it there. (CPU autocast has no
    such rule for softmax: the dtype stays.)"""
    if (dtype is None and isinstance(x, torch.Tensor) and x.dtype in _AUTOCAST_TO_FLOAT32
            and x.device.type == "cuda" and torch.is_autocast_enabled("cuda")):
        return torch.float32
    return dtype


def _apply(x, dim, dtype, log: bool, kernel, block_n, splits):
    forcing = Forcing.of(kernel, block_n, splits)
    dtype = _autocast_dtype(x, dtype)
    key = _plain_call_key(x, dim, dtype, log, forcing)
    seen = _PLAIN_CALLS.get(key) if key is not None else None
    if seen is not None:
        dim, plan, relaunch, rows_are_x = seen
        if key[-1]:
            return _Softmax.apply(x, dim, log, *forcing.as_op_args())
        return _repeat((x,), _new_output(x), dim, log, plan, relaunch, rows_are_x)
    dim = check_input(x, dim, dtype=dtype)
    options = forcing.as_op_args()
    if _recorded():  # shapes may be symbolic: the op plans when it runs
        return softmax_forward(x if dtype is None else x.to(dtype), dim, log, *options)
    differentiated = _differentiated(x)
    plan, _ = _plans(x, dim, dtype, forcing, differentiated)
    if dtype is not None:
        x = x.to(dtype)
    if not has_storage(x):
        return softmax_forward(x, dim, log, *options)
    if differentiated:
        y = _Softmax.apply(x, dim, log, *options)
        if key is not None:
            _remember(_PLAIN_CALLS, key, PlainCall(dim, plan, None, False))
        return y
    if key is None or plan is None:
        return _forward(x, dim, log, *options, plan=plan)
    y, relaunch, rows_are_x = _launch_forward(x, dim, log, plan, relaunch=True)
    _remember(_PLAIN_CALLS, key, PlainCall(dim, plan, relaunch, rows_are_x))
    return y


def softmax(x: torch.Tensor, dim: int | None = -1, dtype: torch.dtype | None = None, *,
            kernel: str | None = None, block_n: int | None = None,
            splits: int | None = None) -> torch.Tensor:
    """softmax of ``x`` along ``dim``, as ``torch.softmax``, computed by the Triton kernels.

    ``dim``: an int, a NumPy integer or a 0-dim integer tensor; ``None`` picks the legacy dim
    with a warning, as ``torch.nn.functional.softmax`` does (0 for 0-, 1- and 3-D inputs, else 1).
    ``dtype`` casts the input first, as torch does (so any input dtype works with it).
    ``kernel`` (one of ``policy.KERNELS``), ``block_n`` and ``splits`` force the dispatcher's
    choice (``policy.Forcing``; see ``plan``); the backward uses the same forcing. Differentiable
    in every eager autograd mode: backward of any order, forward AD, ``torch.func``. Compiled
    (``torch.compile``), forward, backward and vmap; torch (2.13) compiles no double backward of
    any graph, and no custom op's autograd under ``torch.func`` transforms: it raises for both.
    """
    if dim is None:
        dim = implicit_dim("softmax", x, stacklevel=2)
    return _apply(x, dim, dtype, False, kernel, block_n, splits)


def log_softmax(x: torch.Tensor, dim: int | None = -1, dtype: torch.dtype | None = None, *,
                kernel: str | None = None, block_n: int | None = None,
                splits: int | None = None) -> torch.Tensor:
    """log-softmax of ``x`` along ``dim``, as ``torch.log_softmax``; arguments as ``softmax``."""
    if dim is None:
        dim = implicit_dim("log_softmax", x, stacklevel=2)
    return _apply(x, dim, dtype, True, kernel, block_n, splits)


def softmax_backward_data(y: torch.Tensor, dy: torch.Tensor, dim: int = -1, *, log: bool = False,
                          kernel: str | None = None, block_n: int | None = None,
                          splits: int | None = None) -> torch.Tensor:
    """The backward alone: dx from the forward's output ``y`` and the gradient ``dy``.

    As ``torch._softmax_backward_data``: softmax's dx = y * (dy - sum(dy * y)), or with
    ``log=True`` log-softmax's dx = dy - exp(y) * sum(dy). ``dy`` is cast to y's dtype. The
    result is differentiable in y and dy (for the derivatives of a gradient). For benchmarks and
    for users who write their own autograd. Options force the path as in ``softmax``.
    """
    forcing = Forcing.of(kernel, block_n, splits)
    dim = check_input(y, dim, "y")
    check_input(dy, dim, "dy")
    _check_gradient(y, dy)
    options = forcing.as_op_args()
    if not _recorded():
        _plan(y.shape, y.dtype, y.device, dim, forcing, backward=True)  # refused before the cast
    dy = dy.to(y.dtype)
    if _recorded() or not has_storage(y):
        return softmax_backward(y, dy, dim, log, *options)
    return _eager_backward(y, dy, dim, log, options)


def plan(x: torch.Tensor, dim: int | None = -1, dtype: torch.dtype | None = None, *,
         log: bool = False, backward: bool = False, kernel: str | None = None,
         block_n: int | None = None, splits: int | None = None) -> Plan | None:
    """The plan the dispatcher would run for ``softmax(x, dim, dtype, kernel=..., ...)`` (the
    backward's with ``backward=True``; None for an empty tensor).

    It raises exactly when that call would: the same checks, in the same order (the backward's
    plan too when ``x`` requires grad). ``log`` is accepted for symmetry (both run the same plan).
    The launch adapts a plan to the rows it is given (``policy.for_rows``: rows not read as 32-bit
    words or in 16-byte vectors run without its register cap, and some with fewer warps).
    """
    forcing = Forcing.of(kernel, block_n, splits)
    if dim is None:
        dim = implicit_dim("softmax", x, stacklevel=2)
    dim = check_input(x, dim, dtype=dtype)
    forward, back = _plans(x, dim, dtype, forcing, backward or _differentiated(x))
    return back if backward else forward

