"""The fused forward kernels, written as a GPU runs them, on counted memory.

Each function is one algorithm for the rows of a 2-D array ``x`` of shape (M, N): it reads ``x``
and writes ``out`` only through ``dram`` (a ``reference.memory.Dram``), does its arithmetic in
the compute dtype, and writes softmax or log-softmax according to ``epilogue`` (see
``reference.normaliser``). The M rows are M programs run in lockstep; loops run over columns,
blocks and chunks, never over rows.

Which kernel when
-----------------
``single_block``
    The fused kernel proper: one program loads its whole row into registers (a block of
    next_power_of_2(N) lanes, the extra lanes masked), reduces it, writes it. Reads MN, writes
    MN: the minimum possible. It needs the row to fit on chip, which on current GPUs stops
    somewhere in the tens of thousands of float32 elements.
``three_pass``
    A row too wide to hold is streamed ``block`` columns at a time, and the classic algorithm
    then has to stream it three times: for the max, for the sum of exponentials, to write.
    Reads 3MN.
``online``, ``blocked_online``
    The online normaliser finds max and sum in one stream, so the row is read twice (once for
    (m, d), once to write): 2MN reads, MN writes, one read saved. ``online`` is the recurrence
    as written on paper, one column at a time; ``blocked_online`` is the GPU form, with one
    running pair per lane of a ``block``-wide tile, combined across lanes at the end. With
    block = 1 the two are the same computation.
    (Each lane's steps are merged in a tree's order, not left to right: see Accuracy.)
``split_row``
    With few rows (M smaller than the number of streaming multiprocessors) one program per row
    leaves most of the GPU idle. Split-row gives each row to S programs, one contiguous chunk
    each. Stage 1: each program computes its chunk's (m, d) and stores it to a workspace
    (float32; float64 when the data is float64, so that the float64 path loses nothing).
    Stage 2: each program reads all S pairs of its row (2S elements), combines them into the
    row's (m, d), re-reads its chunk and writes it. Reads 2MN like online, plus 2MS
    workspace writes and 2MS^2 workspace reads, which stay small next to MN while S is small.
    S is the number of non-empty chunks: a larger request is rounded down (``split_bounds``).

Accuracy
--------
A lane that loops over steps merges its steps' pairs in a tree's order (``reference.summation``),
so no algorithm's error grows with the number of steps, whatever the block. Measured in float32
against float64 with exactly rounded sums, on rows of N = 4097, 32769 and 100003 built to stress
the sums (tests/test_reference_accuracy.py, ``test_float32_accuracy_on_wide_rows``): every
algorithm here, any block, within 2.2e-6 relative, at most a seventh of the policy's rtol
(1.3e-5 to 1.6e-5 there). That 2.2e-6 is exp's, on a row whose |x - max| reaches ~45 (float32
rounds x - max, and exp turns its absolute error into a relative one); on the row of terms near
1, where only the sum's rounding shows, 2e-7. The same row folded left to right in one running
pair was 2.3e-4 off at N = 32769 and 4.1e-4 at 100003.
"""

from __future__ import annotations

import numpy as np

from ._inputs import compute_dtype, next_power_of_2
from .memory import Dram
from .normaliser import (SOFTMAX, Epilogue, combine, maximum, merge, online_update, row_max,
                         tile_stats)
from .summation import Tree


def single_block(dram: Dram, x: np.ndarray, out: np.ndarray, *, epilogue: Epilogue = SOFTMAX):
    """The fused single-block kernel: one masked load of each row, one store."""
    width = next_power_of_2(x.shape[1])
    with dram.kernel(f"fused {epilogue.name}"):
        # Padding lanes hold -inf: they cannot raise the max and their exp is 0.
        row = dram.load_block(x, 0, width, other=-np.inf)
        m, d = tile_stats(row)
        dram.store_block(out, 0, epilogue.finish(row, m, d))


def three_pass(
    dram: Dram, x: np.ndarray, out: np.ndarray, *, epilogue: Epilogue = SOFTMAX, block: int = 128
):
    """The classic algorithm streamed in blocks: a max pass, an exp-and-sum pass, a write pass."""
    M, N = x.shape
    acc = compute_dtype(x.dtype)
    with dram.kernel(f"three-pass {epilogue.name} (three reads of x)"):
        lanes = np.full((M, block), -np.inf, acc)
        for start in range(0, N, block):
            lanes = maximum(lanes, dram.load_block(x, start, block, other=-np.inf))
        m = row_max(lanes)

        lanes = Tree(np.add, np.zeros((M, block), acc))
        for start in range(0, N, block):
            lanes.add(np.exp(dram.load_block(x, start, block, other=-np.inf) - m))
        d = np.sum(lanes.total(), axis=1, keepdims=True)

        _write(dram, x, out, 0, N, block, epilogue, m, d)


