"""Experiment (not kept in triton_impl): a persistent cooperative grid skewed by one row.

Each of P programs owns a column range of every row (``column_range``: balanced to a 16-byte
vector). Iteration i reduces the program's range of row i to one (max, normaliser) pair and
publishes it as one word (the exchange of ``triton_impl/kernels/cooperative.py``), then waits for
row i-1's words, published one iteration before, and writes its range of row i-1, read again
(from L2, loaded evict-last an iteration before). Nothing is held in registers across a wait, and
the wait has a whole row's reduction of slack; a program whose peers are late computes their
words itself, as the cooperative kernels' helpers do. The backward is the same with the sums of
dy * y.

Run from the repository root, on a GPU:
    PYTHONPATH=. python3 results/h200/pipelined_2026-11-24/scripts/pipelined.py N M dtype direction
        VARIANT...
a VARIANT is '-' (the policy's plan, through ``triton_impl.launch``) or 'k=v,...' of P (programs
an SM), W (warps), B (columns a step), S (num_stages), F (1: each step loads the next step's
block before reducing its own). Every output is checked against float64 (NaN-poisoned first)
before it is timed; three interleaved rounds, the median."""
import statistics, sys
import torch
import triton
import triton.language as tl

sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
from triton_impl import dispatch, launch
from triton_impl.kernels.cooperative import (all_published, from_bits, publish,
                                             publish_pair_values, published_bits, read_words,
                                             unpublished, wait_for, as_bits)
from triton_impl.kernels.row_math import (block_exponentials, exp, grad_output, grad_term,
                                          merge_pairs, rescale, softmax_output, to_compute)


