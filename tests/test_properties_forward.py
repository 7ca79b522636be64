"""Properties of the forward pass, for every implementation the kit runs (``impl``).

By default ``impl`` is each Triton path (under the interpreter on a CPU) and each reference
algorithm; with ``--softmax-impl=module:function`` it is your function (see tests/README.md).
Every example's input is drawn by ``strategies`` (shapes, layouts, values with extremes injected)
and noted as Python, so a failure prints what reproduces it.
"""

from __future__ import annotations

import numpy as np
import pytest
import softmax_kit as kit
from hypothesis import assume, given, note
from hypothesis import strategies as st
from strategies import NON_FINITE, attention_masks, exact_shifts
from reference.tolerance import TINY, assert_close, row_sum_tolerance, rtol

import reference

FINITE_EXTREMES = ("huge", "max", "subnormal", "above_11", "equal_row", "dominant", "offset")


def draw_case(data, impl, **kwargs):
    case = data.draw(kit.case_strategy(impl, **kwargs), label="case")
    note(case.as_note())
    return case


def _log_too(impl):
    return (False, True) if impl.offers("log_softmax") else (False,)


# Agreement with the float64 oracle ------------------------------------------------------------


@given(data=st.data())
def test_softmax_matches_the_oracle(impl, device, data):
    case = draw_case(data, impl)
    y = kit.forward(impl, case, device)
    assert_close(y, reference.oracle_softmax(case.x, case.dim), dtype=case.dtype, axis=case.dim,
                 summation=impl.summation)


@pytest.mark.needs("log_softmax")
@given(data=st.data())
def test_log_softmax_matches_the_oracle(impl, device, data):
    case = draw_case(data, impl)
    y = kit.forward(impl, case, device, log=True)
    assert_close(y, reference.oracle_log_softmax(case.x, case.dim), dtype=case.dtype,
                 axis=case.dim, kind="log_softmax", summation=impl.summation)


# What a softmax is, whatever the oracle says ---------------------------------------------------


@given(data=st.data())
def test_rows_are_probability_distributions(impl, device, data):
    """Every row without NaN lies in [0, 1] and sums to 1 within the policy's
    ``row_sum_tolerance`` (the oracle's outputs below the smallest normal number counted)."""
    case = draw_case(data, impl)
    y = case.rows(kit.forward(impl, case, device))
    defined = ~np.isnan(y).any(axis=1)
    assume(defined.any())
    y = y[defined]
    assert np.all((y >= 0) & (y <= 1)), y[(y < 0) | (y > 1)]
    exact = np.nan_to_num(case.rows(reference.oracle_softmax(case.x, case.dim))[defined])
    bound = row_sum_tolerance(case.dtype, case.N, (exact < TINY[case.dtype]).sum(axis=1),
                              summation=impl.summation)
    error = np.abs(y.sum(axis=1) - 1)
    worst = int(np.argmax(error - bound))
    assert np.all(error <= bound), (f"row {worst} sums off by {error[worst]:.3g} > "
                                    f"{bound[worst]:.3g}")


@given(data=st.data())
def test_shift_invariance(impl, device, data):
    """softmax(x + c) = softmax(x) for a c that makes every x + c exact (and far from overflow).

    An implementation that subtracts the max gives the same bits (x_i + c - (max + c) is
    x_i - max exactly); others get the policy's tolerance. The base is a coarse grid so that
    exact shifts exist, large ones included (they overflow exp(x) when the max is not subtracted).
    """
    case = draw_case(data, impl, bases=("grid",), extremes=NON_FINITE + (
        "above_11", "equal_row", "dominant", "offset"))
    shifts = exact_shifts(case.x, case.dtype)
    assume(shifts)
    c = data.draw(st.sampled_from(shifts), label="c")
    shifted = case.with_x(case.x + c, f"+ {c:g}")
    for log in _log_too(impl):
        want = kit.forward(impl, case, device, log=log)
        got = kit.forward(impl, shifted, device, log=log)
        assert_close(got, want, dtype=case.dtype, axis=case.dim,
                     kind="log_softmax" if log else "softmax", summation=impl.summation)


