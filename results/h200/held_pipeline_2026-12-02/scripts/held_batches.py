"""Experiment, second call: the held pipeline of ``held_pipeline.py`` with R rows an iteration.

The first call found every program of the held pipeline starved of bytes in flight: one range of
one row loading at a time, 4-32 KB an SM, where the copy keeps tens of KB an SM in flight. Here
iteration i loads R rows' ranges at once (rows iR .. iR + R - 1, a [R, BLOCK] tile), then waits
for the words of batch i - 1 (published an iteration before) and writes that batch from the
registers it was loaded into, while batch i is still arriving; only then does it reduce batch i
to R pairs (backward: R sums) and publish them. Lag one batch: R rows of slack. M must be a
multiple of R (a compare-and-swap takes no mask).

Run from the repository root, on a GPU:
    PYTHONPATH=. python3 .../held_batches.py N M dtype direction VARIANT...
a VARIANT is '-' (the policy's plan) or 'k=v,...' of P (programs an SM), W (warps), R (rows an
iteration). Checked (NaN-poisoned, float64) before it is timed; three interleaved rounds, the
median of each. Under TRITON_INTERPRET=1 (CPU tensors) it checks one program (P = 1) against
torch and times nothing.
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
from triton_impl.kernels.cooperative import (as_bits, from_bits,  # noqa: E402
                                             published_bits, wait_for)
from triton_impl.kernels.row_math import (exp, exponent_base, grad_output, grad_term,  # noqa: E402
                                          rescale, softmax_output, to_compute)

INTERPRETED = os.environ.get("TRITON_INTERPRET") == "1"


@triton.jit
def column_range(q, P, N, VEC: tl.constexpr):
    units = N // VEC
    return (q * units // P) * VEC, ((q + 1) * units // P) * VEC


@triton.jit
def publish_rows(word_ptrs, bits):
    """``cooperative.publish`` of R words at once (its compare value a vector, as the
    interpreter's compare-and-swap needs)."""
    tl.atomic_cas(word_ptrs, tl.zeros_like(bits), bits ^ -1, sem="relaxed", scope="gpu")


@triton.jit
def batch_words(words_ptr, batch, P, R: tl.constexpr, SLOTS: tl.constexpr, other,
                PATIENCE: tl.constexpr):
    """The [R, SLOTS] words of batch ``batch``'s rows once all are published."""
    flat = tl.arange(0, R * SLOTS)
    offsets = (batch * R + flat // SLOTS).to(tl.int64) * P + flat % SLOTS
    words = wait_for(words_ptr, offsets, flat % SLOTS < P, other, PATIENCE)
    return tl.reshape(published_bits(words), [R, SLOTS])


@triton.jit
def batch_forward(x_ptr, y_ptr, words_ptr, M, N, x_stride, y_stride, BLOCK: tl.constexpr,
                  SLOTS: tl.constexpr, PATIENCE: tl.constexpr, VEC: tl.constexpr,
                  R: tl.constexpr):
    P = tl.num_programs(0)
    p = tl.program_id(0)
    start, end = column_range(p, P, N, VEC)
    cols = start + tl.arange(0, BLOCK)
    lanes = tl.arange(0, R)
    batches = M // R
    held = tl.full([R, BLOCK], -float("inf"), tl.float32).to(x_ptr.dtype.element_ty)
    for i in range(0, batches + 1):
        rows = (tl.minimum(i, batches - 1) * R + lanes).to(tl.int64)
        x = tl.load(x_ptr + rows[:, None] * x_stride + cols[None, :],
                    mask=(cols < end)[None, :] & (i < batches), other=-float("inf"))
        if i > 0:
            bits = batch_words(words_ptr, i - 1, P, R, SLOTS, 0xFF800000, PATIENCE)
            m = from_bits(bits, x_ptr)
            m_row = tl.max(m, 1)
            d_row = tl.sum(rescale(from_bits(bits >> 32, x_ptr), m, m_row[:, None]), 1)
            done = ((i - 1) * R + lanes).to(tl.int64)
            tl.store(y_ptr + done[:, None] * y_stride + cols[None, :],
                     softmax_output(to_compute(held), m_row[:, None], d_row[:, None], False)
                     .to(y_ptr.dtype.element_ty), mask=(cols < end)[None, :])
        if i < batches:
            m = to_compute(tl.max(x, 1))
            d = tl.sum(exp(to_compute(x) - exponent_base(m)[:, None]), 1)
            publish_rows(words_ptr + rows * P + p, as_bits(m) | (as_bits(d) << 32))
        held = x


@triton.jit
def batch_backward(y_ptr, dy_ptr, dx_ptr, words_ptr, M, N, stride, BLOCK: tl.constexpr,
                   SLOTS: tl.constexpr, PATIENCE: tl.constexpr, VEC: tl.constexpr,
                   R: tl.constexpr):
    P = tl.num_programs(0)
    p = tl.program_id(0)
    start, end = column_range(p, P, N, VEC)
    cols = start + tl.arange(0, BLOCK)
    lanes = tl.arange(0, R)
    batches = M // R
    held_y = tl.zeros([R, BLOCK], tl.float32).to(y_ptr.dtype.element_ty)
    held_dy = tl.zeros([R, BLOCK], tl.float32).to(dy_ptr.dtype.element_ty)
    for i in range(0, batches + 1):
        rows = (tl.minimum(i, batches - 1) * R + lanes).to(tl.int64)
        offsets = rows[:, None] * stride + cols[None, :]
        mask = (cols < end)[None, :] & (i < batches)
        y = tl.load(y_ptr + offsets, mask=mask, other=0.0)
        dy = tl.load(dy_ptr + offsets, mask=mask, other=0.0)
        if i > 0:
            s_row = tl.sum(from_bits(batch_words(words_ptr, i - 1, P, R, SLOTS, 0, PATIENCE),
                                     y_ptr), 1)
            done = ((i - 1) * R + lanes).to(tl.int64)
            tl.store(dx_ptr + done[:, None] * stride + cols[None, :],
                     grad_output(to_compute(held_y), to_compute(held_dy), s_row[:, None], False)
                     .to(dx_ptr.dtype.element_ty), mask=(cols < end)[None, :])
        if i < batches:
            s = tl.sum(grad_term(to_compute(y), to_compute(dy), False), 1)
            publish_rows(words_ptr + rows * P + p, as_bits(s))
        held_y = y
        held_dy = dy


def widest_range(N: int, P: int, vec: int) -> int:
    units = N // vec
    return max(((q + 1) * units // P - q * units // P) for q in range(P)) * vec


def run(direction, M, N, tensors, P, W, R):
    vec = 16 // tensors[0].element_size()
    assert N % vec == 0 and M % R == 0, "whole 16-byte vectors, and M a multiple of R"
    block = triton.next_power_of_2(widest_range(N, P, vec))
    slots = launch.exchange_vector(P, W)
    words = torch.zeros(M * P, dtype=torch.int64, device=tensors[0].device)
    common = dict(BLOCK=block, SLOTS=slots, PATIENCE=1 << 30, VEC=vec, R=R, num_warps=W)
    if not INTERPRETED:
        common["launch_cooperative_grid"] = True
    if direction == "forward":
        x, y = tensors
        return batch_forward[(P,)](x, y, words, M, N, x.stride(0), y.stride(0), **common)
    yy, dy, dx = tensors
    return batch_backward[(P,)](yy, dy, dx, words, M, N, yy.stride(0), **common)


def interpreted_check():
    """One program (no peers), both directions, R = 1, 2, 4, float32 and bfloat16."""
    torch.manual_seed(0)
    for dtype in (torch.float32, torch.bfloat16):
        for R in (1, 2, 4):
            for M, N in ((4, 64), (8, 40), (4, 128)):
                x = (torch.randn(M, N) * 3).to(dtype)
                y = torch.full_like(x, float("nan"))
                run("forward", M, N, (x, y), 1, 4, R)
                checking.check_forward(y, x, what=f"forward {dtype} R {R} {M}x{N}")
                yy = torch.softmax(x.float(), -1).to(dtype)
                dy = torch.randn_like(yy)
                dx = torch.full_like(x, float("nan"))
                run("backward", M, N, (yy, dy, dx), 1, 4, R)
                checking.check_backward(dx, yy, dy, what=f"backward {dtype} R {R} {M}x{N}")
    print("interpreted: forward and backward, R = 1, 2, 4, float32 and bfloat16: all match")


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
            P, W, R = int(kv.get("P", 1)) * sms, int(kv.get("W", 8)), int(kv.get("R", 1))
            tensors = (y, dy, out) if backward else (x, out)
            fn = lambda a=(direction, M, N, tensors, P, W, R): run(*a)
            desc = f"held batches, {P} programs, {W} warps, {R} rows an iteration"
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
