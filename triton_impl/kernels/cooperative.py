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
2. publishes it as one 64-bit word in the row's part of a zeroed workspace (``publish``): the
   float32 pair side by side, or the sum, bits inverted so that a published word is never 0 (a
   float64 pair takes two words). The word is the whole message, so a relaxed atomic exchange
   suffices: no fence, no barrier, no counter;
3. polls its row's words until none is 0 (volatile loads, which read past L1, not coherent
   between programs), merges the row's partials, and writes its block from the registers it
   loaded in step 1, as exp(x - m_row) / d_row.

The exchange used to publish to a float32 slot and then announce the arrival on a row counter (a
barrier, a release atomic whose fence waits for the slot's store, then acquire polls and a last
read of the slots): three round trips to L2 where the words take one. Measured against it in the
same calls (results/h100/exchange_2026-11-23/, results/h200/exchange_2026-11-23/int32_ticket/,
N = 65536 / 262144, the plans of ``policy.COOPERATIVE_PLAN`` swept with it): H100 bfloat16
forward 89.2 / 88.4% -> 91.6 / 92.3% of copy, backward 95.3 / 96.4% -> 99.5 / 98.9%, float32
unchanged (98-101%); H200 bfloat16 forward 73.3 / 71.7% -> 78.1 / 76.6%, backward 86.5 / 90.1%
-> 97.6 / 91.2%, float32 forward 92.8 / 90.8% -> 93.9 / 91.5%, backward 98.9 / 97.2% -> 102.5 /
98.0%. The ticket is read as int32: as the workspace's int64, its division by ``programs`` was
64-bit and the forward took 128 registers, not 96 (``benchmarks/resource_usage.py``).

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
N = 65536. The forward holds its block converted to float32 (``tl.max`` converts it, the
exponentials and the output reuse that). Holding it as loaded instead (a max by select in
bfloat16, a second conversion after the wait) made ptxas keep more live, 93 registers against
80, and measured slower (results/h100/cooperative_2026-11-23/experiments_b/); so did holding it as
32-bit words of two bfloat16 (84 registers where ptxas schedules the exponentials, fewer
programs an SM: results/h200/paired_words_2026-11-23/). Left to itself, ptxas gives the bfloat16
forward 96 registers; the policy caps it at 80 (``Plan.max_registers``), where it spills nothing
and fits six programs an SM instead of five.

Hiding the wait instead, by persistent programs that each walk a group of rows and load their
next row's block while they wait, measured slower everywhere (0.33-0.87 of copy against
0.84-0.98 for one program a block, H100; the experiment is commit befe7e6, its sweep
results/h100/cooperative_2026-11-23/sweep_cooperative_persistent_prefetch.json).

So every element is read once and written once: 2MN forward, 3MN backward, at any width. With
BLOCKS > 1 (rows wider than one block per multiprocessor, or the interpreter) a program's first
block stays in registers and the others are reloaded in step 3. They were loaded evict-last a
moment before, but Nsight on an H100 (float32 forward, N = 4M, two blocks a program) counted only
4-8% of those re-reads served by L2: such rows move about 2.5MN forward, not 2MN
(traffic_model/evidence/probe_cooperative_h100.json).

