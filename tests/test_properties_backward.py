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
from reference.tolerance import (COMPUTE, EPS, SLACK, TINY, assert_close, flushable, grad_scale,
                                 growth, operand_move, rounded_range, rtol)

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


def row_sum_allowance(y, dy, dx, *, log, dtype, summation, rounded_to=None):
    """Per (M, N) row, how far from zero sum_i dx_i may be: the policy's sources of error in a
    computed row sum, not its per-element allowance summed.

    The exact gradient of the y a backward used sums to S (1 - sum p), with p = y and
    S = sum(dy * y) (softmax) or p = exp(y) and S = sum(dy) (log-softmax): zero for an exact y, and
    just that for a rounded one. Computing dx adds
    - the error of S, which every element shares: ``growth`` compute eps (one more for the
      products) of T, the sum of S's terms' magnitudes, times sum p;
    - each element's own arithmetic: a compute eps of its ``grad_scale`` (two roundings, of
      dy - s and of the product), and for log-softmax ``SLACK`` compute eps of exp(y) |S|;
    - its rounding to the output dtype: eps_out |dx_i| (a whole ulp: the interpreter's bfloat16
      conversion truncates), or a subnormal spacing;
    - subnormals flushed to zero: an operand's whole scale (its element and its term of S), and
      the compute dtype's ``TINY`` for each result and each term of S.
    The oracle test allows eps_out of each element's whole scale, and for softmax SLACK's eps too:
    a dx put off the same way in every element of a row, within that, can fail here alone.
    ``rounded_to``: as in ``grad_scale``, the dtype y was rounded to after the backward used it;
    p is then known to within that rounding's move, which widens S (1 - sum p). This test's own
    float64 sums (of dx, S and p) add float64's tree error.
    """
    eps_out, eps = EPS[dtype], EPS[COMPUTE[dtype]]
    N = y.shape[1]
    with np.errstate(invalid="ignore", over="ignore"):
        p = np.exp(y) if log else y
        moved = np.zeros_like(p) if rounded_to is None else operand_move(y, log=log, dtype=rounded_to)
        terms = np.abs(dy) if log else np.abs(dy) * (p + moved)
        T, sum_p = terms.sum(axis=1), (p + moved).sum(axis=1)
        S = np.abs((dy if log else dy * p).sum(axis=1))
        if not log:
            S += (np.abs(dy) * moved).sum(axis=1)
        residue = S * (np.abs(1 - p.sum(axis=1)) + moved.sum(axis=1))
        scale = grad_scale(y, dy, log=log, dtype=rounded_to)
        size = np.abs(dx).sum(axis=1)
        arithmetic = eps * ((growth(summation, N) + 1) * T * sum_p + scale.sum(axis=1)
                            + (SLACK * S * sum_p if log else 0.0))
        rounding = eps_out * (size + N * TINY[dtype])
        flushed = 2 * (np.where(flushable(p, dtype), scale, 0.0).sum(axis=1)
                       + N * TINY[COMPUTE[dtype]])
        here = EPS["float64"] * growth("tree", N) * (size + 2 * T * sum_p)
        return residue + arithmetic + rounding + flushed + here


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
