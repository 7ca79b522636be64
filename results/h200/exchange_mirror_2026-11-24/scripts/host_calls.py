"""Host time of small cooperative calls, back to back with no flush: wall time per call over 1000
calls, ten interleaved rounds (median, min): before (5d423ab's launch table, .runs/base), now
(kept words), now with fresh words (Lease.current forced False: a record launched again), now
under fresh_words (as the compiled ops run: no buffer kept); every output checked first."""
import statistics, sys, time, torch
sys.path.insert(0, "benchmarks"); sys.path.insert(0, ".runs/base")  # see the README
import checking
from triton_impl import dispatch, launch, exchange_buffer
from triton_impl_base import launch as base_launch
print(torch.cuda.get_device_name(), flush=True)
kept_current = exchange_buffer.Lease.current
for N, M, dtype in ((1 << 20, 1, torch.float32), (1 << 20, 1, torch.bfloat16), (65536, 4, torch.float32)):
    x = torch.randn(M, N, device="cuda", dtype=dtype); out = torch.empty_like(x)
    plan = dispatch.make_plan(M, N, dtype, "cuda")
    def unkept():
        with exchange_buffer.fresh_words():
            launch.softmax_rows(plan, x, out, False)
    fns = {"before": lambda: base_launch.softmax_rows(plan, x, out, False), "now": lambda: launch.softmax_rows(plan, x, out, False),
           "fresh": lambda: launch.softmax_rows(plan, x, out, False), "unkept": unkept}
    def variant(name):
        exchange_buffer.Lease.current = kept_current if name != "fresh" else (lambda self: False)
    for name, fn in fns.items():
        variant(name)
        for _ in range(2):
            out.fill_(float("nan")); fn(); torch.cuda.synchronize(); checking.check_forward(out, x, what=name)
    per = {k: [] for k in fns}
    for _ in range(10):
        for name, fn in fns.items():
            variant(name)
            torch.cuda.synchronize(); t = time.perf_counter()
            for _ in range(1000):
                fn()
            torch.cuda.synchronize(); per[name].append((time.perf_counter() - t) / 1000 * 1e6)
    variant("now")
    (halves,) = exchange_buffer._kept().values()
    print(f"{str(dtype)[6:]:8} {M} x {N:8}: " + "   ".join(f"{k} {statistics.median(v):6.2f} (min {min(v):6.2f}) us" for k, v in per.items()) + f"   kept launches {halves.generation}", flush=True)
    exchange_buffer._kept().clear()
