"""Every autograd mode, on every kernel path, against torch's own softmax in float64.

A mode is a way of asking for a derivative: ``backward``, forward AD
(``torch.autograd.forward_ad``), ``torch.func.grad``, ``vmap``, ``jvp`` and ``jacrev``; second
order, a double backward (``create_graph=True``, the gradient then differentiated in x and in the
incoming gradient) and ``torch.func.hessian`` (forward over reverse, batched). Each runs on our softmax and on
``torch.softmax`` of the same values in float64, and the two agree within the tolerance policy,
scaled by the result's magnitude (a Hessian of zeros, a dropped tangent or a transposed Jacobian
is off by all of it). Then ``gradcheck`` / ``gradgradcheck`` (float64, with batched and
forward-mode checks) on every path, eager and through the custom op; ``torch.compile``; and the
tensors that carry no data (meta, ``FakeTensorMode``) and ``torch.jit.trace``.

Every kernel path is forced with blocks small enough that the multi-block loops iterate under the
interpreter, and every test asserts the forced kernel really ran. Uninitialised memory is filled
with NaN (``torch.utils.deterministic.fill_uninitialized_memory``), so an output element that no
kernel wrote cannot pass. Shapes are small: the interpreter runs each program in Python.
"""

from __future__ import annotations

import collections
import warnings

import numpy as np
import pytest
import torch
import torch.autograd.forward_ad as fwAD
from torch._subclasses.fake_tensor import FakeTensor, FakeTensorMode
from torch.autograd import gradcheck, gradgradcheck

import triton_impl
from reference.dtypes import canonical
from reference.tolerance import TINY, assert_close, grad_scale
from triton_impl import ops

PATHS = {
    "single_block": dict(kernel="single_block"),
    "cooperative": dict(kernel="cooperative", block_n=2),
    "online": dict(kernel="online", block_n=2),
    "split": dict(kernel="split", block_n=2, splits=2),
}
"""Every kernel, forced; N = 5 columns make 3 blocks of 2 (split: 2 chunks of 2 blocks)."""
HALF = (torch.bfloat16, torch.float16)


@pytest.fixture(autouse=True)
def _poisoned_memory():
    """torch.empty (our outputs and workspaces) returns NaN-filled memory while this runs."""
    saved = (torch.are_deterministic_algorithms_enabled(),
             torch.is_deterministic_algorithms_warn_only_enabled(),
             torch.utils.deterministic.fill_uninitialized_memory)
    torch.use_deterministic_algorithms(True, warn_only=True)
    torch.utils.deterministic.fill_uninitialized_memory = True
    yield
    torch.use_deterministic_algorithms(saved[0], warn_only=saved[1])
    torch.utils.deterministic.fill_uninitialized_memory = saved[2]


def _random(shape, dtype, seed, device):
    """Normal * 3, never zero, the same values in every dtype (drawn in float32, then rounded)."""
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(shape, generator=g) * 3).to(dtype).to(device)


# The modes: mode(f, x, v, t, w) -> tuple of tensors, with f the softmax along the test's dim,
# v a cotangent, t a tangent, w the second-order cotangent (all shaped like x).

def _backward(f, x, v, t, w):
    x = x.detach().requires_grad_(True)
    return torch.autograd.grad(f(x), x, v)


def _forward_ad(f, x, v, t, w):
    with fwAD.dual_level():
        return (fwAD.unpack_dual(f(fwAD.make_dual(x, t))).tangent,)


def _func_grad(f, x, v, t, w):
    return (torch.func.grad(lambda x: (f(x) * v).sum())(x),)


def _func_jvp(f, x, v, t, w):
    return torch.func.jvp(f, (x,), (t,))


def _vmap(f, x, v, t, w):
    """A batch of two examples along a new dim 1 (not 0: the vmap rule must move it)."""
    return (torch.func.vmap(f, in_dims=1)(torch.stack([x, t], dim=1)),)


def _jacrev(f, x, v, t, w):
    return (torch.func.jacrev(f)(x),)


def _double_backward(f, x, v, t, w):
    x, v = x.detach().requires_grad_(True), v.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(f(x), x, v, create_graph=True)
    assert g.requires_grad, "the gradient is a constant: its derivatives would be zeros"
    return torch.autograd.grad(g, (x, v), w)


