"""The strategies tested themselves: they produce what ``strategies``' docstring promises.

A property suite is only as good as its inputs: these tests prove that the lengths reach
2^k +- 1 and primes, that every extreme class is really injected, that layouts are what they say
and poisoned around, that every value is exact in its dtype, and that the helpers are right.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import strategies as S
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st

FIND = settings(max_examples=3000, derandomize=True, database=None, deadline=None,
                phases=[Phase.explicit, Phase.generate])
"""Search until one example satisfies the condition, and stop there: shrinking it to the simplest
would prove nothing more, and took most of these tests' time."""


def found(strategy, condition):
    """Some example of ``strategy`` satisfies ``condition`` (hypothesis searches for one)."""
    return find(strategy, condition, settings=FIND)


# Lengths and shapes ------------------------------------------------------------------------------


def test_special_lengths_are_near_powers_of_two_primes_and_one():
    special = S.special_lengths(300)
    for k in range(1, 9):
        assert {2**k - 1, 2**k, 2**k + 1} <= set(special)
    assert {1, 2, 3, 5, 7, 11, 13, 97, 101, 293} <= set(special)
    assert 6 not in special and 100 not in special and max(special) <= 300


@pytest.mark.parametrize("n", [1, 127, 128, 129, 255, 256, 257, 199, 293, 150])
def test_lengths_reach(n):
    found(S.lengths(300), lambda m: m == n)


def test_lengths_reach_wide_rows_and_stay_in_bounds():
    found(S.lengths(300, wide_n=5000), lambda m: m > 1000)

    @given(S.lengths(300, wide_n=5000))
    @settings(max_examples=200)
    def within(n):
        assert 1 <= n <= 5000

    within()


@pytest.mark.parametrize("condition", [
    lambda s: s.shape == (),
    lambda s: len(s.shape) == 4,
    lambda s: s.dim < 0,
    lambda s: s.M == 1 and len(s.shape) >= 2,
    lambda s: s.M == 8,
    lambda s: s.N > 300 and s.M == 1,
    lambda s: len(s.shape) == 3 and s.axis == 1,
], ids=["0-d", "rank 4", "negative dim", "one row", "max rows", "wide row", "middle dim"])
def test_shapes_reach(condition):
    found(S.shapes(max_n=300, max_rows=8, wide_n=2000), condition)


def test_wide_lengths_reach_a_blocks_edge():
    """A wide row at 2^k + 1 is where a kernel of 2^k-column blocks takes one more, nearly empty."""
    found(S.lengths(300, wide_n=5000), lambda n: n == 4097)


def test_shapes_reach_more_rows_than_a_gpu_has_programs():
    """More rows than an H100's 132 SMs: a persistent grid's programs each take several."""
    found(S.shapes(max_n=300, max_rows=8, wide_n=2000, max_elements=2400, many_rows=300),
          lambda s: s.M > 132)


@given(S.shapes(max_n=300, max_rows=8, wide_n=2000, max_elements=2400, many_rows=300))
def test_many_rows_respect_their_limits(shape):
    assert 1 <= shape.M <= 300 and shape.M * shape.N <= 2400


@given(S.shapes(max_n=300, max_rows=8, wide_n=2000, max_elements=2400))
def test_shapes_respect_their_limits(shape):
    assert 1 <= shape.M <= 8 and 1 <= shape.N <= 2000
    assert shape.M * shape.N <= 2400
    assert -max(len(shape.shape), 1) <= shape.dim < max(len(shape.shape), 1)
    assert math.prod(shape.shape) == shape.M * shape.N


# Layouts -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["contiguous", "transposed", "sliced", "transposed+sliced"])
def test_layouts_reach_every_kind(kind):
    found(S.layouts(3), lambda layout: layout.kind == kind)


@given(S.cases(("float16", "float32", "float64"), max_n=40, max_rows=6))
def test_a_layout_holds_the_values_with_poison_all_around(case):
    view, buffer = case.layout.numpy(case.x, case.dtype)
    np.testing.assert_array_equal(view.astype(np.float64), case.x)
    if case.x.ndim == 0:
        return
    assert np.shares_memory(view, buffer)
    if "sliced" in case.layout.kind:
        assert buffer.size > view.size
    covered = np.zeros(buffer.shape, bool)
    _, _, inverse, index = case.layout._geometry(case.x.shape)
    covered.transpose(inverse)[index] = True
    assert covered.sum() == view.size
    rest = buffer[~covered].astype(np.float64)
    poison = case.layout.poison
    assert np.all(np.isnan(rest)) if np.isnan(poison) else np.all(rest == poison)


def test_torch_layouts_match_numpy_layouts():
    torch = pytest.importorskip("torch")

    @given(S.cases(("float16", "float32", "bfloat16"), max_n=40, max_rows=6))
    @settings(max_examples=50)
    def same(case):
        view, buffer = case.layout.torch(case.x, case.dtype)
        np.testing.assert_array_equal(view.double().numpy(), case.x)
        if "sliced" in case.layout.kind:
            assert buffer.numel() > view.numel()
        assert view.dtype == getattr(torch, case.dtype)

    same()


# Values ------------------------------------------------------------------------------------------


def _rows(case):
    return case.rows()