@triton.jit
def column_range(q, P, N, VEC: tl.constexpr):
    units = N // VEC
    return (q * units // P) * VEC, ((q + 1) * units // P) * VEC


@triton.jit
def range_pair(x_row, start, end, BLOCK: tl.constexpr, POLICY: tl.constexpr, AHEAD: tl.constexpr):
    m = tl.full([], -float("inf"), tl.float32)
    d = tl.zeros([], tl.float32)
    cols = start + tl.arange(0, BLOCK)
    x = tl.load(x_row + cols, mask=cols < end, other=-float("inf"), eviction_policy=POLICY)
    for c in tl.range(start, end, BLOCK):
        if AHEAD:
            cols = c + BLOCK + tl.arange(0, BLOCK)
            x_next = tl.load(x_row + cols, mask=cols < end, other=-float("inf"),
                             eviction_policy=POLICY)
        else:
            cols = c + tl.arange(0, BLOCK)
            x = tl.load(x_row + cols, mask=cols < end, other=-float("inf"), eviction_policy=POLICY)
            x_next = x
        mb, e = block_exponentials(x)
        m_new = tl.maximum(m, mb)
        d = rescale(d, m, m_new) + rescale(tl.sum(e, 0), mb, m_new)
        m = m_new
        x = x_next
    return m, d


@triton.jit
def range_sum(y_row, dy_row, start, end, BLOCK: tl.constexpr, POLICY: tl.constexpr, AHEAD: tl.constexpr):
    s = tl.zeros([], tl.float32)
    cols = start + tl.arange(0, BLOCK)
    y = tl.load(y_row + cols, mask=cols < end, other=0.0, eviction_policy=POLICY)
    dy = tl.load(dy_row + cols, mask=cols < end, other=0.0, eviction_policy=POLICY)
    for c in tl.range(start, end, BLOCK):
        if AHEAD:
            cols = c + BLOCK + tl.arange(0, BLOCK)
            y_next = tl.load(y_row + cols, mask=cols < end, other=0.0, eviction_policy=POLICY)
            dy_next = tl.load(dy_row + cols, mask=cols < end, other=0.0, eviction_policy=POLICY)
        else:
            cols = c + tl.arange(0, BLOCK)
            y = tl.load(y_row + cols, mask=cols < end, other=0.0, eviction_policy=POLICY)
            dy = tl.load(dy_row + cols, mask=cols < end, other=0.0, eviction_policy=POLICY)
            y_next = y
            dy_next = dy
        s += tl.sum(grad_term(to_compute(y), to_compute(dy), False), 0)
        y = y_next
        dy = dy_next
    return s


@triton.jit
def pipelined_forward(x_ptr, y_ptr, words_ptr, M, N, x_stride, y_stride, BLOCK: tl.constexpr,
                      SLOTS: tl.constexpr, PATIENCE: tl.constexpr, VEC: tl.constexpr, AHEAD: tl.constexpr):
    P = tl.num_programs(0)
    p = tl.program_id(0)
    start, end = column_range(p, P, N, VEC)
    slots = tl.arange(0, SLOTS)
    for i in range(0, M + 1):
        if i < M:
            m, d = range_pair(x_ptr + tl.cast(i, tl.int64) * x_stride, start, end, BLOCK, "evict_last", AHEAD)
            publish_pair_values(m, d, words_ptr + tl.cast(i, tl.int64) * P, p, P)
        if i > 0:
            r = tl.cast(i - 1, tl.int64)
            pairs = words_ptr + r * P
            x_row = x_ptr + r * x_stride
            words = wait_for(pairs, slots, slots < P, 0xFF800000, PATIENCE)
            if not all_published(words):
                for q in tl.range(0, P, loop_unroll_factor=1):
                    if unpublished(pairs + q):
                        qs, qe = column_range(q, P, N, VEC)
                        mq, dq = range_pair(x_row, qs, qe, 128, "", False)
                        publish_pair_values(mq, dq, pairs, q, P)
                tl.debug_barrier()
                words = read_words(pairs, slots, slots < P, 0xFF800000)
            bits = published_bits(words)
            m_row, d_row = merge_pairs(from_bits(bits, x_ptr), from_bits(bits >> 32, x_ptr))
            y_row = y_ptr + r * y_stride
            for c in tl.range(start, end, BLOCK):
                cols = c + tl.arange(0, BLOCK)
                x = tl.load(x_row + cols, mask=cols < end, other=-float("inf"),
                            eviction_policy="evict_first")
                tl.store(y_row + cols, softmax_output(to_compute(x), m_row, d_row, False)
                         .to(y_ptr.dtype.element_ty), mask=cols < end,
                         eviction_policy="evict_first")


@triton.jit
def pipelined_backward(y_ptr, dy_ptr, dx_ptr, words_ptr, M, N, stride, BLOCK: tl.constexpr,
                       SLOTS: tl.constexpr, PATIENCE: tl.constexpr, VEC: tl.constexpr, AHEAD: tl.constexpr):
    P = tl.num_programs(0)
    p = tl.program_id(0)
    start, end = column_range(p, P, N, VEC)
    slots = tl.arange(0, SLOTS)
    for i in range(0, M + 1):
        if i < M:
            off = tl.cast(i, tl.int64) * stride
            s = range_sum(y_ptr + off, dy_ptr + off, start, end, BLOCK, "evict_last", AHEAD)
            publish(words_ptr + tl.cast(i, tl.int64) * P + p, as_bits(s))
        if i > 0:
            r = tl.cast(i - 1, tl.int64)
            sums = words_ptr + r * P
            off = r * stride
            words = wait_for(sums, slots, slots < P, 0, PATIENCE)
            if not all_published(words):
                for q in tl.range(0, P, loop_unroll_factor=1):
                    if unpublished(sums + q):
                        qs, qe = column_range(q, P, N, VEC)
                        publish(sums + q, as_bits(range_sum(y_ptr + off, dy_ptr + off, qs, qe,
                                                            128, "", False)))
                tl.debug_barrier()
                words = read_words(sums, slots, slots < P, 0)
            s = tl.sum(from_bits(published_bits(words), y_ptr), 0)
            for c in tl.range(start, end, BLOCK):
                cols = c + tl.arange(0, BLOCK)
                y = tl.load(y_ptr + off + cols, mask=cols < end, other=0.0,
                            eviction_policy="evict_first")
                dy = tl.load(dy_ptr + off + cols, mask=cols < end, other=0.0,
                             eviction_policy="evict_first")
                tl.store(dx_ptr + off + cols, grad_output(to_compute(y), to_compute(dy), s, False)
                         .to(dx_ptr.dtype.element_ty), mask=cols < end,
                         eviction_policy="evict_first")


def run(kind, M, N, tensors, P, W, B, S, F=0, patience=4096):
    SLOTS = launch.exchange_vector(P, W)
    words = torch.zeros(M * P, dtype=torch.int64, device="cuda")
    VEC = 16 // tensors[0].element_size()
    if kind == "forward":
        x, y = tensors
        pipelined_forward[(P,)](x, y, words, M, N, x.stride(0), y.stride(0), BLOCK=B, SLOTS=SLOTS,
                                PATIENCE=patience, VEC=VEC, AHEAD=bool(F), num_warps=W, num_stages=S)
    else:
        yy, dy, dx = tensors
        pipelined_backward[(P,)](yy, dy, dx, words, M, N, yy.stride(0), BLOCK=B, SLOTS=SLOTS,
                                 PATIENCE=patience, VEC=VEC, AHEAD=bool(F), num_warps=W, num_stages=S)


def main():
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
            desc = plan.describe()[:70]
            if backward:
                fn = lambda p=plan: launch.softmax_backward_rows(p, y, dy, out, False)
            else:
                fn = lambda p=plan: launch.softmax_rows(p, x, out, False)
        else:
            kv = dict(item.split("=") for item in spec.split(","))
            P = int(kv.get("P", 1)) * sms
            W, B, S = int(kv.get("W", 8)), int(kv.get("B", 4096)), int(kv.get("S", 1))
            F = int(kv.get("F", 0))
            desc = f"pipelined {P} programs {W} warps block {B} stages {S} ahead {F}"
            tensors = (y, dy, out) if backward else (x, out)
            fn = lambda a=(direction, M, N, tensors, P, W, B, S, F): run(*a)
        try:
            out.fill_(float("nan"))
            fn()
            torch.cuda.synchronize()
            if backward:
                checking.check_backward(out, y, dy, what=spec)
            else:
                checking.check_forward(out, x, what=spec)
        except Exception as e:
            print(f"{spec}: FAILED {type(e).__name__}: {str(e)[:300]}", flush=True)
            continue
        fns.append((spec, desc, fn, []))
    for _ in range(3):
        for spec, desc, fn, t in fns:
            t.append(measure.median_ms(fn, warmup_ms=10, rep_ms=40))
    print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s; {direction} {dtype_name} "
          f"N={N} M={M}", flush=True)
    for spec, desc, fn, t in fns:
        ms = statistics.median(t)
        print(f"  {spec:18} {measure.gbs(nbytes, ms):7.0f} GB/s {measure.gbs(nbytes, ms) / copy:6.1%}"
              f"  {ms * 1e3:8.1f} us  {desc}", flush=True)


if __name__ == "__main__":
    main()