def _hessian(f, x, v, t, w):
    return (torch.func.hessian(lambda x: (f(x) * v).sum())(x),)


FIRST_ORDER = dict(backward=_backward, forward_ad=_forward_ad, func_grad=_func_grad,
                   func_jvp=_func_jvp, vmap=_vmap, jacrev=_jacrev)
SECOND_ORDER = dict(double_backward=_double_backward, hessian=_hessian)
MODES = {**FIRST_ORDER, **SECOND_ORDER}
FORWARD_ONLY = {"vmap"}
"""Modes that need no derivative kernel; log-softmax's forward tangents need none either
(t - sum(p * t) is torch ops), softmax's are the backward kernel."""
LOG_TANGENTS = {"forward_ad", "func_jvp"}


def _derivative_tolerance(y, u, log, dim, dtype, *, tangent=False):
    """``assert_close`` arguments for a first derivative along ``u`` (a cotangent, or with
    ``tangent`` a forward tangent) at the exact output ``y`` (float64) of x, in ``dtype``.

    The policy's ``grad_scale`` bounds the error of a gradient computed from a given y; these
    tests expect the derivative of the exact x, so our y's own error, which the policy allows up
    to eps_out, counts too. softmax, y * (u - sum(u * y)) (the tangent alike: J = J^T): y's
    relative error enters twice, in y and in the sum, hence 2 * grad_scale; and where y is below
    the output dtype's smallest normal it keeps no relative accuracy (``flushed``). log-softmax,
    u - p * sum(u) (tangent: u - sum(p * u)) with p = exp(y): y's error is absolute, up to
    eps * (1 + the row's largest |y|), and so is p's relative error.
    """
    if not log:
        return dict(kind="grad", scale=2 * grad_scale(y, u, axis=dim),
                    flushed=np.abs(y) < TINY[canonical(dtype)])
    p = np.exp(y)
    if tangent:
        scale = np.abs(u) + np.abs(p * u).sum(axis=dim, keepdims=True)
    else:
        scale = grad_scale(y, u, log=True, axis=dim)
    return dict(kind="grad", scale=scale * (1 + np.abs(y).max(axis=dim, keepdims=True)))


def _tolerances(mode, y, v, t, log, dim, dtype):
    """Per output of a first-order ``mode``, the ``assert_close`` arguments."""
    if mode in ("backward", "func_grad"):
        return [_derivative_tolerance(y, v, log, dim, dtype)]
    if mode == "forward_ad":
        return [_derivative_tolerance(y, t, log, dim, dtype, tangent=True)]
    if mode == "func_jvp":
        return [dict(kind="log_softmax" if log else "softmax"),
                _derivative_tolerance(y, t, log, dim, dtype, tangent=True)]
    if mode == "jacrev":  # row i of the Jacobian: the gradient for the cotangent e_i
        rows = [_derivative_tolerance(y, unit, log, dim, dtype)
                for unit in np.eye(y.size).reshape(y.size, *y.shape)]
        stack = lambda key: np.stack([np.broadcast_to(r[key], y.shape) for r in rows])  # noqa: E731
        return [{key: stack(key).reshape(y.shape * 2) if key != "kind" else "grad"
                 for key in rows[0]}]
    raise KeyError(mode)


