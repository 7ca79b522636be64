"""The one tolerance policy: how close an implementation must be to the float64 oracle.

An implementation computes in float32 (whatever its input dtype) and rounds its result to the
output dtype. Relative to the exact softmax, each output then carries
- the output rounding: half an ulp of the output dtype, so ``eps_out / 2`` relative;
- the float32 arithmetic: the error of exp on a rounded argument (relative error about
  eps32 * |x - max|, within ``SLACK`` float32 ulps for the arguments that matter) and of the row
  sum, which grows with log2(N) for a tree reduction (a row held on chip, and the reference's
  steps: ``reference.summation``), with the number of steps for a loop that keeps one running
  total a lane over blocks of B columns ("blocks of B"), and with N for a sum in an order not
  known (``SUMMATIONS``).
So ``rtol = eps_out + eps32 * (SLACK + 4 * log2(N))`` for a tree, and an absolute floor at the
output dtype's smallest normal number for results that underflow. Log-softmax outputs are
differences, so their error is absolute, scaled by the row's magnitude; gradients y * (dy - s)
cancel when dy is near s, and the row sum s = sum(dy * y) itself cancels when its terms have both
signs, so a gradient's error is scaled by ``grad_scale``: |y| * (|dy| + sum |dy * y|), the
magnitudes the float32 arithmetic actually rounds (|s| alone would miss the second cancellation: a
float32 sum of terms near +-0.3 that comes to 1e-4 is off by about eps32 * 0.3, not eps32 * 1e-4). A
gradient checked against the oracle of the *rounded* y its forward returned may have been computed
from y before that rounding (any upcasting implementation differentiated by autograd):
``grad_scale(..., dtype=)`` widens the scale by what that rounding can move, which matters where y
is subnormal in a 16-bit dtype and for log-softmax outputs far from 0.

float64 is computed in float64 (the reference tier and the Triton kernels both do), so its
``eps32`` terms are float64's eps: ``COMPUTE`` says which eps each output dtype's arithmetic has.
An expected value beyond the output dtype's largest finite value is expected as the infinity it
rounds to (a log-softmax of [3e38, -3e38] is [0, -inf] in float32, not -6e38).
GPUs flush subnormal numbers to zero (Triton compiles float32 arithmetic with flush-to-zero), so
a result whose exact value is below the compute dtype's smallest normal number may be 0, and a
gradient element whose operand (y, or exp(y) for log-softmax) is subnormal may be off by its whole
scale: ``flushable`` marks those, ``assert_close(..., flushed=...)`` allows them.
The exp term grows with |x - max|, which can reach ~87 before float32 results underflow to where
``TINY`` takes over; measured on the Triton interpreter it stayed within the bound there (at most
63 float32 ulps at |x - max| ~ 82 for N = 2, where the bound is 69), and the property suite
(tests/README.md) searches for counterexamples.
"""

from __future__ import annotations

import math

import numpy as np

from .dtypes import FORMATS, canonical

EPS = {name: fmt.eps for name, fmt in FORMATS.items()}
TINY = {name: fmt.tiny for name, fmt in FORMATS.items()}
COMPUTE = {name: fmt.compute for name, fmt in FORMATS.items()}
MAX = {name: fmt.max for name, fmt in FORMATS.items()}
"""Per dtype name: eps, the smallest normal number, the dtype its arithmetic is done in, the
largest finite value. Views of the one dtype table, ``reference.dtypes.FORMATS``, not restated."""
SLACK = 64
"""Float32 ulps allowed beyond the sum's growth: the exp2 instruction's own error and |x - max|."""


SUMMATIONS = {
    "tree": lambda N: 4 * math.log2(max(N, 2)),
    "any": lambda N: max(N - 1, 1) / 2,
}
"""How a row's sum may have been ordered -> its error, in compute-dtype eps, relative to the sum
of its terms' magnitudes.

"tree": pairwise, or a few steps per lane and the lanes merged by a tree (this project's kernels
and ``reference.summation``): the error grows with log2(N); 4 log2(N) leaves room for the
rescaling of the online normaliser's pairs at each level.

"any": the order is not known, so the worst one counts: left to right, one running total, whose
error is bounded by (N - 1) units of rounding (eps / 2) of the terms' magnitudes. torch's CPU
kernels sum a dimension that is not the last one like that: its float32 softmax of a row of 70000
values within 0.1% of each other along dim 0 was measured 3.7e-4 off, and its log-softmax
backward 3e-4 with a positive dy, where the tree bound is 1.5e-5. The kit judges a function it
cannot see by this bound (``tests/softmax_kit``), so that no correct order fails it.

"blocks of B" (``blocked``): a loop that folds B columns a step into one running total a lane, a
tree within the step (a multi-block kernel's online or split loop): ``BLOCK_STEP`` eps a step of
the ceil(N / B), on top of the tree over a block.
"""