def online(dram: Dram, x: np.ndarray, out: np.ndarray, *, epilogue: Epilogue = SOFTMAX):
    """The online normaliser as on paper: (m, d) folded in one column at a time, then one write.

    Each column's pair is merged into the columns before it in a tree's order
    (``reference.summation``), not left to right: the same arithmetic as ``blocked_online`` with
    a block of one column, bit for bit.
    """
    M, N = x.shape
    with dram.kernel(f"online {epilogue.name} (two reads of x)"):
        pairs = Tree(merge, _identity(M, 1, compute_dtype(x.dtype)))
        for col in range(N):
            pairs.add(_pair_of(dram.load(x, (slice(None), slice(col, col + 1)))))
        m, d = pairs.total()
        dram.store(out, epilogue.finish(dram.load(x), m, d))


def blocked_online(
    dram: Dram, x: np.ndarray, out: np.ndarray, *, epilogue: Epilogue = SOFTMAX, block: int = 128
):
    """The online normaliser as a multi-block GPU kernel: per-lane pairs, combined, then a write."""
    N = x.shape[1]
    with dram.kernel(f"online {epilogue.name} (two reads of x)"):
        m, d = _chunk_stats(dram, x, 0, N, block)
        _write(dram, x, out, 0, N, block, epilogue, m, d)


def split_row(
    dram: Dram,
    x: np.ndarray,
    out: np.ndarray,
    *,
    epilogue: Epilogue = SOFTMAX,
    splits: int = 4,
    block: int = 128,
):
    """Each row shared by up to ``splits`` programs (one per non-empty chunk, ``split_bounds``)
    that exchange (m, d) pairs through a workspace."""
    M, N = x.shape
    chunks = split_bounds(N, splits, block)
    partials = dram.workspace((M, len(chunks), 2), compute_dtype(x.dtype))

    with dram.kernel("partial (max, sum) per chunk"):
        for s, (lo, hi) in enumerate(chunks):
            m, d = _chunk_stats(dram, x, lo, hi, block)
            dram.store(partials, np.concatenate([m, d], axis=1), (slice(None), s))

    with dram.kernel("combine and normalise"):
        for lo, hi in chunks:
            # Every program of the row reads all S pairs: S programs x 2S elements per row.
            pairs = dram.load(partials)
            m, d = combine(pairs[..., 0], pairs[..., 1], axis=1)
            _write(dram, x, out, lo, hi, block, epilogue, m, d)


def split_bounds(N: int, splits: int, block: int) -> list[tuple[int, int]]:
    """Column ranges of a row's chunks: at most ``splits`` of them, none empty.

    Each chunk is ceil(N / splits) columns rounded up to a whole number of blocks, so no block
    straddles two chunks and only the row's last block is ever masked. Rounding up can leave
    fewer chunks than asked, and then fewer programs run: ceil(N / chunk), the count
    ``triton_impl.plan`` launches too. So splits=10**6 on a row of 4 columns is one chunk (one
    program, two workspace elements), not a million programs of which all but one would store an
    empty pair and every one would read all 2 * 10**6 of them.

    >>> split_bounds(300, 4, 64), split_bounds(4, 10**6, 128)
    ([(0, 128), (128, 256), (256, 300)], [(0, 4)])
    """
    if N == 0:
        return []
    chunk = -(-N // splits)
    chunk = -(-chunk // block) * block
    return [(lo, min(lo + chunk, N)) for lo in range(0, N, chunk)]


def _chunk_stats(dram: Dram, x: np.ndarray, lo: int, hi: int, block: int):
    """(m, d) of columns lo .. hi of every row: per lane, the steps' pairs merged in a tree's
    order (``reference.summation``); then the lanes combined."""
    pairs = Tree(merge, _identity(x.shape[0], block, compute_dtype(x.dtype)))
    for start in range(lo, hi, block):
        # Masked lanes load -inf, whose pair is (-inf, 0): "nothing seen".
        pairs.add(_pair_of(dram.load_block(x, start, block, other=-np.inf)))
    return combine(*pairs.total(), axis=1)


def _identity(M: int, lanes: int, dtype) -> tuple[np.ndarray, np.ndarray]:
    """(-inf, 0) in every lane: the pair of nothing, which ``merge`` leaves unchanged."""
    return np.full((M, lanes), -np.inf, dtype), np.zeros((M, lanes), dtype)


def _pair_of(tile: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each lane's pair of its one element: the online recurrence's first step, (x, 1) for a
    finite x, (-inf, 0) for -inf, a NaN d for +inf and NaN."""
    return online_update(*_identity(*tile.shape, tile.dtype), tile)


def _write(dram, x, out, lo, hi, block, epilogue, m, d):
    """The output pass over columns lo .. hi: re-read each block, finish it, store it."""
    for start in range(lo, hi, block):
        tile = dram.load_block(x, start, block, other=-np.inf)
        dram.store_block(out, start, epilogue.finish(tile, m, d))
