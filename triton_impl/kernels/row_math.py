"""Row arithmetic shared by every softmax kernel.

Arithmetic is done in the input's compute dtype (``to_compute``; the table is ``reference.dtypes``):
float32 for float16, bfloat16 and float32, float64 for float64. float32 exponentials use ``exp2``
with the argument scaled by log2(e): ``exp(z) == exp2(z * log2(e))``, and ``exp2`` is the GPU's
native instruction. float64 ones use ``exp`` itself (see ``exp``).

The online normaliser
---------------------
For a row x, softmax needs m = max(x) and d = sum(exp(x - m)). Both can be built in one pass: keep a
running pair (m, d) and, on meeting a new value x,

    m' = max(m, x)
    d' = d * exp(m - m') + exp(x - m')

The rescale ``exp(m - m')`` moves the old sum onto the new max, so the pair is exact at every step.
Two partial pairs (m1, d1), (m2, d2) over disjoint parts of a row merge the same way:
m = max(m1, m2), d = d1 exp(m1 - m) + d2 exp(m2 - m). Kernels keep one pair per lane of a block
(vectorised), merge the lanes at the end of the row, and split-row kernels merge per-chunk pairs.

Infinities and NaN, the same as torch.softmax
---------------------------------------------
A pair that has seen nothing but -inf (masked padding lanes, or attention-masked entries) has
m = -inf and d = 0, and its rescale would be 0 * exp(-inf - -inf) = 0 * NaN. ``rescale`` keeps an
empty pair empty instead, so a row's -inf entries contribute exactly 0. It tests d == 0 rather than
m == -inf on purpose: a lane whose only value was NaN may keep m = -inf (the hardware max ignores
NaN) while its d is NaN, and that NaN must reach the row's normaliser. The results follow torch:
a NaN anywhere in a row, or a +inf (exp(inf - inf) is NaN), makes the whole row NaN, and a row that
is all -inf gives NaN (its x - m is -inf - -inf).
"""

import triton
import triton.language as tl

LOG2E: tl.constexpr = tl.constexpr(1.4426950408889634)


@triton.jit
def known_multiple(n, MULTIPLE_OF: tl.constexpr):
    """``n``, which the launch guarantees to be a multiple of ``MULTIPLE_OF``, written so that
    the compiler knows it too. Every kernel takes N and its row strides through it.

    A load of a row's columns becomes one 16-byte vector instruction a thread only where the
    compiler can prove that each vector starts 16-byte aligned (the row's start: its stride
    times the row) and is masked all or nothing (the mask's edge: N). Triton specialises every
    integer argument on one fact, whether it is a multiple of 16; a row of 1000 float32 (a
    multiple of 8) or of 4100 bfloat16 (of 4) would load its values one at a time, with more
    registers for their addresses. ``n // k * k`` is ``n`` when k divides it, and the
    compiler's analysis of the multiplication sees a multiple of k. (``tl.multiple_of`` marks
    tensors: on a scalar argument Triton 3.6 compiled the same scalar loads.) The launch passes
    1 where every integer is a multiple of 16 already (``launch.known_multiple_of``), so the code
    compiled for those rows is unchanged. Under the interpreter the division runs: a wrong
    guarantee would fail the tests there, not pass silently."""
    if MULTIPLE_OF > 1:
        return n // MULTIPLE_OF * MULTIPLE_OF
    else:
        return n


@triton.jit
def row_pointer(ptr, row, row_stride, MULTIPLE_OF: tl.constexpr):
    """Start of row ``row`` (or of each of a tile's rows); 64-bit, so that tensors past 2**31
    elements are addressed right. ``row_stride`` is a multiple of MULTIPLE_OF
    (``known_multiple``)."""
    return ptr + tl.cast(row, tl.int64) * known_multiple(row_stride, MULTIPLE_OF)


