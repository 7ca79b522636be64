"""The one tolerance policy: how close an implementation must be to the float64 oracle.

An implementation computes in float32 (whatever its input dtype) and rounds its result to the
output dtype. Relative to the exact softmax, each output then carries
- the output rounding: half an ulp of the output dtype, so ``eps_out / 2`` relative;
- the float32 arithmetic: the error of exp on a rounded argument (relative error about
  eps32 * |x - max|, bounded by ``eps32 * EXP_ARGUMENT`` for the arguments that matter) and of the
  row sum, which grows with log2(N) for a tree reduction and the lane-wise sums of blocked kernels.
So ``rtol = eps_out + eps32 * (SLACK + 4 * log2(N))``, and an absolute floor at the output dtype's
smallest normal number for results that underflow. Log-softmax outputs are differences, so their
error is absolute, scaled by the row's magnitude; gradients y * (dy - s) cancel when dy is near s,
so their error is scaled by the row's |y| * (|dy| + |s|).
"""

from __future__ import annotations

import math

import numpy as np

EPS = {"float16": 2.0**-10, "bfloat16": 2.0**-7, "float32": 2.0**-23, "float64": 2.0**-52}
TINY = {"float16": 2.0**-14, "bfloat16": 2.0**-126, "float32": 2.0**-126, "float64": 2.0**-1022}
SLACK = 64
"""Float32 ulps allowed beyond the sum's growth: the exp2 instruction's own error and |x - max|."""


def rtol(dtype: str, N: int) -> float:
    return EPS[dtype] + EPS["float32"] * (SLACK + 4 * math.log2(max(N, 2)))


def _dtype_name(dtype) -> str:
    return str(dtype).replace("torch.", "")


def _as_float64(a) -> np.ndarray:
    if hasattr(a, "detach"):  # a torch tensor, bfloat16 included
        return a.detach().float().cpu().double().numpy()
    return np.asarray(a, dtype=np.float64)


def assert_close(actual, expected, *, dtype, axis: int = -1, kind: str = "softmax",
                 scale=None) -> None:
    """Check ``actual`` (any dtype, NumPy or torch) against the float64 ``expected``.

    ``kind`` is "softmax", "log_softmax" or "grad"; for "grad", ``scale`` is the per-row
    magnitude |y| * (|dy| + |s|) broadcast against the result. NaN must match NaN exactly, and
    infinities must match in sign.
    """
    name = _dtype_name(dtype)
    a, e = _as_float64(actual), _as_float64(expected)
    assert a.shape == e.shape, f"shape {a.shape} != expected {e.shape}"
    n = e.shape[axis] if e.ndim else 1
    tol = rtol(name, n)
    if kind == "softmax":
        atol = np.full(e.shape, TINY[name])
    elif kind == "log_softmax":
        finite = np.where(np.isfinite(e), np.abs(e), 0.0)
        atol = tol * (1.0 + np.max(finite, axis=axis, keepdims=True)) if e.ndim else tol
    else:
        atol = tol * (np.asarray(scale) + TINY[name])
    nan_a, nan_e = np.isnan(a), np.isnan(e)
    assert np.array_equal(nan_a, nan_e), (
        f"NaN mismatch at {np.argwhere(nan_a != nan_e)[:5].tolist()}")
    inf_e = np.isinf(e)
    assert np.array_equal(a[inf_e], e[inf_e]), "infinities differ"
    ok = nan_e | inf_e | (np.abs(a - e) <= atol + tol * np.abs(e))
    if not ok.all():
        bad = np.argwhere(~ok)[:5]
        rows = [(tuple(i), a[tuple(i)], e[tuple(i)]) for i in bad]
        raise AssertionError(f"{(~ok).sum()} of {ok.size} values off (rtol {tol:.2e}); "
                             f"first (index, got, expected): {rows}")