def _compare(mode, x_shape, dtype, dim, log, options, device, seed=0):
    """Run ``mode`` on ours (in ``dtype``) and on torch (float64, same values); check they agree
    within the tolerance policy and that the kernels ``options`` force ran.

    Each output's error is measured against its magnitude: the policy's per element for the
    first-order modes; for the second-order ones, whose terms mix several products, the largest
    element of the result."""
    ours = (triton_impl.log_softmax if log else triton_impl.softmax)
    theirs = (torch.log_softmax if log else torch.softmax)
    x, v, t, w = (_random(x_shape, dtype, seed + i, device) for i in range(4))
    before = collections.Counter(triton_impl.LAUNCHES)
    got = MODES[mode](lambda a: ours(a, dim, **options), x, v, t, w)
    ran = triton_impl.LAUNCHES - before
    x64, v64, t64, w64 = (a.double() for a in (x, v, t, w))
    expected = [e.cpu().numpy()
                for e in MODES[mode](lambda a: theirs(a, dim), x64, v64, t64, w64)]
    assert len(got) == len(expected)
    y = theirs(x64, dim).cpu().numpy()
    if mode == "vmap":
        for g, e in zip(got, expected):
            assert_close(g, e, dtype=dtype, axis=dim if dim < 0 else dim + 1,
                         kind="log_softmax" if log else "softmax")
    else:
        largest = lambda e: dict(kind="grad", scale=np.full(e.shape, np.abs(e).max()))  # noqa
        tolerances = (_tolerances(mode, y, v64.cpu().numpy(), t64.cpu().numpy(), log, dim, dtype)
                      if mode in FIRST_ORDER else [largest(e) for e in expected])
        for g, e, tolerance in zip(got, expected, tolerances):
            assert g.dtype == dtype and g.shape == e.shape, (g.dtype, g.shape, e.shape)
            assert_close(g, e, dtype=dtype, axis=dim, **tolerance)
    kernel = options.get("kernel")
    if kernel is not None:
        assert ran[f"{kernel}_forward"] > 0, f"{kernel} forward did not run: {ran}"
        if mode not in FORWARD_ONLY and not (log and mode in LOG_TANGENTS):
            assert ran[f"{kernel}_backward"] > 0, f"{kernel} backward did not run: {ran}"


MODE_DTYPES = [(mode, dtype) for mode in MODES
               for dtype in (torch.float32, torch.float64, *(HALF if mode in FIRST_ORDER else ()))]
"""Second order in float32 and float64: between the two orders a half-precision gradient is
rounded, an error the tolerance policy does not describe."""


@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("dim", [-1, 0])
@pytest.mark.parametrize("mode,dtype", MODE_DTYPES, ids=[f"{m}-{d}" for m, d in MODE_DTYPES])
def test_every_mode_matches_torch(mode, dtype, dim, log, device):
    """The dispatcher's own path, every dtype."""
    _compare(mode, (3, 5), dtype, dim, log, {}, device)


@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("path", list(PATHS))
def test_every_mode_on_every_forced_path(path, mode, log, device):
    """One row (the modes batch it: vmap, jacrev, hessian), so that each costs few programs."""
    _compare(mode, (1, 5), torch.float32, -1, log, PATHS[path], device)


@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("path", list(PATHS))
def test_gradcheck_and_gradgradcheck_every_path(path, log, device):
    """float64 finite differences: backward, forward AD, both batched (gradcheck's batched
    checks use the legacy vmap, which reaches our kernels through the custom op's fallback),
    reverse over reverse, forward over reverse."""
    x = _random((1, 5), torch.float64, 0, device).requires_grad_(True)
    op = triton_impl.log_softmax if log else triton_impl.softmax
    fn = lambda x: op(x, -1, **PATHS[path])  # noqa: E731
    before = collections.Counter(triton_impl.LAUNCHES)
    assert gradcheck(fn, (x,), fast_mode=True, check_batched_grad=True, check_forward_ad=True,
                     check_batched_forward_grad=True)
    assert gradgradcheck(fn, (x,), fast_mode=True, check_fwd_over_rev=True)
    ran = triton_impl.LAUNCHES - before
    kernel = PATHS[path]["kernel"]
    assert ran[f"{kernel}_forward"] > 0 and ran[f"{kernel}_backward"] > 0, ran


@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
def test_gradcheck_through_the_custom_ops(log, device):
    """What torch.compile records: the ops' own autograd (the backward op's too) and vmap rules.
    (Custom ops have no forward AD in torch; forward AD goes through the eager Function.)"""
    options = triton_impl.Forcing("online", 2).as_op_args()
    x = _random((1, 5), torch.float64, 0, device).requires_grad_(True)
    fn = lambda x: ops.softmax_forward(x, 1, log, *options)  # noqa: E731
    assert gradcheck(fn, (x,), fast_mode=True, check_batched_grad=True)
    assert gradgradcheck(fn, (x,), fast_mode=True, check_batched_grad=True)
    xb = _random((3, 2, 5), torch.float64, 1, device)
    batched = torch.func.vmap(lambda a: ops.softmax_forward(a, 0, log, *options), in_dims=2)(xb)
    expected = (torch.log_softmax if log else torch.softmax)(xb.movedim(2, 0), 1)
    torch.testing.assert_close(batched, expected, rtol=1e-13, atol=1e-13)