@triton.jit
def row_window(ptr, row, row_stride, N, MULTIPLE_OF: tl.constexpr, WINDOW: tl.constexpr,
               FROM_BODY: tl.constexpr):
    """(start, lo, hi): where a program reads row ``row`` (or each of a tile's rows) from, and
    the columns ``lo`` to ``hi`` of that start that are the row's.

    ``WINDOW`` 0: the row's own start (``row_pointer``), columns 0 to N. ``WINDOW`` > 0, the
    elements of a 16-byte vector, for rows that are not whole vectors (N not a multiple of
    them; the launch passes it where every row stride is the same and every tensor 16-byte
    aligned, ``launch.window_elements``): a 16-byte boundary, so that the row holds columns
    lo to hi = lo + N of it, and tensors of the same row stride share lo. Read from there, the
    whole vectors of a row that lie inside it (its body, ``column_mask``) load as one 16-byte
    instruction each, where from the row's own start the compiler can prove no alignment and
    loads value by value (or in the vectors N's largest power of two allows,
    ``known_multiple``); the few columns of the row's first and last vectors that share them
    with a neighbouring row are read alone (``row_edges``). No column outside the row is loaded
    or stored.

    Which boundary: the one before the row's start (lo = start % WINDOW, from 0 to WINDOW - 1),
    where a row's programs share it out in blocks from column 0 (the cooperative kernel: its
    first block holds the row's first columns); or, ``FROM_BODY``, the first at or after it, the
    start of the row's body (lo from 1 - WINDOW to 0, the columns before the body negative),
    where a tile holds the body alone and the edges are a tile of their own (the single-block
    kernels): a tile of columns 0 to B then holds a body of up to B columns, and a row of 4100
    bfloat16, whose body is at most 4096, fits a tile of 4096 where from the boundary before
    its start it needs 4104."""
    if WINDOW > 0:
        start = tl.cast(row, tl.int64) * row_stride
        if FROM_BODY:
            aligned = (start + WINDOW - 1) // WINDOW * WINDOW
        else:
            aligned = start // WINDOW * WINDOW
        lo = (start - aligned).to(tl.int32)
        return ptr + aligned, lo, N + lo
    else:
        return row_pointer(ptr, row, row_stride, MULTIPLE_OF), 0, N


@triton.jit
def body_bounds(lo, hi, WINDOW: tl.constexpr):
    """The columns of a windowed row (``row_window``) in whole vectors: from the first vector
    boundary at or after ``lo`` to the last at or before ``hi`` (none where the second is the
    smaller), multiples of WINDOW that the compiler sees as such. Neither division's operand is
    negative (Triton's integer division truncates, Python's floors): ``lo`` > -WINDOW, and
    ``hi`` = lo + N > 0, since only rows wider than a vector are read through a single-block
    window (``policy.reads_in_window``) and a cooperative one has lo >= 0."""
    return (lo + WINDOW - 1) // WINDOW * WINDOW, hi // WINDOW * WINDOW


@triton.jit
def column_mask(cols, lo, hi, WINDOW: tl.constexpr):
    """The columns of ``cols`` a program's vectors load and store: below ``hi`` (``WINDOW`` 0),
    or the whole vectors from ``lo`` to ``hi`` (``row_window``), bounds the compiler sees are
    multiples of WINDOW, so that each vector's mask is all or nothing."""
    if WINDOW > 0:
        first, last = body_bounds(lo, hi, WINDOW)
        return (cols >= first) & (cols < last)
    else:
        return cols < hi


@triton.jit
def row_edges(lo, hi, WINDOW: tl.constexpr, LANES: tl.constexpr):
    """The columns of a windowed row that its body (``column_mask``) leaves out: those before its
    first whole vector and after its last, fewer than WINDOW each, as LANES columns (2 * WINDOW
    of them the edges, any more masked off) and their mask; [LANES] for one row, and for a
    tile's rows (``lo`` and ``hi`` of shape [rows, 1]) the same with that last axis.

    More lanes than edges: a single-block forward of one row a program takes a value a thread
    (``launch.edge_lanes``, which says why)."""
    e = tl.arange(0, LANES)
    body_lo, body_hi = body_bounds(lo, hi, WINDOW)
    body_hi = tl.maximum(body_hi, body_lo)
    head = e < WINDOW
    cols = tl.where(head, lo + e, body_hi + e - WINDOW)
    tail = cols < hi
    if LANES > 2 * WINDOW:
        tail = tail & (e < 2 * WINDOW)
    return cols, tl.where(head, cols < tl.minimum(body_lo, hi), tail)


