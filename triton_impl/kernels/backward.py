"""Backward kernels: dx from the forward output y and the incoming gradient dy.

softmax:      dx = y * (dy - sum(dy * y))
log-softmax:  dx = dy - exp(y) * sum(dy)

Every backward needs one reduction per row and then one elementwise pass, so the kernels mirror the
forward ones: single-block (y and dy held on chip, or read again from the L2 for dx: read 2MN
from DRAM, write MN), online multi-block (a first pass sums, a second re-reads y and dy: read
4MN, write MN) and split-row (partial sums per chunk to a float32 workspace, then each chunk
merges its row's sums and writes dx).
Masked lanes load y = dy = 0 and so add nothing to the sum.
"""

import triton
import triton.language as tl

from .row_math import (column_mask, compute_like, edge_rows, grad_output, grad_term,
                       known_multiple, lane_tile, load_edges, per_row, row_pointer, row_window,
                       store_edges, tile_step, to_compute, to_compute_again)


@triton.jit
def chunk_grad_sum(y_row, dy_row, start, end, LOG: tl.constexpr, BLOCK: tl.constexpr,
                   LANES: tl.constexpr, STAGES: tl.constexpr):
    """The sum of ``grad_term`` over columns [start, end) of one row, into LANES partial sums
    (each step's [BLOCK // LANES, LANES] tile summed over its first axis, as in the forward)."""
    acc = compute_like(tl.zeros([LANES], tl.float32), y_row)
    tile = lane_tile(LANES, BLOCK)
    for block_start in tl.range(start, end, BLOCK, num_stages=STAGES):
        cols = block_start + tile
        mask = cols < end
        y = tl.load(y_row + cols, mask=mask, other=0.0, eviction_policy="evict_last")
        dy = tl.load(dy_row + cols, mask=mask, other=0.0, eviction_policy="evict_last")
        acc += tl.sum(grad_term(to_compute(y), to_compute(dy), LOG), 0)
    return tl.sum(acc, 0)


@triton.jit
def write_grad_chunk(y_row, dy_row, dx_row, start, end, s, LOG: tl.constexpr, BLOCK: tl.constexpr,
                     STAGES: tl.constexpr):
    """Write dx over columns [start, end) given the row sum ``s``, last block first (see forward)."""
    n_blocks = tl.cdiv(end - start, BLOCK)
    for i in tl.range(0, n_blocks, num_stages=STAGES):
        cols = start + (n_blocks - 1 - i) * BLOCK + tl.arange(0, BLOCK)
        mask = cols < end
        y = tl.load(y_row + cols, mask=mask, other=0.0, eviction_policy="evict_first")
        dy = tl.load(dy_row + cols, mask=mask, other=0.0, eviction_policy="evict_first")
        dx = grad_output(to_compute(y), to_compute(dy), s, LOG)
        tl.store(dx_row + cols, dx.to(dx_row.dtype.element_ty), mask=mask)


@triton.jit
def load_rows(ptr, rows, row_stride, cols, mask, POLICY: tl.constexpr, MULTIPLE_OF: tl.constexpr,
              WINDOW: tl.constexpr):
    """A tile of rows ``rows`` (a column) and columns ``cols`` (a row) of a tensor, as stored, 0
    where masked, each row read from ``row_math.row_window``'s start (its body's); ``POLICY``:
    the load's eviction policy ("" for the L2's default)."""
    start = row_window(ptr, rows, row_stride, 0, MULTIPLE_OF, WINDOW, True)[0]
    return tl.load(start + cols, mask=mask, other=0.0, eviction_policy=POLICY)


@triton.jit
def store_rows(ptr, rows, row_stride, cols, mask, values, MULTIPLE_OF: tl.constexpr,
               WINDOW: tl.constexpr):
    """Write ``values`` to the tile that ``load_rows`` reads."""
    tl.store(row_window(ptr, rows, row_stride, 0, MULTIPLE_OF, WINDOW, True)[0] + cols,
             values.to(ptr.dtype.element_ty), mask=mask)


@triton.jit
def load_pair(y_ptr, dy_ptr, rows, y_row_stride, dy_row_stride, cols, mask, POLICY: tl.constexpr,
              MULTIPLE_OF: tl.constexpr, WINDOW: tl.constexpr):
    """y and dy over the same tile (``load_rows``)."""
    return (load_rows(y_ptr, rows, y_row_stride, cols, mask, POLICY, MULTIPLE_OF, WINDOW),
            load_rows(dy_ptr, rows, dy_row_stride, cols, mask, POLICY, MULTIPLE_OF, WINDOW))