def test_vmap_over_zero_dim_examples(device):
    """softmax of one value (a 0-dim example) is 1, its log 0, their derivatives 0."""
    x = _random((4,), torch.float32, 0, device)
    ones = torch.func.vmap(lambda s: triton_impl.softmax(s, 0))(x)
    assert torch.equal(ones, torch.ones(4, device=device))
    zeros = torch.zeros(4, device=device)
    assert torch.equal(torch.func.vmap(lambda s: triton_impl.log_softmax(s, 0))(x), zeros)
    grad = torch.func.vmap(torch.func.grad(lambda s: triton_impl.softmax(s, 0) * 3))(x)
    assert torch.equal(grad, zeros)


def test_backward_alone_is_differentiable_as_torchs(device):
    """softmax_backward_data against torch._softmax_backward_data: value, and the gradients in
    y and dy (double backward), and forward AD, both kinds."""
    y = torch.softmax(_random((3, 5), torch.float64, 0, device), 1).requires_grad_(True)
    z = torch.log_softmax(_random((3, 5), torch.float64, 1, device), 1).requires_grad_(True)
    dy = _random((3, 5), torch.float64, 2, device).requires_grad_(True)
    w = _random((3, 5), torch.float64, 3, device)
    for out, log, ref in [(y, False, torch._softmax_backward_data),
                          (z, True, torch._log_softmax_backward_data)]:
        got = triton_impl.softmax_backward_data(out, dy, 1, log=log, kernel="split", block_n=2)
        expected = ref(dy, out, 1, torch.float64)
        torch.testing.assert_close(got, expected, rtol=1e-13, atol=1e-13)
        for g, e in zip(torch.autograd.grad(got, (out, dy), w),
                        torch.autograd.grad(expected, (out, dy), w)):
            torch.testing.assert_close(g, e, rtol=1e-12, atol=1e-13)
        assert gradcheck(lambda a, b: triton_impl.softmax_backward_data(a, b, 1, log=log),
                         (out, dy), fast_mode=True, check_forward_ad=True)


# torch.compile: the custom ops, with their autograd and vmap rules -----------------------------


@pytest.mark.parametrize("path", ["auto", "online"])
def test_compiled_forward_backward_and_vmap(path, device):
    torch._dynamo.reset()
    options = PATHS.get(path, {})

    def both(x):
        return (triton_impl.softmax(x, -1, **options), triton_impl.log_softmax(x, 0, **options))

    x = _random((2, 5), torch.float32, 0, device).requires_grad_(True)
    before = collections.Counter(triton_impl.LAUNCHES)
    got = torch.compile(both, backend="aot_eager", fullgraph=True)(x)
    expected = (torch.softmax(x, -1), torch.log_softmax(x, 0))
    for g, e in zip(got, expected):
        torch.testing.assert_close(g, e)
    v, w = _random((2, 5), torch.float32, 1, device), _random((2, 5), torch.float32, 2, device)
    loss = lambda outputs: (outputs[0] * v).sum() + (outputs[1] * w).sum()  # noqa: E731
    torch.testing.assert_close(torch.autograd.grad(loss(got), x)[0],
                               torch.autograd.grad(loss(expected), x)[0])
    if path != "auto":
        ran = triton_impl.LAUNCHES - before
        assert ran["online_forward"] == 2 and ran["online_backward"] == 2, ran
    xb = _random((3, 2, 5), torch.float32, 2, device)
    batched = torch.compile(torch.func.vmap(lambda a: triton_impl.softmax(a, 0, **options)),
                            backend="aot_eager", fullgraph=True)(xb)
    torch.testing.assert_close(batched, torch.softmax(xb, 1))


def test_compiled_backward_is_differentiable(device):
    """A compiled graph that contains the backward op differentiates through its autograd."""
    torch._dynamo.reset()
    y = torch.softmax(_random((3, 5), torch.float32, 0, device), 1).requires_grad_(True)
    dy = _random((3, 5), torch.float32, 1, device).requires_grad_(True)
    w = _random((3, 5), torch.float32, 2, device)
    compiled = torch.compile(lambda a, b: triton_impl.softmax_backward_data(a, b, 1),
                             backend="aot_eager", fullgraph=True)
    got = compiled(y, dy)
    expected = torch._softmax_backward_data(dy, y, 1, torch.float32)
    torch.testing.assert_close(got, expected)
    for g, e in zip(torch.autograd.grad(got, (y, dy), w),
                    torch.autograd.grad(expected, (y, dy), w)):
        torch.testing.assert_close(g, e)


