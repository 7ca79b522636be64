"""Experiment (not kept in triton_impl): a persistent cooperative grid that holds its rows.

P programs, all resident (a cooperative launch), each own one column range of every row, at
most BLOCK columns (``column_range``: balanced to a 16-byte vector). Iteration i loads the
program's range of row i into registers, reduces it to one (max, normaliser) pair (backward:
the sum of dy * y) and publishes it as one word (the exchange of
``triton_impl/kernels/cooperative.py``); then it waits for the words of row i - LAG, published
LAG iterations before, and writes that row's range from the registers it was loaded into. So
every element is read once and written once (2MN forward, 3MN backward) and a program waits only
for a peer more than LAG rows behind it; the price is LAG + 1 rows' ranges in registers.

It differs from the two persistent experiments the cooperative kernel's docstring records: the
first (befe7e6) waited for row i right after loading row i + 1, the second
(results/h200/pipelined_2026-11-24/) waited a row late but held nothing and read every row
again from L2.

Run from the repository root, on a GPU:
    PYTHONPATH=. python3 results/h200/held_pipeline_2026-12-02/scripts/held_pipeline.py \
        N M dtype direction VARIANT...
a VARIANT is '-' (the policy's plan, through ``triton_impl.launch``) or 'k=v,...' of P
(programs an SM), W (warps), L (LAG: 1 or 2). BLOCK is the next power of two of the widest
range. Every output is checked against float64 (NaN-poisoned first) before it is timed; three
interleaved rounds, the median of each. Under TRITON_INTERPRET=1 (CPU tensors) it checks one
program's arithmetic (P = 1: no peers to wait for) against torch and times nothing.
"""
import os
import statistics
import sys

import torch
import triton
import triton.language as tl

sys.path.insert(0, "benchmarks")
import checking  # noqa: E402
from softmax_lab import implementations, measure  # noqa: E402
from triton_impl import dispatch, launch  # noqa: E402
from triton_impl.kernels.cooperative import (as_bits, from_bits, publish,  # noqa: E402
                                             publish_pair_values, published_bits, wait_for)
from triton_impl.kernels.row_math import (block_exponentials, grad_output, grad_term,  # noqa: E402
                                          merge_pairs, softmax_output, to_compute)

INTERPRETED = os.environ.get("TRITON_INTERPRET") == "1"


