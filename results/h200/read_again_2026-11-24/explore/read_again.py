"""EXPERIMENT (kept as it ran): single-block softmax kernels that hold their row across the
reductions against ones that read it again for the output (evict-last, then evict-first), and
a looped two-read backward with N known at compile time or not, beside torch.compile of the
naive code and the dispatcher; interleaved rounds, every output poisoned and checked against
float64 first. Standalone kernels, not triton_impl's.

    PYTHONPATH=. python3 results/h200/read_again_2026-11-24/explore/read_again.py --out DIR \
        --n 4096 16384 --dtypes bfloat16 float16 float32 --directions backward forward

writes DIR/reread.json (reread.log here). two_read.json and two_read.log came from this file's
earlier ``main``, which timed ``held`` and ``two_read`` alone (steps of 2048-16384 columns, N
known at compile time or not, the second loop in the first's order or the reverse), bfloat16
and float16, backward, N = 4096 and 16384.
"""
import argparse, json, os, statistics, sys, time
import torch, triton, triton.language as tl
sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
import triton_impl
from triton_impl import dispatch, launch


@triton.jit
def held(y_ptr, dy_ptr, dx_ptr, n, N: tl.constexpr, BLOCK: tl.constexpr, SPECIAL: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    width = N if SPECIAL else n
    cols = tl.arange(0, BLOCK)
    mask = cols < width
    y = tl.load(y_ptr + row * width + cols, mask=mask, other=0.0).to(tl.float32)
    dy = tl.load(dy_ptr + row * width + cols, mask=mask, other=0.0).to(tl.float32)
    s = tl.sum(y * dy, 0)
    tl.store(dx_ptr + row * width + cols, (y * (dy - s)).to(dx_ptr.dtype.element_ty), mask=mask)


@triton.jit
def reread(y_ptr, dy_ptr, dx_ptr, n, BLOCK: tl.constexpr, HINTS: tl.constexpr):
    """One tile, no loop, N at run time: y and dy read for the sum, then read again for dx."""
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    first: tl.constexpr = "evict_last" if HINTS else ""
    second: tl.constexpr = "evict_first" if HINTS else ""
    y = tl.load(y_ptr + row * n + cols, mask=mask, other=0.0, eviction_policy=first)
    dy = tl.load(dy_ptr + row * n + cols, mask=mask, other=0.0, eviction_policy=first)
    s = tl.sum(y.to(tl.float32) * dy.to(tl.float32), 0)
    y = tl.load(y_ptr + row * n + cols, mask=mask, other=0.0, eviction_policy=second).to(tl.float32)
    dy = tl.load(dy_ptr + row * n + cols, mask=mask, other=0.0, eviction_policy=second).to(tl.float32)
    tl.store(dx_ptr + row * n + cols, (y * (dy - s)).to(dx_ptr.dtype.element_ty), mask=mask)


@triton.jit
def reread_forward(x_ptr, y_ptr, n, BLOCK: tl.constexpr, HINTS: tl.constexpr):
    """The forward alike: x read for the row's max and sum, then again for y."""
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    first: tl.constexpr = "evict_last" if HINTS else ""
    second: tl.constexpr = "evict_first" if HINTS else ""
    x = tl.load(x_ptr + row * n + cols, mask=mask, other=-float("inf"), eviction_policy=first).to(tl.float32)
    m = tl.max(x, 0)
    d = tl.sum(tl.exp2((x - m) * 1.4426950408889634), 0)
    x = tl.load(x_ptr + row * n + cols, mask=mask, other=-float("inf"), eviction_policy=second).to(tl.float32)
    tl.store(y_ptr + row * n + cols, (tl.exp2((x - m) * 1.4426950408889634) / d).to(y_ptr.dtype.element_ty), mask=mask)


@triton.jit
def held_forward(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    x = tl.load(x_ptr + row * n + cols, mask=mask, other=-float("inf")).to(tl.float32)
    m = tl.max(x, 0)
    p = tl.exp2((x - m) * 1.4426950408889634)
    tl.store(y_ptr + row * n + cols, (p / tl.sum(p, 0)).to(y_ptr.dtype.element_ty), mask=mask)


@triton.jit
def two_read(y_ptr, dy_ptr, dx_ptr, n, N: tl.constexpr, STEP: tl.constexpr,
             SPECIAL: tl.constexpr, FORWARD_ORDER: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    width = N if SPECIAL else n
    y_row = y_ptr + row * width
    dy_row = dy_ptr + row * width
    dx_row = dx_ptr + row * width
    acc = tl.zeros([STEP], tl.float32)
    for start in tl.range(0, width, STEP):
        cols = start + tl.arange(0, STEP)
        mask = cols < width
        y = tl.load(y_row + cols, mask=mask, other=0.0, eviction_policy="evict_last")
        dy = tl.load(dy_row + cols, mask=mask, other=0.0, eviction_policy="evict_last")
        acc += y.to(tl.float32) * dy.to(tl.float32)
    s = tl.sum(acc, 0)
    steps = tl.cdiv(width, STEP)
    for i in tl.range(0, steps):
        start = (i if FORWARD_ORDER else steps - 1 - i) * STEP
        cols = start + tl.arange(0, STEP)
        mask = cols < width
        y = tl.load(y_row + cols, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        dy = tl.load(dy_row + cols, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        tl.store(dx_row + cols, (y * (dy - s)).to(dx_row.dtype.element_ty), mask=mask)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("--n", type=int, nargs="+", default=[4096, 16384])
    p.add_argument("--dtypes", nargs="+", default=["bfloat16", "float16"])
    p.add_argument("--directions", nargs="+", default=["backward"])
    p.add_argument("--rounds", type=int, default=5)
    a = p.parse_args()
    copy = measure.copy_bandwidth_gbs()
    print(measure.device_name(), f"copy {copy:.0f} GB/s", flush=True)
    results = []
    for direction in a.directions:
      backward = direction == "backward"
      for dname in a.dtypes:
        dtype = getattr(torch, dname)
        for N in a.n:
            M = (1 << 27) // N
            x = (torch.randn(M, N, device="cuda") * 3).to(dtype)
            y = torch.softmax(x.float(), -1).to(dtype)
            dy = torch.randn(M, N, device="cuda").to(dtype)
            out = torch.empty_like(y)
            nbytes = implementations.useful_bytes(M, N, dtype, direction)
            B = triton.next_power_of_2(N)
            cands = []
            plan = dispatch.make_plan(M, N, dtype, "cuda", backward=backward)
            if backward:
                cands.append(("auto " + plan.describe(), lambda plan=plan: launch.softmax_backward_rows(plan, y, dy, out, False), True))
            else:
                cands.append(("auto " + plan.describe(), lambda plan=plan: launch.softmax_rows(plan, x, out, False), True))
            comp = implementations.get("torch.compile")
            cands.append(("torch.compile", (lambda: comp.backward(y, dy)) if backward else (lambda: comp.forward(x)), False))
            for w in (4, 8, 16, 32):
                if not 4 <= B // (32 * w) <= 64:
                    continue
                if backward:
                    cands.append((f"held warps {w}", lambda w=w: held[(M,)](y, dy, out, N, N, B, False, num_warps=w), True))
                    for hints in (True, False):
                        cands.append((f"reread warps {w} hints {hints}", lambda w=w, h=hints: reread[(M,)](y, dy, out, N, B, h, num_warps=w), True))
                    cands.append((f"two_read special step {B} warps {w}", lambda w=w: two_read[(M,)](y, dy, out, N, N, B, True, True, num_warps=w), True))
                else:
                    cands.append((f"held_forward warps {w}", lambda w=w: held_forward[(M,)](x, out, N, B, num_warps=w), True))
                    for hints in (True, False):
                        cands.append((f"reread_forward warps {w} hints {hints}", lambda w=w, h=hints: reread_forward[(M,)](x, out, N, B, h, num_warps=w), True))
            checked = []
            for label, fn, writes_out in cands:
                try:
                    out.fill_(float("nan"))
                    got = fn()
                    torch.cuda.synchronize()
                    if backward:
                        checking.check_backward(out if writes_out else got, y, dy, what=label)
                    else:
                        checking.check_forward(out if writes_out else got, x, what=label)
                    checked.append((label, fn))
                except Exception as e:
                    print("FAILED", label, type(e).__name__, str(e)[:200], flush=True)
            times = {label: [] for label, _ in checked}
            for _ in range(a.rounds):
                for label, fn in checked:
                    times[label].append(measure.median_ms(fn, warmup_ms=10, rep_ms=40))
            rows = []
            for label, ts in times.items():
                ms = statistics.median(ts)
                rows.append(dict(variant=label, ms=ms, rounds_ms=ts, of_copy=measure.gbs(nbytes, ms) / copy))
            rows.sort(key=lambda r: -r["of_copy"])
            print(f"{direction} {dname} N={N} M={M}", flush=True)
            for r in rows:
                print(f"   {r['of_copy']:7.1%}  {r['variant']}", flush=True)
            results.append(dict(direction=direction, dtype=dname, N=N, M=M, rows=rows))
            with open(os.path.join(a.out, "reread.json"), "w") as f:
                json.dump(dict(device=measure.device_name(), copy_gbs=copy, points=results), f, indent=1)
            del x, y, dy, out
            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