def test_double_backward_through_a_compiled_graph_is_refused_not_zero(device):
    """torch's AOTAutograd cannot double-backward a compiled graph (torch.softmax's neither: the
    same error, worded by torch's version): differentiating the gradient of a compiled softmax
    raises, never gives zeros."""
    torch._dynamo.reset()
    x = _random((2, 5), torch.float32, 0, device).requires_grad_(True)
    v = _random((2, 5), torch.float32, 1, device)
    y = torch.compile(lambda a: triton_impl.softmax(a, -1), backend="aot_eager", fullgraph=True)(x)
    (g,) = torch.autograd.grad(y, x, v, create_graph=True)
    refusals = "double backward|not have been used in the graph|does not require grad"
    with pytest.raises(RuntimeError, match=refusals):
        torch.autograd.grad(g, x, v)


# Tensors without data, and tracing --------------------------------------------------------------


@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
def test_meta_and_fake_tensors_give_shapes_and_launch_nothing(log, device):
    fn = triton_impl.log_softmax if log else triton_impl.softmax
    before = collections.Counter(triton_impl.LAUNCHES)
    x = torch.empty(3, 4, 5, device="meta", dtype=torch.bfloat16, requires_grad=True)
    y = fn(x.transpose(0, 2), 1, kernel="online")
    assert (y.device.type, y.dtype, y.shape) == ("meta", torch.bfloat16, (5, 4, 3))
    y.sum().backward()
    assert x.grad.shape == x.shape and x.grad.device.type == "meta"
    with pytest.raises(ValueError, match="unknown kernel"):  # still checked
        fn(x, 1, kernel="fast")
    with FakeTensorMode():
        f = torch.empty(6, 7, dtype=torch.float64, device=device)
        z = fn(f, 0, dtype=torch.float32)
        assert isinstance(z, FakeTensor) and z.shape == (6, 7) and z.dtype == torch.float32
        d = triton_impl.softmax_backward_data(f, f, 1, log=log)
        assert isinstance(d, FakeTensor) and d.shape == (6, 7)
    assert triton_impl.LAUNCHES == before


def test_jit_trace_records_the_custom_op(device):
    x = _random((3, 5), torch.float32, 0, device)
    with pytest.warns(Warning):  # torch.jit.trace is deprecated
        traced = torch.jit.trace(lambda a: triton_impl.softmax(a, -1, kernel="online", block_n=2),
                                 (x,), check_trace=False)
    assert "softmax_lab::softmax_forward" in str(traced.graph)
    other = _random((4, 5), torch.float32, 1, device).requires_grad_(True)
    before = collections.Counter(triton_impl.LAUNCHES)
    y = traced(other)
    torch.testing.assert_close(y, torch.softmax(other, -1))
    v = _random((4, 5), torch.float32, 2, device)
    torch.testing.assert_close(torch.autograd.grad(y, other, v)[0],
                               torch.autograd.grad(torch.softmax(other, -1), other, v)[0])
    ran = triton_impl.LAUNCHES - before
    assert ran["online_forward"] == 1 and ran["online_backward"] == 1, ran


# PyTorch's own OpInfo samples ---------------------------------------------------------------------

OPINFO = {"softmax": False, "nn.functional.softmax": False,
          "log_softmax": True, "nn.functional.log_softmax": True}
"""OpInfo entries (torch.testing's op database) our softmax and log_softmax stand in for, each
with and without dtype=; "_softmax_backward_data" stands for softmax_backward_data."""
OPINFO_DTYPES = {torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int64,
                 torch.bool, torch.complex64}
"""Of the dtypes an entry lists: every float, and one of each other kind, which dtype= casts
(the with_dtype entries list every integer width too, the same cast to the same kernel)."""


@pytest.fixture(scope="module")
def op_db():
    pytest.importorskip("expecttest", reason="torch.testing's op database imports expecttest: "
                        "pip install expecttest (the test extra lists it)")
    from torch.testing._internal.common_methods_invocations import op_db
    return op_db


