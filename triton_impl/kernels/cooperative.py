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
2. publishes it to a float32 workspace slot of its row, then announces its arrival on the row's
   counter: a block-wide barrier (every thread's store is done), then a release atomic add;
3. waits until the counter shows all of the row's slots arrived (acquire atomics), merges the
   row's partials (read past L1, which is not coherent between programs), and writes its block
   from the registers it loaded in step 1, as exp(x - m_row) / d_row.

The output takes a second exp an element rather than reusing step 1's exp(x - m_block) scaled by
exp(m_block - m_row): that reuse measured 2-4% faster (float32, H100), but equal inputs in two
blocks then round differently, and softmax must keep the inputs' order exactly (ties stay ties,
as in torch.softmax); the property suite caught it.

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
by program id: each program first takes the next number from a global counter (an atomic add), and
ticket t does block (t mod programs) of row (t div programs). So when ticket t is taken, every
smaller ticket has already been taken by a running or finished program: at any moment the only row
with programs still to start is the row of the next ticket, and every other row whose programs
started has them all started, none of them waiting on anything but each other. And a row has at
most as many programs as the GPU has multiprocessors (``policy``: one resident program per SM is
guaranteed, since the compiler fits a program's registers to one SM), so the programs of the one
incomplete row are never more than the GPU can hold beside it: a waiting program's missing peers
can always be scheduled. Hardware that launches programs in any order, and grids far larger than
what fits at once, are both safe.

Under the Triton interpreter programs run one after another, so ``policy`` gives each row one
program (BLOCKS = all the row's blocks): it publishes every slot itself, arrives for all of them,
finds the count complete and merges, running the same exchange with nothing to wait for.
"""

import triton
import triton.language as tl

from .row_math import (block_exponentials, grad_output, grad_term, merge_pairs, row_pointer,
                       softmax_output, to_compute)


@triton.jit
def take_ticket(counters_ptr, M, programs):
    """(row group, first block) of this program's work, in the order programs started (see
    module)."""
    ticket = tl.atomic_add(counters_ptr + M, 1, sem="relaxed")
    return ticket // programs, ticket % programs


@triton.jit
def arrive(counter_ptr, arrivals):
    """Announce ``arrivals`` published slots on the row's counter; returns the count it made."""
    tl.debug_barrier()  # every thread of the program has stored its part of the slots
    return tl.atomic_add(counter_ptr, arrivals, sem="acq_rel", scope="gpu") + arrivals


@triton.jit
def wait_for(counter_ptr, arrived, expected):
    """Wait until the row's counter, last seen at ``arrived``, shows ``expected`` arrivals.

    Polled with acquire atomics, back to back: sleeping 200 or 1000 ns between polls
    (``nanosleep``) measured the same on an H100 (within 1% at N = 65536 and 1M)."""
    while arrived < expected:
        arrived = tl.atomic_add(counter_ptr, 0, sem="acquire", scope="gpu")


@triton.jit
def rows_end(row, M, N):
    """N for a row that exists, 0 past the last: the bound that masks a prefetch past M."""
    return tl.where(row < M, N, 0)


@triton.jit
def block_columns(block, BLOCK: tl.constexpr):
    return block * BLOCK + tl.arange(0, BLOCK)


@triton.jit
def load_raw(row, block, N, BLOCK: tl.constexpr, other: tl.constexpr, POLICY: tl.constexpr):
    """Block ``block`` of a row as stored, ``other`` past N; ``POLICY``: evict_last when the
    program reads it again after the wait, evict_first on that second read. (Kept in the input's
    dtype while it waits in registers: half the registers of float32 for a 16-bit row.)"""
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
def publish_pair(x, m_slots, d_slots, slot):
    """Store a block's (max, normaliser) pair in its row's workspace slot."""
    m, p = block_exponentials(x)
    tl.store(m_slots + slot, m)
    tl.store(d_slots + slot, tl.sum(p, 0))


@triton.jit
def cooperative_forward(x_ptr, y_ptr, pairs_ptr, counters_ptr, M, N, x_row_stride, y_row_stride,
                        programs, groups, BLOCK: tl.constexpr, BLOCKS: tl.constexpr,
                        SLOTS: tl.constexpr, LOG: tl.constexpr, PREFETCH: tl.constexpr):
    """Softmax of rows shared by ``programs`` programs of BLOCKS blocks; ``pairs`` is the float32
    workspace [2, M, programs * BLOCKS] (maxima, then normalisers), ``counters`` M + 1 zeros.
    The programs of row group g take rows g, g + groups, ...; with PREFETCH each loads its first
    block of the next row while it waits for this row's peers."""
    group, program = take_ticket(counters_ptr, M, programs)
    first = program * BLOCKS
    n_slots = programs * BLOCKS
    x = load_raw(row_pointer(x_ptr, group, x_row_stride), first, N, BLOCK, -float("inf"),
                 "evict_last")
    for row in tl.range(group, M, groups):
        x_row = row_pointer(x_ptr, row, x_row_stride)
        m_slots = pairs_ptr + tl.cast(row, tl.int64) * n_slots
        d_slots = m_slots + tl.cast(M, tl.int64) * n_slots  # (M == 1 arrives as a constexpr)
        publish_pair(to_compute(x), m_slots, d_slots, first)
        for b in tl.range(first + 1, first + BLOCKS):
            publish_pair(load_block(x_row, b, N, BLOCK, -float("inf"), "evict_last"), m_slots,
                         d_slots, b)
        arrived = arrive(counters_ptr + row, BLOCKS)

        next_x_row = row_pointer(x_ptr, row + groups, x_row_stride)
        next_N = rows_end(row + groups, M, N)
        if PREFETCH:
            x_next = load_raw(next_x_row, first, next_N, BLOCK, -float("inf"), "evict_last")
        wait_for(counters_ptr + row, arrived, n_slots)
        slots = tl.arange(0, SLOTS)
        m_all = tl.load(m_slots + slots, mask=slots < n_slots, other=-float("inf"),
                        cache_modifier=".cg")
        d_all = tl.load(d_slots + slots, mask=slots < n_slots, other=0.0, cache_modifier=".cg")
        m_row, d_row = merge_pairs(m_all, d_all)

        y_row = row_pointer(y_ptr, row, y_row_stride)
        store_block(y_row, first, N, BLOCK, softmax_output(to_compute(x), m_row, d_row, LOG))
        for b in tl.range(first + 1, first + BLOCKS):
            xb = load_block(x_row, b, N, BLOCK, -float("inf"), "evict_first")
            store_block(y_row, b, N, BLOCK, softmax_output(xb, m_row, d_row, LOG))
        if PREFETCH:
            x = x_next
        else:
            x = load_raw(next_x_row, first, next_N, BLOCK, -float("inf"), "evict_last")


@triton.jit
def cooperative_backward(y_ptr, dy_ptr, dx_ptr, sums_ptr, counters_ptr, M, N, y_row_stride,
                         dy_row_stride, dx_row_stride, programs, groups, BLOCK: tl.constexpr,
                         BLOCKS: tl.constexpr, SLOTS: tl.constexpr, LOG: tl.constexpr,
                         PREFETCH: tl.constexpr):
    """dx of rows shared by ``programs`` programs (see ``cooperative_forward``); ``sums`` is the
    float32 workspace [M, programs * BLOCKS] of partial sums of ``grad_term``."""
    group, program = take_ticket(counters_ptr, M, programs)
    first = program * BLOCKS
    n_slots = programs * BLOCKS
    y = load_raw(row_pointer(y_ptr, group, y_row_stride), first, N, BLOCK, 0.0, "evict_last")
    dy = load_raw(row_pointer(dy_ptr, group, dy_row_stride), first, N, BLOCK, 0.0, "evict_last")
    for row in tl.range(group, M, groups):
        y_row = row_pointer(y_ptr, row, y_row_stride)
        dy_row = row_pointer(dy_ptr, row, dy_row_stride)
        s_slots = sums_ptr + tl.cast(row, tl.int64) * n_slots
        tl.store(s_slots + first, tl.sum(grad_term(to_compute(y), to_compute(dy), LOG), 0))
        for b in tl.range(first + 1, first + BLOCKS):
            yb = load_block(y_row, b, N, BLOCK, 0.0, "evict_last")
            dyb = load_block(dy_row, b, N, BLOCK, 0.0, "evict_last")
            tl.store(s_slots + b, tl.sum(grad_term(yb, dyb, LOG), 0))
        arrived = arrive(counters_ptr + row, BLOCKS)

        next_y_row = row_pointer(y_ptr, row + groups, y_row_stride)
        next_dy_row = row_pointer(dy_ptr, row + groups, dy_row_stride)
        next_N = rows_end(row + groups, M, N)
        if PREFETCH:
            y_next = load_raw(next_y_row, first, next_N, BLOCK, 0.0, "evict_last")
            dy_next = load_raw(next_dy_row, first, next_N, BLOCK, 0.0, "evict_last")
        wait_for(counters_ptr + row, arrived, n_slots)
        slots = tl.arange(0, SLOTS)
        s = tl.sum(tl.load(s_slots + slots, mask=slots < n_slots, other=0.0,
                           cache_modifier=".cg"), 0)

        dx_row = row_pointer(dx_ptr, row, dx_row_stride)
        store_block(dx_row, first, N, BLOCK, grad_output(to_compute(y), to_compute(dy), s, LOG))
        for b in tl.range(first + 1, first + BLOCKS):
            yb = load_block(y_row, b, N, BLOCK, 0.0, "evict_first")
            dyb = load_block(dy_row, b, N, BLOCK, 0.0, "evict_first")
            store_block(dx_row, b, N, BLOCK, grad_output(yb, dyb, s, LOG))
        if PREFETCH:
            y, dy = y_next, dy_next
        else:
            y = load_raw(next_y_row, first, next_N, BLOCK, 0.0, "evict_last")
            dy = load_raw(next_dy_row, first, next_N, BLOCK, 0.0, "evict_last")