BLOCK_STEP = 3
"""Compute-dtype eps that one step of a blocked loop may add, relative to the sum of the terms'
magnitudes: the running total's addition (eps / 2) and, in the forward, its rescaling to a new
maximum by an exponential (exp2's error, under 2 eps, and a multiply, eps / 2). Each step's error
stays in the total: 3400 steps of blocks of 16 at N = 54131 summed a positive dy 4.7e-5 off in
float32 (a GPU run of the thorough profile), past the tree's 1.5e-5 and within these 1.2e-3."""


def blocked(block: int) -> str:
    """The ``summation`` key of a loop over blocks of ``block`` columns (see ``SUMMATIONS``)."""
    return f"blocks of {block}"


def growth(summation: str, N: int) -> float:
    """The row sum's error for ``summation`` (a key of ``SUMMATIONS`` or ``blocked(B)``) over N
    terms, in compute-dtype eps relative to the sum of their magnitudes."""
    if summation in SUMMATIONS:
        return SUMMATIONS[summation](N)
    block = summation.removeprefix("blocks of ")
    if block != summation and block.isdigit() and int(block) >= 1:
        steps = -(-N // int(block))
        return SUMMATIONS["tree"](min(N, int(block))) + BLOCK_STEP * steps
    raise ValueError(f"unknown summation {summation!r}; expected one of {tuple(SUMMATIONS)} or "
                     "'blocks of B' (B >= 1, a loop over blocks of B columns)")


def rtol(dtype, N: int, *, summation: str = "tree") -> float:
    """The relative tolerance for outputs of ``dtype`` (any spelling ``dtypes.canonical`` takes)
    over rows of ``N``: ``eps_out + eps_compute * (SLACK + growth(summation, N))``, the sum's
    error for the ``summation`` order (``SUMMATIONS``, ``blocked``)."""
    name = canonical(dtype)
    return EPS[name] + EPS[COMPUTE[name]] * (SLACK + growth(summation, N))


def row_sum_tolerance(dtype, N: int, underflowed=0, *, summation: str = "tree",
                      log_magnitude=None):
    """How far from 1 a softmax row of N outputs of ``dtype`` may sum, ``underflowed`` of them
    (a count per row: an int, a NumPy array or a torch tensor) exactly below the dtype's
    smallest normal number; with ``log_magnitude`` (per row, the largest finite |y|), how far
    the exponentials of a log-softmax row of N outputs may sum from 1.

    An output in the normal range is within ``rtol`` of its exact value, relative, so together
    they move the sum by ``rtol`` of 1 at most. An output below the smallest normal number is
    rounded on an absolute grid, one subnormal spacing apart (a whole spacing: a conversion may
    truncate), or flushed to 0 from below the compute dtype's smallest normal number; these
    errors do not shrink with the output, so a wide float16 row can add up many: the float64
    softmax of ``3 * randn`` rows of 2^20 values, correctly rounded to float16, sums 2.8e-3 off
    1 (64% of its outputs are 0), where rtol is 1e-3. Count them from the exact outputs, not from
    the ones checked, which could raise their own allowance by writing 0. Not the element-wise
    policy's floor summed (``assert_close`` allows every output ``TINY`` absolute, which sums to
    N * TINY: 64 for that row), but what rounding and flushing can do to a sum.

    A log-softmax output's error is absolute, up to rtol (1 + the row's largest |y|) as
    ``assert_close`` allows it, and moves its exponential by that much relative: a correctly
    rounded float16 log-softmax of a constant row of 4934 is -8.5 rounded to a 2^-7 grid, and
    its exponentials sum 3.9e-3 off 1."""
    name = canonical(dtype)
    tol = rtol(name, N, summation=summation)
    if log_magnitude is not None:
        return tol * (1 + log_magnitude)
    spacing = FORMATS[name].smallest_subnormal + TINY[COMPUTE[name]]
    return tol + underflowed * spacing


def rounded_range(expected: np.ndarray, dtype) -> np.ndarray:
    """``expected`` with values that overflow ``dtype`` (|e| >= max + half an ulp) as +-inf."""
    name = canonical(dtype)
    if name == "float64":
        return expected
    overflow = np.isfinite(expected) & (np.abs(expected) >= overflow_threshold(name))
    return np.where(overflow, np.copysign(np.inf, expected), expected)


def overflow_threshold(dtype) -> float:
    """The magnitude from which a value rounds to infinity in ``dtype``: its largest finite value
    plus half an ulp (65520 in float16)."""
    name = canonical(dtype)
    return MAX[name] * (1 - EPS[name] / 4) / (1 - EPS[name] / 2)


def as_float64(a) -> np.ndarray:
    """A NumPy array or a torch tensor (bfloat16 too, on any device) as a float64 NumPy array:
    exact, since float64 holds every value of the narrower formats."""
    if hasattr(a, "detach"):  # a torch tensor, bfloat16 included
        return a.detach().cpu().double().numpy()  # exact from bfloat16 too
    return np.asarray(a, dtype=np.float64)


def grad_scale(y, dy, *, log: bool = False, axis: int = -1, dtype=None) -> np.ndarray:
    """Per element, the magnitude a gradient's rounding error is relative to.

    softmax: dx = y * (dy - s) with s = sum(dy * y), so |y| * (|dy| + sum |dy * y|);
    log-softmax: dx = dy - exp(y) * s with s = sum(dy), so exp(y) * (|dy| + sum |dy|).
    ``y`` is the forward's output the backward was given (not the exact softmax).

    ``dtype``: the dtype ``y`` was rounded to, when the backward may have started from y before that
    rounding. A torch function that computes in float32 and casts its result
    (``torch.softmax(x.float(), dim).to(x.dtype)``) does, differentiated by autograd: its gradient
    comes from the float32 y, which is closer to the exact softmax than the y it returned. Then y is
    known only to within half an ulp of ``dtype``, r = eps/2 max(|y|, tiny), and the gradient may
    move by r |dy - s| (softmax) or exp(y) expm1(r) |s| (log-softmax, where r grows with |y|).
    Relative to |y| that move is small while y is a normal number, and rtol's eps_out term covers
    it; where y is subnormal in ``dtype`` (float16 below 6.1e-5) r is up to half the subnormal
    spacing, a large relative amount, and for a log-softmax of -10 in float16 (half an ulp there:
    2^-8) exp(y) moves by up to 0.4%, four times eps_out. So each operand is taken as at least 2 /
    eps_out times its move (softmax: max(|y|, tiny); log-softmax: about exp(y) max(1, |y|)), and
    rtol's eps_out term covers the move again. Give ``dtype`` for any implementation whose backward
    the oracle cannot see (the kit's); a kernel that reads its stored y needs none.
    """
    y, dy = as_float64(y), as_float64(dy)
    with np.errstate(invalid="ignore", over="ignore"):
        operand = np.exp(y) if log else np.abs(y)
        if dtype is not None:
            operand = np.maximum(operand, 2 * operand_move(y, log=log, dtype=dtype)
                                 / FORMATS[canonical(dtype)].eps)
        terms = np.abs(dy) if log else np.abs(dy) * operand
        return operand * (np.abs(dy) + terms.sum(axis=axis, keepdims=True))


def operand_move(y, *, log: bool, dtype) -> np.ndarray:
    """How far a gradient's operand (y, or exp(y) for log-softmax) may lie from the one the backward
    used, when y was rounded to ``dtype`` after that use (see ``grad_scale``): r = eps/2 max(|y|,
    tiny) for y, exp(y) expm1(r) for exp(y); 0 where it cannot move (exp(y) = 0, y = +-inf)."""
    y = as_float64(y)
    fmt = FORMATS[canonical(dtype)]
    with np.errstate(invalid="ignore", over="ignore"):
        r = fmt.eps / 2 * np.maximum(np.abs(y), fmt.tiny)
        operand = np.exp(y)
        move = np.where(operand > 0, operand * np.expm1(r), 0.0) if log else r
        return np.where(np.isfinite(y), move, 0.0)


def row_sum_allowance(y, dy, dx, *, log: bool, dtype, summation: str = "tree",
                      rounded_to=None) -> np.ndarray:
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
    ``assert_close`` allows eps_out of each element's whole scale (and for softmax SLACK's eps
    too): a dx put off the same way in every element of a row, within that, can break this bound
    alone. ``rounded_to``: as in ``grad_scale``, the dtype y was rounded to after the backward
    used it; p is then known to within that rounding's move, which widens S (1 - sum p). The
    checker's own float64 sums (of dx, S and p) add float64's tree error. Rows are the last axis
    of 2-D arrays.
    """
    dtype = canonical(dtype)
    y, dy, dx = as_float64(y), as_float64(dy), as_float64(dx)
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
        checking = EPS["float64"] * growth("tree", N) * (size + 2 * T * sum_p)
        return residue + arithmetic + rounding + flushed + checking


def flushable(operand, dtype) -> np.ndarray:
    """Where ``operand`` (what a gradient multiplies by: y in y * (dy - s), exp(y) in
    dy - exp(y) * s) is a subnormal number of the compute dtype, which a GPU may flush to zero."""
    magnitude = np.abs(as_float64(operand))
    return (magnitude > 0) & (magnitude < TINY[COMPUTE[canonical(dtype)]])


def assert_close(actual, expected, *, dtype, axis: int = -1, kind: str = "softmax",
                 scale=None, flushed=None, summation: str = "tree") -> None:
    """Check ``actual`` (any dtype, NumPy or torch) against the float64 ``expected``.

    ``kind`` is "softmax", "log_softmax" or "grad"; for "grad", ``scale`` is ``grad_scale`` of the
    operands, and ``flushed`` (optional, ``flushable`` of the operand) marks the elements that a
    flushed operand may put off by their whole scale. ``summation`` says how the row sums may
    have been ordered (``SUMMATIONS``). An expected value below the compute dtype's smallest
    normal number may come out 0, and one within its allowance of the overflow threshold may come
    out finite or as the infinity of its sign. NaN must match NaN exactly, and infinities must
    match in sign.
    """
    name = canonical(dtype)
    a, exact = as_float64(actual), as_float64(expected)
    e = rounded_range(exact, name)
    assert a.shape == e.shape, f"shape {a.shape} != expected {e.shape}"
    n = e.shape[axis] if e.ndim else 1
    tol = rtol(name, n, summation=summation)
    if kind == "softmax":
        atol = np.full(e.shape, TINY[name])
    elif kind == "log_softmax":
        finite = np.where(np.isfinite(e), np.abs(e), 0.0)
        atol = tol * (1.0 + np.max(finite, axis=axis, keepdims=True)) if e.ndim else tol
    else:
        atol = tol * (np.asarray(scale) + TINY[name])
        if flushed is not None:
            atol = atol + np.where(flushed, np.asarray(scale), 0.0)
    nan_a, nan_e = np.isnan(a), np.isnan(e)
    assert np.array_equal(nan_a, nan_e), (
        f"NaN where the other has none at {(nan_a != nan_e).sum()} of {a.size} values; "
        f"first: {_first(nan_a != nan_e, a, e)}")
    # an exact value within its allowance of the overflow threshold may round either way: the
    # compute dtype cannot tell which side it lies on (float16 log-softmax -65519.9994 is
    # -65520.0 in float32, which rounds to -inf)
    allowed = atol + tol * np.abs(np.where(np.isfinite(exact), exact, 0.0))
    with np.errstate(invalid="ignore"):
        either_way = (np.isfinite(exact) & (np.abs(np.abs(exact) - overflow_threshold(name)) <= allowed)
                      & ((a == np.copysign(np.inf, exact)) | (np.abs(a - exact) <= allowed)))
    inf_e = np.isinf(e)
    bad_inf = inf_e & (a != e) & ~either_way
    assert not bad_inf.any(), (
        f"infinities differ at {bad_inf.sum()} of {a.size} values; first: {_first(bad_inf, a, e)}")
    with np.errstate(invalid="ignore"):  # inf - inf where both are inf: checked above
        ok = nan_e | inf_e | either_way | (np.abs(a - e) <= atol + tol * np.abs(e))
    ok |= (a == 0) & (np.abs(e) < TINY[COMPUTE[name]])  # flushed to zero
    if not ok.all():
        raise AssertionError(f"{(~ok).sum()} of {ok.size} values off (rtol {tol:.2e}); "
                             f"first: {_first(~ok, a, e)}")


def _first(bad: np.ndarray, a: np.ndarray, e: np.ndarray, count: int = 5) -> str:
    """The first ``count`` elements where ``bad``, as "[index] got ... expected ...", in plain
    numbers (the repr of a float64, so nothing is rounded away)."""
    where = np.argwhere(bad)[:count] if bad.ndim else [()]
    return "; ".join(f"[{', '.join(map(str, i))}] got {float(a[tuple(i)])!r} expected "
                     f"{float(e[tuple(i)])!r}" for i in map(tuple, where))