def _flat(a):
    """A 0-dim result as one element, so that per-row checks have a row."""
    return a.reshape(1) if a.dim() == 0 else a


def test_opinfo_samples_softmax_and_log_softmax(op_db, device):
    """Every sample torch tests softmax and log_softmax on (0-dim, empty, every dim, dtype= on
    any input dtype, complex included), in every dtype the entry lists for the CPU: output and
    gradient against torch in float64, within the tolerance policy."""
    entries = [op for op in op_db if op.name in OPINFO]
    assert {(op.name, op.variant_test_name) for op in entries} >= {
        ("softmax", ""), ("softmax", "with_dtype"), ("log_softmax", ""),
        ("log_softmax", "with_dtype")}
    checked = collections.Counter()
    for op in entries:
        log = OPINFO[op.name]
        ours = triton_impl.log_softmax if log else triton_impl.softmax
        for dtype in sorted(op.supported_dtypes("cpu") & OPINFO_DTYPES, key=str):
            grad = dtype.is_floating_point and op.supports_autograd
            for sample in op.sample_inputs(device, dtype, requires_grad=grad):
                x, (dim,), kwargs = sample.input, sample.args, sample.kwargs
                with warnings.catch_warnings():  # complex to real: torch warns, and so do we
                    warnings.simplefilter("ignore", UserWarning)
                    got = ours(x, dim, **kwargs)
                    expected = op.op(x.detach().to(torch.complex128 if x.is_complex()
                                                   else torch.float64), dim, **kwargs)
                out_dtype = kwargs.get("dtype", dtype)
                assert got.dtype == out_dtype and got.shape == x.shape, (op.name, dtype)
                checked[op.name, op.variant_test_name] += 1
                if x.numel() == 0:
                    continue
                axis = dim if x.dim() else 0
                e = _flat(expected.real.double()).cpu().numpy()
                assert_close(_flat(got), e, dtype=out_dtype, axis=axis,
                             kind="log_softmax" if log else "softmax")
                if grad:
                    v = _random(x.shape, out_dtype, 7, device)
                    (dx,) = torch.autograd.grad(got, x, v)
                    x64 = x.detach().double().requires_grad_(True)
                    (dx64,) = torch.autograd.grad(op.op(x64, dim, **kwargs), x64, v.double())
                    assert_close(_flat(dx), _flat(dx64).cpu().numpy(), dtype=dtype, axis=axis,
                                 **_derivative_tolerance(e, _flat(v).double().cpu().numpy(), log,
                                                         axis, out_dtype))
    assert all(count >= 5 for count in checked.values()), checked


def test_opinfo_samples_softmax_backward_data(op_db, device):
    """torch._softmax_backward_data's samples through softmax_backward_data: value, and its
    gradients in y and dy (double backward)."""
    (op,) = [op for op in op_db if op.name == "_softmax_backward_data"]
    count = 0
    for dtype in sorted(op.supported_dtypes("cpu"), key=str):
        for sample in op.sample_inputs(device, dtype, requires_grad=True):
            dy, (y, dim, input_dtype) = sample.input, sample.args
            # input_dtype: the forward's input, half for a half-to-float softmax (CUDA samples)
            got = triton_impl.softmax_backward_data(y, dy, dim).to(input_dtype)
            y64, dy64 = (t.detach().double().requires_grad_(True) for t in (y, dy))
            expected = op.op(dy64, y64, dim, torch.float64)
            axis = dim if y.dim() else 0
            numpy = lambda t: _flat(t.detach()).cpu().numpy()  # noqa: E731
            assert_close(_flat(got), numpy(expected), dtype=input_dtype, axis=axis, kind="grad",
                         scale=grad_scale(numpy(y64), numpy(dy64), axis=axis))
            w = _random(y.shape, input_dtype, 3, device)
            wanted = [t for t in (y, dy) if t.requires_grad]
            got_grads = torch.autograd.grad(got, wanted, w)
            expected_grads = torch.autograd.grad(expected, [t for t, o in ((y64, y), (dy64, dy))
                                                            if o.requires_grad], w.double())
            for g, e in zip(got_grads, expected_grads):
                e = _flat(e).cpu().numpy()
                assert_close(_flat(g), e, dtype=input_dtype, axis=axis, kind="grad",
                             scale=np.full(e.shape, np.abs(e).max()))
            count += 1
    assert count >= 8
