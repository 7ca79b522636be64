"""Spatial kernels: softmax along the middle axis of an (A, N, B) tensor, forward and backward.

A softmax along a dim that is not the innermost one (the channels of an NCHW tensor, dim 0 of a
matrix) has its rows interleaved: in torch's contiguous layout the N values of row (a, b) lie B
elements apart, and the B rows of one a side by side. Reading such a row alone would touch one
element of every line it crosses. A program here holds a tile of BLOCK_B neighbouring rows by
BLOCK_N positions of the softmax dim, [BLOCK_N, BLOCK_B], whose every line of the tile is BLOCK_B
contiguous elements, and reduces across the tile's first axis: each of the BLOCK_B rows gets its
own max and normaliser (``row_math.online_update``, which folds the first axis of a tile).

The tensors are (A, N, B) views with any strides, each its own: the input is read in place (a
channels-last input, whose softmax dim is the contiguous one, too) and the output is written in
torch's layout, the layout's change done on chip. Offsets are 64-bit.

spatial_forward   ONE_PASS: the tile holds the whole softmax dim, one read and one write (2MN);
                  else BLOCK_N positions a step, a first pass for the rows' (max, normaliser)
                  pairs and a second that re-reads and writes (3MN from DRAM at worst), as
                  ``forward.online_forward`` along a row.
spatial_backward  the same with the sums of dy * y (dy for log-softmax): y and dy held once (3MN),
                  or two passes (5MN at worst).
"""

import triton
import triton.language as tl

from .row_math import (compute_like, grad_output, grad_term, online_update, softmax_output,
                       to_compute)


@triton.jit
def tile_pointers(ptr, n_b_tiles, B, stride_a, stride_n, stride_b, BLOCK_N: tl.constexpr,
                  BLOCK_B: tl.constexpr):
    """This program's tile of a tensor: the addresses of the first BLOCK_N positions
    ([BLOCK_N, 1]) of its BLOCK_B rows ([1, BLOCK_B]), 64-bit, and the rows' mask. Program t
    holds rows (t // n_b_tiles, (t % n_b_tiles) * BLOCK_B + ...)."""
    tile = tl.program_id(0)
    a = tile // n_b_tiles
    b = ((tile % n_b_tiles) * BLOCK_B + tl.arange(0, BLOCK_B))[None, :]
    n = tl.arange(0, BLOCK_N)[:, None]
    pointers = (ptr + a.to(tl.int64) * stride_a + n.to(tl.int64) * stride_n
                + b.to(tl.int64) * stride_b)
    return pointers, b < B


@triton.jit
def step_mask(start, N, rows_mask, BLOCK_N: tl.constexpr):
    """The mask of the step at position ``start``: positions before N, of rows that exist."""
    return (start + tl.arange(0, BLOCK_N)[:, None] < N) & rows_mask


@triton.jit
def spatial_forward(
    x_ptr, y_ptr, N, B, n_b_tiles,
    x_stride_a, x_stride_n, x_stride_b, y_stride_a, y_stride_n, y_stride_b,
    BLOCK_N: tl.constexpr, BLOCK_B: tl.constexpr, ONE_PASS: tl.constexpr, LOG: tl.constexpr,
):
    x_tile, rows = tile_pointers(x_ptr, n_b_tiles, B, x_stride_a, x_stride_n, x_stride_b,
                                 BLOCK_N, BLOCK_B)
    y_tile, _ = tile_pointers(y_ptr, n_b_tiles, B, y_stride_a, y_stride_n, y_stride_b,
                              BLOCK_N, BLOCK_B)
    m = compute_like(tl.full([BLOCK_B], -float("inf"), tl.float32), x_ptr)
    d = compute_like(tl.zeros([BLOCK_B], tl.float32), x_ptr)
    if ONE_PASS:
        mask = step_mask(0, N, rows, BLOCK_N)
        x = to_compute(tl.load(x_tile, mask=mask, other=-float("inf")))
        m, d = online_update(m, d, x)
        y = softmax_output(x, m[None, :], d[None, :], LOG)
        tl.store(y_tile, y.to(y_ptr.dtype.element_ty), mask=mask)
    else:
        for start in tl.range(0, N, BLOCK_N):
            x = tl.load(x_tile + tl.cast(start, tl.int64) * x_stride_n,
                        mask=step_mask(start, N, rows, BLOCK_N), other=-float("inf"),
                        eviction_policy="evict_last")
            m, d = online_update(m, d, to_compute(x))
        for start in tl.range(0, N, BLOCK_N):
            mask = step_mask(start, N, rows, BLOCK_N)
            x = tl.load(x_tile + tl.cast(start, tl.int64) * x_stride_n, mask=mask,
                        other=-float("inf"), eviction_policy="evict_first")
            y = softmax_output(to_compute(x), m[None, :], d[None, :], LOG)
            tl.store(y_tile + tl.cast(start, tl.int64) * y_stride_n, y.to(y_ptr.dtype.element_ty),
                     mask=mask)


