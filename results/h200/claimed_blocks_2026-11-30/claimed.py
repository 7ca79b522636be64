"""Probe (not the library's): a cooperative forward whose programs claim a row's extra blocks.

Each of a row's ``programs`` programs holds one block across the wait, as the library's kernel
does; the row's other blocks (a pool) are not given out in advance but claimed one at a time by
an atomic add on a counter of the row, so that a program whose loads came back early takes more
of the pool rather than idling while its peers catch up. A program works through claims first
and loads the block it holds last (nothing held while it claims), publishes, waits for the row's
words, writes its held block, then claims the pool's write-outs the same way (each re-read from
the L2, evict-first). The wait is then at most about one block's load.

    PYTHONPATH=. python3 results/h200/claimed_blocks_2026-11-30/claimed.py --out DIR

times the library's softmax (its policy's plan) and the probe's variants in interleaved rounds,
each output checked against float64 through a NaN-poisoned output first, beside the copy.
"""

import argparse
import json
import os
import statistics
import sys

import torch
import triton
import triton.language as tl

from benchmarks.checking import check_forward
from softmax_lab import measure
from triton_impl import softmax
from triton_impl.kernels.cooperative import (all_published, from_bits, help_pairs, load_held,
                                             publish_block_pair, published_bits, read_words,
                                             row_and_program, store_held_output, wait_for)
from triton_impl.kernels.row_math import merge_pairs


@triton.jit
def claim(counter, programs):
    return programs + tl.atomic_add(counter, 1, sem="relaxed", scope="gpu")


@triton.jit
def claimed_forward(x_ptr, y_ptr, N, x_stride, y_stride, programs, n_slots, words_ptr,
                    counters_ptr, stale_words, stale_counters, BLOCK: tl.constexpr,
                    SLOTS: tl.constexpr, PATIENCE: tl.constexpr, PAIRED: tl.constexpr,
                    ASM: tl.constexpr):
    row, program = row_and_program(programs)
    x_row = x_ptr + row.to(tl.int64) * x_stride
    y_row = y_ptr + row.to(tl.int64) * y_stride
    pairs = words_ptr + row.to(tl.int64) * n_slots
    counters = counters_ptr + row * 2
    for s in tl.range(program, n_slots, programs):  # the next launch's words, zeroed
        tl.store(pairs + stale_words + s, tl.full((), 0, tl.int64))
    if program == 0:
        tl.store(counters + stale_counters + tl.arange(0, 2), tl.zeros([2], tl.int32))

    b = claim(counters, programs)
    while b < n_slots:
        block = load_held(x_row, b, 0, N, BLOCK, "evict_last", PAIRED, 0)
        after = claim(counters, programs)
        publish_block_pair(block, x_row, 0, N, x_ptr, pairs, b, n_slots, BLOCK, PAIRED, ASM, 0)
        b = after
    held = load_held(x_row, program, 0, N, BLOCK, "evict_first", PAIRED, 0)
    publish_block_pair(held, x_row, 0, N, x_ptr, pairs, program, n_slots, BLOCK, PAIRED, ASM, 0)

    offsets = tl.arange(0, SLOTS)
    present = offsets < n_slots
    words = wait_for(pairs, offsets, present, 0xFF800000, PATIENCE)
    if not all_published(words):
        help_pairs(x_row, pairs, n_slots, 0, N, BLOCK, 0)
        words = read_words(pairs, offsets, present, 0xFF800000)
        held = load_held(x_row, program, 0, N, BLOCK, "evict_first", PAIRED, 0)
    bits = published_bits(words)
    m_row, d_row = merge_pairs(from_bits(bits, x_ptr), from_bits(bits >> 32, x_ptr))
    store_held_output(x_row, y_row, program, 0, N, BLOCK, held, x_ptr, m_row, d_row, False,
                      PAIRED, ASM, "", 0)
    b = claim(counters + 1, programs)
    while b < n_slots:
        after = claim(counters + 1, programs)
        store_held_output(x_row, y_row, b, 0, N, BLOCK,
                          load_held(x_row, b, 0, N, BLOCK, "evict_first", PAIRED, 0), x_ptr,
                          m_row, d_row, False, PAIRED, ASM, "evict_first", 0)
        b = after