Why no launch can hang
----------------------
A waiting program holds its multiprocessor, so a row whose programs are not all resident at once
could wait for ever for a peer that cannot start. Two facts prevent it. Work goes by *ticket*, not
by program id: each program first takes the next number from the ticket, the workspace's last
word (an atomic add), and ticket t does block (t mod programs) of row (t div programs). So when ticket t is taken, every
smaller ticket has already been taken by a running or finished program: at any moment the only row
with programs still to start is the row of the next ticket, and every other row whose programs
started has them all started, none of them waiting on anything but each other. And a row has at
most as many programs as the GPU has multiprocessors (``policy``: one resident program per SM is
guaranteed, since the compiler fits a program's registers to one SM), so the programs of the one
incomplete row are never more than the GPU can hold beside it: a waiting program's missing peers
can always be scheduled. Hardware that launches programs in any order, and grids far larger than
what fits at once, are both safe.

Under the Triton interpreter programs run one after another, so ``policy`` gives each row one
program (BLOCKS = all the row's blocks): it publishes every word itself, finds them all there and
merges, running the same exchange with nothing to wait for.
"""

import triton
import triton.language as tl

from .row_math import (block_exponentials, grad_output, grad_term, merge_pairs, row_pointer,
                       softmax_output, to_compute, to_compute_again)


@triton.jit
def take_ticket(ticket_ptr, programs):
    """(row, first block) of this program's work, in the order programs started (see module)."""
    ticket = tl.atomic_add(ticket_ptr, 1, sem="relaxed").to(tl.int32)  # int32 arithmetic
    return ticket // programs, ticket % programs


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
    workspace, which holds 0 until then, inverted: as_bits are never all ones, so the word is
    never 0 once published. A relaxed atomic: the word is the whole message, so nothing else
    needs ordering before it."""
    tl.atomic_xchg(word_ptr, bits ^ -1, sem="relaxed", scope="gpu")


@triton.jit
def wait_for(words_ptr, offsets, mask, other):
    """The bits published at ``offsets``, once every one is there (no word is 0); ``other``
    where ``mask`` is off. Polled back to back with volatile loads, which go to L2 (L1 is not coherent
    between programs)."""
    words = tl.load(words_ptr + offsets, mask=mask, other=other ^ -1, volatile=True)
    while tl.min(tl.where(words == 0, 0, 1), 0) == 0:
        words = tl.load(words_ptr + offsets, mask=mask, other=other ^ -1, volatile=True)
    return words ^ -1


@triton.jit
def block_columns(block, BLOCK: tl.constexpr):
    return block * BLOCK + tl.arange(0, BLOCK)


@triton.jit
def load_raw(row, block, N, BLOCK: tl.constexpr, other: tl.constexpr, POLICY: tl.constexpr):
    """Block ``block`` of a row as stored, ``other`` past N; ``POLICY``: evict_last when the
    program reads it again after the wait, evict_first on that second read."""
    cols = block_columns(block, BLOCK)
    return tl.load(row + cols, mask=cols < N, other=other, eviction_policy=POLICY)


@triton.jit
def load_block(row, block, N, BLOCK: tl.constexpr, other: tl.constexpr, POLICY: tl.constexpr):
    """``load_raw`` in the compute dtype."""
    return to_compute(load_raw(row, block, N, BLOCK, other, POLICY))


@triton.jit
def store_block(row, block, N, BLOCK: tl.constexpr, values):
    cols = block_columns(block, BLOCK)
    tl.store(row + cols, values.to(row.dtype.element_ty), mask=cols < N)


@triton.jit
def publish_pair(x, pairs, slot, n_slots):
    """A block's (max, normaliser) pair, ``x`` as stored, into the workspace: one word holds both
    in float32, so that they arrive together; float64 takes a word each (maxima, then normalisers)."""
    m, p = block_exponentials(x)
    d = tl.sum(p, 0)
    if m.dtype == tl.float64:
        publish(pairs + slot, as_bits(m))
        publish(pairs + n_slots + slot, as_bits(d))
    else:
        publish(pairs + slot, as_bits(m) | (as_bits(d) << 32))


@triton.jit
def wait_for_pairs(pairs, n_slots, SLOTS: tl.constexpr, like):
    """Every (max, normaliser) pair of the row, once all are published; the empty pair (-inf, 0)
    past ``n_slots``."""
    slots = tl.arange(0, SLOTS)
    present = slots < n_slots
    if like.dtype.element_ty == tl.float64:
        m = from_bits(wait_for(pairs, slots, present, -4503599627370496), like)  # -inf
        d = from_bits(wait_for(pairs + n_slots, slots, present, 0), like)
    else:
        bits = wait_for(pairs, slots, present, 0xFF800000)  # (-inf, 0)
        m, d = from_bits(bits, like), from_bits(bits >> 32, like)
    return m, d


@triton.jit
def cooperative_forward(x_ptr, y_ptr, words_ptr, M, N, x_row_stride, y_row_stride, programs,
                        BLOCK: tl.constexpr, BLOCKS: tl.constexpr, SLOTS: tl.constexpr,
                        LOG: tl.constexpr):
    """Softmax of rows shared by ``programs`` programs of BLOCKS blocks; ``words`` is the
    int64 workspace of zeros: M rows of programs * BLOCKS words (float32; twice that, float64) of
    published pairs, then the ticket."""
    n_slots = programs * BLOCKS
    WORDS: tl.constexpr = 2 if x_ptr.dtype.element_ty == tl.float64 else 1
    row, program = take_ticket(words_ptr + tl.cast(M, tl.int64) * n_slots * WORDS, programs)
    first = program * BLOCKS
    x_row = row_pointer(x_ptr, row, x_row_stride)
    y_row = row_pointer(y_ptr, row, y_row_stride)
    pairs = words_ptr + row.to(tl.int64) * n_slots * WORDS

    x = load_raw(x_row, first, N, BLOCK, -float("inf"), "evict_last")
    publish_pair(x, pairs, first, n_slots)
    for b in tl.range(first + 1, first + BLOCKS):
        publish_pair(load_raw(x_row, b, N, BLOCK, -float("inf"), "evict_last"), pairs, b, n_slots)

    m_all, d_all = wait_for_pairs(pairs, n_slots, SLOTS, x_ptr)
    m_row, d_row = merge_pairs(m_all, d_all)

    store_block(y_row, first, N, BLOCK, softmax_output(to_compute(x), m_row, d_row, LOG))
    for b in tl.range(first + 1, first + BLOCKS):
        xb = load_block(x_row, b, N, BLOCK, -float("inf"), "evict_first")
        store_block(y_row, b, N, BLOCK, softmax_output(xb, m_row, d_row, LOG))


@triton.jit
def cooperative_backward(y_ptr, dy_ptr, dx_ptr, words_ptr, M, N, y_row_stride, dy_row_stride,
                         dx_row_stride, programs, BLOCK: tl.constexpr, BLOCKS: tl.constexpr,
                         SLOTS: tl.constexpr, LOG: tl.constexpr):
    """dx of rows shared by ``programs`` programs (see ``cooperative_forward``); ``words`` is the
    workspace of M * programs * BLOCKS + 1 zeros: the partial sum of ``grad_term`` of each
    block, then the ticket."""
    n_slots = programs * BLOCKS
    row, program = take_ticket(words_ptr + tl.cast(M, tl.int64) * n_slots, programs)
    first = program * BLOCKS
    y_row = row_pointer(y_ptr, row, y_row_stride)
    dy_row = row_pointer(dy_ptr, row, dy_row_stride)
    dx_row = row_pointer(dx_ptr, row, dx_row_stride)
    sums = words_ptr + row.to(tl.int64) * n_slots

    y = load_raw(y_row, first, N, BLOCK, 0.0, "evict_last")  # both held across the wait
    dy = load_raw(dy_row, first, N, BLOCK, 0.0, "evict_last")
    publish(sums + first, as_bits(tl.sum(grad_term(to_compute(y), to_compute(dy), LOG), 0)))
    for b in tl.range(first + 1, first + BLOCKS):
        yb = load_block(y_row, b, N, BLOCK, 0.0, "evict_last")
        dyb = load_block(dy_row, b, N, BLOCK, 0.0, "evict_last")
        publish(sums + b, as_bits(tl.sum(grad_term(yb, dyb, LOG), 0)))

    slots = tl.arange(0, SLOTS)
    s = tl.sum(from_bits(wait_for(sums, slots, slots < n_slots, 0), y_ptr), 0)

    store_block(dx_row, first, N, BLOCK,
                grad_output(to_compute_again(y), to_compute_again(dy), s, LOG))
    for b in tl.range(first + 1, first + BLOCKS):
        yb = load_block(y_row, b, N, BLOCK, 0.0, "evict_first")
        dyb = load_block(dy_row, b, N, BLOCK, 0.0, "evict_first")
        store_block(dx_row, b, N, BLOCK, grad_output(yb, dyb, s, LOG))
