"""Cooperative kernels: a row too wide for one program, held on chip by several.

Each row is cut into blocks of BLOCK columns; a program takes BLOCKS consecutive blocks (one, on a
GPU, whenever the row's blocks fit one per multiprocessor), so ``programs`` programs cover a row.
A program

1. loads its block into registers and reduces it to a partial result: the (max, normaliser) pair
   forward, the sum of dy * y (or of dy, log-softmax) backward. Everything a program computes
   before it publishes delays its row's peers, which wait for it: measured on an H100 (bfloat16,
   N = 65536), the exchange cost 16% of copy (81% against 97% for the same kernel with each block
   normalised alone), and taking a compare and a select per element out of this step gained 5 of
   those points;
2. publishes it as one 64-bit word in the row's part of a zeroed workspace (``publish``; kept
   zeroed from one launch to the next by the launches themselves, ``clear_stale``): the
   float32 pair side by side, or the sum, bits inverted so that a published word is never 0 (a
   float64 pair takes two words). The word is the whole message, so a relaxed atomic
   compare-and-swap from 0 suffices: no fence, no barrier, no counter;
3. polls its row's words until none is 0 (volatile loads, which read past L1, not coherent
   between programs), merges the row's partials, and writes its block from the registers it
   loaded in step 1, as exp(x - m_row) / d_row. A program that has polled ``PATIENCE`` times
   computes the missing words itself (see why no launch can hang, below).

The exchange used to publish to a float32 slot and then announce the arrival on a row counter (a
barrier, a release atomic whose fence waits for the slot's store, then acquire polls and a last
read of the slots): three round trips to L2 where the words take one. Measured against it in the
same calls (results/h100/exchange_2026-11-23/, results/h200/exchange_2026-11-23/int32_ticket/,
N = 65536 / 262144, the plans of ``policy.COOPERATIVE_PLAN`` swept with it): H100 bfloat16
forward 89.2 / 88.4% -> 91.6 / 92.3% of copy, backward 95.3 / 96.4% -> 99.5 / 98.9%, float32
unchanged (98-101%); H200 bfloat16 forward 73.3 / 71.7% -> 78.1 / 76.6%, backward 86.5 / 90.1%
-> 97.6 / 91.2%, float32 forward 92.8 / 90.8% -> 93.9 / 91.5%, backward 98.9 / 97.2% -> 102.5 /
98.0%.

The output takes a second exp an element rather than reusing step 1's exp(x - m_block) scaled by
exp(m_block - m_row): that reuse measured 2-4% faster (float32, H100), but equal inputs in two
blocks then round differently, and softmax must keep the inputs' order exactly (ties stay ties,
as in torch.softmax); the property suite caught it. Nor is the forward held back by that second
exp: exchanging the row's max first and then the sum of exp(x - max), one exp an element and a
second wait, measured 74.9% of an H100's copy against 88.9% (bfloat16, N = 65536; float32 92.7%
against 98.0%: results/h100/cooperative_2026-11-23/experiments_b/). The wait is what costs.

What a program holds across the wait sets how many programs fit on a multiprocessor, and so the
bytes in flight while some of them wait. The backward holds its 16-bit blocks as loaded and
converts them again after the wait (``row_math.to_compute_again``): with the counter exchange,
bfloat16, 8192 columns and 8 warps, 87 -> 64 registers, 91.5% -> 92.8% of an H100's copy at
N = 65536. The 16-bit forward holds its block as 32-bit words of two values (``held_pair``),
read as words and unpacked by inline PTX each time it is used, so that the compiler cannot merge
the unpackings and keep a float32 copy live instead: 56 registers (bfloat16; float16 64) where
the block held as float32 took 88, nine programs an SM instead of five, measured in
``policy.COOPERATIVE_PAIRED_MAX_REGISTERS``. Nothing else it needs after the wait may stay
live across it either: not even the mask of its columns (``store_held_output``). Written in
Triton (a max by select in bfloat16 then a second conversion, or 32-bit words converted by
shifts) the compiler kept more live, not less:
93 registers against 80 (results/h100/cooperative_2026-11-23/experiments_b/), 84
(results/h200/paired_words_2026-11-23/). The words are rounded back in pairs as well
(``pack_words``), and the block's max is taken of the words as they are, two values an
instruction (``words_max``). A program of two or three blocks reads its other blocks as words
too (``Plan.paired_others``, ``policy.COOPERATIVE_PAIRED_OTHERS_BLOCKS``). Rows that cannot be
read as words (a row not 4-byte aligned, N odd without a window) hold the block as loaded,
uncapped (``policy.for_rows``).

Rows that are not whole 16-byte vectors (N odd, say, or 4100 16-bit values) are read from the
16-byte boundary before each row (``row_math.row_window``): the whole vectors inside the row in
16-byte loads, its first and last few columns alone (``edge_columns``; a prefetch,
``prefetch_blocks``, may ask the L2 for a line the row shares with a neighbour, but nothing
outside the row is loaded or stored). From the row's own start the
compiler can prove no alignment, loads each value on its own, an address each, and the programs
take so many registers that few fit on an SM: compiled for sm_90, a bfloat16 forward of 8192
columns in 4 warps took 168 registers and spilled, its backward 235; through the window 64
(held as words) and 96. Timed on an H200 (N = 50257 and 65535, M*N = 2^27;
results/h200/widths_2026-11-29/ before, results/h200/window_2026-11-29/ through the window), of
copy: bfloat16 forward 49.4 / 52.0% -> 89.1 / 89.9%, backward 54.7 / 56.3% -> 97.3 / 97.7%;
float32 (N = 50257 / 65537, through the window) 98.5 / 98.7% forward, 92.7 / 94.6% backward.

Hiding the wait instead, by persistent programs that each walk a group of rows and load their
next row's block while they wait, measured slower everywhere (0.33-0.87 of copy against
0.84-0.98 for one program a block, H100; the experiment is commit befe7e6, its sweep
results/h100/cooperative_2026-11-23/sweep_cooperative_persistent_prefetch.json). So did taking
the wait off the critical path at N = 4M: persistent programs, each owning a column range of
every row, that reduce their range of row i and then write that of row i-1, whose words were
published an iteration before, reading it again from L2. On an H200 at M = 32 its best
variants moved 71.9 / 51.7% of copy (float32 / bfloat16 forward) and 60.8 / 72.7% (backward)
against 77.7 / 75.6% and 74.1 / 73.5% for this kernel in the same call
(results/h200/pipelined_2026-11-24/).

In this kernel, then, every element is read once and written once: 2MN forward, 3MN backward, at
any width. With BLOCKS > 1 (rows wider than one block per multiprocessor, or the interpreter) a
program's first block (or its last, ``HOLD_LAST``, below) stays in registers and the others are
reloaded in step 3. They were loaded evict-last a moment before, and their outputs are stored
evict-first, so that the lines written leave the L2 before those still to be re-read (but those of
a 16-bit program that reads its blocks as words, ``Plan.paired_others``, stored as its held block
is: the form that was timed). Nsight on an H200 at N = 4M, M = 32 (four blocks a
program, before the evict-first stores) counted 53% of the float32 forward's re-reads served by L2,
88% of the bfloat16 forward's and 97% of the float32 backward's (results/h200/wide_4m_2026-11-24/;
on an H100, float32 forward, M = 32-64, an older exchange: 4-8%,
traffic_model/evidence/probe_cooperative_h100.json). These rows are held back more by the wait than
by the bytes: the bfloat16 forward read its input 1.09 times from DRAM and ran at 78% of copy by
Nsight's clock. The evict-first stores, measured at N = 4M in the same calls as the stores before:
+0.4 to +2.3 points of copy on an H200 (M = 8 to 128, the warps of the plans before
``policy.COOPERATIVE_SEVERAL_BLOCKS_VALUES``; with 16 warps +0.4 to +2.0), +0.8 to +2.4 on an H100
(M = 32; with 16 warps +0.3 to +1.8), and within 0.8 points either way at N = 2M and 3M (two and
three blocks a program; results/h100/wide_4m_2026-11-24/). The order of the loop after the wait
does not help: re-reading the blocks newest first (the likeliest still in the L2) moved within
1.1 points of copy of this order, behind it at six of eight problems, and writing the held block
after them, so that the re-reads start sooner, lost up to 12.5 points at N = 2M and 3M,
where it stays live through the loop: the float32 forward at 2M took 198 registers for 161,
two programs an SM in place of three (an H200; results/h200/reread_order_2026-11-24/).

Which block a program holds matters for its registers, not its bytes. Held first, the block is
live while the others load and reduce, and the compiler keeps both: a float32 forward of two
blocks of 16384 columns in 16 warps takes 116 registers uncapped and spills 80 bytes at 64.
Held last (``HOLD_LAST``, ``Plan.hold_last``), loaded once the others are published, nothing
else it holds is live then, and the same program fits 64 registers without a spill: two
programs an SM, each holding half its chunk where blocks of 8192 held a quarter
(``policy.COOPERATIVE_WIDE_ROW_PLAN`` has the timings, and Nsight's DRAM bytes).

Why no launch can hang
----------------------
A waiting program holds its multiprocessor, so a row whose programs are not all resident at once
could wait for ever for a peer that cannot start. Rows go by program id (consecutive ids share a
row), and GPUs start a grid's programs in id order in practice, but nothing promises it. So no
program waits unconditionally: after ``PATIENCE`` polls (``policy.COOPERATIVE_PATIENCE``,
milliseconds, where peers that started in order publish within microseconds) it computes every
missing word of its row itself, reading those blocks from memory a chunk at a time
(``help_pairs``, ``help_sums``), and goes on; whether a word is missing is one answer for the
whole program (``unpublished``). A program therefore finishes whatever its peers do, in any
launch order and any grid size. Helper and owner may both publish a word, computed in a
different order (the helper's in chunks): publishing is a compare-and-swap from 0, so the first
value stays, a word never changes once published, and every program of the row merges the same
words (a test makes every program impatient and checks that equal inputs in different blocks
still give equal outputs).

This replaced a ticket: each program took its (row, block) from an atomic add on one counter, in
the order programs started, so that only one row at a time could have programs still to start.
Every program then waited for that atomic's round trip before it could load anything. Measured
against it in the same calls (N = 65536 / 262144 / 1M, M*N = 2^27, the policy's plans with the
register caps swept for this kernel; results/h200/help_2026-11-23/, results/h100/help_2026-11-23/):
H200 float32 forward 95.1 / 91.1 / 83.7% -> 99.1 / 95.5 / 90.0% of copy, bfloat16 backward 97.7 /
90.5 / 73.9% -> 99.3 / 92.5 / 86.6%; H100 float32 forward 98.2 / 98.6 / 96.1% -> 99.6 / 99.5 /
98.4%, bfloat16 backward 99.6 / 98.9 / 91.0% -> 99.9 / 99.7 / 96.7%, bfloat16 forward at 65536
91.9% -> 95.5% (H200 79.0% -> 81.2%). Slower at three points a GPU: the bfloat16 forward at
262144 and 1M (H100 92.3 / 86.0% -> 90.0 / 81.0%, H200 76.1 / 70.7% -> 72.9 / 68.3%) and the float32
backward at 1M (H100 99.5% -> 96.5%, H200 90.5% -> 87.7%).

Under the Triton interpreter programs run one after another and ``PATIENCE`` is one poll: the
first program of each row finds its peers' words missing and computes them, so the interpreter
runs the helpers as well as the exchange.
"""

