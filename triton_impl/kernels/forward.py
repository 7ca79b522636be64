"""Forward kernels: softmax and log-softmax of the rows of a (M, N) tensor.

Each kernel reads rows whose elements are contiguous (column stride 1) at any row stride (0 for an
expanded tensor), writes a contiguous output, and computes in float32 (float64 in float64). Row
offsets are 64-bit, so tensors of more than 2**31 elements are addressed correctly; offsets within
a row are 32-bit.

single_block_forward  the row (BLOCK_M rows at once for small N, and for float32 rows of one
                      warp each) on chip: one read, one write (2MN elements), or, read again
                      for the output (REREAD), a second read from the L2 (2MN from DRAM). A
                      persistent grid walks over row tiles; ``tl.range``'s pipelining issues
                      the next tile's loads while this one is reduced.
online_forward        BLOCK columns at a time: a first pass builds the online (max, normaliser)
                      pair, a second re-reads the row and writes it (3MN from DRAM at worst). A
                      grid smaller than M (each program walking rows) keeps the rows in flight
                      small enough that the second read is served by L2.
split_partials/       several programs share a row (for a few very wide rows, where one program per
split_forward         row would leave most of the GPU idle): each writes its chunk's partial pair
                      to a float32 workspace, then each merges its row's pairs and writes its chunk.
"""

import triton
import triton.language as tl

from .row_math import (compute_like, edge_rows, exp, exponent_base, known_multiple, lane_tile,
                       load_edges, load_tile, merge_pairs, online_update, per_row_of_plain_rows,
                       rescale, row_max, row_normaliser, row_pointer, row_window, softmax_output,
                       store_edges, tile_max, tile_rows, tile_step, tile_sum, to_compute)


@triton.jit
def chunk_pair(x_row, start, end, BLOCK: tl.constexpr, LANES: tl.constexpr, STAGES: tl.constexpr):
    """The (max, normaliser) pair of columns [start, end) of one row, read BLOCK at a time into
    LANES running pairs (see ``online_update``), merged at the end."""
    m = compute_like(tl.full([LANES], -float("inf"), tl.float32), x_row)
    d = compute_like(tl.zeros([LANES], tl.float32), x_row)
    tile = lane_tile(LANES, BLOCK)
    for block_start in tl.range(start, end, BLOCK, num_stages=STAGES):
        cols = block_start + tile
        # evict_last: the second pass reads this row again, ideally from L2
        x = tl.load(x_row + cols, mask=cols < end, other=-float("inf"), eviction_policy="evict_last")
        m, d = online_update(m, d, to_compute(x))
    return merge_pairs(m, d)


@triton.jit
def write_chunk(x_row, y_row, start, end, m, d, LOG: tl.constexpr, BLOCK: tl.constexpr,
                STAGES: tl.constexpr):
    """Write softmax of columns [start, end) given the row's pair, last block first.

    The first pass ended on the last blocks, so walking back hits the blocks most likely still in L2.
    """
    n_blocks = tl.cdiv(end - start, BLOCK)
    for i in tl.range(0, n_blocks, num_stages=STAGES):
        cols = start + (n_blocks - 1 - i) * BLOCK + tl.arange(0, BLOCK)
        mask = cols < end
        x = tl.load(x_row + cols, mask=mask, other=-float("inf"), eviction_policy="evict_first")
        y = softmax_output(to_compute(x), m, d, LOG)
        tl.store(y_row + cols, y.to(y_row.dtype.element_ty), mask=mask)