@triton.jit
def to_compute(x):
    """``x`` in its compute dtype: float64 stays float64, every other float becomes float32 (the
    table: ``reference.dtypes``). The test is on a dtype, so it is decided at compile time."""
    if x.dtype == tl.float64:
        return x
    else:
        return x.to(tl.float32)


@triton.jit
def to_compute_again(x, ASM: tl.constexpr):
    """``to_compute(x)`` once more, for a value held across a wait and converted on both sides.

    The compiler merges two identical conversions of one value into one, and then keeps the
    converted float32 copy alive across the wait: for a 16-bit row, twice the registers of the
    value as loaded, so fewer programs fit on a multiprocessor and fewer bytes are in flight. So
    the second conversion is written in a form that is not the first one's, and the 16-bit value
    is what stays in registers. For bfloat16 the conversion is exact as bits (a bfloat16 is the
    top half of a float32). float16 has no such form: compiled (``ASM``), it is the same
    ``cvt.f32.f16`` as inline PTX, which the compiler may not merge; under the interpreter, which
    runs no PTX and keeps no registers, the plain conversion. float32 and float64 need none."""
    if x.dtype == tl.bfloat16:
        bits = x.to(tl.uint16, bitcast=True).to(tl.uint32) << 16
        return bits.to(tl.float32, bitcast=True)
    elif x.dtype == tl.float16 and ASM:
        return tl.inline_asm_elementwise("cvt.f32.f16 $0, $1;", "=r,h", [x], dtype=tl.float32,
                                         is_pure=False, pack=1)
    else:
        return to_compute(x)


@triton.jit
def compute_like(v, ptr):
    """``v``, a float32 constant (an accumulator's start), in the compute dtype of ``ptr``'s
    elements. (Not ``tl.full(..., bfloat16)`` then ``to_compute``: the interpreter has no
    bfloat16 constants; nor a constexpr function, which older Triton lacks.)"""
    if ptr.dtype.element_ty == tl.float64:
        return v.to(tl.float64)
    else:
        return v


@triton.jit
def exp(z):
    """exp(z), as ``exp2`` in float32. Not in float64: rounding z * log2(e) errs by |z| / 2 ulps
    of the result, and float64 arguments reach |z| ~ 745 before exp underflows (float32 ~ 87)."""
    if z.dtype == tl.float64:
        return tl.exp(z)
    else:
        return tl.exp2(z * LOG2E)


@triton.jit
def rescale(d, m_old, m_new):
    """``d * exp(m_old - m_new)``, except that an empty normaliser (d == 0) stays 0."""
    return tl.where(d == 0.0, 0.0, d * exp(m_old - m_new))


@triton.jit
def online_update(m, d, x):
    """Fold a tile ``x`` of shape [S, LANES] into running pairs ``(m, d)`` of shape [LANES].

    Each lane takes the max of its S new values first, so one step costs one exp per element plus
    one rescale per lane: S = 8 spends 1.125 exps per element where S = 1 (a pair per value) spends
    two, and the pairs take 2 * LANES registers rather than 2 * S * LANES. -inf values add nothing.
    """
    m_new = tl.maximum(m, tl.max(x, 0))
    p = tl.where(x == -float("inf"), 0.0, exp(x - m_new[None, :]))
    return m_new, rescale(d, m, m_new) + tl.sum(p, 0)