import triton
import triton.language as tl

from .row_math import (block_exponentials, body_bounds, column_mask, compute_like, exp,
                       exponent_base, grad_output, grad_term, known_multiple, merge_pairs,
                       rescale, row_edges, row_pointer, row_window, softmax_output, to_compute,
                       to_compute_again)


@triton.jit
def row_and_program(programs):
    """(row, program of the row) of this program: consecutive program ids share a row."""
    pid = tl.program_id(0)
    return pid // programs, pid % programs


@triton.jit
def as_bits(value):
    """A float32 or float64 scalar's bits as an int64 (float32 in the low half), every NaN first
    made the one NaN of ``float("nan")``, whose bits are not all ones."""
    value = tl.where(value == value, value, float("nan"))
    if value.dtype == tl.float64:
        return value.to(tl.int64, bitcast=True)
    else:
        return value.to(tl.uint32, bitcast=True).to(tl.int64)


@triton.jit
def from_bits(bits, like):
    """The values whose ``as_bits`` are ``bits``, in the compute dtype of ``like``'s elements
    (float32: the low half)."""
    if like.dtype.element_ty == tl.float64:
        return bits.to(tl.float64, bitcast=True)
    else:
        return bits.to(tl.int32).to(tl.float32, bitcast=True)


@triton.jit
def publish(word_ptr, bits):
    """Store ``bits`` (``as_bits`` of a value, or of two float32 side by side) in a word of the
    workspace, inverted (as_bits are never all ones, so a published word is never 0), unless the
    word is published already: a compare-and-swap from 0, so that a word once published never
    changes and every program of the row reads the same bits, whether the block's own program or
    a helper (``help_pairs``) published it first. Relaxed: the word is the whole message, so
    nothing else needs ordering before it."""
    tl.atomic_cas(word_ptr, tl.full((), 0, tl.int64), bits ^ -1, sem="relaxed", scope="gpu")


