"""What the reference accepts, and how any array is seen as (M, N) rows.

Every public function of the package validates through this module, so each fact lives here once:
which dtypes are accepted, which dtype each one is computed in, what a bad axis is, and how an
array of any rank becomes M rows of N columns (the softmax axis last, the other axes flattened
into rows) and back.

Storage dtype and compute dtype
-------------------------------
Data stays in its own dtype in memory (the input, the output, the naive algorithm's
intermediates) and is computed in ``COMPUTE_DTYPE``, as a GPU kernel computes float16 in float32
registers: why, and which dtype computes which, is ``reference.dtypes`` (the one dtype table).
"""

from __future__ import annotations

import operator
from math import prod

import numpy as np

from .dtypes import FORMATS

try:  # NumPy >= 1.25
    from numpy.exceptions import AxisError
except ImportError:  # pragma: no cover - NumPy 1.24
    AxisError = np.AxisError

COMPUTE_DTYPE = {
    fmt.numpy: np.dtype(fmt.compute) for fmt in FORMATS.values() if fmt.numpy is not None
}
"""Storage dtype -> the dtype its arithmetic is done in (and the split-row workspace is kept in):
``reference.dtypes.FORMATS`` for every format NumPy has (all but bfloat16)."""

ACCEPTED = ", ".join(str(dtype) for dtype in COMPUTE_DTYPE)


def as_float_array(value, name: str = "x") -> np.ndarray:
    """``value`` as an ndarray of an accepted dtype, or a TypeError that says how to fix it.

    Lists and scalars go through ``np.asarray``. Integers are refused rather than converted: a
    softmax of integers is almost always a caller's mistake, and the conversion (to float32? to
    float64?) is a choice the caller should make.
    """
    array = np.asarray(value)
    if array.dtype not in COMPUTE_DTYPE:
        raise TypeError(
            f"{name} has dtype {array.dtype}; softmax accepts {ACCEPTED}. "
            f"Convert it first, for example {name}.astype(np.float32)."
        )
    return array


def compute_dtype(dtype) -> np.dtype:
    """The dtype that data stored as ``dtype`` is computed in."""
    return COMPUTE_DTYPE[np.dtype(dtype)]


def normalize_axis(axis, ndim: int) -> int:
    """``axis`` as a non-negative index for an array of ``ndim`` dimensions.

    A 0-d array is treated as a single row of one element (as torch does), so axis 0 and -1 are
    both valid for it.
    """
    try:
        if isinstance(axis, bool):
            raise TypeError
        index = operator.index(axis)
    except TypeError:
        raise TypeError(f"axis must be an integer, got {axis!r}; pass, for example, axis=-1 "
                        f"(the last axis)") from None
    size = max(ndim, 1)
    if not -size <= index < size:
        raise AxisError(
            f"axis {index} is out of bounds for an array of ndim {ndim} "
            f"(valid axes: {-size} to {size - 1})"
        )
    return index % size


def check_same_layout(y: np.ndarray, dy: np.ndarray) -> None:
    """A backward pass pairs each output with its gradient: same shape, same dtype."""
    if y.shape != dy.shape:
        raise ValueError(f"y and dy must have the same shape, got {y.shape} and {dy.shape}")
    if y.dtype != dy.dtype:
        raise TypeError(f"y and dy must have the same dtype, got {y.dtype} and {dy.dtype}")


OPTIONS = {
    "block": ("the columns each step of a blocked kernel loads", "block=128"),
    "splits": ("the programs that share one row in split-row", "splits=4"),
}
"""The reference's numeric options: what each one means, and a value to suggest."""


def _integer(name: str, value, least: int, meaning: str, example: str) -> int:
    """``value`` as an int >= ``least``, or a ValueError that names the problem and a fix."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        kind = "a bool" if isinstance(value, bool) else type(value).__name__
        problem = f"got {value!r} ({kind}, not an integer)"
    elif value < least:
        problem = f"got {value!r}"
    else:
        return int(value)
    raise ValueError(f"{name} must be an integer >= {least} ({meaning}), {problem}; "
                     f"pass, for example, {example}")


def check_positive(name: str, value) -> int:
    """An option of ``OPTIONS`` (block sizes, split counts): an integer >= 1."""
    meaning, example = OPTIONS[name]
    return _integer(name, value, 1, meaning, example)


def check_options(**options) -> dict:
    """The numeric options of a public function (``block=``, ``splits=``), each checked before
    any work, used or not: an option the chosen algorithm ignores (``block`` for "fused") is
    still a caller's mistake when it is nonsense, and it would bite when the algorithm changes."""
    return {name: check_positive(name, value) for name, value in options.items()}


def check_size(name: str, value) -> int:
    """A problem dimension (M rows, N columns): an integer >= 0."""
    return _integer(name, value, 0, "rows" if name == "M" else "columns", f"{name}=4")


def check_choice(what: str, value, choices) -> str:
    """``value``, one of ``choices`` (algorithm names), or a ValueError listing them."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"unknown {what} algorithm {value!r}; expected one of {tuple(choices)}")
    return value


def fit_block(block: int, N: int) -> int:
    """The block a kernel runs for rows of ``N``: ``block``, narrowed to next_power_of_2(N).

    Lanes past the row's end load padding (-inf, or 0 for sums), which the reductions fold in as
    "nothing" (``reference.normaliser``), so a wider block computes the same (m, d) with more
    padding: block=10**9 on a row of 4 is the kernel of block=4, not a 10**9-lane tile in memory.
    """
    return min(block, next_power_of_2(N))


def next_power_of_2(n: int) -> int:
    """The smallest power of two >= n: a Triton block's width must be a power of two."""
    return 1 << max(n - 1, 0).bit_length()


class Rows:
    """How an array of ``shape`` is seen as an (M, N) matrix whose rows are normalised.

    The softmax axis becomes the last one and every other axis is flattened into M; a 0-d array is
    one row of one element. ``gather`` makes that matrix (C-contiguous, so each row is one
    stretch of memory, as a kernel wants it) and ``scatter`` puts a result back in ``shape``.
    """

    def __init__(self, shape: tuple[int, ...], axis):
        self.shape = tuple(shape)
        self.axis = normalize_axis(axis, len(self.shape))
        if self.shape:
            self.N = self.shape[self.axis]
            self.M = prod(s for i, s in enumerate(self.shape) if i != self.axis)
        else:
            self.M, self.N = 1, 1

    def gather(self, array: np.ndarray) -> np.ndarray:
        if not self.shape:
            return array.reshape(1, 1)
        moved = np.moveaxis(array, self.axis, -1)
        return np.ascontiguousarray(moved.reshape(self.M, self.N))

    def scatter(self, rows: np.ndarray) -> np.ndarray:
        if not self.shape:
            return rows.reshape(())
        moved_shape = tuple(s for i, s in enumerate(self.shape) if i != self.axis) + (self.N,)
        return np.ascontiguousarray(np.moveaxis(rows.reshape(moved_shape), -1, self.axis))