class Claimed:
    """The probe's launches over (M, N) rows, its words and counters in two halves: a launch
    uses one and zeroes the other for the next."""

    def __init__(self, M, N, block, programs, warps, registers, paired, device):
        self.n_slots = -(-N // block)
        assert programs <= self.n_slots
        self.M, self.N, self.block, self.programs = M, N, block, programs
        self.warps, self.registers, self.paired = warps, registers, paired
        self.words = torch.zeros(2 * M * self.n_slots, dtype=torch.int64, device=device)
        self.counters = torch.zeros(2 * M * 2, dtype=torch.int32, device=device)
        self.half = 0

    def __call__(self, x, y):
        M, n = self.M, self.n_slots
        words = self.words[self.half * M * n:]
        counters = self.counters[self.half * M * 2:]
        stale = (1 - 2 * self.half)
        options = dict(maxnreg=self.registers) if self.registers else {}
        claimed_forward[(M * self.programs,)](
            x, y, self.N, x.stride(0), y.stride(0), self.programs, n, words, counters,
            stale * M * n, stale * M * 2, BLOCK=self.block,
            SLOTS=max(triton.next_power_of_2(n), 32 * self.warps), PATIENCE=4096,
            PAIRED=self.paired, ASM=True, num_warps=self.warps, **options)
        self.half = 1 - self.half
        return y


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--problems", nargs="+", required=True,
                        help="DTYPE:N:M:BLOCK:WARPS:REGS:PROGRAMS,PROGRAMS,...")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    problems = []
    for text in args.problems:
        dtype, N, M, block, warps, regs, programs = text.split(":")
        problems.append((getattr(torch, dtype), int(N), int(M), int(block), int(warps),
                         int(regs), [int(p) for p in programs.split(",")]))
    copy = measure.copy_bandwidth_gbs()
    print(f"{measure.device_name()}, copy {copy:.0f} GB/s", flush=True)
    results = []
    for dtype, N, M, block, warps, regs, programs in problems:
        torch.manual_seed(0)
        x = torch.randn(M, N, device="cuda").mul_(4).to(dtype)
        y = torch.full_like(x, float("nan"))
        variants = {"policy": lambda: softmax(x, -1)}
        paired = dtype != torch.float32
        for p in programs:
            run = Claimed(M, N, block, p, warps, regs, paired, x.device)
            variants[f"claimed P={p}"] = (lambda run=run: run(x, y))
        for name, fn in variants.items():
            y.fill_(float("nan"))
            got = fn()
            torch.cuda.synchronize()
            check_forward(got, x, what=f"{name} {dtype} {M}x{N}")
        times = {name: [] for name in variants}
        for _ in range(args.rounds):
            for name, fn in variants.items():
                times[name].append(measure.median_ms(fn))
        nbytes = 2 * M * N * x.element_size()
        for name, ms in times.items():
            ms = statistics.median(ms)
            of_copy = measure.gbs(nbytes, ms) / copy
            row = dict(dtype=str(dtype), N=N, M=M, block=block, warps=warps, registers=regs,
                       variant=name, ms=ms, of_copy=of_copy)
            results.append(row)
            print(f"{str(dtype):15} {N:8} x {M:4} {name:16} {ms:8.4f} ms {100 * of_copy:6.1f}%",
                  flush=True)
        with open(os.path.join(args.out, "claimed.json"), "w") as f:
            json.dump(dict(device=measure.device_name(), copy_gbs=copy, points=results), f,
                      indent=1)


if __name__ == "__main__":
    sys.exit(main())
