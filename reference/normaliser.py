"""The pair (m, d) every softmax algorithm computes per row, and how it becomes the output.

softmax(x)_i = exp(x_i) / sum_j exp(x_j). Every algorithm in this package computes, for each row,
a shift ``m`` (the row's max) and a normaliser ``d = sum_j exp(x_j - m)``, and then writes
``exp(x_i - m) / d`` (softmax) or ``x_i - m - log(d)`` (log-softmax). They differ only in how many
times they read the row to get (m, d), and that is what their DRAM traffic is made of.

Why the max is subtracted
-------------------------
exp overflows early: exp(x) exceeds float16's largest value, 65504, once x > ln(65504) ~ 11.09;
float32's (~3.4e38) once x > ~88.72; float64's once x > ~709.78. Logits of 20 or 100 are
ordinary, so exp(x) straight away gives inf, and inf / inf = NaN. Shifting by any constant c
leaves the result unchanged, exp(x_i - c) / sum_j exp(x_j - c) = exp(x_i) / sum_j exp(x_j), and
c = max(x) is the one that makes it safe: every exponent is <= 0, so every term lies in (0, 1]
(nothing overflows) and the largest term is exactly 1 (so d >= 1: the division cannot be by a
number that underflowed to 0). The price is a second reduction before the sum can start: the
classic algorithm reads the row once for the max, once for the sum, once to write the output.

The online recurrence
---------------------
The max and the sum can be had in one sweep. Keep, after the first k elements, the running max
m_k and the running normaliser d_k = sum_{i<=k} exp(x_i - m_k). When x_{k+1} arrives,

    m_{k+1} = max(m_k, x_{k+1})
    d_{k+1} = d_k * exp(m_k - m_{k+1}) + exp(x_{k+1} - m_{k+1})

The first term re-expresses every old exponential relative to the new max: exp(x_i - m_k) *
exp(m_k - m_{k+1}) = exp(x_i - m_{k+1}). So the invariant holds after every step, and at the end
d_N is exactly the d of the classic algorithm (in real arithmetic; in floating point it is a
different but equally accurate summation). Both exponents are <= 0, so nothing overflows on the
way. This is the online normaliser of Milakov and Gimelshein (2018); FlashAttention is the same
idea with a weighted sum of values carried along.

Combining partial pairs
-----------------------
Two pairs (m_a, d_a), (m_b, d_b) computed over disjoint parts of a row combine into the pair of
their union: m = max(m_a, m_b), d = d_a exp(m_a - m) + d_b exp(m_b - m). The operation is
associative and commutative, with identity (-inf, 0), so a row may be cut anyhow and reduced in
any order. A blocked kernel keeps one pair per lane and combines the lanes at the end
(``combine``); split-row gives each chunk of a row to a different program and combines the
chunks' pairs through DRAM; the recurrence above is just combining with a one-element part
(``merge`` combines two pairs). Any order is the same in exact arithmetic, not in floating point:
``reference.summation`` says which order keeps float32 accurate over many steps, and why.

Special values
--------------
The package's Semantics (see ``reference``) follow from two rules.

* A NaN anywhere in a row makes the row NaN. The max may or may not carry it (NumPy's maximum
  does; a GPU's max instruction may return the other operand), but the normaliser always does:
  the NaN's own term exp(nan - m) is NaN, and d stays NaN through every later rescaling. So the
  row's d is NaN and every output is NaN, whichever max is used. An element +inf does the same:
  its term exp(inf - inf) is NaN.
* A part that has seen nothing but -inf (an all -inf prefix, a padding lane, an empty chunk) has
  m = -inf and d = 0 and must contribute nothing. Evaluated literally, exp(m - m_new) is then
  exp(-inf - -inf) = exp(nan), which would poison a perfectly good row. ``_finite_base`` replaces
  a running max of -inf by 0 when it is used as a shift, so those exponentials come out
  exp(-inf) = 0. The final output is not guarded: a row of only -inf ends with m = -inf, d = 0,
  and x - m = NaN, so it comes out NaN, as torch's does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np


# The max operations every fused algorithm uses. NumPy's propagate NaN; a GPU's max instruction
# may instead return the other operand. The results must not depend on which (see "Special
# values"), and the tests prove it by swapping in np.fmax, which drops NaN.
_maximum = np.maximum
_max = np.max


def maximum(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Element-wise max, as a kernel takes it of two registers."""
    return _maximum(a, b)


def row_max(values: np.ndarray, axis: int = -1) -> np.ndarray:
    """Max along ``axis``, kept as a length-1 axis so that it broadcasts against the row."""
    return _max(values, axis=axis, keepdims=True)


def tile_stats(tile: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(m, d) of tiles held on chip in full: the max first, then the sum of exp(x - m)."""
    m = row_max(tile)
    return m, np.sum(np.exp(tile - m), axis=-1, keepdims=True)


def _finite_base(m: np.ndarray) -> np.ndarray:
    """``m`` as a shift for exp(), with -inf (nothing but -inf seen yet) replaced by 0."""
    return np.where(m == -np.inf, 0, m)


def online_update(m: np.ndarray, d: np.ndarray, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One step of the online recurrence: fold the elements ``x`` into the running pairs (m, d).

    Element-wise: each position of ``m``, ``d``, ``x`` is an independent running pair (a row, or a
    lane of a row).
    """
    m_new = maximum(m, x)
    base = _finite_base(m_new)
    return m_new, d * np.exp(m - base) + np.exp(x - base)


def merge(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]):
    """The pair of the union of two parts, element-wise: (m_a, d_a) and (m_b, d_b) combined.

    ``online_update(m, d, x)`` is ``merge((m, d), (x, 1))`` for finite x: the recurrence is this
    with a one-element part. Multi-step kernels merge their steps' pairs with it
    (``reference.summation.Tree``).
    """
    (m_a, d_a), (m_b, d_b) = a, b
    m = maximum(m_a, m_b)
    base = _finite_base(m)
    return m, d_a * np.exp(m_a - base) + d_b * np.exp(m_b - base)


def combine(m: np.ndarray, d: np.ndarray, axis: int = -1) -> tuple[np.ndarray, np.ndarray]:
    """Combine the partial pairs along ``axis`` into one pair per row (kept as a length-1 axis)."""
    m_all = row_max(m, axis)
    return m_all, np.sum(d * np.exp(m - _finite_base(m_all)), axis=axis, keepdims=True)


@dataclass(frozen=True)
class Epilogue:
    """What a forward kernel writes once it knows its row's (m, d): ``finish(x, m, d)``."""

    name: str
    finish: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]


SOFTMAX = Epilogue("softmax", lambda x, m, d: np.exp(x - m) / d)
LOG_SOFTMAX = Epilogue("log_softmax", lambda x, m, d: (x - m) - np.log(d))
"""log softmax(x)_i = x_i - m - log(d): no exp of x_i, so tiny probabilities stay representable.

log(softmax(x)) would compute exp(x_i - m) first, which underflows to 0 once x_i - m < ~ -103.3 in
float32 (~ -744.4 in float64), and log(0) = -inf; x_i - m - log(d) stays finite, which is what a
cross-entropy loss needs.
"""
