"""Hypothesis strategies for softmax inputs: row lengths, shapes, memory layouts and values, with
every extreme a softmax must survive injected on purpose.

One module, as array-api-tests keeps its ``hypothesis_helpers``: the property tests
(``test_properties_*.py``) draw everything from here, and ``test_strategies.py`` proves that these
strategies really produce what this docstring promises. Needs NumPy and hypothesis only: the
formats and the rounding to each (bfloat16 bit by bit, without torch) are ``reference.dtypes``'s.

What is drawn
-------------
``lengths``   N, the length of the softmax axis: 1, primes, 2^k - 1, 2^k and 2^k + 1 (where block
              loops and masks change behaviour), any length up to ``max_n``, and now and then a
              wide row up to ``wide_n`` (half of them 2^k - 1, 2^k or 2^k + 1: a block's edge).
``shapes``    a ``Shape``: any rank (0-d included), the softmax ``dim`` (negative too) and the
              other sides, whose product M (the number of rows) is 1 to ``max_rows``; now and
              then up to ``many_rows`` short rows (more than a persistent grid has programs).
``layouts``   a ``Layout``: where the elements live in memory. Contiguous; axes permuted in memory
              (transposed); strided and offset inside a bigger buffer (sliced); or both. Every
              buffer element outside the view holds a poison (NaN or +-inf), so an implementation
              that reads past its rows is caught by the result, and one that writes there by the
              buffer (see ``softmax_kit``).
``rows``      (M, N) values and the recipe that made them (see below).
``cases``     all of it together: a ``Case`` of values, dtype, dim, layout and recipe.
``gradients`` an incoming gradient dy for the backward: ordinary values of any magnitude.

Values: an ordinary base, then extremes injected on purpose
-----------------------------------------------------------
The base is one of ``BASES``. "drawn": for arrays of up to ``DRAWN_MAX_SIZE`` elements, every
value is drawn by hypothesis (so a failure shrinks to the simplest values that still fail).
The others are made by NumPy from a drawn seed at a drawn scale: normal, uniform, a coarse grid
of multiples of a power of two (sums and shifts of it are exact), a wide range of magnitudes
(1e-6 to the scale, either sign) and nearly equal values. A base is never all zeros.

Then, as array-api-tests does, extremes are put in on purpose rather than hoped for: a set of
``EXTREMES`` is drawn, and for each a boolean mask is drawn (over elements, or over rows for the
row-wide ones) and the value is put there with ``np.where``. Each name says what it injects:

    nan          NaN                              +inf / -inf  an infinity (-inf: an attention mask)
    masked_row   a whole row of -inf              huge         +-1e30 (float16: its max)
    max          +- the dtype's largest value     subnormal    +- a multiple of the smallest
    equal_row    a row of one repeated value      dominant     one value far above the rest
    above_11     values in [11, 100]: exp() overflows float16 above ln(65504) ~ 11.09
    offset       a row shifted by a large negative power of two

Every value drawn is exactly representable in the case's dtype (``round_to``), so the float64
oracle sees exactly the input the implementation sees. The recipe (``Case.recipe``) names the base
and each injection with its count; ``Case.literal()`` is Python that rebuilds the input, which the
property tests ``note`` so that a failure prints what reproduces it.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field, replace

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

# the project's one dtype table; the strategies draw in its formats, and tests use them as S.FORMATS
from reference.dtypes import DTYPES, FORMATS, FloatFormat, representable, round_to

# Lengths and shapes ------------------------------------------------------------------------------


def _primes(limit: int) -> list[int]:
    return [n for n in range(2, limit + 1) if all(n % p for p in range(2, math.isqrt(n) + 1))]


def special_lengths(max_n: int) -> tuple[int, ...]:
    """1, the primes and 2^k - 1, 2^k, 2^k + 1, up to ``max_n``: where blocked loops change."""
    near_powers = {2**k + d for k in range(1, max_n.bit_length() + 1) for d in (-1, 0, 1)}
    return tuple(sorted({1} | set(_primes(max_n)) | {n for n in near_powers if 1 <= n <= max_n}))


@st.composite
def lengths(draw, max_n: int = 300, wide_n: int | None = None) -> int:
    """A row length N: special (see ``special_lengths``) or any up to ``max_n``; now and then
    (one draw in eight) a wide one up to ``wide_n``, half of those at a power of two or one
    either side (where a kernel's blocks end: 1025, 4097). Shrinks towards 1."""
    kinds = ["special", "any"] * 4
    if wide_n and wide_n > max_n:
        kinds[-1] = "wide"
    kind = draw(st.sampled_from(kinds))
    if kind == "special":
        return draw(st.sampled_from(special_lengths(max_n)))
    if kind == "wide":
        edges = sorted({2**k + d for k in range(wide_n.bit_length()) for d in (-1, 0, 1)}
                       & set(range(max_n + 1, wide_n + 1)))
        anywhere = st.integers(max_n + 1, wide_n)
        return draw(st.one_of(anywhere, st.sampled_from(edges)) if edges else anywhere)
    return draw(st.integers(1, max_n))


@dataclass(frozen=True)
class Shape:
    """A tensor shape and the softmax ``dim`` (as a caller writes it: negative dims included)."""

    shape: tuple[int, ...]
    dim: int

    @property
    def axis(self) -> int:
        """``dim`` made non-negative (0 for a 0-d tensor)."""
        return self.dim % max(len(self.shape), 1)

    @property
    def N(self) -> int:
        return self.shape[self.axis] if self.shape else 1

    @property
    def M(self) -> int:
        return math.prod(self.shape) // self.N if self.shape else 1


@st.composite
def shapes(draw, *, max_n: int = 300, max_rows: int = 8, max_rank: int = 4,
           wide_n: int | None = None, max_elements: int | None = None,
           many_rows: int | None = None) -> Shape:
    """Any rank from 0 to ``max_rank`` (mostly 2), N from ``lengths``, M from 1 to ``max_rows``;
    one shape in eight of rank 2 or more, if ``many_rows`` is set, up to that many rows of at
    most ``max_elements // many_rows`` columns (a kernel whose programs walk rows must start each
    row afresh: with more rows than programs, some programs take several).

    ``max_elements`` caps M * N (a wide row then comes alone: M = 1).
    """
    rank = draw(st.sampled_from([r for r in (2, 1, 3, 2, 4, 2, 0) if r <= max_rank]))
    if rank == 0:
        return Shape((), draw(st.sampled_from([0, -1])))
    if rank >= 2 and many_rows and many_rows > max_rows and draw(st.integers(0, 7)) == 7:
        max_rows = many_rows
        n = draw(st.integers(1, max(1, (max_elements or 8 * many_rows) // many_rows)))
    else:
        n = draw(lengths(max_n, wide_n))
    if max_elements is not None:
        n = min(n, max_elements)
    budget = max(1, min(max_rows, (max_elements or n * max_rows) // n))
    sides = []
    for _ in range(rank - 1):
        side = draw(st.integers(1, budget))
        sides.append(side)
        budget //= side
    axis = draw(st.integers(0, rank - 1))
    shape = tuple(sides[:axis]) + (n,) + tuple(sides[axis:])
    dim = draw(st.sampled_from([axis, axis - rank]))
    return Shape(shape, dim)


# Layouts -----------------------------------------------------------------------------------------

POISONS = (float("nan"), float("inf"), float("-inf"))


@dataclass(frozen=True)
class Layout:
    """Where a tensor's elements live: a view into a bigger buffer filled with ``poison``.

    ``order`` lists the logical axes from outermost to innermost in memory (``()``: in order);
    along logical axis i the view takes every ``steps[i]``-th element, after ``before[i]`` and
    followed by ``after[i]`` poisoned ones. All empty: a plain contiguous tensor.
    """

    order: tuple[int, ...] = ()
    steps: tuple[int, ...] = ()
    before: tuple[int, ...] = ()
    after: tuple[int, ...] = ()
    poison: float = float("nan")

    @property
    def kind(self) -> str:
        transposed = bool(self.order) and list(self.order) != sorted(self.order)
        sliced = any(s != 1 for s in self.steps) or any(self.before) or any(self.after)
        return {(False, False): "contiguous", (True, False): "transposed",
                (False, True): "sliced", (True, True): "transposed+sliced"}[(transposed, sliced)]

    def _geometry(self, shape):
        rank = len(shape)
        order = self.order or tuple(range(rank))
        steps = self.steps or (1,) * rank
        before = self.before or (0,) * rank
        after = self.after or (0,) * rank
        extents = [b + (s - 1) * k + 1 + a if s else b + a
                   for s, k, b, a in zip(shape, steps, before, after)]
        index = tuple(slice(b, b + (s - 1) * k + 1, k) if s else slice(b, b)
                      for s, k, b, a in zip(shape, steps, before, after))
        return order, [extents[a] for a in order], np.argsort(order).tolist(), index

    def numpy(self, values: np.ndarray, dtype: str) -> tuple[np.ndarray, np.ndarray]:
        """(view, buffer): ``values`` placed in a poisoned NumPy buffer of ``dtype``."""
        np_dtype = FORMATS[dtype].numpy
        if values.ndim == 0:
            buffer = np.array(values, np_dtype)
            return buffer, buffer
        _, memory_shape, inverse, index = self._geometry(values.shape)
        buffer = np.full(memory_shape, self.poison, np_dtype)
        view = buffer.transpose(inverse)[index]
        view[...] = values
        return view, buffer

    def torch(self, values: np.ndarray, dtype: str, device="cpu"):
        """(view, buffer): ``values`` placed in a poisoned torch buffer of ``dtype`` on ``device``."""
        import torch

        torch_dtype = getattr(torch, dtype)
        source = torch.from_numpy(np.array(values, np.float64, order="C")).to(torch_dtype)
        if values.ndim == 0:
            buffer = source.to(device)
            return buffer, buffer
        _, memory_shape, inverse, index = self._geometry(values.shape)
        buffer = torch.full(memory_shape, self.poison, dtype=torch_dtype, device=device)
        view = buffer.permute(inverse)[index]
        view.copy_(source)
        return view, buffer

    def _repr_pretty_(self, printer, cycle):  # hypothesis prints examples with this
        printer.text(repr(self))

    def __repr__(self) -> str:
        if self.kind == "contiguous":
            return "Layout()"
        fields = [f"{name}={getattr(self, name)}" for name in ("order", "steps", "before", "after")
                  if getattr(self, name)]
        return f"Layout({', '.join(fields)}, poison={self.poison})"


@st.composite
def layouts(draw, rank: int) -> Layout:
    """Contiguous, transposed, sliced or transposed and sliced (a quarter each), poisoned."""
    if rank == 0:
        return Layout()
    kind = draw(st.sampled_from(["contiguous", "transposed", "sliced", "transposed+sliced"]))
    poison = draw(st.sampled_from(POISONS))
    order = ()
    if "transposed" in kind and rank > 1:
        order = tuple(draw(st.permutations(range(rank))))
    steps = before = after = ()
    if "sliced" in kind:
        sides = st.lists(st.integers(0, 3), min_size=rank, max_size=rank)
        steps = tuple(1 + k for k in draw(sides))
        before, after = tuple(draw(sides)), tuple(draw(sides))
        if not any(before) and not any(after) and all(k == 1 for k in steps):
            after = (1,) + after[1:]
    return Layout(order, steps, before, after, poison)


# Values ------------------------------------------------------------------------------------------

BASES = ("drawn", "normal", "uniform", "grid", "wide_range", "near_equal")
DRAWN_MAX_SIZE = 64
"""Arrays up to this size may have every value drawn by hypothesis ("drawn"), which shrinks each
value to the simplest that still fails; larger ones use "normal" instead."""
SCALES = (1.0, 4.0, 0.25, 16.0, 100.0, 1e4)
ELEMENT_EXTREMES = ("nan", "+inf", "-inf", "huge", "max", "subnormal", "above_11")
ROW_EXTREMES = ("masked_row", "equal_row", "dominant", "offset")
EXTREMES = ELEMENT_EXTREMES + ROW_EXTREMES
NON_FINITE = ("nan", "+inf", "-inf", "masked_row")
"""The extremes that put a non-finite value in the input."""


def _base(rng: np.random.Generator, kind: str, scale: float, shape, fmt: FloatFormat):
    if kind == "normal":
        x = rng.standard_normal(shape) * scale
    elif kind == "uniform":
        x = rng.uniform(-scale, scale, shape)
    elif kind == "grid":
        # multiples of 2^-g below 2^7: 11 bits or fewer, so float16 holds them and their shifts
        x = rng.integers(-64, 65, shape) * 2.0 ** -int(rng.integers(0, 4))
    elif kind == "wide_range":
        x = rng.choice([-1.0, 1.0], shape) * 10.0 ** rng.uniform(-6, np.log10(scale) + 1, shape)
    else:  # near_equal
        x = scale + rng.standard_normal(shape) * scale * 1e-3
    x = np.clip(x, -fmt.max / 8, fmt.max / 8)
    if not np.any(x):  # never all zeros
        x = x + 1.0
    return round_to(x, fmt.name)


def _drawn(draw, shape, scale: float, fmt: FloatFormat) -> np.ndarray:
    """Every value drawn by hypothesis, within +-8 * scale, in the format's precision."""
    width = 64 if fmt.name == "float64" else 32 if fmt.name in ("float32", "bfloat16") else 16
    bound = float(round_to(min(8 * scale, fmt.max / 8), fmt.name))
    values = st.floats(-bound, bound, allow_nan=False, allow_infinity=False, width=width)
    x = round_to(draw(hnp.arrays(np.float64, shape, elements=values, fill=st.nothing())),
                 fmt.name)
    return x if np.any(x) else x + 1.0


def _mask(draw, shape) -> np.ndarray:
    """A non-empty boolean mask: a few True entries, or (one draw in four) a few False ones."""
    dense = draw(st.sampled_from([False, False, False, True]))
    mask = draw(hnp.arrays(np.bool_, shape, elements=st.booleans(), fill=st.just(dense)))
    if not mask.any():
        mask[np.unravel_index(draw(st.integers(0, mask.size - 1)), shape)] = True
    return mask


def _signed(rng, magnitude, shape):
    return rng.choice([-1.0, 1.0], shape) * magnitude


@dataclass(frozen=True)
class Rows:
    """(M, N) float64 values exactly representable in ``dtype`` and the recipe that made them."""

    values: np.ndarray = field(repr=False)
    recipe: tuple[str, ...]


@st.composite
def rows(draw, M: int, N: int, dtype: str, *, extremes=EXTREMES, bases=BASES) -> Rows:
    """M rows of N values: a ``bases`` base with a drawn subset of ``extremes`` injected."""
    fmt = FORMATS[dtype]
    kind = draw(st.sampled_from(bases))
    scale = draw(st.sampled_from(SCALES))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    if kind == "drawn" and M * N > DRAWN_MAX_SIZE:
        kind = "normal"
    if kind == "drawn":
        x = _drawn(draw, (M, N), scale, fmt)
        recipe = [f"drawn*{scale:g}"]
    else:
        x = _base(rng, kind, scale, (M, N), fmt)
        recipe = [f"{kind} seed={seed}" if kind == "grid" else f"{kind}*{scale:g} seed={seed}"]
    chosen = draw(st.sets(st.sampled_from(tuple(extremes)), max_size=3)) if extremes else set()

    def inject(name, mask, value):
        nonlocal x
        x = np.where(mask, value, x)
        recipe.append(f"{name}x{int(mask.sum())}")

    # Row-wide extremes first (they need finite rows), then element extremes, masked rows last.
    for name in [e for e in ROW_EXTREMES if e in chosen and e != "masked_row"]:
        row = _mask(draw, (M, 1))
        if name == "equal_row":
            inject(name, row & np.ones((M, N), bool), x[:, :1])
        elif name == "dominant":
            gap = draw(st.sampled_from([16.0, 64.0, 1000.0]))
            top = round_to(np.minimum(x.max(axis=1, keepdims=True) + gap, fmt.max / 4), dtype)
            at = np.arange(N)[None, :] == rng.integers(0, N, (M, 1))
            inject(name, row & at, top)
        else:  # offset
            offsets = [-(2.0**k) for k in (10, 14, 20, 40, 100) if 2.0**k <= fmt.max / 4]
            offset = draw(st.sampled_from(offsets))
            inject(f"{name}{offset:g}", row & np.ones((M, N), bool), round_to(x + offset, dtype))
    for name in [e for e in ELEMENT_EXTREMES if e in chosen]:
        mask = _mask(draw, (M, N))
        if name == "nan":
            inject(name, mask, np.nan)
        elif name == "+inf":
            inject(name, mask, np.inf)
        elif name == "-inf":
            inject(name, mask, -np.inf)
        elif name == "huge":
            inject(name, mask, _signed(rng, round_to(min(1e30, fmt.max), dtype), (M, N)))
        elif name == "max":
            inject(name, mask, _signed(rng, fmt.max, (M, N)))
        elif name == "subnormal":
            multiple = rng.integers(1, 2 ** (fmt.precision - 1), (M, N))
            inject(name, mask, _signed(rng, multiple * fmt.smallest_subnormal, (M, N)))
        else:  # above_11
            inject(name, mask, round_to(rng.uniform(11.0, 100.0, (M, N)), dtype))
    if "masked_row" in chosen:
        inject("masked_row", _mask(draw, (M, 1)) & np.ones((M, N), bool), -np.inf)
    assert representable(x, dtype), recipe
    return Rows(x, tuple(recipe))


# Cases -------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Case:
    """One softmax input: float64 ``x`` (exact ``dtype`` values) in its logical shape, the softmax
    ``dim``, the memory ``layout`` an implementation receives it in, and the ``recipe``."""

    x: np.ndarray
    dtype: str
    dim: int
    layout: Layout = Layout()
    recipe: tuple[str, ...] = ()

    @property
    def shape(self) -> tuple[int, ...]:
        return self.x.shape

    @property
    def axis(self) -> int:
        return self.dim % max(self.x.ndim, 1)

    @property
    def N(self) -> int:
        return self.x.shape[self.axis] if self.x.ndim else 1

    def rows(self, a: np.ndarray | None = None) -> np.ndarray:
        """``a`` (default ``x``), of this case's shape, as (M, N) rows: the softmax axis last."""
        a = self.x if a is None else a
        return np.moveaxis(a, self.axis, -1).reshape(-1, self.N) if a.ndim else a.reshape(1, 1)

    def from_rows(self, r: np.ndarray) -> np.ndarray:
        """The inverse of ``rows``: (M, N) rows back in this case's shape."""
        if not self.x.ndim:
            return r.reshape(())
        moved = tuple(s for i, s in enumerate(self.shape) if i != self.axis) + (self.N,)
        return np.moveaxis(r.reshape(moved), -1, self.axis)

    def numpy(self) -> np.ndarray:
        """``x`` as a contiguous NumPy array of the case's dtype (not bfloat16)."""
        return self.x.astype(FORMATS[self.dtype].numpy)

    def with_x(self, x: np.ndarray, note: str) -> Case:
        return replace(self, x=x, recipe=self.recipe + (note,))

    def literal(self) -> str:
        """Python that rebuilds this input (the layout aside), for a failure report."""
        body = np.array2string(self.x, separator=", ", floatmode="unique", threshold=sys.maxsize,
                               max_line_width=100)
        body = body.replace("nan", "np.nan").replace("inf", "np.inf")
        return (f"# {self!r}\nx = np.array({body})  # then .astype / torch.tensor(..., "
                f"dtype={self.dtype})\ndim = {self.dim}")

    def as_note(self) -> _Literal:
        """``literal()`` for hypothesis's ``note``, built only for the example it reports: ``note``
        formats what is not a string only then, and building the literal of every example cost
        half of a thorough property's time."""
        return _Literal(self)

    def _repr_pretty_(self, printer, cycle):  # hypothesis prints examples with this
        printer.text(repr(self))

    def __repr__(self) -> str:
        return (f"Case({self.dtype}, shape={self.shape}, dim={self.dim}, layout={self.layout!r}, "
                f"recipe={' + '.join(self.recipe)!r})")


class _Literal:
    """A case whose pretty form is its literal (see ``Case.as_note``)."""

    def __init__(self, case: Case):
        self.case = case

    def _repr_pretty_(self, printer, cycle):
        printer.text(self.case.literal())


@st.composite
def cases(draw, dtypes=DTYPES, *, max_n: int = 300, max_rows: int = 8, max_rank: int = 4,
          wide_n: int | None = None, max_elements: int | None = None,
          many_rows: int | None = None, extremes=EXTREMES,
          bases=BASES, with_layouts: bool = True) -> Case:
    """A ``Case``: dtype from ``dtypes``, shape from ``shapes``, values from ``rows``, layout
    from ``layouts`` (contiguous when ``with_layouts`` is False)."""
    dtype = draw(st.sampled_from(tuple(dtypes)))
    shape = draw(shapes(max_n=max_n, max_rows=max_rows, max_rank=max_rank, wide_n=wide_n,
                        max_elements=max_elements, many_rows=many_rows))
    drawn = draw(rows(shape.M, shape.N, dtype, extremes=extremes, bases=bases))
    case = Case(np.zeros(shape.shape), dtype, shape.dim, Layout(), drawn.recipe)
    case = replace(case, x=case.from_rows(drawn.values))
    if with_layouts:
        case = replace(case, layout=draw(layouts(len(shape.shape))))
    return case


@st.composite
def gradients(draw, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    """An incoming gradient dy of ``shape``: finite values of any magnitude; all equal at times
    (then dx is 0 up to rounding: the cancellation the gradient tolerance is scaled for)."""
    size = math.prod(shape) if shape else 1
    drawn = draw(rows(1, size, dtype, extremes=("equal_row", "dominant"), bases=BASES))
    return drawn.values.reshape(shape)


MASK_KINDS = ("random", "causal", "padding")


@st.composite
def attention_masks(draw, M: int, N: int) -> np.ndarray:
    """(M, N) booleans, True where an attention mask puts -inf, never a whole row.

    random: any entries; causal: row r masks the columns after r + k (a decoder's mask, rows
    wrapping around when M > N); padding: each row masks its last few columns (padded keys).
    """
    kind = draw(st.sampled_from(MASK_KINDS))
    cols = np.arange(N)[None, :]
    if kind == "random":
        mask = _mask(draw, (M, N))
        keep = np.array(draw(st.lists(st.integers(0, N - 1), min_size=M, max_size=M)))
        mask[np.arange(M), keep] = False
    elif kind == "causal":
        k = draw(st.integers(0, max(N - 1, 0)))
        mask = cols > (np.arange(M)[:, None] + k) % N
    else:
        keep = np.array(draw(st.lists(st.integers(1, N), min_size=M, max_size=M)))[:, None]
        mask = cols >= keep
    return mask


def exact_shifts(x: np.ndarray, dtype: str) -> list[float]:
    """Constants c != 0 for which every finite x + c is exact in ``dtype`` and below max / 4.

    Candidates are +-2^k and +-3 * 2^k (k from -10 to 100) and are returned smallest first, so a
    shrunk failure shows the smallest shift that breaks. Non-finite x stay what they are.
    """
    fmt = FORMATS[dtype]
    finite = x[np.isfinite(x)]
    out = []
    for k in range(-10, 101):
        for c in (2.0**k, -(2.0**k), 3 * 2.0**k, -3 * 2.0**k):
            if abs(c) > fmt.max / 8:
                continue
            s = finite + c
            exact = np.array_equal(s - finite, np.full_like(s, c)) and np.array_equal(s - c, finite)
            if exact and representable(s, dtype) and np.all(np.abs(s) <= fmt.max / 4):
                out.append(c)
    return out