@triton.jit
def lane_tile(LANES: tl.constexpr, BLOCK: tl.constexpr):
    """Offsets of BLOCK consecutive columns as a [BLOCK // LANES, LANES] tile (row-major), so that
    a reduction over axis 0 stays within each thread when the threads' vectors span LANES."""
    return tl.arange(0, BLOCK // LANES)[:, None] * LANES + tl.arange(0, LANES)[None, :]


@triton.jit
def block_exponentials(x):
    """A block's (1-D) max m and its exponentials exp(x - m), whose sum is the block's normaliser;
    ``x`` as loaded, m and the exponentials in the compute dtype.

    ``tl.max`` converts 16-bit values to float32 itself, and the exponentials reuse that
    conversion: compiled for sm_90 (bfloat16, 16384 columns, 8 warps), the converted block is
    what stays in registers, not the block as loaded. A max taken in bfloat16 by select kept
    more live, not less (results/h100/cooperative_2026-11-23/experiments_b/).

    -inf values give exp(-inf) = 0 with no test per element: only a block whose max is itself
    -inf (all -inf) would give -inf - -inf = NaN, so its exponentials are taken against 0
    instead, all 0: the empty pair (-inf, 0). NaN and +inf propagate as in ``rescale``.
    """
    m = to_compute(tl.max(x, 0))
    return m, exp(to_compute(x) - exponent_base(m))


@triton.jit
def exponent_base(m):
    """What a block's exponentials are taken against, given its max ``m``: ``m``, or 0 when the
    block is all -inf (see ``block_exponentials``)."""
    return tl.where(m == -float("inf"), 0.0, m)


@triton.jit
def merge_pairs(m, d):
    """Merge a vector of (max, normaliser) pairs, lanes or chunks of one row, into one pair."""
    m_row = tl.max(m, 0)
    return m_row, tl.sum(rescale(d, m, m_row), 0)


@triton.jit
def softmax_output(x, m, d, LOG: tl.constexpr):
    """softmax (or log-softmax) of ``x`` given its row's max ``m`` and normaliser ``d``.

    ``m`` and ``d`` broadcast against ``x``. The caller passes ``d`` already reduced, so each
    element costs one exp and one multiply (no divide).
    """
    if LOG:
        return (x - m) - tl.log(d)
    else:
        return exp(x - m) * (1.0 / d)


@triton.jit
def tile_step(n_tiles, ONE_TILE: tl.constexpr):
    """The step of a single-block program's loop over row tiles, from its own tile
    (``tl.program_id``) to ``n_tiles``: the grid's size, where each program walks several tiles,
    or, ``ONE_TILE`` (a grid of exactly a program a tile of several rows, ``launch.launches``),
    ``n_tiles`` itself, so that the loop ends after its first pass and the compiler, which can
    prove it (cdiv(M, rows) cannot overflow a 32-bit program id added to it), drops the loop. It
    then computes a tile's row offsets once, as the base of the tile plus each row's stride,
    where inside a loop of unknown length it multiplied every row's 64-bit index by the stride
    again (compiled for sm_90, the policy's bfloat16 backward of 25 columns, 16 rows in one warp:
    584 SASS instructions against 768 with the loop). Timed on an H200 against the loop of the
    grid's step, a probe kernel otherwise the same ran 20.6 points of copy faster there, the
    float32 backward of 9 and 11 20.3 and 17.0 (32 rows in two warps;
    results/h200/narrow_codegen_2026-12-01/). A launch of no rows keeps the grid's step: a step
    of 0 tiles is no step.

    Tiles of one row keep the grid's step (``launch.launches``). There ``n_tiles`` is M, the
    compiler kept the loop with a step of ``n_tiles``, and the bfloat16 backward of 16384 columns
    (one row a program in 32 warps) ran 98.1-98.7% of copy against 100.7-101.8% with the grid's
    step. Ending the loop at the tile after the program's own dropped it there (100.6%), but lost
    wherever several rows share a tile (the compiler kept more 64-bit arithmetic: the float32
    forward of 10 84.6% against 97.6%), and its float32 seeds' grid (M = 4096) moved by -3.9 to
    +3.9 points by width, as much as that grid moves between two runs of the same code (1408
    and 1664, tiles of two rows: -3.2 and -3.1); calls of results/h200/capacity_2026-12-01/. The
    grid's step is what the one-row plans were tuned with."""
    if ONE_TILE:
        return n_tiles
    else:
        return tl.num_programs(0)


@triton.jit
def tile_rows(tile, BLOCK_M: tl.constexpr, PASS: tl.constexpr):
    """Indices of tile ``tile``'s BLOCK_M rows (64-bit), shaped as the first axis of its tiles
    (``load_tile``): ``[BLOCK_M, 1]``, or ``[BLOCK_M, 1, 1]`` where PASS > 0."""
    rows = (tile * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    if PASS > 0:
        return rows[:, None, None]
    else:
        return rows[:, None]


@triton.jit
def load_tile(x_rows, rows, M, lo, hi, START, WIDTH: tl.constexpr, PASS: tl.constexpr,
              POLICY: tl.constexpr, WINDOW: tl.constexpr):
    """Columns [START, START + WIDTH) of a tile's rows (``x_rows``: where each row is read from;
    ``rows``: their indices, both shaped by ``tile_rows``; ``lo``, ``hi``: the columns that are
    each row's, ``row_window``), in the compute dtype, -inf outside ``column_mask`` and past M;
    with the columns and the mask, for the store. POLICY: the load's eviction policy ("" for
    the L2's default).

    PASS = 0: a [rows, WIDTH] tile, which Triton lays out with its warps side by side along the
    columns, so that a row's max and sum meet across warps through shared memory. PASS > 0: a
    [rows, WIDTH // PASS, PASS] tile, column ``k * PASS + j`` of a row at [row, k, j]. PASS
    columns are one pass of the threads a row is given (``Plan.row_threads``, a 16-byte vector
    each), and Triton lays such a tile out rows by warps, its threads along the last axis, each
    holding its vector of every pass (compiled for sm_90: 4 rows of 1024 float32 in 4 warps take
    no shared memory and no barrier): a row's reductions stay within its threads, shuffles only
    when they are one warp, as QuACK gives a row one warp."""
    if PASS > 0:
        tl.static_assert(WIDTH % PASS == 0, "a tile is whole passes of its row's threads")
        cols = START + (tl.arange(0, WIDTH // PASS)[:, None] * PASS
                        + tl.arange(0, PASS)[None, :])[None, :, :]
        mask = (rows < M) & column_mask(cols, lo, hi, WINDOW)
    elif WINDOW > 0:
        cols = (START + tl.arange(0, WIDTH))[None, :]
        mask = (rows < M) & column_mask(cols, lo, hi, WINDOW)
    else:  # masked in 1-D before it is expanded: the form the runs timed (a shared
        # [1, WIDTH] mask compiles to other SASS; benchmarks/gpu_code_digest.py)
        cols = START + tl.arange(0, WIDTH)
        mask = (rows < M) & (cols < hi)[None, :]
        cols = cols[None, :]
    x = tl.load(x_rows + cols, mask=mask, other=-float("inf"), eviction_policy=POLICY)
    return to_compute(x), cols, mask


@triton.jit
def edge_rows(tile, BLOCK_M: tl.constexpr):
    """The indices of tile ``tile``'s rows for their ``row_edges`` (64-bit, [BLOCK_M, 1]), made
    afresh rather than taken from the body's tiles: tensors derived from those carry the
    body's layout, in which a narrow tile is replicated over every thread (compiled for sm_90,
    a bfloat16 tile of 2 x 1024 in 4 warps loaded its 32 edge values 16 to a thread, then went
    through shared memory to store them)."""
    return (tile * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)[:, None]


@triton.jit
def load_edges(ptr, rows, row_stride, M, N, other: tl.constexpr, MULTIPLE_OF: tl.constexpr,
               WINDOW: tl.constexpr, LANES: tl.constexpr):
    """The ``row_edges`` of rows ``rows`` (``edge_rows``), [BLOCK_M, LANES], as stored,
    ``other`` where masked; with their columns and mask, for ``store_edges``."""
    start, lo, hi = row_window(ptr, rows, row_stride, N, MULTIPLE_OF, WINDOW, True)
    cols, mask = row_edges(lo, hi, WINDOW, LANES)
    mask = mask & (rows < M)
    return tl.load(start + cols, mask=mask, other=other), cols, mask


@triton.jit
def store_edges(ptr, rows, row_stride, N, cols, mask, values, MULTIPLE_OF: tl.constexpr,
                WINDOW: tl.constexpr):
    """Write ``values`` to the edges that ``load_edges`` read."""
    start = row_window(ptr, rows, row_stride, N, MULTIPLE_OF, WINDOW, True)[0]
    tl.store(start + cols, values.to(ptr.dtype.element_ty), mask=mask)


@triton.jit
def per_row(values, like):
    """Values one a row, [BLOCK_M] or shaped as a tile's, shaped as ``like``: a tile's
    ([BLOCK_M, 1] or [BLOCK_M, 1, 1]) or its edges' ([BLOCK_M, 1]). Several rows through the
    1-D form: the compiler then moves these few values between the body's layout and the edges'
    (``edge_rows``), where, handed the same values, it rematerialised the edges in the body's.
    One row (BLOCK_M = 1) through a scalar, which has no layout to move: through the 1-D form
    the compiler still loaded and reduced a forward's edges again in the body's layout, each
    thread 8 of their 16 values where it holds more than one warp (compiled for sm_90, bfloat16
    4097 in 4 warps through a window: 9 scalar loads, 42 exp2 and 95 registers a thread; so,
    1, 35 and 56; the backward's code, which reduces its edges to a sum alone, the same)."""
    if like.shape[0] == 1:
        return tl.broadcast_to(tl.max(tl.reshape(values, [1]), 0), like.shape)
    else:
        return tl.reshape(tl.reshape(values, [like.shape[0]]), like.shape)


@triton.jit
def per_row_of_plain_rows(values, like, PLAIN_ROWS: tl.constexpr):
    """``per_row``, but where a forward tile holds several rows in the plain layout (PLAIN_ROWS:
    ``load_tile``'s PASS = 0, BLOCK_M > 1) the values one a row stay in their own layout,
    expanded ([BLOCK_M] -> [BLOCK_M, 1]), and the compiler moves them where they meet the
    other's. Through the 1-D form's reshape the compiler moved the whole body into the
    reshape's layout instead, every thread computing much of it (compiled for sm_90, bfloat16
    257 as 4 x 256 in one warp: 548 exp2 and 3432 bytes of spills a thread; expanded, 38 and
    none). In more warps the expanded form can load the edges in the body's layout (4 x 256 in
    4 warps: 24 scalar loads and 33 exp2 a thread against 9 and 18), so the policy's such tiles
    (the 16-bit narrow forwards of ``policy.WINDOWED_ROW_TILES`` and
    ``WINDOWED_TAILED_ROW_TILES``) are one warp's, but for 8 x 128 in two (2 scalar loads
    and 22 exp2 a thread, 16 values). The backward and the tiles laid out rows by warps keep
    ``per_row``."""
    if PLAIN_ROWS:
        if len(values.shape) == 1:
            return values[:, None]
        else:
            return values
    else:
        return per_row(values, like)


@triton.jit
def tile_max(x):
    """Each row's max over a tile of rows (``load_tile``), shaped to broadcast against it. In a
    tile of passes each thread first takes the max of its own values, then the row's threads."""
    if len(x.shape) == 3:
        return tl.max(tl.max(x, 1), 1)[:, None, None]
    else:
        return tl.max(x, 1)[:, None]


@triton.jit
def row_max(m, x):
    """The rows' max ``m`` so far taken over one more tile ``x`` of them."""
    return tl.maximum(m, tile_max(x))


@triton.jit
def tile_sum(x):
    """Each row's sum over a tile of rows, shaped as ``tile_max``: a tree, in a tile of passes
    over each thread's own values first, then over the row's threads."""
    if len(x.shape) == 3:
        return tl.sum(tl.sum(x, 1), 1)[:, None, None]
    else:
        return tl.sum(x, 1)[:, None]


@triton.jit
def row_normaliser(d, x, m):
    """The rows' normaliser ``d`` so far (0.0 at first) with one more tile ``x``'s
    exponentials against the rows' max ``m``: each tile's sum a tree, the tiles added one by
    one. Adding the narrowest tiles first keeps the sum a tree no deeper than one over the
    row's power of two (2048 + 512 + 256: the two tails' sums, 10 levels, then the block's, 12),
    which is the order the tolerance policy's "tree" bounds."""
    return d + tile_sum(exp(x - m))


@triton.jit
def grad_term(y, dy, LOG: tl.constexpr):
    """What the backward sums over a row: dy * y for softmax, dy for log-softmax.

    softmax's Jacobian is diag(y) - y y^T, so dx = y * (dy - sum(dy * y)). log-softmax's is
    I - 1 softmax(x)^T, so dx = dy - exp(y) * sum(dy) (y is the log-softmax output).
    """
    if LOG:
        return dy
    else:
        return dy * y


@triton.jit
def grad_output(y, dy, s, LOG: tl.constexpr):
    """dx from the forward output ``y``, the incoming gradient ``dy`` and the row sum ``s``."""
    if LOG:
        return dy - exp(y) * s
    else:
        return y * (dy - s)
