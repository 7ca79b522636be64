"""How much of a cooperative call is its workspace's zeroing: the call, and torch.zeros of its words alone."""
import sys, statistics, torch
sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
from triton_impl import dispatch, launch, policy
copy = measure.copy_bandwidth_gbs(); print(f"copy {copy:.0f} GB/s", flush=True)
for N in (1 << 20, 1 << 22):
    for dtype in (torch.float32, torch.bfloat16):
        for M in (1, 2, 4, 8, 32):
            x = torch.randn(M, N, device="cuda", dtype=dtype) * 3; out = torch.empty_like(x)
            plan = dispatch.make_plan(M, N, dtype, "cuda")
            words = policy.exchange_words(M, plan, False, dtype.itemsize)
            fn = lambda: launch.softmax_rows(plan, x, out, False)
            out.fill_(float("nan")); fn(); torch.cuda.synchronize(); checking.check_forward(out, x, what="fwd")
            z = lambda: torch.zeros(words, dtype=torch.int64, device="cuda")
            e = lambda: torch.empty(words, dtype=torch.int64, device="cuda")
            t = {k: [] for k in "fze"}
            for _ in range(3):
                for k, f in (("f", fn), ("z", z), ("e", e)):
                    t[k].append(measure.median_ms(f, warmup_ms=10, rep_ms=40) * 1e3)
            m = {k: statistics.median(v) for k, v in t.items()}
            print(f"N={N} {str(dtype)[6:]} M={M} words={words} call {m['f']:.2f} us  zeros {m['z']:.2f} us  empty {m['e']:.2f} us", flush=True)
