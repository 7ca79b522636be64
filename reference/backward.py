"""Backward kernels of softmax and log-softmax, and where their formulas come from.

Softmax
-------
Let y = softmax(x) for one row. Differentiating y_i = exp(x_i) / sum_k exp(x_k) gives

    dy_i/dx_j = y_i (delta_ij - y_j),   so the Jacobian is J = diag(y) - y y^T.

J is symmetric, and the gradient of a loss L with respect to x, given dy = dL/dy, is

    dx = J^T dy = y * dy - y (y . dy) = y * (dy - <dy, y>)

(``*`` element-wise, ``<dy, y>`` the row's dot product). Two remarks make this cheap: the
M x N x N Jacobian is never formed, only one dot product per row; and the backward needs the
forward's *output* y, not its input x (it is saved by the forward), so it computes no exp at all.

Log-softmax
-----------
With y = log_softmax(x) = x - m - log(d), i.e. y_i = x_i - log sum_k exp(x_k),

    dy_i/dx_j = delta_ij - p_j,   p = exp(y) = softmax(x),   J = I - 1 p^T,

and dx = J^T dy = dy - p sum(dy): again one reduction per row, now a plain sum of dy.

Traffic
-------
A backward kernel must read y and dy and write dx: 2MN reads and MN writes at the least, which
the fused single-block kernel achieves. A row too wide for one program is read twice, once to
reduce and once to write (4MN reads for softmax, where the dot product needs y and dy; 3MN for
log-softmax, whose sum needs only dy). Split-row exchanges one partial sum per chunk through the
workspace. The eager four-kernel chain is in ``reference.eager``.

Every kernel here takes a ``BackwardRule``: the per-element term whose row sum is needed, the
padding that makes masked lanes harmless, and the formula that turns (y, dy, sum) into dx.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ._inputs import compute_dtype, next_power_of_2
from .forward import split_bounds
from .memory import Dram
from .summation import Tree


@dataclass(frozen=True)
class BackwardRule:
    """How one function's backward reduces a row and writes dx."""

    name: str
    term: Callable  # (y, dy) -> the per-element terms whose row sum the backward needs
    finish: Callable  # (y, dy, row_sum) -> dx
    term_needs_y: bool
    y_padding: float  # what a masked lane of y holds: the function's value at probability 0


SOFTMAX_RULE = BackwardRule(
    "softmax",
    term=lambda y, dy: dy * y,
    finish=lambda y, dy, s: y * (dy - s),
    term_needs_y=True,
    y_padding=0.0,
)
LOG_SOFTMAX_RULE = BackwardRule(
    "log_softmax",
    term=lambda y, dy: dy,
    finish=lambda y, dy, s: dy - np.exp(y) * s,
    term_needs_y=False,
    y_padding=-np.inf,
)


def _label(rule: BackwardRule) -> str:
    return "backward" if rule is SOFTMAX_RULE else f"{rule.name} backward"


def fused(dram: Dram, y, dy, dx, *, rule: BackwardRule = SOFTMAX_RULE):
    """Single block: each row's y and dy loaded once, reduced and finished on chip, dx stored."""
    width = next_power_of_2(y.shape[1])
    with dram.kernel(f"fused {_label(rule)}"):
        y_row = dram.load_block(y, 0, width, other=rule.y_padding)
        dy_row = dram.load_block(dy, 0, width, other=0.0)
        total = np.sum(rule.term(y_row, dy_row), axis=1, keepdims=True)
        dram.store_block(dx, 0, rule.finish(y_row, dy_row, total))


def online(dram: Dram, y, dy, dx, *, rule: BackwardRule = SOFTMAX_RULE, block: int = 128):
    """Multi-block: one blocked pass for the row sum, a second to write dx."""
    N = y.shape[1]
    inputs = "y, dy" if rule.term_needs_y else "dy"
    with dram.kernel(f"online {_label(rule)} (two reads of {inputs})"):
        total = _chunk_sum(dram, y, dy, 0, N, block, rule)
        _write(dram, y, dy, dx, 0, N, block, rule, total)


def split_row(
    dram: Dram, y, dy, dx, *, rule: BackwardRule = SOFTMAX_RULE, splits: int = 4, block: int = 128
):
    """Split-row: per-chunk partial sums through the workspace, then each chunk writes its dx."""
    M, N = y.shape
    chunks = split_bounds(N, splits, block)
    partials = dram.workspace((M, len(chunks)), compute_dtype(y.dtype))

    with dram.kernel("partial sum per chunk"):
        for s, (lo, hi) in enumerate(chunks):
            total = _chunk_sum(dram, y, dy, lo, hi, block, rule)
            dram.store(partials, total[:, 0], (slice(None), s))

    with dram.kernel("combine and write dx"):
        for lo, hi in chunks:
            total = np.sum(dram.load(partials), axis=1, keepdims=True)
            _write(dram, y, dy, dx, lo, hi, block, rule, total)


def _chunk_sum(dram, y, dy, lo, hi, block, rule):
    """Row sums of rule.term over columns lo .. hi: per lane, the steps summed in a tree's order
    (``reference.summation``); then the lanes summed."""
    lanes = Tree(np.add, np.zeros((y.shape[0], block), compute_dtype(y.dtype)))
    for start in range(lo, hi, block):
        dy_tile = dram.load_block(dy, start, block, other=0.0)
        # log-softmax's sum needs only dy: a kernel would not load y here, so neither do we.
        y_tile = dram.load_block(y, start, block, rule.y_padding) if rule.term_needs_y else None
        lanes.add(rule.term(y_tile, dy_tile))
    return np.sum(lanes.total(), axis=1, keepdims=True)


def _write(dram, y, dy, dx, lo, hi, block, rule, total):
    """The output pass over columns lo .. hi: re-read y and dy block by block, store dx."""
    for start in range(lo, hi, block):
        y_tile = dram.load_block(y, start, block, other=rule.y_padding)
        dy_tile = dram.load_block(dy, start, block, other=0.0)
        dram.store_block(dx, start, rule.finish(y_tile, dy_tile, total))