@triton.jit
def single_block_forward(
    x_ptr, y_ptr, M, N, x_row_stride, y_row_stride,
    BLOCK_M: tl.constexpr, BLOCK: tl.constexpr, TAIL: tl.constexpr, TAIL2: tl.constexpr,
    PASS: tl.constexpr, LOG: tl.constexpr, STAGES: tl.constexpr, MULTIPLE_OF: tl.constexpr,
    REREAD: tl.constexpr, WINDOW: tl.constexpr, EDGES: tl.constexpr, ONE_TILE: tl.constexpr,
):
    """BLOCK_M rows a tile, each held as BLOCK columns and, where TAIL > 0, a second tile of the
    TAIL columns after them, and where TAIL2 > 0 a third of the TAIL2 after those: a row of 8320
    as 8192 + 1024 rather than 16384, of 2816 as 2048 + 512 + 256 rather than 4096
    (``policy.Plan.tail``). Every tile is loaded before any is reduced, so that all of a row's
    bytes are in flight at once. PASS > 0 lays the tiles out rows by warps, PASS columns a pass
    of a row's threads (``row_math.load_tile``, ``policy.Plan.row_threads``). N and the row
    strides are multiples of MULTIPLE_OF (``row_math.known_multiple``), as in every kernel.
    WINDOW > 0: the rows are read from the 16-byte boundary that starts each one's body
    (``row_math.row_window``): the tiles hold each row's whole vectors, its edges are a fourth,
    narrow tile of its own layout (``row_math.edge_rows``), EDGES columns a row
    (``launch.edge_lanes``), whose (max, normaliser) pair is merged into the row's (through
    ``row_math.per_row``, or ``per_row_of_plain_rows`` where several rows share the plain
    layout).

    The tiles are loaded evict-last. REREAD (``policy.Plan.reread``): they are loaded again,
    evict-first, for the output, rather than held across the reductions: the second read comes
    from the L2, and nothing stays live across the reductions but the pair (and the edges,
    held). Every tile is read again before any is written, so that y may be x. The values read
    twice are the same, and so is every output bit. Without REREAD the evict-last hint has
    nothing to keep for, yet timed on an H200 against the L2's default policy (M·N = 2^27;
    results/h200/evict_last_forward_2026-11-30/) it ran 1.7-3.8 points of copy faster at every
    width timed from 390 up that is not a power of two (bfloat16 1000 95.9 -> 98.5%, 4100 94.8
    -> 98.6%; float32 1001 97.1 -> 100.1%, 6000 96.7 -> 100.0%); -0.5 to +1.4 at powers of two,
    -0.4 to +2.2 at 137-300 but for bfloat16 268, 1.0-1.5 slower (three calls). Nsight counted
    the same DRAM bytes either way, and 1.8-3.3% less kernel time at the four problems that
    gained (float32 1024 0.9% more); why the hint helps was not measured. Inputs loaded
    evict-last did not outlive the benchmarks' flush: a sum of the input after it read all its
    bytes from DRAM.

    The row's normaliser adds its tiles' sums narrowest first, each tile's a tree
    (``row_math.row_normaliser``). ``ONE_TILE``: the grid gives every tile of several rows
    exactly one program, and the loop over tiles compiles away (``row_math.tile_step``)."""
    tl.static_assert(TAIL2 == 0 or TAIL > 0, "a third tile (TAIL2) needs a second (TAIL)")
    FIRST: tl.constexpr = "evict_last"
    PLAIN_ROWS: tl.constexpr = PASS == 0 and BLOCK_M > 1
    N = known_multiple(N, MULTIPLE_OF)
    n_tiles = tl.cdiv(M, BLOCK_M)
    for tile in tl.range(tl.program_id(0), n_tiles, tile_step(n_tiles, ONE_TILE),
                         num_stages=STAGES):
        rows = tile_rows(tile, BLOCK_M, PASS)
        x_rows, lo, hi = row_window(x_ptr, rows, x_row_stride, N, MULTIPLE_OF, WINDOW, True)
        y_rows = row_window(y_ptr, rows, y_row_stride, N, MULTIPLE_OF, WINDOW, True)[0]
        x, cols, mask = load_tile(x_rows, rows, M, lo, hi, 0, BLOCK, PASS, FIRST, WINDOW)
        if TAIL > 0:
            x_tail, tail_cols, tail_mask = load_tile(x_rows, rows, M, lo, hi, BLOCK, TAIL, PASS,
                                                     FIRST, WINDOW)
        if TAIL2 > 0:
            x_tail2, tail2_cols, tail2_mask = load_tile(x_rows, rows, M, lo, hi, BLOCK + TAIL,
                                                        TAIL2, PASS, FIRST, WINDOW)
        if WINDOW > 0:
            e_rows = edge_rows(tile, BLOCK_M)
            x_edge, edge_cols, edge_mask = load_edges(x_ptr, e_rows, x_row_stride, M, N,
                                                      -float("inf"), MULTIPLE_OF, WINDOW, EDGES)
            x_edge = to_compute(x_edge)
        m = tile_max(x)
        if TAIL > 0:
            m = row_max(m, x_tail)
        if TAIL2 > 0:
            m = row_max(m, x_tail2)
        if WINDOW > 0:
            # the edges' own pair, merged into the row's (``row_math.rescale``)
            edge_max = tl.max(x_edge, 1)
            edge_sum = tl.sum(exp(x_edge - exponent_base(edge_max)[:, None]), 1)
            edge_max = per_row_of_plain_rows(edge_max, m, PLAIN_ROWS)
            m = tl.maximum(m, edge_max)
        if TAIL > 0 or WINDOW > 0:  # narrowest first
            d = 0.0
            if WINDOW > 0:
                d = rescale(per_row_of_plain_rows(edge_sum, m, PLAIN_ROWS), edge_max, m)
            if TAIL2 > 0:
                d = row_normaliser(d, x_tail2, m)
            if TAIL > 0:
                d = row_normaliser(d, x_tail, m)
            d = row_normaliser(d, x, m)
        else:
            d = tile_sum(exp(x - m))
        if REREAD:
            x = load_tile(x_rows, rows, M, lo, hi, 0, BLOCK, PASS, "evict_first", WINDOW)[0]
            if TAIL > 0:
                x_tail = load_tile(x_rows, rows, M, lo, hi, BLOCK, TAIL, PASS, "evict_first",
                                   WINDOW)[0]
            if TAIL2 > 0:
                x_tail2 = load_tile(x_rows, rows, M, lo, hi, BLOCK + TAIL, TAIL2, PASS,
                                    "evict_first", WINDOW)[0]
        if WINDOW > 0:
            store_edges(y_ptr, e_rows, y_row_stride, N, edge_cols, edge_mask,
                        softmax_output(x_edge, per_row_of_plain_rows(m, e_rows, PLAIN_ROWS),
                                       per_row_of_plain_rows(d, e_rows, PLAIN_ROWS), LOG),
                        MULTIPLE_OF, WINDOW)
        if TAIL2 > 0:
            store_output(y_rows, tail2_cols, tail2_mask, x_tail2, m, d, LOG)
        if TAIL > 0:
            store_output(y_rows, tail_cols, tail_mask, x_tail, m, d, LOG)
        y = softmax_output(x, m, d, LOG)
        tl.store(y_rows + cols, y.to(y_ptr.dtype.element_ty), mask=mask)


