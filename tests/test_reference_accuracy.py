"""Every reference algorithm against float64 computations written here, independently of reference/.

The expected values never call the package: softmax is computed as 1 / sum_j exp(x_j - x_i) and
log-softmax as -log sum_j exp(x_j - x_i) (no max subtracted, no shared code), and the backwards
through the explicit Jacobian matrices. Algorithms are also checked against each other, over many
block sizes and split counts, and the backwards against finite differences.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as R
from reference import tolerance

DTYPES = (np.float16, np.float32, np.float64)

# The tolerance is the project's one policy (reference/tolerance.py): per element
#     |got - want| <= rtol(dtype, N) * scale + TINY[dtype]
# with scale the size of what the result is computed from (see the callers): exp magnifies the
# rounding of x - max by |x - max|, and backwards cancel terms. Here the scale is spelled out
# per element, where reference.tolerance.assert_close bounds it by SLACK ulps for a kernel.


def rtol(dtype, n: int) -> float:
    return tolerance.rtol(np.dtype(dtype).name, n)


def atol(dtype) -> float:
    return tolerance.TINY[np.dtype(dtype).name]


def assert_close(got, want, scale, n: int, label: str = ""):
    """``got`` within the tolerance of its dtype; the failure names the input and worst element."""
    got64 = got.astype(np.float64)
    with np.errstate(invalid="ignore"):  # inf - inf where both are inf: checked just below
        error = np.abs(got64 - want)
    bound = rtol(got.dtype, n) * scale + atol(got.dtype)
    bad = ~(error <= bound) & ~(np.isnan(got64) & np.isnan(want)) & ~(got64 == want)
    if bad.any():
        worst = np.unravel_index(np.argmax(np.where(bad, error / bound, 0)), got.shape)
        pytest.fail(
            f"{label}: {bad.sum()} of {got.size} elements out of tolerance; worst at {worst}: "
            f"got {got64[worst]!r}, want {want[worst]!r}, bound {bound[worst]:.3g}"
        )


# Independent float64 computations ---------------------------------------------------------------


def _pairwise_sums(x, axis):
    """S_i = sum_j exp(x_j - x_i) along ``axis``: softmax_i = 1 / S_i, log_softmax_i = -log S_i.

    No max is subtracted and no code is shared with reference/; float64 holds every term of the
    test inputs. Terms with x_j = -inf are 0 (their ratio to a -inf x_i would be 0 / 0).
    """
    z = np.moveaxis(x.astype(np.float64), axis, -1)
    with np.errstate(over="ignore", invalid="ignore"):
        ratios = np.exp(z[..., None, :] - z[..., :, None])
    ratios = np.where(np.isneginf(z)[..., None, :], 0.0, ratios)
    return np.moveaxis(ratios.sum(axis=-1), -1, axis)


def expected_softmax(x, axis):
    return 1.0 / _pairwise_sums(x, axis)


def expected_log_softmax(x, axis):
    with np.errstate(divide="ignore"):
        return -np.log(_pairwise_sums(x, axis))


def expected_softmax_backward(y, dy, axis):
    """dx = J^T dy with the Jacobian J = diag(y) - y y^T built explicitly, row by row."""
    y, dy = (np.moveaxis(a.astype(np.float64), axis, -1) for a in (y, dy))
    jacobian = y[..., :, None] * np.eye(y.shape[-1]) - y[..., :, None] * y[..., None, :]
    return np.moveaxis(np.einsum("...ij,...i->...j", jacobian, dy), -1, axis)


def expected_log_softmax_backward(y, dy, axis):
    """dx = J^T dy with J_ij = delta_ij - p_j, p = exp(y), built explicitly."""
    y, dy = (np.moveaxis(a.astype(np.float64), axis, -1) for a in (y, dy))
    p = np.exp(y)
    jacobian = np.eye(y.shape[-1]) - np.ones_like(y)[..., :, None] * p[..., None, :]
    return np.moveaxis(np.einsum("...ij,...i->...j", jacobian, dy), -1, axis)


def softmax_scale(x, want, axis):
    """Per element: |y| (1 + |x - max|), exp's sensitivity to the rounding of x - max."""
    x = x.astype(np.float64)
    with np.errstate(invalid="ignore"):
        scale = np.abs(want) * (1 + np.abs(x - np.max(x, axis=axis, keepdims=True)))
    return np.where(want == 0, 0.0, scale)


# Inputs ------------------------------------------------------------------------------------------