@triton.jit
def spatial_backward(
    y_ptr, dy_ptr, dx_ptr, N, B, n_b_tiles,
    y_stride_a, y_stride_n, y_stride_b, dy_stride_a, dy_stride_n, dy_stride_b,
    dx_stride_a, dx_stride_n, dx_stride_b,
    BLOCK_N: tl.constexpr, BLOCK_B: tl.constexpr, ONE_PASS: tl.constexpr, LOG: tl.constexpr,
):
    y_tile, rows = tile_pointers(y_ptr, n_b_tiles, B, y_stride_a, y_stride_n, y_stride_b,
                                 BLOCK_N, BLOCK_B)
    dy_tile, _ = tile_pointers(dy_ptr, n_b_tiles, B, dy_stride_a, dy_stride_n, dy_stride_b,
                               BLOCK_N, BLOCK_B)
    dx_tile, _ = tile_pointers(dx_ptr, n_b_tiles, B, dx_stride_a, dx_stride_n, dx_stride_b,
                               BLOCK_N, BLOCK_B)
    if ONE_PASS:
        mask = step_mask(0, N, rows, BLOCK_N)
        y = to_compute(tl.load(y_tile, mask=mask, other=0.0))
        dy = to_compute(tl.load(dy_tile, mask=mask, other=0.0))
        s = tl.sum(grad_term(y, dy, LOG), 0)[None, :]
        tl.store(dx_tile, grad_output(y, dy, s, LOG).to(dx_ptr.dtype.element_ty), mask=mask)
    else:
        s = compute_like(tl.zeros([BLOCK_B], tl.float32), y_ptr)
        for start in tl.range(0, N, BLOCK_N):
            y, dy = step_pair(y_tile, dy_tile, start, y_stride_n, dy_stride_n,
                              step_mask(start, N, rows, BLOCK_N), "evict_last")
            s += tl.sum(grad_term(y, dy, LOG), 0)
        for start in tl.range(0, N, BLOCK_N):
            mask = step_mask(start, N, rows, BLOCK_N)
            y, dy = step_pair(y_tile, dy_tile, start, y_stride_n, dy_stride_n, mask,
                              "evict_first")
            dx = grad_output(y, dy, s[None, :], LOG)
            tl.store(dx_tile + tl.cast(start, tl.int64) * dx_stride_n,
                     dx.to(dx_ptr.dtype.element_ty), mask=mask)


@triton.jit
def step_pair(y_tile, dy_tile, start, y_stride_n, dy_stride_n, mask, EVICTION: tl.constexpr):
    """y and dy at the step from position ``start``, in the compute dtype (masked: 0, which adds
    nothing to a sum); ``EVICTION`` as ``forward.chunk_pair`` and ``write_chunk`` choose it."""
    y = tl.load(y_tile + tl.cast(start, tl.int64) * y_stride_n, mask=mask, other=0.0,
                eviction_policy=EVICTION)
    dy = tl.load(dy_tile + tl.cast(start, tl.int64) * dy_stride_n, mask=mask, other=0.0,
                 eviction_policy=EVICTION)
    return to_compute(y), to_compute(dy)
