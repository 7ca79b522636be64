"""Properties of the backward pass, for every implementation that has one (``impl``).

Triton's and a user's torch function are differentiated with ``torch.autograd.grad``; the
reference's backwards are called on the forward's output. dx is checked against the float64
oracle gradient of that same output y, so only the backward's own error is measured.
"""

from __future__ import annotations

import numpy as np
import pytest
import softmax_kit as kit
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import gradients
from reference.tolerance import (TINY, assert_close, flushable, grad_scale, rounded_range,
                                 row_sum_allowance, rtol)

import reference


def _variants(impl):
    """softmax, and log_softmax when the implementation differentiates it too."""
    return (False, True) if impl.offers("log_backward") else (False,)


def oracle_gradient(y, dy, log, rounded_to=None):
    """(dx, scale, s, operand) for (M, N) rows: the float64 gradient for the output y, the
    policy's per-element ``grad_scale`` (``rounded_to``: its ``dtype``), the row sums s, and the
    operand that multiplies (dy - s) (log-softmax: s), y or exp(y)."""
    grad = reference.oracle_log_softmax_backward if log else reference.oracle_softmax_backward
    with np.errstate(invalid="ignore", over="ignore"):
        s = (dy if log else dy * y).sum(axis=1, keepdims=True)
        operand = np.exp(y) if log else y
    return grad(y, dy, -1), grad_scale(y, dy, log=log, dtype=rounded_to), s, operand


def rounded_after_use(impl, case):
    """The dtype y was rounded to after the backward may have used it: a user's torch function,
    differentiated by autograd, may start from its y before the cast it returns (``grad_scale``'s
    ``dtype``); this project's backwards read the very y their forward returned."""
    return case.dtype if impl.family == "user" else None


def draw_problem(data, impl):
    case = data.draw(kit.case_strategy(impl), label="case")
    dy = data.draw(gradients(case.shape, case.dtype), label="dy")
    note(case.as_note())
    note(f"dy = np.array({np.array2string(dy, separator=', ', floatmode='unique')})")
    return case, dy


@pytest.mark.needs("backward")
@given(data=st.data())
def test_backward_matches_the_oracle_gradient(impl, device, data):
    case, dy = draw_problem(data, impl)
    for log in _variants(impl):
        y, dx = (case.rows(a) for a in kit.backward(impl, case, dy, device, log=log))
        expected, scale, _, operand = oracle_gradient(y, case.rows(dy), log,
                                                      rounded_after_use(impl, case))
        kit.avoid_known_defects(impl, case.dtype, y, expected)
        assert_close(dx, expected, dtype=case.dtype, kind="grad", scale=scale,
                     flushed=flushable(operand, case.dtype), summation=impl.summation)


@pytest.mark.needs("backward")
@given(data=st.data())
def test_backward_rows_sum_to_zero(impl, device, data):
    """sum_i dx_i = S (1 - sum_i p_i) exactly, within ``row_sum_allowance``: a bound tighter than
    the oracle test's, so a dx off by the same amount in every element can fail here alone."""
    case, dy = draw_problem(data, impl)
    for log in _variants(impl):
        y, dx = (case.rows(a) for a in kit.backward(impl, case, dy, device, log=log))
        expected, *_ = oracle_gradient(y, case.rows(dy), log)
        kit.avoid_known_defects(impl, case.dtype, y, expected)
        # rows whose exact dx is NaN or overflows the dtype have no sum to check
        defined = np.isfinite(rounded_range(expected, case.dtype)).all(axis=1)
        allowed = row_sum_allowance(y, case.rows(dy), dx, log=log, dtype=case.dtype,
                                    summation=impl.summation,
                                    rounded_to=rounded_after_use(impl, case))
        error = np.abs(dx.sum(axis=1))
        bad = defined & ~(error <= allowed)
        assert not bad.any(), (
            f"rows {np.flatnonzero(bad)[:5].tolist()} of dx sum to {dx.sum(axis=1)[bad][:5]}, "
            f"allowed {allowed[bad][:5]} (log={log})")


def test_a_row_sum_can_fail_where_every_element_passes():
    """dx off by 0.9 of the oracle test's allowance in every element, all one way: the oracle
    test passes it, the row sum does not."""
    y = np.array([[0.25, 0.25, 0.5]])  # float32 outputs
    dy = np.array([[1.0, -2.0, 0.5]])
    expected, scale, _, _ = oracle_gradient(y, dy, log=False)
    off = 0.9 * rtol("float32", 3) * (scale + TINY["float32"] + np.abs(expected))
    assert_close(expected + off, expected, dtype="float32", kind="grad", scale=scale)
    allowed = row_sum_allowance(y, dy, expected + off, log=False, dtype="float32",
                                summation="tree")
    assert np.abs((expected + off).sum(axis=1)) > allowed


def test_the_policy_allows_flushing_subnormals_and_nothing_more():
    """A GPU's flush-to-zero (a subnormal y read as 0) passes; the same error on a normal y, or a
    result off by a normal amount, fails."""
    y = np.array([[1.0, 2.0**-130]])  # float32 outputs, one of them subnormal
    dy = np.array([[0.0, 64.0]])
    expected, scale, _, operand = oracle_gradient(y, dy, log=False)
    flushed_gpu = np.where(flushable(operand, "float32"), 0.0, expected)
    assert_close(flushed_gpu, expected, dtype="float32", kind="grad", scale=scale,
                 flushed=flushable(operand, "float32"))
    with pytest.raises(AssertionError):
        assert_close(flushed_gpu, expected, dtype="float32", kind="grad", scale=scale)
    wrong = expected * np.array([[1.0, 0.5]]) + np.array([[1e-3, 0.0]])
    with pytest.raises(AssertionError):
        assert_close(wrong, expected, dtype="float32", kind="grad", scale=scale,
                     flushed=flushable(operand, "float32"))
