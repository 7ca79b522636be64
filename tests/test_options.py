"""Every option a caller can pass either works and matches the float64 oracle, or is refused
before any work: no silent wrong answer from a combination of options.

The property draws the whole option space of ``triton_impl.softmax`` / ``log_softmax``: ``kernel``
(each of ``KERNELS``, None, and names that are not kernels), ``block_n`` and ``splits`` (powers of
two, None, and values that mean nothing: 0, 3, -2, 32.0, True, "16"), ``dtype`` and ``dim`` (in
every form torch takes, and some it refuses), with and without grad, on small shapes (under the
Triton interpreter). For each draw:

- ``triton_impl.plan`` raises exactly when ``softmax`` raises, with the same exception type;
- a refusal is a TypeError, ValueError or IndexError, and no kernel was launched
  (``triton_impl.LAUNCHES`` unchanged);
- otherwise the output (and the gradient, with grad) matches the float64 oracle within the
  tolerance policy, and the kernel that ran is the one ``plan`` names, forward and backward.

Then the checks that need a hand-built case: refusals come before the ``dtype=`` cast, a forcing
the backward cannot run is refused before the forward runs, and ``dim=None`` picks torch's dim.
"""

from __future__ import annotations

import collections
import warnings

import numpy as np
import pytest
import torch
from hypothesis import event, given, note
from hypothesis import strategies as st

import reference
import triton_impl
from reference.dtypes import canonical
from reference.tolerance import EPS, assert_close, grad_scale

REFUSALS = (TypeError, ValueError, IndexError)
BAD_SIZES = [0, 3, -2, 32.0, True, "16"]
"""Values block_n and splits must refuse."""


def _input(shape, device, dtype=torch.float32, seed=0):
    """Random normal * 3, never zeros; the same values whatever the dtype (float32 first)."""
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(shape, generator=g) * 3).to(dtype).to(device)


def _oracle(x: torch.Tensor, dim: int, log: bool) -> np.ndarray:
    xs = x.detach().double().cpu().numpy()
    return (reference.oracle_log_softmax if log else reference.oracle_softmax)(xs, axis=dim)


def _call(fn, *args, **kwargs):
    """(result, None) or (None, the refusal)."""
    try:
        return fn(*args, **kwargs), None
    except REFUSALS as error:
        return None, error


BAD = {
    "kernel": ["fast", "", "Online"],
    "block_n": BAD_SIZES,
    "splits": BAD_SIZES,
    "dtype": [torch.int32, torch.complex64, "float32"],
    "dim": [torch.tensor([0]), torch.tensor(1.0), 1.0, True, 3, -4],
}
"""Per option, values it must refuse (3 and -4 are out of range for the shapes drawn)."""


@st.composite
def option_cases(draw):
    """Options each of which is valid on its own (combinations may still be refused: block_n
    without kernel, single_block with block_n < N, splits for a kernel that has none), with at
    most one replaced by a value it must refuse, a third of the time."""
    M = draw(st.sampled_from([0, 1, 2, 3] * 2 + [1, 2, 3] * 3))  # empty now and then
    N = draw(st.sampled_from([0] + list(range(1, 9)) * 3))
    shape = draw(st.sampled_from([(M, N), (N,), (M, N, 2)]))
    case = dict(
        shape=shape,
        kernel=draw(st.sampled_from([*triton_impl.KERNELS, None])),
        block_n=draw(st.sampled_from([None, None, 1, 2, 4, 8, 16])),
        splits=draw(st.sampled_from([None, None, None, 1, 2, 3])),
        dtype=draw(st.sampled_from([None, torch.float32, torch.float64, torch.bfloat16])),
        dim=draw(st.sampled_from([-1, 0, len(shape) - 1, np.int64(-1), torch.tensor(0)])),
        log=draw(st.booleans()), grad=draw(st.booleans()))
    bad = draw(st.sampled_from([None] * 2 * len(BAD) + list(BAD)))
    if bad is not None:
        case[bad] = draw(st.sampled_from(BAD[bad]))
    return case