@triton.jit
def tile_grad(y, dy, s, LOG: tl.constexpr, HELD_AS_LOADED: tl.constexpr, ASM: tl.constexpr):
    """dx over a tile of y and dy as ``single_block_backward`` holds them."""
    if HELD_AS_LOADED:
        return grad_output(to_compute_again(y, ASM), to_compute_again(dy, ASM), s, LOG)
    else:
        return grad_output(to_compute(y), to_compute(dy), s, LOG)


@triton.jit
def single_block_backward(
    y_ptr, dy_ptr, dx_ptr, M, N, y_row_stride, dy_row_stride, dx_row_stride,
    BLOCK_M: tl.constexpr, BLOCK: tl.constexpr, TAIL: tl.constexpr, LOG: tl.constexpr,
    STAGES: tl.constexpr, HELD_AS_LOADED: tl.constexpr, REREAD: tl.constexpr, ASM: tl.constexpr,
    MULTIPLE_OF: tl.constexpr, WINDOW: tl.constexpr, ONE_TILE: tl.constexpr,
):
    """BLOCK_M rows a tile, each held as BLOCK columns and, where TAIL > 0, a second tile of the
    TAIL columns after them (``policy.Plan.tail``: a row of 34 as 32 + 2 rather than 64, as
    ``forward.single_block_forward`` holds its rows). ``HELD_AS_LOADED``: y and dy stay as loaded
    across the row sum and are converted to the compute dtype for it and again for dx
    (``row_math.to_compute_again``; ``ASM``: compiled, not interpreted), so that a 16-bit tile
    holds half the registers (``policy.SINGLE_BLOCK_HELD_AS_LOADED_FROM_COLS``); else they are
    converted once. ``REREAD``: y and dy are loaded evict-last for the sum and loaded again,
    evict-first, for dx, rather than held (as ``forward.single_block_forward``'s REREAD; every
    tile again before any dx is written, which may be dy). ``WINDOW`` > 0: the rows are read
    from the 16-byte boundary that starts each one's body (``row_math.row_window``; the three
    tensors share its shift), their edges a narrow tile of their own, held, in a layout of
    their own (``row_math.edge_rows``), whose sum is added to the body's. ``ONE_TILE``: a
    program a tile, as in the forward."""
    N = known_multiple(N, MULTIPLE_OF)
    FIRST: tl.constexpr = "evict_last" if REREAD else ""
    cols = tl.arange(0, BLOCK)[None, :]
    n_tiles = tl.cdiv(M, BLOCK_M)
    for tile in tl.range(tl.program_id(0), n_tiles, tile_step(n_tiles, ONE_TILE),
                         num_stages=STAGES):
        rows = (tile * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)[:, None]
        _, lo, hi = row_window(y_ptr, rows, y_row_stride, N, MULTIPLE_OF, WINDOW, True)
        mask = (rows < M) & column_mask(cols, lo, hi, WINDOW)
        y, dy = load_pair(y_ptr, dy_ptr, rows, y_row_stride, dy_row_stride, cols, mask, FIRST,
                          MULTIPLE_OF, WINDOW)
        if TAIL > 0:
            tail_cols = BLOCK + tl.arange(0, TAIL)[None, :]
            tail_mask = (rows < M) & column_mask(tail_cols, lo, hi, WINDOW)
            y_tail, dy_tail = load_pair(y_ptr, dy_ptr, rows, y_row_stride, dy_row_stride,
                                        tail_cols, tail_mask, FIRST, MULTIPLE_OF, WINDOW)
        if WINDOW > 0:
            e_rows = edge_rows(tile, BLOCK_M)
            y_edge, edge_cols, edge_mask = load_edges(y_ptr, e_rows, y_row_stride, M, N, 0.0,
                                                      MULTIPLE_OF, WINDOW, 2 * WINDOW)
            dy_edge = load_edges(dy_ptr, e_rows, dy_row_stride, M, N, 0.0, MULTIPLE_OF,
                                 WINDOW, 2 * WINDOW)[0]
            y_edge, dy_edge = to_compute(y_edge), to_compute(dy_edge)
        s = tl.sum(grad_term(to_compute(y), to_compute(dy), LOG), 1)[:, None]
        if TAIL > 0:
            s += tl.sum(grad_term(to_compute(y_tail), to_compute(dy_tail), LOG), 1)[:, None]
        if WINDOW > 0:
            s += per_row(tl.sum(grad_term(y_edge, dy_edge, LOG), 1), s)
        if REREAD:
            y, dy = load_pair(y_ptr, dy_ptr, rows, y_row_stride, dy_row_stride, cols, mask,
                              "evict_first", MULTIPLE_OF, WINDOW)
            if TAIL > 0:
                y_tail, dy_tail = load_pair(y_ptr, dy_ptr, rows, y_row_stride, dy_row_stride,
                                            tail_cols, tail_mask, "evict_first", MULTIPLE_OF,
                                            WINDOW)
        if WINDOW > 0:
            store_edges(dx_ptr, e_rows, dx_row_stride, N, edge_cols, edge_mask,
                        grad_output(y_edge, dy_edge, per_row(s, e_rows), LOG), MULTIPLE_OF,
                        WINDOW)
        if TAIL > 0:
            store_rows(dx_ptr, rows, dx_row_stride, tail_cols, tail_mask,
                       tile_grad(y_tail, dy_tail, s, LOG, HELD_AS_LOADED, ASM), MULTIPLE_OF,
                       WINDOW)
        store_rows(dx_ptr, rows, dx_row_stride, cols, mask,
                   tile_grad(y, dy, s, LOG, HELD_AS_LOADED, ASM), MULTIPLE_OF, WINDOW)