EXTREME_CHECKS = {
    "nan": ("float32", lambda r, f: np.isnan(r).any()),
    "+inf": ("float32", lambda r, f: (r == np.inf).any()),
    "-inf": ("float32", lambda r, f: ((r == -np.inf).any(axis=1) & ~(r == -np.inf).all(axis=1)
                                      & np.isfinite(r).any(axis=1)).any()),
    "masked_row": ("float32", lambda r, f: (r == -np.inf).all(axis=1).any() and r.shape[1] > 2),
    "huge": ("float32", lambda r, f: (np.abs(r) == S.round_to(1e30, "float32")).any()),
    "max": ("bfloat16", lambda r, f: (np.abs(r) == f.max).any()),
    "subnormal": ("float16", lambda r, f: ((np.abs(r) > 0) & (np.abs(r) < f.tiny)).any()),
    "equal_row": ("float32", lambda r, f: any(
        row.size > 2 and np.isfinite(row).all() and (row == row[0]).all() for row in r)),
    "dominant": ("float32", lambda r, f: any(
        row.size > 2 and np.isfinite(row).all() and np.sort(row)[-1] - np.sort(row)[-2] >= 16
        for row in r)),
    "above_11": ("float16", lambda r, f: ((r > 11.09) & (r <= 100)).any()),
    "offset": ("float32", lambda r, f: any(
        row.size > 2 and np.isfinite(row).all() and (row <= -1000).all() for row in r)),
}


@pytest.mark.parametrize("extreme", S.EXTREMES)
def test_every_extreme_is_injected(extreme):
    dtype, check = EXTREME_CHECKS[extreme]
    fmt = S.FORMATS[dtype]
    found(S.cases((dtype,), max_n=40, max_rows=4, extremes=(extreme,)),
          lambda c: any(step.startswith(extreme) for step in c.recipe) and check(_rows(c), fmt))


@pytest.mark.parametrize("dtype", S.DTYPES)
def test_ordinary_rows_are_drawn_too_and_are_never_all_zero(dtype):
    case = found(S.cases((dtype,), max_n=40, max_rows=4),
                 lambda c: len(c.recipe) == 1 and c.x.size > 4)
    assert np.isfinite(case.x).all() and np.any(case.x)


@pytest.mark.parametrize("base", S.BASES)
def test_every_base_is_drawn(base):
    found(S.cases(max_n=40, max_rows=4), lambda c: c.recipe[0].startswith(base))


@given(S.cases(max_n=60, max_rows=4))
def test_every_value_is_exact_in_its_dtype(case):
    assert S.representable(case.x, case.dtype)
    assert np.any(case.x != 0)


def test_round_to_bfloat16_is_torchs_rounding():
    torch = pytest.importorskip("torch")
    values = np.concatenate([np.random.default_rng(0).standard_normal(10000) * 10.0 ** np.arange(
        -20, 20, 4).repeat(1000), [np.inf, -np.inf, 3.4e38, 1e-40, 0.0]])
    ours = S.round_to(values, "bfloat16")
    theirs = torch.from_numpy(values).float().to(torch.bfloat16).double().numpy()
    np.testing.assert_array_equal(ours, theirs)


# Helpers -----------------------------------------------------------------------------------------


@given(S.cases(max_n=40, max_rows=4, bases=("grid",), extremes=S.NON_FINITE))
def test_exact_shifts_are_exact(case):
    from fractions import Fraction

    for c in S.exact_shifts(case.x, case.dtype):
        shifted = case.x + c
        for a, b in zip(case.x[np.isfinite(case.x)], shifted[np.isfinite(case.x)]):
            assert Fraction(float(b)) == Fraction(float(a)) + Fraction(c)
        assert S.representable(shifted, case.dtype)


def test_exact_shifts_include_large_ones_for_a_grid():
    x = np.array([[0.5, -3.0, 2.0**20, np.nan, -np.inf]])  # 2^20: float32 steps of 2^-3
    shifts = S.exact_shifts(x, "float32")
    assert 0.5 in shifts and -(2.0**14) in shifts and 2.0**-10 not in shifts
    assert S.exact_shifts(np.array([1.0 + 2.0**-10]), "float16")[:1] == [2.0**-10]
    assert not S.exact_shifts(np.array([S.FORMATS["float16"].smallest_subnormal, 1.0]), "float16")


@given(st.data())
def test_attention_masks_never_mask_a_whole_row(data):
    M, N = data.draw(st.integers(1, 6)), data.draw(st.integers(1, 40))
    mask = data.draw(S.attention_masks(M, N))
    assert mask.shape == (M, N) and not mask.all(axis=1).any()


def test_attention_masks_reach_causal_and_padding_patterns():
    causal = found(S.attention_masks(4, 4), lambda m: np.array_equal(m, np.triu(np.ones((4, 4),
                                                                                   bool), 1)))
    assert causal.sum() == 6
    found(S.attention_masks(3, 8), lambda m: (m[:, -2:].all() and not m[:, :-2].any()))


@given(S.cases(max_n=20, max_rows=3))
def test_literal_rebuilds_the_input(case):
    namespace = {"np": np}
    exec(case.literal(), namespace)  # noqa: S102 - the point: the literal is runnable code
    np.testing.assert_array_equal(namespace["x"], case.x)
    assert namespace["dim"] == case.dim


@given(st.data())
def test_gradients_are_finite_and_exact(data):
    dtype = data.draw(st.sampled_from(S.DTYPES))
    dy = data.draw(S.gradients((3, 7), dtype))
    assert dy.shape == (3, 7) and np.isfinite(dy).all() and S.representable(dy, dtype)