@triton.jit
def read_words(words_ptr, offsets, mask, other):
    """The words at ``offsets`` as they are now, 0 where not yet published, ``other`` published
    where ``mask`` is off (``published_bits`` gives the bits back). Volatile loads, which go to L2
    (L1 is not coherent between programs)."""
    return tl.load(words_ptr + offsets, mask=mask, other=other ^ -1, volatile=True)


@triton.jit
def all_published(words):
    return tl.min(tl.where(words == 0, 0, 1), 0) != 0


@triton.jit
def published_bits(words):
    """What was published in ``words``: the bits given to ``publish``."""
    return words ^ -1


@triton.jit
def wait_for(words_ptr, offsets, mask, other, patience):
    """The words at ``offsets`` (``read_words``) once every one is published, or after
    ``patience`` polls back to back, whichever comes first: the caller tests ``all_published``.

    Back to back: a ``nanosleep`` of 100 or 500 ns before each poll after the first moved -1.1
    to +0.6 points of copy, and of 2000 ns lost 0.7-7.5 (an H200, N = 65536 to 4M; results/h200/
    poll_pause_2026-11-24/): fewer polls gained nothing."""
    words = read_words(words_ptr, offsets, mask, other)
    polls = 1
    while (not all_published(words)) and polls < patience:
        words = read_words(words_ptr, offsets, mask, other)
        polls += 1
    return words


@triton.jit
def block_columns(block, BLOCK: tl.constexpr):
    return block * BLOCK + tl.arange(0, BLOCK)


@triton.jit
def edge_columns(block, lo, hi, BLOCK: tl.constexpr, WINDOW: tl.constexpr):
    """The ``row_edges`` of a windowed row that lie in block ``block``."""
    cols, mask = row_edges(lo, hi, WINDOW, 2 * WINDOW)
    return cols, mask & (cols >= block * BLOCK) & (cols < block * BLOCK + BLOCK)


@triton.jit
def row_columns_mask(cols, lo, hi, WINDOW: tl.constexpr):
    """The columns of ``cols`` that are the row's, one by one (``row_math.row_window``)."""
    if WINDOW > 0:
        return (cols >= lo) & (cols < hi)
    else:
        return cols < hi


@triton.jit
def load_raw(row, block, lo, hi, BLOCK: tl.constexpr, other: tl.constexpr,
             POLICY: tl.constexpr, WINDOW: tl.constexpr):
    """Block ``block`` of a row as stored, ``other`` outside ``column_mask``; ``POLICY``:
    evict_last when the program reads it again after the wait, evict_first on that second
    read. The block a program holds is loaded evict_last too, though it is read once: loaded
    evict_first wherever a program holds one block, it lost 4-9 points of copy on an H200
    (float32 and bfloat16, N = 20001 to 1M, both directions; results/h200/
    wide_block_2026-11-30/seventh_call/)."""
    cols = block_columns(block, BLOCK)
    return tl.load(row + cols, mask=column_mask(cols, lo, hi, WINDOW), other=other,
                   eviction_policy=POLICY)


@triton.jit
def load_block(row, block, lo, hi, BLOCK: tl.constexpr, other: tl.constexpr,
               POLICY: tl.constexpr, WINDOW: tl.constexpr):
    """``load_raw`` in the compute dtype."""
    return to_compute(load_raw(row, block, lo, hi, BLOCK, other, POLICY, WINDOW))


@triton.jit
def store_block(row, block, lo, hi, BLOCK: tl.constexpr, values, POLICY: tl.constexpr,
                WINDOW: tl.constexpr):
    """Write a block's ``column_mask``; ``POLICY``: evict_first for the blocks a program re-reads
    after the wait (the module's docstring: why), the L2's default for the block it held."""
    cols = block_columns(block, BLOCK)
    tl.store(row + cols, values.to(row.dtype.element_ty),
             mask=column_mask(cols, lo, hi, WINDOW), eviction_policy=POLICY)


@triton.jit
def edge_pair(m, d, x_row, block, lo, hi, BLOCK: tl.constexpr, WINDOW: tl.constexpr):
    """A block's pair (m, d) with its ``edge_columns`` merged in (``WINDOW`` 0: as it is)."""
    if WINDOW > 0:
        cols, mask = edge_columns(block, lo, hi, BLOCK, WINDOW)
        m_edge, p = block_exponentials(tl.load(x_row + cols, mask=mask, other=-float("inf")))
        m_new = tl.maximum(m, m_edge)
        d = rescale(d, m, m_new) + rescale(tl.sum(p, 0), m_edge, m_new)
        m = m_new
    return m, d


@triton.jit
def store_edge_outputs(x_row, y_row, block, lo, hi, BLOCK: tl.constexpr, m, d,
                       LOG: tl.constexpr, WINDOW: tl.constexpr):
    """Write the output of a block's ``edge_columns``, read again from x."""
    if WINDOW > 0:
        cols, mask = edge_columns(block, lo, hi, BLOCK, WINDOW)
        x = to_compute(tl.load(x_row + cols, mask=mask, other=0.0))
        tl.store(y_row + cols, softmax_output(x, m, d, LOG).to(y_row.dtype.element_ty),
                 mask=mask)