def make_input(case: str, shape, dtype, seed: int = 0, axis: int = -1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if case == "offset":  # large common offset: only the max subtraction keeps exp finite
        x = x + 1e4
    elif case == "spread":  # wide range: many probabilities underflow, some subnormal
        x = x * 30
    elif case == "neg_inf":  # some -inf, never a whole row
        x = np.where(rng.random(shape) < 0.3, -np.inf, x)
        np.moveaxis(x, axis, -1)[..., 0] = 1.0
    elif case == "ties":  # uniform rows
        x = np.full(shape, 3.0)
    elif case == "peaked":  # one dominant element per row
        np.moveaxis(x, axis, -1)[..., -1] = 50.0
    return x.astype(dtype)


# (shape, axis): M rows of N along several axes and ranks; N includes 1, primes, non-multiples of
# the default block 128.
LAYOUTS = [((6, 129), -1), ((37, 3), 0), ((2, 5, 3), 1), ((2, 3, 1), -1), ((300,), 0)]
CASES = ["normal", "offset", "spread", "neg_inf", "ties", "peaked"]

SOFTMAX_ALGORITHMS = {
    "naive": R.softmax_naive,
    "three_pass": R.softmax_three_pass,
    "three_pass/block=3": partial(R.softmax_three_pass, block=3),
    "online": R.softmax_online,
    "blocked_online": R.softmax_blocked_online,
    "blocked_online/block=7": partial(R.softmax_blocked_online, block=7),
    "single_block": R.softmax_single_block,
    "split_row": R.softmax_split_row,
    "split_row/splits=3,block=7": partial(R.softmax_split_row, splits=3, block=7),
    "dispatch/split": partial(R.softmax, algorithm="split", splits=2, block=2),
    "oracle": R.oracle_softmax,
}
LOG_SOFTMAX_ALGORITHMS = {
    "fused": R.log_softmax,
    "online/block=7": partial(R.log_softmax, algorithm="online", block=7),
    "split/splits=3,block=7": partial(R.log_softmax, algorithm="split", splits=3, block=7),
    "oracle": R.oracle_log_softmax,
}


def _inputs(dtype):
    """Every (case, layout) input of ``dtype``, with a label for failure messages."""
    for case in CASES:
        for shape, axis in LAYOUTS:
            yield f"{case} {shape} axis={axis}", make_input(case, shape, dtype, axis=axis), axis


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("name", SOFTMAX_ALGORITHMS)
def test_softmax_matches_independent_float64(name, dtype):
    for label, x, axis in _inputs(dtype):
        got = SOFTMAX_ALGORITHMS[name](x, axis=axis)
        want = expected_softmax(x, axis)
        assert got.shape == x.shape
        assert got.dtype == (np.float64 if name == "oracle" else x.dtype)
        assert_close(got, want, softmax_scale(x, want, axis), x.shape[axis], label)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("name", LOG_SOFTMAX_ALGORITHMS)
def test_log_softmax_matches_independent_float64(name, dtype):
    for label, x, axis in _inputs(dtype):
        got = LOG_SOFTMAX_ALGORITHMS[name](x, axis=axis)
        want = expected_log_softmax(x, axis)
        assert got.dtype == (np.float64 if name == "oracle" else x.dtype)
        # log-softmax's error is absolute: eps times the magnitudes of x - max and log(d).
        assert_close(got, want, 1 + np.abs(want), x.shape[axis], label)


# Algorithms against each other -------------------------------------------------------------------

BLOCKS = (1, 2, 3, 7, 64, 128, 1000)
SPLITS = (1, 2, 3, 8, 40)  # 40 splits of 130 columns: more splits than blocks for most blocks


@pytest.mark.parametrize("block", BLOCKS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=lambda d: np.dtype(d).name)
def test_blocked_algorithms_agree_with_single_block(block, dtype):
    x = make_input("spread", (4, 130), dtype, seed=block)
    reference = R.softmax_single_block(x).astype(np.float64)
    scale = np.abs(reference) * (1 + np.abs(x - x.max(axis=-1, keepdims=True)))
    for splits in SPLITS:
        assert_close(R.softmax_split_row(x, splits=splits, block=block), reference, scale, 130)
    assert_close(R.softmax_blocked_online(x, block=block), reference, scale, 130)
    assert_close(R.softmax_three_pass(x, block=block), reference, scale, 130)


def test_online_is_blocked_online_with_one_lane():
    """The paper recurrence and the GPU form with block = 1 are the same arithmetic, bit for bit."""
    x = make_input("spread", (5, 77), np.float32)
    np.testing.assert_array_equal(R.softmax_online(x), R.softmax_blocked_online(x, block=1))


@pytest.mark.parametrize("block", [1, 7, 128])
def test_split_row_with_one_split_is_blocked_online(block):
    """One chunk: stage 2 combines a single pair, which must leave it exactly as it was."""
    x = make_input("neg_inf", (3, 200), np.float64)
    np.testing.assert_array_equal(
        R.softmax_split_row(x, splits=1, block=block), R.softmax_blocked_online(x, block=block)
    )


@settings(max_examples=40, derandomize=True, deadline=None)
@given(
    M=st.integers(1, 4),
    N=st.integers(1, 150),
    block=st.integers(1, 70),
    splits=st.integers(1, 12),
    log=st.booleans(),
)
def test_any_blocking_agrees_with_the_oracle(M, N, block, splits, log):
    x = make_input("spread", (M, N), np.float64, seed=N)
    if log:
        want = R.oracle_log_softmax(x)
        scale = 1 + np.abs(want)
        outputs = [
            R.log_softmax(x, algorithm=algorithm, block=block, splits=splits)
            for algorithm in ("fused", "online", "split")
        ]
    else:
        want = R.oracle_softmax(x)
        scale = softmax_scale(x, want, -1)
        outputs = [
            R.softmax_blocked_online(x, block=block),
            R.softmax_split_row(x, splits=splits, block=block),
            R.softmax_three_pass(x, block=block),
        ]
    for got in outputs:
        assert_close(got, want, scale, N)


# Properties --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SOFTMAX_ALGORITHMS)
def test_rows_are_probability_distributions(name):
    x = make_input("normal", (8, 129), np.float32)
    y = SOFTMAX_ALGORITHMS[name](x).astype(np.float64)
    assert np.all((y >= 0) & (y <= 1))
    np.testing.assert_allclose(y.sum(axis=-1), 1.0, rtol=rtol(np.float32, 129))


@pytest.mark.parametrize("name", SOFTMAX_ALGORITHMS)
def test_shift_invariance(name):
    """softmax(x + c) = softmax(x): the property that makes subtracting the max legitimate."""
    x = make_input("normal", (4, 50), np.float64)
    f = SOFTMAX_ALGORITHMS[name]
    want = f(x)
    assert_close(f(x + 500.0), want, np.abs(want) * 600, 50)


# Backward ----------------------------------------------------------------------------------------

BACKWARD_ALGORITHMS = {
    "naive": partial(R.softmax_backward, algorithm="naive"),
    "fused": R.softmax_backward,
    "online/block=1": partial(R.softmax_backward, algorithm="online", block=1),
    "online/block=7": partial(R.softmax_backward, algorithm="online", block=7),
    "online": partial(R.softmax_backward, algorithm="online"),
    "split/splits=3,block=7": partial(R.softmax_backward, algorithm="split", splits=3, block=7),
    "split/splits=8,block=2": partial(R.softmax_backward, algorithm="split", splits=8, block=2),
    "oracle": R.oracle_softmax_backward,
}
LOG_BACKWARD_ALGORITHMS = {
    "fused": R.log_softmax_backward,
    "online/block=7": partial(R.log_softmax_backward, algorithm="online", block=7),
    "split/splits=3,block=7": partial(
        R.log_softmax_backward, algorithm="split", splits=3, block=7
    ),
    "oracle": R.oracle_log_softmax_backward,
}


def _backward_inputs(shape, axis, dtype, log, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape) * 3
    forward = expected_log_softmax if log else expected_softmax
    y = forward(x, axis).astype(dtype)
    return y, rng.standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("name", BACKWARD_ALGORITHMS)
def test_softmax_backward_matches_explicit_jacobian(name, dtype):
    for shape, axis in LAYOUTS:
        y, dy = _backward_inputs(shape, axis, dtype, log=False)
        got = BACKWARD_ALGORITHMS[name](y, dy, axis=axis)
        want = expected_softmax_backward(y, dy, axis)
        # dy - <dy, y> cancels: the error is relative to the terms, not to the difference.
        scale = tolerance.grad_scale(y, dy, axis=axis) + np.abs(want)
        assert got.dtype == (np.float64 if name == "oracle" else dtype)
        assert_close(got, want, scale, shape[axis], f"{shape} axis={axis}")


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("name", LOG_BACKWARD_ALGORITHMS)
def test_log_softmax_backward_matches_explicit_jacobian(name, dtype):
    for shape, axis in LAYOUTS:
        y, dy = _backward_inputs(shape, axis, dtype, log=True)
        got = LOG_BACKWARD_ALGORITHMS[name](y, dy, axis=axis)
        want = expected_log_softmax_backward(y, dy, axis)
        scale = tolerance.grad_scale(y, dy, log=True, axis=axis) + np.abs(want)
        assert got.dtype == (np.float64 if name == "oracle" else dtype)
        assert_close(got, want, scale, shape[axis], f"{shape} axis={axis}")


def _finite_difference_gradient(f, x, dy, h=1e-6):
    """d/dx of sum(dy * f(x)) by central differences, one element at a time."""
    grad = np.zeros_like(x)
    for index in np.ndindex(x.shape):
        step = np.zeros_like(x)
        step[index] = h
        grad[index] = np.sum(dy * (f(x + step) - f(x - step))) / (2 * h)
    return grad


@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("algorithm", ["fused", "online", "split"])
def test_backward_is_the_gradient_of_the_forward(log, algorithm):
    rng = np.random.default_rng(7)
    x, dy = rng.standard_normal((3, 5)), rng.standard_normal((3, 5))
    forward = expected_log_softmax if log else expected_softmax
    want = _finite_difference_gradient(lambda v: forward(v, -1), x, dy)
    backward = R.log_softmax_backward if log else R.softmax_backward
    got = backward(forward(x, -1), dy, algorithm=algorithm, block=2, splits=2)
    np.testing.assert_allclose(got, want, rtol=1e-7, atol=1e-8)


# Accuracy on wide rows ---------------------------------------------------------------------------
# The column-at-a-time online softmax, folding each column into one running float32 sum, once
# lost 4e-4 at N = 100003, where the Triton kernels (wide tiles, lanes merged by a tree) stay near
# 1e-6. Every reference algorithm must be within the policy's float32 rtol at any N.

WIDE_N = (4097, 32769, 100003)


def wide_rows(N: int) -> np.ndarray:
    """Three float32 rows that stress the sums: every term within 0.1% of the max (each term
    about 1, so a running total grows fastest and rounds most), a wide range (exp's argument
    error, |x - max| up to ~45), and an ascending row (a new max every few columns: d rescaled
    again and again)."""
    rng = np.random.default_rng(N)
    return np.stack([rng.random(N) * 1e-3, rng.standard_normal(N) * 5,
                     np.sort(rng.standard_normal(N))]).astype(np.float32)


def float64_softmax_rows(x: np.ndarray):
    """(softmax, log-softmax) in float64 with exactly rounded row sums (math.fsum): no code shared
    with reference/."""
    import math

    z = x.astype(np.float64) - x.max(axis=1, keepdims=True).astype(np.float64)
    d = np.array([[math.fsum(row)] for row in np.exp(z)])
    return np.exp(z) / d, z - np.log(d)


WIDE_FORWARD = {
    "online (one column at a time)": R.softmax_online,
    "blocked_online": R.softmax_blocked_online,
    "blocked_online/block=16": partial(R.softmax_blocked_online, block=16),
    "three_pass/block=16": partial(R.softmax_three_pass, block=16),
    "single_block": R.softmax_single_block,
    "split_row/splits=7,block=16": partial(R.softmax_split_row, splits=7, block=16),
    "naive": R.softmax_naive,
}
WIDE_LOG = {
    "fused": R.log_softmax,
    "online/block=16": partial(R.log_softmax, algorithm="online", block=16),
    "split/splits=7,block=16": partial(R.log_softmax, algorithm="split", splits=7, block=16),
}
WIDE_BACKWARD = {  # (backward, log)
    "softmax fused": (R.softmax_backward, False),
    "softmax online/block=16": (partial(R.softmax_backward, algorithm="online", block=16), False),
    "softmax split/splits=7,block=16": (
        partial(R.softmax_backward, algorithm="split", splits=7, block=16), False),
    "log_softmax online/block=16": (
        partial(R.log_softmax_backward, algorithm="online", block=16), True),
}


def relative_errors(x, N):
    """name -> the largest error of each algorithm on ``wide_rows(N)``, relative to what the
    policy scales it by (|y| for softmax, 1 + max |y| of the row for log-softmax, ``grad_scale``
    + |dx| for gradients)."""
    want, want_log = float64_softmax_rows(x)
    errors = {}
    for name, f in WIDE_FORWARD.items():
        errors[name] = np.max(np.abs(f(x).astype(np.float64) - want) / want)
    for name, f in WIDE_LOG.items():
        scale = 1 + np.max(np.abs(want_log), axis=1, keepdims=True)
        errors[f"log_softmax {name}"] = np.max(np.abs(f(x).astype(np.float64) - want_log) / scale)
    dy = np.random.default_rng(1).standard_normal(x.shape).astype(np.float32)
    for name, (backward, log) in WIDE_BACKWARD.items():
        y = (want_log if log else want).astype(np.float32)
        y64, dy64 = y.astype(np.float64), dy.astype(np.float64)
        s = dy64.sum(axis=1, keepdims=True) if log else (dy64 * y64).sum(axis=1, keepdims=True)
        exact = dy64 - np.exp(y64) * s if log else y64 * (dy64 - s)
        scale = tolerance.grad_scale(y, dy, log=log) + np.abs(exact)  # as assert_close has it
        errors[f"backward {name}"] = np.max(np.abs(backward(y, dy) - exact) / scale)
    return errors


def left_to_right_online(x: np.ndarray) -> np.ndarray:
    """The paper recurrence with one running float32 pair per row, folded left to right: what
    ``reference.softmax_online`` once did (written here, not imported)."""
    m = np.full((x.shape[0], 1), -np.inf, np.float32)
    d = np.zeros((x.shape[0], 1), np.float32)
    for col in range(x.shape[1]):
        value = x[:, col:col + 1]
        m_new = np.maximum(m, value)
        d = d * np.exp(m - m_new) + np.exp(value - m_new)
        m = m_new
    return np.exp(x - m) / d


@pytest.mark.parametrize("N", WIDE_N)
def test_float32_accuracy_on_wide_rows(N):
    """Every algorithm within the policy's float32 rtol at N (the measured errors are quoted in
    reference/summation.py and reference/forward.py), where a left-to-right running sum is not."""
    x = wide_rows(N)
    errors = relative_errors(x, N)
    bound = tolerance.rtol("float32", N)
    report = ", ".join(f"{name} {error:.2g}" for name, error in errors.items())
    assert max(errors.values()) <= bound, f"N={N}, rtol {bound:.2g}: {report}"
    if N == max(WIDE_N):  # the test can fail: the fold the tree replaced is out of the policy
        want, _ = float64_softmax_rows(x[:1])
        naive_error = np.max(np.abs(left_to_right_online(x[:1]) - want) / want)
        assert naive_error > 10 * bound, naive_error


def test_the_float64_oracle_is_accurate_to_float64():
    """The oracle's own error on the wide rows, against 64-bit-significand arithmetic, is within
    the float64 policy (reference/oracle.py quotes it): it can judge float32 results."""
    if np.finfo(np.longdouble).eps >= np.finfo(np.float64).eps:
        pytest.skip("np.longdouble is float64 here: nothing more accurate to measure against")
    for N in WIDE_N:
        x = wide_rows(N)
        z = x.astype(np.longdouble) - x.max(axis=1, keepdims=True).astype(np.longdouble)
        d = np.exp(z).sum(axis=1, keepdims=True)
        want, want_log = np.exp(z) / d, z - np.log(d)
        softmax_error = np.max(np.abs(R.oracle_softmax(x) - want) / want)
        scale = 1 + np.max(np.abs(want_log), axis=1, keepdims=True)
        log_error = np.max(np.abs(R.oracle_log_softmax(x) - want_log) / scale)
        assert max(softmax_error, log_error) <= tolerance.rtol("float64", N), (N, softmax_error,
                                                                                log_error)


def test_a_loop_over_blocks_is_held_to_its_steps_not_to_a_tree():
    """A multi-block kernel's loop keeps one float32 running total a lane and adds a block's
    partial at each step (the online and split kernels: ``tolerance.blocked``): the sum of 54131
    equal positive terms in blocks of 16 (what a GPU run of the thorough profile found the online
    kernel's log-softmax backward off by) is past the tree's bound and within the blocked one."""
    N, block = 54131, 16
    terms = np.full(N, 0.0005560503341257572, np.float32)
    padded = np.zeros(-(-N // block) * block, np.float32)
    padded[:N] = terms
    lanes = np.zeros(block, np.float32)
    for step in padded.reshape(-1, block):
        lanes += step  # float32 arithmetic, as the kernel's
    total = np.float32(0)
    for lane in lanes:  # the tree over 16 lanes, in any order, adds at most 4 roundings
        total += lane
    error = abs(float(total) - terms.astype(np.float64).sum()) / np.abs(terms).sum()
    eps = np.finfo(np.float32).eps
    assert tolerance.growth("tree", N) * eps < error
    assert error <= tolerance.growth(tolerance.blocked(block), N) * eps