@given(case=option_cases())
def test_any_options_match_the_oracle_or_are_refused_before_any_launch(case, device):
    note(case)
    x = _input(case["shape"], device).requires_grad_(case["grad"])
    options = dict(kernel=case["kernel"], block_n=case["block_n"], splits=case["splits"])
    fn = triton_impl.log_softmax if case["log"] else triton_impl.softmax
    before = collections.Counter(triton_impl.LAUNCHES)

    planned, plan_error = _call(triton_impl.plan, x, case["dim"], case["dtype"], **options)
    assert triton_impl.LAUNCHES == before, "plan() launched a kernel"
    y, error = _call(fn, x, case["dim"], case["dtype"], **options)
    assert type(error) is type(plan_error), f"plan raised {plan_error!r}, softmax {error!r}"
    if error is not None:
        note(repr(error))
        event(f"refused: {type(error).__name__}")
        assert triton_impl.LAUNCHES == before, f"refused ({error!r}) after launching"
        return

    dim = int(case["dim"])
    dtype = case["dtype"] or x.dtype
    assert y.dtype == dtype and y.shape == x.shape
    if x.numel():
        assert_close(y, _oracle(x.to(dtype), dim, case["log"]), dtype=dtype, axis=dim,
                     kind="log_softmax" if case["log"] else "softmax")
    ran = triton_impl.LAUNCHES - before
    event(f"ran {planned.kernel if planned else 'nothing'}{' with grad' if case['grad'] else ''}")
    if planned is None:  # empty: nothing to launch
        assert x.numel() == 0 and not ran, ran
    else:
        assert ran == {f"{planned.kernel}_forward": 1}, (planned, ran)
    if case["grad"]:
        dy = _input(x.shape, device, dtype, seed=1)
        (dx,) = torch.autograd.grad(y, x, dy)
        grad = reference.oracle_log_softmax_backward if case["log"] else \
            reference.oracle_softmax_backward
        ys, dys = y.detach().double().cpu().numpy(), dy.double().cpu().numpy()
        assert dx.shape == x.shape and dx.dtype == x.dtype
        coarser = max(dtype, x.dtype, key=lambda d: EPS[canonical(d)])  # dx is cast back to x's
        if x.numel():
            assert_close(dx, grad(ys, dys, axis=dim), dtype=coarser, axis=dim, kind="grad",
                         scale=grad_scale(ys, dys, log=case["log"], axis=dim))
        back = triton_impl.plan(x, dim, case["dtype"], backward=True, **options)
        ran = triton_impl.LAUNCHES - before
        if back is None:
            assert not ran, ran
        else:
            assert ran[f"{back.kernel}_backward"] == 1, (back, ran)


def test_options_are_refused_before_the_dtype_cast(monkeypatch, device):
    """A refusal is not preceded by work: not even the dtype= cast of the input."""
    x = _input((2, 5), device)

    def no_cast(*args, **kwargs):
        raise AssertionError("the input was cast before the options were checked")

    monkeypatch.setattr(torch.Tensor, "to", no_cast)
    for options, error in [(dict(kernel="fast"), ValueError), (dict(block_n=16), ValueError),
                           (dict(kernel="online", block_n=3), ValueError),
                           (dict(kernel="single_block", block_n=2), ValueError),
                           (dict(kernel="online", splits=2), ValueError),
                           (dict(dim=1.0), TypeError), (dict(dim=2), IndexError)]:
        options = dict(dict(dim=-1), **options)
        with pytest.raises(error):
            triton_impl.softmax(x, dtype=torch.float64, **options)


def test_dtype_argument_is_checked_as_an_argument(device):
    x = _input((2, 5), device)
    with pytest.raises(TypeError, match=r"dtype=torch.int32"):
        triton_impl.softmax(x, -1, dtype=torch.int32)
    with pytest.raises(TypeError, match="must be a torch.dtype"):
        triton_impl.softmax(x, -1, dtype="float64")
    # as torch: any input dtype casts to a supported dtype= first (an integer tensor too)
    ints = torch.arange(10, device=device).reshape(2, 5)
    for dtype in (torch.float64, torch.float32):
        y = triton_impl.softmax(ints, 1, dtype=dtype)
        assert y.dtype == dtype
        torch.testing.assert_close(y, torch.softmax(ints, 1, dtype=dtype))
    y = triton_impl.log_softmax(x, 0, dtype=torch.float64)
    assert y.dtype == torch.float64
    torch.testing.assert_close(y, torch.log_softmax(x.double(), 0), rtol=1e-13, atol=1e-13)


