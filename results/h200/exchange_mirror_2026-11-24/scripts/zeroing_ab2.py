"""Cooperative calls three ways in one process, interleaved rounds: "before", the launch table of
the commit before this change (a torch.zeros of the words, then the kernel; .runs/base holds its
triton_impl as triton_impl_base); "fresh", this tree with every launch on fresh words (Lease.current
forced False: a torch.zeros of twice the words, then the kernel); "kept", this tree. argv: rounds
[N,... [dtype,...]] (default 1048576,4194304 float32,bfloat16)."""
import statistics, sys, torch
sys.path.insert(0, "benchmarks"); sys.path.insert(0, ".runs/base")  # see the README
import checking
from softmax_lab import implementations, measure
from triton_impl import dispatch, exchange_words, launch
from triton_impl_base import launch as base_launch
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
copy = measure.copy_bandwidth_gbs(); print(f"{torch.cuda.get_device_name()}: copy {copy:.0f} GB/s", flush=True)
kept_current = exchange_words.Lease.current
def variant(name):
    exchange_words.Lease.current = kept_current if name != "fresh" else (lambda self: False)
    return base_launch if name == "before" else launch
Ns = [int(n) for n in sys.argv[2].split(",")] if len(sys.argv) > 2 else [1 << 20, 1 << 22]
dtypes = [getattr(torch, d) for d in sys.argv[3].split(",")] if len(sys.argv) > 3 else [torch.float32, torch.bfloat16]
for N in Ns:
    for dtype in dtypes:
        for direction in ("forward", "backward"):
            for M in (1, 2, 4, 8, 32):
                backward = direction == "backward"
                x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
                y = torch.softmax(x.float(), -1).to(dtype); dy = torch.randn_like(x); out = torch.empty_like(x)
                plan = dispatch.make_plan(M, N, dtype, "cuda", backward=backward)
                assert plan.kernel == "cooperative", plan
                def fn_of(name):
                    table = variant(name)
                    if backward:
                        return lambda: table.softmax_backward_rows(plan, y, dy, out, False)
                    return lambda: table.softmax_rows(plan, x, out, False)
                times = {"before": [], "fresh": [], "kept": []}
                for name in times:
                    fn = fn_of(name)
                    for _ in range(2):  # twice: the second finds the words the first left
                        out.fill_(float("nan")); fn(); torch.cuda.synchronize()
                        checking.check_backward(out, y, dy, what=name) if backward else checking.check_forward(out, x, what=name)
                for _ in range(rounds):
                    for name, t in times.items():
                        fn = fn_of(name)
                        t.append(measure.median_ms(fn, warmup_ms=10, rep_ms=40) * 1e3)
                variant("kept")
                out.fill_(float("nan")); launch.softmax_backward_rows(plan, y, dy, out, False) if backward else launch.softmax_rows(plan, x, out, False)
                torch.cuda.synchronize()
                checking.check_backward(out, y, dy, what="after") if backward else checking.check_forward(out, x, what="after")
                nbytes = implementations.useful_bytes(M, N, dtype, direction)
                us = {k: statistics.median(v) for k, v in times.items()}
                frac = {k: nbytes / (v * 1e-6) / 1e9 / copy for k, v in us.items()}
                print(f"{direction:8} {str(dtype)[6:]:8} N={N:8} M={M:3}  " + "   ".join(f"{k} {us[k]:8.2f} us {frac[k]:6.1%}" for k in times) + f"   kept-before {us['kept'] - us['before']:+.2f} us", flush=True)