@triton.jit
def edge_grad_sum(total, y_row, dy_row, block, lo, hi, BLOCK: tl.constexpr, LOG: tl.constexpr,
                  WINDOW: tl.constexpr):
    """A block's sum of ``grad_term`` with that of its ``edge_columns`` added (``WINDOW`` 0: as
    it is)."""
    if WINDOW > 0:
        cols, mask = edge_columns(block, lo, hi, BLOCK, WINDOW)
        y = to_compute(tl.load(y_row + cols, mask=mask, other=0.0))
        dy = to_compute(tl.load(dy_row + cols, mask=mask, other=0.0))
        total += tl.sum(grad_term(y, dy, LOG), 0)
    return total


@triton.jit
def store_edge_grads(y_row, dy_row, dx_row, block, lo, hi, BLOCK: tl.constexpr, s,
                     LOG: tl.constexpr, WINDOW: tl.constexpr):
    """Write dx of a block's ``edge_columns``, y and dy read again."""
    if WINDOW > 0:
        cols, mask = edge_columns(block, lo, hi, BLOCK, WINDOW)
        y = to_compute(tl.load(y_row + cols, mask=mask, other=0.0))
        dy = to_compute(tl.load(dy_row + cols, mask=mask, other=0.0))
        tl.store(dx_row + cols, grad_output(y, dy, s, LOG).to(dx_row.dtype.element_ty),
                 mask=mask)