@triton.jit
def online_backward(y_ptr, dy_ptr, dx_ptr, M, N, y_row_stride, dy_row_stride, dx_row_stride,
                    BLOCK: tl.constexpr, LANES: tl.constexpr, LOG: tl.constexpr,
                    STAGES: tl.constexpr, MULTIPLE_OF: tl.constexpr):
    N = known_multiple(N, MULTIPLE_OF)
    for row in tl.range(tl.program_id(0), M, tl.num_programs(0)):
        y_row = row_pointer(y_ptr, row, y_row_stride, MULTIPLE_OF)
        dy_row = row_pointer(dy_ptr, row, dy_row_stride, MULTIPLE_OF)
        s = chunk_grad_sum(y_row, dy_row, 0, N, LOG, BLOCK, LANES, STAGES)
        dx_row = row_pointer(dx_ptr, row, dx_row_stride, MULTIPLE_OF)
        write_grad_chunk(y_row, dy_row, dx_row, 0, N, s, LOG, BLOCK, STAGES)


@triton.jit
def split_grad_partials(y_ptr, dy_ptr, sums_ptr, N, y_row_stride, dy_row_stride, chunk,
                        BLOCK: tl.constexpr, LANES: tl.constexpr, LOG: tl.constexpr,
                        STAGES: tl.constexpr, MULTIPLE_OF: tl.constexpr):
    N = known_multiple(N, MULTIPLE_OF)
    row, split, n_splits = tl.program_id(0), tl.program_id(1), tl.num_programs(1)
    start = split * chunk
    s = chunk_grad_sum(row_pointer(y_ptr, row, y_row_stride, MULTIPLE_OF),
                       row_pointer(dy_ptr, row, dy_row_stride, MULTIPLE_OF),
                       start, tl.minimum(start + chunk, N), LOG, BLOCK, LANES, STAGES)
    tl.store(sums_ptr + row.to(tl.int64) * n_splits + split, s)


@triton.jit
def split_backward(y_ptr, dy_ptr, dx_ptr, sums_ptr, N, y_row_stride, dy_row_stride, dx_row_stride,
                   chunk, SLOTS: tl.constexpr, BLOCK: tl.constexpr, LOG: tl.constexpr,
                   STAGES: tl.constexpr, MULTIPLE_OF: tl.constexpr):
    N = known_multiple(N, MULTIPLE_OF)
    row, split, n_splits = tl.program_id(0), tl.program_id(1), tl.num_programs(1)
    slots = tl.arange(0, SLOTS)
    parts = tl.load(sums_ptr + row.to(tl.int64) * n_splits + slots, mask=slots < n_splits,
                    other=0.0)
    start = split * chunk
    write_grad_chunk(row_pointer(y_ptr, row, y_row_stride, MULTIPLE_OF),
                     row_pointer(dy_ptr, row, dy_row_stride, MULTIPLE_OF),
                     row_pointer(dx_ptr, row, dx_row_stride, MULTIPLE_OF), start,
                     tl.minimum(start + chunk, N), tl.sum(parts, 0), LOG, BLOCK, STAGES)
