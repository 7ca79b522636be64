"""The unfused baseline: softmax and its backward as chains of eager tensor operations.

Written in an eager framework, ``y = exp(x - x.max()) / exp(x - x.max()).sum()`` runs as five
operations, and each is its own kernel: it reads its operands from DRAM and writes its result
back, because the next kernel can only find it there. The intermediates are full M x N tensors
(kept in the input's dtype, as torch keeps them), so most of the traffic is spent writing
intermediates and reading them straight back:

    kernel            reads      writes
    max               MN         M        (the row maxima)
    subtract max      MN + M     MN       (z = x - max)
    exp               MN         MN       (numerator = exp(z))
    sum               MN         M        (denominator)
    divide            MN + M     MN       (y = numerator / denominator)
    total             5MN + 2M   3MN + 2M   = 8MN + 4M elements

A fused kernel reads x once and writes y once: 2MN. For wide rows the ratio (8MN + 4M) / 2MN
tends to 4, and since softmax is memory bound that ratio is, to first order, the speed-up. At
M = N = 4096 in float32, for example (these numbers are computed, see ``reference.traffic``):

>>> from reference.traffic import traffic_formula
>>> naive, fused = (traffic_formula(name, 4096, 4096) for name in ("naive", "fused"))
>>> naive.bytes("float32"), fused.bytes("float32"), naive.bytes("float32") / fused.bytes("float32")
(536936448, 134217728, 4.00048828125)

so on a GPU that streams 3 TB/s the naive chain needs at least ~179 us and the fused kernel ~45 us.

The backward, dx = y * (dy - sum(dy * y)), is four eager operations: 9MN + 2M elements against the
fused kernel's 3MN (read y and dy, write dx).

The table is not trusted as written: every operation below runs on ``reference.memory.Dram``,
and the tests check the counts against ``reference.traffic``.
"""

from __future__ import annotations

import numpy as np

from .memory import Dram
from .normaliser import row_max


def _row_sum(values: np.ndarray) -> np.ndarray:
    return np.sum(values, axis=-1, keepdims=True)


def _eager_op(dram: Dram, name: str, op, *operands: np.ndarray, out: np.ndarray | None = None):
    """One eager operation = one kernel: load every operand, compute, store the whole result.

    The result goes to ``out``, or to a new DRAM buffer in the operands' dtype.
    """
    with dram.kernel(name):
        result = op(*(dram.load(operand) for operand in operands))
        if out is None:
            out = dram.empty(result.shape, operands[0].dtype)
        dram.store(out, result)
    return out


def naive_softmax(dram: Dram, x: np.ndarray, out: np.ndarray) -> None:
    """Softmax of the rows of ``x`` into ``out`` as five eager kernels."""
    x_max = _eager_op(dram, "max", row_max, x)
    z = _eager_op(dram, "subtract max", np.subtract, x, x_max)
    numerator = _eager_op(dram, "exp", np.exp, z)
    denominator = _eager_op(dram, "sum", _row_sum, numerator)
    _eager_op(dram, "divide", np.divide, numerator, denominator, out=out)


def naive_softmax_backward(
    dram: Dram, y: np.ndarray, dy: np.ndarray, dx: np.ndarray
) -> None:
    """dx = y * (dy - sum(dy * y)) as four eager kernels (see ``reference.backward``)."""
    product = _eager_op(dram, "dy * y", np.multiply, dy, y)
    dot = _eager_op(dram, "sum", _row_sum, product)
    centred = _eager_op(dram, "dy - sum", np.subtract, dy, dot)
    _eager_op(dram, "y * (dy - sum)", np.multiply, y, centred, out=dx)