@triton.jit
def store_output(y_rows, cols, mask, x, m, d, LOG: tl.constexpr):
    """Write softmax (or log-softmax) of a tail tile ``x`` of rows whose pair is (m, d) (the
    body's store, written out, computes its values before its addresses: the order of the code
    timed, which the compiler's schedule follows)."""
    tl.store(y_rows + cols, softmax_output(x, m, d, LOG).to(y_rows.dtype.element_ty), mask=mask)


@triton.jit
def online_forward(x_ptr, y_ptr, M, N, x_row_stride, y_row_stride,
                   BLOCK: tl.constexpr, LANES: tl.constexpr, LOG: tl.constexpr,
                   STAGES: tl.constexpr, MULTIPLE_OF: tl.constexpr):
    N = known_multiple(N, MULTIPLE_OF)
    for row in tl.range(tl.program_id(0), M, tl.num_programs(0)):
        x_row = row_pointer(x_ptr, row, x_row_stride, MULTIPLE_OF)
        m, d = chunk_pair(x_row, 0, N, BLOCK, LANES, STAGES)
        y_row = row_pointer(y_ptr, row, y_row_stride, MULTIPLE_OF)
        write_chunk(x_row, y_row, 0, N, m, d, LOG, BLOCK, STAGES)


@triton.jit
def split_partials(x_ptr, pairs_ptr, N, x_row_stride, chunk, BLOCK: tl.constexpr,
                   LANES: tl.constexpr, STAGES: tl.constexpr, MULTIPLE_OF: tl.constexpr):
    """Chunk ``program_id(1)`` of row ``program_id(0)``: its pair into ``pairs[0|1, row, chunk]``."""
    N = known_multiple(N, MULTIPLE_OF)
    row, split, n_splits = tl.program_id(0), tl.program_id(1), tl.num_programs(1)
    start = split * chunk
    m, d = chunk_pair(row_pointer(x_ptr, row, x_row_stride, MULTIPLE_OF), start,
                      tl.minimum(start + chunk, N), BLOCK, LANES, STAGES)
    slot = row.to(tl.int64) * n_splits + split
    tl.store(pairs_ptr + slot, m)
    tl.store(pairs_ptr + tl.num_programs(0).to(tl.int64) * n_splits + slot, d)


@triton.jit
def split_forward(x_ptr, y_ptr, pairs_ptr, N, x_row_stride, y_row_stride, chunk,
                  SLOTS: tl.constexpr, BLOCK: tl.constexpr, LOG: tl.constexpr,
                  STAGES: tl.constexpr, MULTIPLE_OF: tl.constexpr):
    N = known_multiple(N, MULTIPLE_OF)
    row, split, n_splits = tl.program_id(0), tl.program_id(1), tl.num_programs(1)
    slots = tl.arange(0, SLOTS)
    first = row.to(tl.int64) * n_splits
    m_parts = tl.load(pairs_ptr + first + slots, mask=slots < n_splits, other=-float("inf"))
    d_parts = tl.load(pairs_ptr + tl.num_programs(0).to(tl.int64) * n_splits + first + slots,
                      mask=slots < n_splits, other=0.0)
    m, d = merge_pairs(m_parts, d_parts)
    start = split * chunk
    write_chunk(row_pointer(x_ptr, row, x_row_stride, MULTIPLE_OF),
                row_pointer(y_ptr, row, y_row_stride, MULTIPLE_OF), start,
                tl.minimum(start + chunk, N), m, d, LOG, BLOCK, STAGES)