@given(data=st.data())
def test_order_is_preserved(impl, device, data):
    """x_i < x_j gives y_i <= y_j (rounding may tie them) and x_i == x_j gives y_i == y_j, exactly:
    exp, the shift and the scaling are all monotonic, and so is rounding."""
    case = draw_case(data, impl)
    kit.avoid_known_defects(impl, case.dtype, reference.oracle_softmax(case.x, case.dim),
                            reference.oracle_log_softmax(case.x, case.dim))
    x = case.rows()
    for log in _log_too(impl):
        y = case.rows(kit.forward(impl, case, device, log=log))
        for r in np.flatnonzero(~np.isnan(y).any(axis=1)):
            order = np.argsort(x[r], kind="stable")
            xs, ys = x[r][order], y[r][order]
            rising, level = xs[1:] > xs[:-1], xs[1:] == xs[:-1]
            assert np.all(ys[1:][rising] >= ys[:-1][rising]), f"row {r}: order broken (log={log})"
            assert np.array_equal(ys[1:][level], ys[:-1][level]), f"row {r}: ties differ (log={log})"


@pytest.mark.needs("log_softmax")
@given(data=st.data())
def test_log_softmax_is_the_log_of_softmax(impl, device, data):
    """Where softmax is a normal number (below it, it has lost relative precision) and both are
    finite, log_softmax = log(softmax) within the policy; NaN in one is NaN in the other."""
    case = draw_case(data, impl)
    y = kit.forward(impl, case, device)
    log_y = kit.forward(impl, case, device, log=True)
    assert np.array_equal(np.isnan(y), np.isnan(log_y))
    where = (y >= TINY[case.dtype]) & np.isfinite(log_y)
    assume(where.any())
    with np.errstate(divide="ignore"):
        expected = np.where(where, np.log(np.where(where, y, 1.0)), log_y)
    assert_close(log_y, expected, dtype=case.dtype, axis=case.dim, kind="log_softmax",
                 summation=impl.summation)


# Special values -------------------------------------------------------------------------------


@given(data=st.data())
def test_attention_masks(impl, device, data):
    """-inf entries give exactly 0 (log: -inf), and the others the softmax of the others alone."""
    case = draw_case(data, impl, extremes=FINITE_EXTREMES)
    x = case.rows()
    mask = data.draw(attention_masks(*x.shape), label="mask")
    masked = case.with_x(case.from_rows(np.where(mask, -np.inf, x)), f"mask x{mask.sum()}")
    note(masked.as_note())
    for log in _log_too(impl):
        y = masked.rows(kit.forward(impl, masked, device, log=log))
        assert np.all(y[mask] == (-np.inf if log else 0.0)), f"masked entries leak (log={log})"
        oracle = reference.oracle_log_softmax if log else reference.oracle_softmax
        expected = np.full(x.shape, -np.inf if log else 0.0)
        for r in range(x.shape[0]):
            expected[r, ~mask[r]] = oracle(x[r, ~mask[r]])
        assert_close(y, expected, dtype=case.dtype, kind="log_softmax" if log else "softmax",
                     summation=impl.summation)


@given(data=st.data())
def test_nan_and_inf_as_torch(impl, device, data):
    """NaN and infinities where torch.softmax / torch.log_softmax (CPU) put them, and -inf
    inputs of a row that is not NaN give exactly 0 (log-softmax: -inf)."""
    pytest.importorskip("torch")
    case = draw_case(data, impl, extremes=NON_FINITE + ("huge", "max", "equal_row"))
    for log in _log_too(impl):
        got = kit.forward(impl, case, device, log=log)
        want = kit.torch_reference(case, log=log)
        assert np.array_equal(np.isnan(got), np.isnan(want)), (
            f"NaN differs from torch at {np.argwhere(np.isnan(got) != np.isnan(want))[:5].tolist()}")
        for sign in (1, -1):
            assert np.array_equal(got == sign * np.inf, want == sign * np.inf), (
                f"{sign:+d} inf differs from torch (log={log})")
        masked = (case.x == -np.inf) & ~np.isnan(want)
        assert np.all(got[masked] == (-np.inf if log else 0.0))