@triton.jit
def prefetch_blocks(row, first, count: tl.constexpr, N, BLOCK: tl.constexpr,
                    LINE_BYTES: tl.constexpr):
    """Ask the L2 for blocks ``first`` .. ``first + count - 1`` of a row, one prefetch a line of
    LINE_BYTES, without a register held for them: a program's other blocks are on their way while it
    reduces its first, where it would otherwise load them one after another, each when the one
    before is reduced. Only compiled (under the interpreter a prefetch means nothing).

    Measured against the same plans without it (three interleaved rounds, every output checked
    against float64; results/h200/prefetch_2026-11-24/, results/h100/prefetch_2026-11-24/), of
    copy: at N = 2M, two blocks a program, M = 64, H100 float32 forward / backward 93.4 / 71.9
    -> 95.7 / 73.6%, bfloat16 83.4 / 80.4 -> 87.7 / 81.7%; H200 float32 81.2 / 62.4 -> 83.1 /
    65.9%, bfloat16 70.2 / 69.1 -> 73.7 / 73.5% (M = 16: +0.5 to +3.2). At three blocks a
    program (N = 3M) it lost 2.6 to 8.4 points but for the float32 backward (+1.4 / +2.8), at
    four (4M, M = 32) 6.3 to 16.5 on the H200: so ``policy.COOPERATIVE_PREFETCHED_BLOCKS``.
    Issued after the first block's pair is published it gained less (2M: +0.4 / +1.8 for the
    float32 forward / bfloat16 backward on the H200), issued before the first block's load it
    lost 2.5 to 15.4 points (H100, 2M and 3M), and asking again for the re-read blocks after
    the wait took back part or all of the gain (2M, H200: float32 forward -9.1 points where the
    first prefetch alone gave +2.5, bfloat16 backward +1.6 where it gave +4.6). A program asking
    for its chunk of a later row while it waits, so that the programs to come find it in the L2,
    lost 0.2 to 30 points (H200, N = 1M and 4M)."""
    LINE: tl.constexpr = LINE_BYTES // (row.dtype.element_ty.primitive_bitwidth // 8)
    for b in tl.static_range(count):
        lines = (first + b) * BLOCK + tl.arange(0, BLOCK // LINE) * LINE
        lines = tl.where(lines < N, lines, first * BLOCK)  # past the row: a line asked for
        tl.inline_asm_elementwise("prefetch.global.L2::evict_last [$1];\n\tmov.u32 $0, 0;",
                                  "=r,l", [(row + lines).to(tl.int64)], dtype=tl.int32,
                                  is_pure=False, pack=1)


@triton.jit
def word_pointer(row):
    """A row of 16-bit values as 32-bit words, each two values side by side (the even column in
    the low half)."""
    return row.to(tl.pointer_type(tl.int32), bitcast=True)


@triton.jit
def word_bounds(lo, hi, WINDOW: tl.constexpr):
    """The words of a row of 16-bit values that its blocks load and store as words: those below
    hi // 2 (``WINDOW`` 0: N = hi even), or the body's (``column_mask``) from ``lo`` // 2."""
    if WINDOW > 0:
        return (lo + WINDOW - 1) // WINDOW * (WINDOW // 2), hi // WINDOW * (WINDOW // 2)
    else:
        return 0, hi // 2


@triton.jit
def load_words(row, block, lo, hi, BLOCK: tl.constexpr, POLICY: tl.constexpr,
               WINDOW: tl.constexpr):
    """Block ``block`` of a row of 16-bit values as BLOCK // 2 words, two -inf outside
    ``word_bounds``."""
    cols = block * (BLOCK // 2) + tl.arange(0, BLOCK // 2)
    first, last = word_bounds(lo, hi, WINDOW)
    if row.dtype.element_ty == tl.bfloat16:
        other: tl.constexpr = -8323200  # 0xFF80FF80
    else:
        other: tl.constexpr = -67044352  # 0xFC00FC00
    if WINDOW > 0:
        mask = (cols >= first) & (cols < last)
    else:
        mask = cols < last
    return tl.load(word_pointer(row) + cols, mask=mask, other=other, eviction_policy=POLICY)


@triton.jit
def unpack_words(words, like, ASM: tl.constexpr):
    """The (even, odd) columns of ``words`` (``load_words``) in float32; ``like`` a pointer to
    their 16-bit dtype. Compiled (``ASM``), by inline PTX that the compiler may not merge with
    another unpacking of the same words (see ``held_pair``); under the interpreter, which runs no
    PTX, by the same bit operations in Triton."""
    if ASM:
        if like.dtype.element_ty == tl.bfloat16:  # a bfloat16 is the top half of a float32
            unpacking: tl.constexpr = "shl.b32 $0, $2, 16;\n\tand.b32 $1, $2, -65536;"
        else:
            unpacking: tl.constexpr = ("{ .reg .b16 even, odd;\n\tmov.b32 {even, odd}, $2;"
                                       "\n\tcvt.f32.f16 $0, even;\n\tcvt.f32.f16 $1, odd; }")
        return tl.inline_asm_elementwise(unpacking, "=r,=r,r", [words],
                                         dtype=(tl.float32, tl.float32), is_pure=False, pack=1)
    else:
        even = (words & 0xFFFF).to(tl.uint16).to(like.dtype.element_ty, bitcast=True)
        odd = (words >> 16).to(tl.uint16).to(like.dtype.element_ty, bitcast=True)
        return even.to(tl.float32), odd.to(tl.float32)


@triton.jit
def pack_words(even, odd, like, ASM: tl.constexpr):
    """Float32 (even, odd) columns rounded to nearest in ``like``'s 16-bit dtype, as words.

    Compiled, by one conversion of the pair (``cvt.rn.bf16x2.f32``: an ALU instruction on sm_90),
    not Triton's conversions, which compile to one F2F a value: on an H200 those took the words'
    kernel from 95.0 to 87.6% of copy (bfloat16, N = 65536; results/h200/packed_words_2026-11-23/,
    forms 1 and 5), the exponentials and the F2F sharing a pipe of a quarter of the ALU's rate."""
    half = like.dtype.element_ty
    if ASM:
        if half == tl.bfloat16:
            packing: tl.constexpr = "cvt.rn.bf16x2.f32 $0, $2, $1;"  # the first source: high half
        else:
            packing: tl.constexpr = "cvt.rn.f16x2.f32 $0, $2, $1;"
        return tl.inline_asm_elementwise(packing, "=r,r,r", [even, odd], dtype=tl.int32,
                                         is_pure=True, pack=1)
    else:
        return ((odd.to(half).to(tl.uint16, bitcast=True).to(tl.int32) << 16)
                | even.to(half).to(tl.uint16, bitcast=True).to(tl.int32))


@triton.jit
def load_held(row, block, lo, hi, BLOCK: tl.constexpr, POLICY: tl.constexpr,
              PAIRED: tl.constexpr, WINDOW: tl.constexpr):
    """The block a program holds across its wait: as words (``load_words``), or as loaded."""
    if PAIRED:
        return load_words(row, block, lo, hi, BLOCK, POLICY, WINDOW)
    else:
        return load_raw(row, block, lo, hi, BLOCK, -float("inf"), POLICY, WINDOW)


@triton.jit
def pair_max(a, b, MAX: tl.constexpr):
    """The greater of each half of two words of two 16-bit values by the PTX instruction ``MAX``
    (``max.bf16x2``, ``max.f16x2``: a NaN only where both halves are)."""
    return tl.inline_asm_elementwise(MAX + " $0, $1, $2;", "=r,r,r", [a, b], dtype=tl.int32,
                                     is_pure=True, pack=1)


@triton.jit
def bfloat16_pair_max(a, b):
    return pair_max(a, b, "max.bf16x2")


@triton.jit
def float16_pair_max(a, b):  # a reduction's combine takes no constexpr: one function a dtype
    return pair_max(a, b, "max.f16x2")


@triton.jit
def words_max(words, like, ASM: tl.constexpr):
    """The max of the 16-bit values in ``words`` (``load_words``), in float32.

    Compiled, the words are reduced as they are, two values an instruction (``max.bf16x2``,
    ``max.f16x2``), and only the last word is unpacked: the max is one of the values, so it is
    the same float32 either way, and like ``tl.max`` a NaN wins only where every value is NaN.
    Unpacking every word for a float32 max took an instruction or two a value more (compiled for
    sm_90: 1440 instructions against 1320 for the bfloat16 block of 8192 columns in 4 warps), and
    under the cap of 56 registers spilled 8 bytes where this spills none. Measured against it in
    the same calls (``policy.COOPERATIVE_PAIRED_OTHERS_BLOCKS`` has the figures), in the form
    ``max.NaN.bf16x2`` (a NaN wins), whose output is the same: any NaN of a block makes its
    normaliser NaN either way. Under the interpreter, which runs no PTX, every word is
    unpacked."""
    if ASM:
        if like.dtype.element_ty == tl.bfloat16:
            top = tl.reduce(words, 0, bfloat16_pair_max)
        else:
            top = tl.reduce(words, 0, float16_pair_max)
        even, odd = unpack_words(top, like, ASM)
        return tl.maximum(even, odd)
    else:
        even, odd = unpack_words(words, like, ASM)
        return tl.maximum(tl.max(even, 0), tl.max(odd, 0))


@triton.jit
def held_pair(held, like, PAIRED: tl.constexpr, ASM: tl.constexpr):
    """The (max, normaliser) pair of a held block (``load_held``).

    Words are reduced as words for the max (``words_max``) and unpacked for the exponentials,
    and the float32 values die at once: what stays in registers is the words, half the float32
    block's. Left to merge unpackings (as it does the Triton form), the compiler keeps the
    float32 copy instead, and more registers than the block held as float32: compiled for
    sm_90, the Triton form takes 115 uncapped and spills at 64; the inline form, see
    ``policy.COOPERATIVE_PAIRED_MAX_REGISTERS``."""
    if PAIRED:
        m = words_max(held, like, ASM)
        even, odd = unpack_words(held, like, ASM)
        base = exponent_base(m)
        return m, tl.sum(exp(even - base) + exp(odd - base), 0)
    else:
        m, p = block_exponentials(held)
        return m, tl.sum(p, 0)


@triton.jit
def publish_block_pair(held, x_row, lo, hi, like, pairs, block, n_slots, BLOCK: tl.constexpr,
                       PAIRED: tl.constexpr, ASM: tl.constexpr, WINDOW: tl.constexpr):
    """Publish the pair of block ``block`` of a row as ``load_held`` loaded it, its
    ``edge_columns`` merged in."""
    m, d = held_pair(held, like, PAIRED, ASM)
    m, d = edge_pair(m, d, x_row, block, lo, hi, BLOCK, WINDOW)
    publish_pair_values(m, d, pairs, block, n_slots)


@triton.jit
def store_held_output(x_row, y_row, block, lo, hi, BLOCK: tl.constexpr, held, like, m, d,
                      LOG: tl.constexpr, PAIRED: tl.constexpr, ASM: tl.constexpr,
                      POLICY: tl.constexpr, WINDOW: tl.constexpr):
    """Write softmax (or log-softmax) of a block as ``load_held`` loaded it, and of its
    ``edge_columns``, given its row's pair (m, d); ``POLICY``: as ``store_block``'s.

    Words are masked by how many of the row's words are left from the block's first, not by the
    load's ``cols < N // 2``: the compiler would reuse the load's mask, keeping its predicates
    live across the wait, and the registers they took cost a program an SM. Compiled for sm_90
    (bfloat16, 8192 columns, 4 warps), the load's mask took 72 registers uncapped and spilled 16
    bytes at 64 (ptxas 13.0; 12.8 fit 64, not 56); this one fits 56 with both, no spill."""
    if PAIRED:
        even, odd = unpack_words(held, like, ASM)
        cols = block * (BLOCK // 2) + tl.arange(0, BLOCK // 2)
        first, last = word_bounds(lo, hi, WINDOW)
        if WINDOW > 0:
            mask = ((tl.arange(0, BLOCK // 2) >= first - block * (BLOCK // 2))
                    & (tl.arange(0, BLOCK // 2) < last - block * (BLOCK // 2)))
        else:
            mask = tl.arange(0, BLOCK // 2) < last - block * (BLOCK // 2)
        tl.store(word_pointer(y_row) + cols, pack_words(softmax_output(even, m, d, LOG),
                                                         softmax_output(odd, m, d, LOG), like,
                                                         ASM),
                 mask=mask, eviction_policy=POLICY)
    else:
        store_block(y_row, block, lo, hi, BLOCK, softmax_output(to_compute(held), m, d, LOG),
                    POLICY, WINDOW)
    store_edge_outputs(x_row, y_row, block, lo, hi, BLOCK, m, d, LOG, WINDOW)


@triton.jit
def publish_pair_values(m, d, pairs, slot, n_slots):
    """A block's (max, normaliser) pair into the workspace: one word holds both in float32, so
    that they arrive together; float64 takes a word each (maxima, then normalisers)."""
    if m.dtype == tl.float64:
        publish(pairs + slot, as_bits(m))
        publish(pairs + n_slots + slot, as_bits(d))
    else:
        publish(pairs + slot, as_bits(m) | (as_bits(d) << 32))


@triton.jit
def clear_stale(word_ptr, BLOCKS: tl.constexpr, stale_offset, n_slots, WORDS: tl.constexpr):
    """Zero the words ``stale_offset`` words from this program's BLOCKS words at ``word_ptr``
    (``WORDS``: 2, a float64 pair's maxima and their normalisers ``n_slots`` words further).
    There, in the other half of the exchange buffer, the launch before published
    (``triton_impl/exchange_buffer.py``). Every block of a launch publishes, so the launch zeroes
    there every word it uses here, for the next launch on the stream, which starts after this
    one ends: nothing else orders these stores, and nothing reads them in this launch.

    A program zeroes them first, when nothing it holds is live yet. Compiled for sm_90, zeroing
    each as its block published took the float32 forward of two blocks (N = 2M) from 161
    registers to 175, a program fewer an SM; after the wait or at the kernel's end, that forward
    and the float32 backward of one block (N = 65536 to 1M, 168 -> 173) lost one each (results/
    h200/exchange_mirror_2026-11-24/compile/). A workspace zeroed in a range of its own by each
    program instead (the words' count shared out) spilled registers under the caps of the
    16-bit plans (results/h200/workspace_zeroing_2026-11-24/)."""
    for b in tl.static_range(BLOCKS):
        tl.store(word_ptr + b + stale_offset, tl.full((), 0, tl.int64))
        if WORDS == 2:
            tl.store(word_ptr + n_slots + b + stale_offset, tl.full((), 0, tl.int64))


HELP_COLUMNS: tl.constexpr = tl.constexpr(128)
"""A helper reads a peer's block this many columns at a time (``help_pairs``, ``help_sums``)."""


@triton.jit
def unpublished(word_ptr):
    """Whether the word at ``word_ptr`` is not yet published, one answer for the whole program.

    The threads read the word (a vector of copies of it), and a reduction over the program
    decides: unpublished if any read saw it so. A scalar load is each thread's own read, and a
    peer that publishes between two threads' reads would send some threads into a helper's
    block reductions and not others, whose barriers then pair up different reductions. Seen
    with scalar loads: a float32 backward at N = 4M with more programs a row than fit on the
    GPU at once, so that they helped, gave 3 of the 40 rows checked wrong by 8e-4 relative
    (H200, results/h200/one_block_wide_2026-11-23/)."""
    seen = tl.load(word_ptr + tl.zeros([HELP_COLUMNS], tl.int32), volatile=True)
    return tl.max(tl.where(seen == 0, 1, 0), 0) != 0


@triton.jit
def help_pairs(x_row, pairs, n_slots, lo, hi, BLOCK: tl.constexpr, WINDOW: tl.constexpr):
    """Publish the pair of every block of the row not yet published, computed here from the
    block in memory, a chunk at a time (the registers of a whole second block would cost every
    program of the launch its occupancy): merged as two partial pairs merge (``row_math``)."""
    CHUNK: tl.constexpr = HELP_COLUMNS if BLOCK > HELP_COLUMNS else BLOCK
    for slot in tl.range(0, n_slots, loop_unroll_factor=1):
        missing = unpublished(pairs + slot)
        if x_row.dtype.element_ty == tl.float64:
            missing = missing | unpublished(pairs + n_slots + slot)
        if missing:
            m = compute_like(tl.full([], -float("inf"), tl.float32), x_row)
            d = compute_like(tl.zeros([], tl.float32), x_row)
            for start in tl.range(0, BLOCK, CHUNK, loop_unroll_factor=1):
                cols = slot * BLOCK + start + tl.arange(0, CHUNK)
                m_chunk, p = block_exponentials(tl.load(
                    x_row + cols, mask=row_columns_mask(cols, lo, hi, WINDOW), other=-float("inf")))
                m_new = tl.maximum(m, m_chunk)
                d = rescale(d, m, m_new) + rescale(tl.sum(p, 0), m_chunk, m_new)
                m = m_new
            publish_pair_values(m, d, pairs, slot, n_slots)
    tl.debug_barrier()  # see help_sums


@triton.jit
def help_sums(y_row, dy_row, sums, n_slots, lo, hi, BLOCK: tl.constexpr, LOG: tl.constexpr,
              WINDOW: tl.constexpr):
    """``help_pairs`` for the backward's sums of ``grad_term``."""
    CHUNK: tl.constexpr = HELP_COLUMNS if BLOCK > HELP_COLUMNS else BLOCK
    for slot in tl.range(0, n_slots, loop_unroll_factor=1):
        if unpublished(sums + slot):
            total = compute_like(tl.zeros([], tl.float32), y_row)
            for start in tl.range(0, BLOCK, CHUNK, loop_unroll_factor=1):
                cols = slot * BLOCK + start + tl.arange(0, CHUNK)
                mask = row_columns_mask(cols, lo, hi, WINDOW)
                y = tl.load(y_row + cols, mask=mask, other=0.0)
                dy = tl.load(dy_row + cols, mask=mask, other=0.0)
                total += tl.sum(grad_term(to_compute(y), to_compute(dy), LOG), 0)
            publish(sums + slot, as_bits(total))
    # One thread makes each compare-and-swap; the barrier performs them for the whole program
    # before any thread reads the words back (else another warp may still read a 0).
    tl.debug_barrier()


@triton.jit
def cooperative_forward(x_ptr, y_ptr, N, x_row_stride, y_row_stride, programs, words_ptr,
                        stale_offset, BLOCK: tl.constexpr, BLOCKS: tl.constexpr,
                        SLOTS: tl.constexpr, PATIENCE: tl.constexpr, LOG: tl.constexpr,
                        PAIRED: tl.constexpr, ASM: tl.constexpr, MULTIPLE_OF: tl.constexpr,
                        PREFETCH: tl.constexpr, HOLD_LAST: tl.constexpr,
                        PAIRED_OTHERS: tl.constexpr, WINDOW: tl.constexpr):
    """Softmax of rows shared by ``programs`` programs of BLOCKS blocks; ``words`` is the
    int64 workspace of zeros: a row's programs * BLOCKS words of published pairs (float32; twice
    that, float64: the maxima, then the normalisers), row after row; the launch zeroes the words
    ``stale_offset`` words from them (``clear_stale``). ``PAIRED``: 16-bit rows
    (N even, rows at even strides and 4-byte aligned, or read through a window) whose held block
    a program holds as 32-bit words (``held_pair``); ``ASM``: compiled, not interpreted
    (``unpack_words``).
    ``MULTIPLE_OF``: see ``row_math.known_multiple``. ``PREFETCH``: a program asks the L2 for
    its other blocks as it loads its first, a line of PREFETCH bytes at a time (0: it does not;
    ``prefetch_blocks``). ``HOLD_LAST``: a program holds its last block across the wait, loaded
    after the others are reduced and published, rather than its first (``Plan.hold_last``).
    ``PAIRED_OTHERS``: a ``PAIRED`` program reads its other blocks as words too, before the
    wait and after (``Plan.paired_others``). ``WINDOW``: rows read from a 16-byte boundary
    (``row_math.row_window``; 0: from their own start)."""
    tl.static_assert(not (HOLD_LAST and PREFETCH > 0), "a program that holds its last block "
                     "takes no prefetch: measured, it lost (policy.COOPERATIVE_WIDE_ROW_PLAN)")
    tl.static_assert(PAIRED or not PAIRED_OTHERS, "only a paired program reads its other blocks "
                     "as words")
    N = known_multiple(N, MULTIPLE_OF)
    n_slots = programs * BLOCKS
    WORDS: tl.constexpr = 2 if x_ptr.dtype.element_ty == tl.float64 else 1
    row, program = row_and_program(programs)
    first = program * BLOCKS
    x_row, lo, hi = row_window(x_ptr, row, x_row_stride, N, MULTIPLE_OF, WINDOW, False)
    y_row, _, _ = row_window(y_ptr, row, y_row_stride, N, MULTIPLE_OF, WINDOW, False)
    pairs = words_ptr + row.to(tl.int64) * n_slots * WORDS
    clear_stale(pairs + first, BLOCKS, stale_offset, n_slots, WORDS)

    if HOLD_LAST:  # nothing held while the others load; read again only by a helper
        held_block = first + BLOCKS - 1
        others = first
    else:
        held_block = first
        others = first + 1
        held = load_held(x_row, held_block, lo, hi, BLOCK, "evict_last", PAIRED, WINDOW)
        if PREFETCH > 0 and ASM:
            prefetch_blocks(x_row, first + 1, BLOCKS - 1, hi, BLOCK, PREFETCH)
        publish_block_pair(held, x_row, lo, hi, x_ptr, pairs, held_block, n_slots, BLOCK, PAIRED,
                           ASM, WINDOW)
    for b in tl.range(others, others + BLOCKS - 1):
        publish_block_pair(load_held(x_row, b, lo, hi, BLOCK, "evict_last", PAIRED_OTHERS, WINDOW),
                           x_row, lo, hi, x_ptr, pairs, b, n_slots, BLOCK, PAIRED_OTHERS, ASM,
                           WINDOW)
    if HOLD_LAST:
        held = load_held(x_row, held_block, lo, hi, BLOCK, "evict_first", PAIRED, WINDOW)
        publish_block_pair(held, x_row, lo, hi, x_ptr, pairs, held_block, n_slots, BLOCK, PAIRED,
                           ASM, WINDOW)

    offsets = tl.arange(0, WORDS * SLOTS)
    present = offsets < WORDS * n_slots
    words = wait_for(pairs, offsets, present, 0xFF800000, PATIENCE)  # past the row: (-inf, 0)
    if not all_published(words):
        help_pairs(x_row, pairs, n_slots, lo, hi, BLOCK, WINDOW)
        words = read_words(pairs, offsets, present, 0xFF800000)
        held = load_held(x_row, held_block, lo, hi, BLOCK, "evict_first", PAIRED,
                         WINDOW)  # see help_pairs
    if WORDS == 2:
        slots = tl.arange(0, SLOTS)
        m_all = from_bits(published_bits(read_words(pairs, slots, slots < n_slots,
                                                    -4503599627370496)), x_ptr)  # -inf
        d_all = from_bits(published_bits(read_words(pairs + n_slots, slots, slots < n_slots, 0)),
                          x_ptr)
    else:
        bits = published_bits(words)
        m_all, d_all = from_bits(bits, x_ptr), from_bits(bits >> 32, x_ptr)
    m_row, d_row = merge_pairs(m_all, d_all)

    store_held_output(x_row, y_row, held_block, lo, hi, BLOCK, held, x_ptr, m_row, d_row, LOG,
                      PAIRED, ASM, "", WINDOW)
    OTHERS_STORED: tl.constexpr = "" if PAIRED_OTHERS else "evict_first"  # as each was timed
    for b in tl.range(others, others + BLOCKS - 1):
        store_held_output(x_row, y_row, b, lo, hi, BLOCK,
                          load_held(x_row, b, lo, hi, BLOCK, "evict_first", PAIRED_OTHERS, WINDOW),
                          x_ptr, m_row, d_row, LOG, PAIRED_OTHERS, ASM, OTHERS_STORED, WINDOW)


@triton.jit
def cooperative_backward(y_ptr, dy_ptr, dx_ptr, N, y_row_stride, dy_row_stride,
                         dx_row_stride, programs, words_ptr, stale_offset, BLOCK: tl.constexpr,
                         BLOCKS: tl.constexpr, SLOTS: tl.constexpr, PATIENCE: tl.constexpr,
                         LOG: tl.constexpr, ASM: tl.constexpr, MULTIPLE_OF: tl.constexpr,
                         PREFETCH: tl.constexpr, WINDOW: tl.constexpr):
    """dx of rows shared by ``programs`` programs (see ``cooperative_forward``); ``words`` is the
    workspace of zeros: a row's programs * BLOCKS words, the partial sums of ``grad_term`` of
    its blocks, row after row; ``stale_offset`` as the forward's. ``ASM``: compiled, not
    interpreted (``to_compute_again``).
    ``PREFETCH``: as the forward's, for y and dy; ``WINDOW``: as the forward's."""
    N = known_multiple(N, MULTIPLE_OF)
    n_slots = programs * BLOCKS
    row, program = row_and_program(programs)
    first = program * BLOCKS
    y_row, lo, hi = row_window(y_ptr, row, y_row_stride, N, MULTIPLE_OF, WINDOW, False)
    dy_row, _, _ = row_window(dy_ptr, row, dy_row_stride, N, MULTIPLE_OF, WINDOW, False)
    dx_row, _, _ = row_window(dx_ptr, row, dx_row_stride, N, MULTIPLE_OF, WINDOW, False)
    sums = words_ptr + row.to(tl.int64) * n_slots
    clear_stale(sums + first, BLOCKS, stale_offset, n_slots, 1)

    y = load_raw(y_row, first, lo, hi, BLOCK, 0.0, "evict_last", WINDOW)  # both held
    dy = load_raw(dy_row, first, lo, hi, BLOCK, 0.0, "evict_last", WINDOW)  # across the wait
    if PREFETCH > 0 and ASM:
        prefetch_blocks(y_row, first + 1, BLOCKS - 1, hi, BLOCK, PREFETCH)
        prefetch_blocks(dy_row, first + 1, BLOCKS - 1, hi, BLOCK, PREFETCH)
    publish(sums + first, as_bits(edge_grad_sum(
        tl.sum(grad_term(to_compute(y), to_compute(dy), LOG), 0), y_row, dy_row, first, lo, hi,
        BLOCK, LOG, WINDOW)))
    for b in tl.range(first + 1, first + BLOCKS):
        yb = load_block(y_row, b, lo, hi, BLOCK, 0.0, "evict_last", WINDOW)
        dyb = load_block(dy_row, b, lo, hi, BLOCK, 0.0, "evict_last", WINDOW)
        publish(sums + b, as_bits(edge_grad_sum(tl.sum(grad_term(yb, dyb, LOG), 0), y_row, dy_row,
                                                b, lo, hi, BLOCK, LOG, WINDOW)))

    slots = tl.arange(0, SLOTS)
    present = slots < n_slots
    words = wait_for(sums, slots, present, 0, PATIENCE)
    if not all_published(words):
        help_sums(y_row, dy_row, sums, n_slots, lo, hi, BLOCK, LOG, WINDOW)
        words = read_words(sums, slots, present, 0)
        y = load_raw(y_row, first, lo, hi, BLOCK, 0.0, "evict_first", WINDOW)  # see help_pairs
        dy = load_raw(dy_row, first, lo, hi, BLOCK, 0.0, "evict_first", WINDOW)
    s = tl.sum(from_bits(published_bits(words), y_ptr), 0)

    store_block(dx_row, first, lo, hi, BLOCK,
                grad_output(to_compute_again(y, ASM), to_compute_again(dy, ASM), s, LOG), "",
                WINDOW)
    store_edge_grads(y_row, dy_row, dx_row, first, lo, hi, BLOCK, s, LOG, WINDOW)
    for b in tl.range(first + 1, first + BLOCKS):
        yb = load_block(y_row, b, lo, hi, BLOCK, 0.0, "evict_first", WINDOW)
        dyb = load_block(dy_row, b, lo, hi, BLOCK, 0.0, "evict_first", WINDOW)
        store_block(dx_row, b, lo, hi, BLOCK, grad_output(yb, dyb, s, LOG), "evict_first", WINDOW)
        store_edge_grads(y_row, dy_row, dx_row, b, lo, hi, BLOCK, s, LOG, WINDOW)
