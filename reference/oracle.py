"""The float64 oracle: the textbook formulas in float64, which every other tier is checked against.

No memory model, no blocks, no recurrence: the formulas as they are written in
``reference.normaliser`` and ``reference.backward``, on whole rows, in the most obviously correct
order. The input is widened to float64 (exactly: every float16 and float32 value is a float64
value) and the result stays float64, so the oracle answers "what is the softmax of *these* input
values", free of the rounding of the tier under test. Its own error is a few units of 2^-53
times log2(N) (NumPy's float64 sums are pairwise): measured against 64-bit-significand
arithmetic (``np.longdouble`` on x86) on the float32 rows of tests/test_reference_accuracy.py
with N up to 100003, at most 6.1e-16 relative for softmax and 8e-17 of the row's magnitude for
log-softmax. That is eight orders of magnitude below the float32 errors it judges (1e-7 to
1e-5), and within the float64 tolerance that tiers computing in float64 are held to.

The Semantics of ``reference`` hold here too; they fall out of the formulas (NaN and +inf make
the row's sum NaN; an all -inf row gives -inf - -inf = NaN).
"""

from __future__ import annotations

import numpy as np

from ._inputs import Rows, as_float_array, check_same_layout


def _on_rows(formula, arrays, axis):
    """``formula`` applied to float64 (M, N) rows of ``arrays``, returned in their shape."""
    rows = Rows(arrays[0].shape, axis)
    views = [rows.gather(array).astype(np.float64) for array in arrays]
    if views[0].size == 0:
        return rows.scatter(views[0])
    with np.errstate(all="ignore"):
        return rows.scatter(formula(*views))


def _shift_and_sum(x):
    m = np.max(x, axis=1, keepdims=True)
    return x - m, np.sum(np.exp(x - m), axis=1, keepdims=True)


def oracle_softmax(x, axis=-1) -> np.ndarray:
    """exp(x - max) / sum(exp(x - max)) along ``axis``, in float64."""

    def formula(x):
        z, d = _shift_and_sum(x)
        return np.exp(z) / d

    return _on_rows(formula, [as_float_array(x)], axis)


def oracle_log_softmax(x, axis=-1) -> np.ndarray:
    """x - max - log(sum(exp(x - max))) along ``axis``, in float64."""

    def formula(x):
        z, d = _shift_and_sum(x)
        return z - np.log(d)

    return _on_rows(formula, [as_float_array(x)], axis)


def oracle_softmax_backward(y, dy, axis=-1) -> np.ndarray:
    """dx = y * (dy - sum(dy * y)) along ``axis``, in float64 (y: the softmax output)."""
    y, dy = as_float_array(y, "y"), as_float_array(dy, "dy")
    check_same_layout(y, dy)
    return _on_rows(lambda y, dy: y * (dy - np.sum(dy * y, axis=1, keepdims=True)), [y, dy], axis)


def oracle_log_softmax_backward(y, dy, axis=-1) -> np.ndarray:
    """dx = dy - exp(y) * sum(dy) along ``axis``, in float64 (y: the log-softmax output)."""
    y, dy = as_float_array(y, "y"), as_float_array(dy, "dy")
    check_same_layout(y, dy)
    return _on_rows(lambda y, dy: dy - np.exp(y) * np.sum(dy, axis=1, keepdims=True), [y, dy], axis)