@triton.jit
def column_range(q, P, N, VEC: tl.constexpr):
    units = N // VEC
    return (q * units // P) * VEC, ((q + 1) * units // P) * VEC


@triton.jit
def held_forward(x_ptr, y_ptr, words_ptr, M, N, x_stride, y_stride, BLOCK: tl.constexpr,
                 SLOTS: tl.constexpr, PATIENCE: tl.constexpr, VEC: tl.constexpr,
                 LAG: tl.constexpr):
    P = tl.num_programs(0)
    p = tl.program_id(0)
    start, end = column_range(p, P, N, VEC)
    cols = start + tl.arange(0, BLOCK)
    mask = cols < end
    slots = tl.arange(0, SLOTS)
    held_1 = tl.full([BLOCK], -float("inf"), tl.float32).to(x_ptr.dtype.element_ty)
    held_2 = held_1
    for i in range(0, M + LAG):
        row = tl.cast(tl.minimum(i, M - 1), tl.int64)
        x = tl.load(x_ptr + row * x_stride + cols, mask=mask & (i < M), other=-float("inf"))
        if i < M:
            m, e = block_exponentials(x)
            publish_pair_values(m, tl.sum(e, 0), words_ptr + row * P, p, P)
        if LAG == 1:
            oldest = held_1
        else:
            oldest = held_2
        if i >= LAG:
            r = tl.cast(i - LAG, tl.int64)
            words = wait_for(words_ptr + r * P, slots, slots < P, 0xFF800000, PATIENCE)
            bits = published_bits(words)
            m_row, d_row = merge_pairs(from_bits(bits, x_ptr), from_bits(bits >> 32, x_ptr))
            tl.store(y_ptr + r * y_stride + cols,
                     softmax_output(to_compute(oldest), m_row, d_row, False)
                     .to(y_ptr.dtype.element_ty), mask=mask)
        held_2 = held_1
        held_1 = x


@triton.jit
def held_backward(y_ptr, dy_ptr, dx_ptr, words_ptr, M, N, stride, BLOCK: tl.constexpr,
                  SLOTS: tl.constexpr, PATIENCE: tl.constexpr, VEC: tl.constexpr,
                  LAG: tl.constexpr):
    P = tl.num_programs(0)
    p = tl.program_id(0)
    start, end = column_range(p, P, N, VEC)
    cols = start + tl.arange(0, BLOCK)
    mask = cols < end
    slots = tl.arange(0, SLOTS)
    y_1 = tl.zeros([BLOCK], tl.float32).to(y_ptr.dtype.element_ty)
    dy_1 = tl.zeros([BLOCK], tl.float32).to(dy_ptr.dtype.element_ty)
    y_2 = y_1
    dy_2 = dy_1
    for i in range(0, M + LAG):
        row = tl.cast(tl.minimum(i, M - 1), tl.int64)
        y = tl.load(y_ptr + row * stride + cols, mask=mask & (i < M), other=0.0)
        dy = tl.load(dy_ptr + row * stride + cols, mask=mask & (i < M), other=0.0)
        if i < M:
            s = tl.sum(grad_term(to_compute(y), to_compute(dy), False), 0)
            publish(words_ptr + row * P + p, as_bits(s))
        if LAG == 1:
            old_y = y_1
            old_dy = dy_1
        else:
            old_y = y_2
            old_dy = dy_2
        if i >= LAG:
            r = tl.cast(i - LAG, tl.int64)
            words = wait_for(words_ptr + r * P, slots, slots < P, 0, PATIENCE)
            s_row = tl.sum(from_bits(published_bits(words), y_ptr), 0)
            tl.store(dx_ptr + r * stride + cols,
                     grad_output(to_compute(old_y), to_compute(old_dy), s_row, False)
                     .to(dx_ptr.dtype.element_ty), mask=mask)
        y_2 = y_1
        dy_2 = dy_1
        y_1 = y
        dy_1 = dy


def widest_range(N: int, P: int, vec: int) -> int:
    units = N // vec
    return max(((q + 1) * units // P - q * units // P) for q in range(P)) * vec


def run(direction, M, N, tensors, P, W, lag):
    vec = 16 // tensors[0].element_size()
    assert N % vec == 0, "the experiment takes rows of whole 16-byte vectors"
    block = triton.next_power_of_2(widest_range(N, P, vec))
    slots = launch.exchange_vector(P, W)
    words = torch.zeros(M * P, dtype=torch.int64, device=tensors[0].device)
    common = dict(BLOCK=block, SLOTS=slots, PATIENCE=1 << 30, VEC=vec, LAG=lag, num_warps=W)
    if not INTERPRETED:
        common["launch_cooperative_grid"] = True
    if direction == "forward":
        x, y = tensors
        return held_forward[(P,)](x, y, words, M, N, x.stride(0), y.stride(0), **common)
    yy, dy, dx = tensors
    return held_backward[(P,)](yy, dy, dx, words, M, N, yy.stride(0), **common)


def interpreted_check():
    """One program (no peers), both directions, both lags, float32 and bfloat16, against torch."""
    torch.manual_seed(0)
    for dtype in (torch.float32, torch.bfloat16):
        for lag in (1, 2):
            for M, N in ((1, 64), (3, 40), (5, 128)):
                x = (torch.randn(M, N) * 3).to(dtype)
                y = torch.full_like(x, float("nan"))
                run("forward", M, N, (x, y), 1, 4, lag)
                checking.check_forward(y, x, what=f"forward {dtype} lag {lag} {M}x{N}")
                yy = torch.softmax(x.float(), -1).to(dtype)
                dy = torch.randn_like(yy)
                dx = torch.full_like(x, float("nan"))
                run("backward", M, N, (yy, dy, dx), 1, 4, lag)
                checking.check_backward(dx, yy, dy, what=f"backward {dtype} lag {lag} {M}x{N}")
    print("interpreted: forward and backward, lags 1 and 2, float32 and bfloat16: all match")


def main():
    if INTERPRETED:
        return interpreted_check()
    N, M, dtype_name, direction = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    dtype = getattr(torch, dtype_name)
    backward = direction == "backward"
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
    dy = torch.randn_like(x)
    y = torch.softmax(x.float(), -1).to(dtype)
    out = torch.empty_like(x)
    copy = measure.copy_bandwidth_gbs()
    nbytes = implementations.useful_bytes(M, N, dtype, direction)
    fns = []
    for spec in sys.argv[5:]:
        if spec == "-":
            plan = dispatch.make_plan(M, N, dtype, "cuda", backward=backward)
            desc = plan.describe()[:80]
            if backward:
                fn = lambda p=plan: launch.softmax_backward_rows(p, y, dy, out, False)
            else:
                fn = lambda p=plan: launch.softmax_rows(p, x, out, False)
        else:
            kv = dict(item.split("=") for item in spec.split(","))
            P, W, lag = int(kv.get("P", 1)) * sms, int(kv.get("W", 8)), int(kv.get("L", 1))
            tensors = (y, dy, out) if backward else (x, out)
            fn = lambda a=(direction, M, N, tensors, P, W, lag): run(*a)
            desc = f"held pipeline, {P} programs, {W} warps, lag {lag}"
        try:
            out.fill_(float("nan"))
            compiled = fn()
            torch.cuda.synchronize()
            if backward:
                checking.check_backward(out, y, dy, what=spec)
            else:
                checking.check_forward(out, x, what=spec)
        except Exception as e:  # a variant that fails is reported, and the others still run
            print(f"{spec}: FAILED {type(e).__name__}: {str(e)[:300]}", flush=True)
            continue
        if spec != "-":
            desc += f", {compiled.n_regs} registers, {compiled.n_spills} spilled"
        fns.append((spec, desc, fn, []))
    for _ in range(3):
        for spec, desc, fn, t in fns:
            t.append(measure.median_ms(fn))
    print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s; {direction} {dtype_name} "
          f"N={N} M={M}", flush=True)
    for spec, desc, fn, t in fns:
        ms = statistics.median(t)
        print(f"  {spec:14} {measure.gbs(nbytes, ms):7.0f} GB/s {measure.gbs(nbytes, ms) / copy:6.1%}"
              f"  {ms * 1e3:8.1f} us  {desc}", flush=True)


if __name__ == "__main__":
    main()