def test_a_forcing_the_backward_cannot_run_is_refused_before_the_forward(device):
    """single_block holds 32768 float32 columns forward, half that backward: with grad, a row of
    20000 is refused before the forward launches (not after it, when backward() is called)."""
    x = _input((1, 20000), device)
    y = triton_impl.softmax(x, kernel="single_block")  # no grad: the forward alone runs
    assert_close(y, _oracle(x, -1, False), dtype=torch.float32)
    x.requires_grad_(True)
    before = collections.Counter(triton_impl.LAUNCHES)
    with pytest.raises(ValueError, match="in the backward"):
        triton_impl.plan(x, kernel="single_block")
    with pytest.raises(ValueError, match="in the backward"):
        triton_impl.softmax(x, kernel="single_block")
    assert triton_impl.LAUNCHES == before
    with torch.no_grad():
        assert triton_impl.plan(x, kernel="single_block").kernel == "single_block"


def test_dim_in_every_form_torch_takes(device):
    x = _input((3, 4, 5), device)
    expected = torch.softmax(x, 1)
    for dim in (1, -2, np.int64(1), np.int32(-2), torch.tensor(1), torch.tensor(-2)):
        torch.testing.assert_close(triton_impl.softmax(x, dim), expected)
    for dim in (torch.tensor([1]), torch.tensor(1.0), torch.tensor(True), True, 1.0, "1"):
        with pytest.raises((TypeError, RuntimeError)):  # torch 2.11 takes "1" for a dim name
            torch.softmax(x, dim)
        with pytest.raises(TypeError, match="dim must be"):
            triton_impl.softmax(x, dim)


@pytest.mark.parametrize("ndim", [0, 1, 2, 3, 4])
def test_dim_none_picks_torchs_implicit_dim(ndim, device):
    """torch.nn.Softmax() and F.softmax(x) (dim=None) take a legacy dim: 0 for 0-, 1- and 3-D
    inputs, else 1, with a warning. The modules default to it, as torch's do."""
    x = _input((2, 3, 4, 5)[:ndim], device)
    pairs = [(triton_impl.softmax, torch.nn.functional.softmax),
             (triton_impl.log_softmax, torch.nn.functional.log_softmax),
             (triton_impl.Softmax(), torch.nn.Softmax()),
             (triton_impl.LogSoftmax(), torch.nn.LogSoftmax())]
    for ours, theirs in pairs:
        with pytest.warns(UserWarning, match="Implicit dimension choice"):
            expected = theirs(x) if isinstance(theirs, torch.nn.Module) else theirs(x, dim=None)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = ours(x) if isinstance(ours, torch.nn.Module) else ours(x, dim=None)
        assert any("Implicit dimension choice" in str(w.message) for w in caught)
        assert all(w.filename == __file__ for w in caught
                   if "Implicit dimension" in str(w.message)), "the warning blames our code"
        torch.testing.assert_close(got, expected)
    assert triton_impl.Softmax().dim is None and triton_impl.Softmax(dim=2).dim == 2


@pytest.mark.parametrize("kernel", triton_impl.KERNELS)
def test_a_block_wider_than_any_kernel_holds_is_refused_before_any_launch(kernel, device):
    x = _input((2, 5), device)
    before = collections.Counter(triton_impl.LAUNCHES)
    _, plan_error = _call(triton_impl.plan, x, kernel=kernel, block_n=1 << 40)
    assert isinstance(plan_error, ValueError), "plan() accepted block_n=2**40"
    with pytest.raises(ValueError):
        triton_impl.softmax(x, kernel=kernel, block_n=1 << 40)
    assert triton_impl.LAUNCHES == before
