"""Where the fresh-words path's host time goes: per call, (a) wall time back to back, (b) host
time alone, the calls queued behind a GPU sleep, for before / now / fresh / unkept and the pieces
(torch.zeros alone, Lease alone, current(), fresh()); then cProfile of now and fresh behind a sleep."""
import cProfile, pstats, io, statistics, sys, time, torch
sys.path.insert(0, "benchmarks"); sys.path.insert(0, ".runs/base")
import checking
from triton_impl import dispatch, launch, exchange_buffer
from triton_impl_base import launch as base_launch
print(torch.cuda.get_device_name(), flush=True)
kept_current = exchange_buffer.Lease.current
N, M, dtype = 1 << 20, 1, torch.float32
x = torch.randn(M, N, device="cuda", dtype=dtype); out = torch.empty_like(x)
plan = dispatch.make_plan(M, N, dtype, "cuda")
dev = x.device
def unkept():
    with exchange_buffer.fresh_words():
        launch.softmax_rows(plan, x, out, False)
lease_keep = [None]
fns = {"before": lambda: base_launch.softmax_rows(plan, x, out, False),
       "now": lambda: launch.softmax_rows(plan, x, out, False),
       "fresh": lambda: launch.softmax_rows(plan, x, out, False), "unkept": unkept,
       "zeros256": lambda: torch.zeros(256, dtype=torch.int64, device=dev),
       "empty256": lambda: torch.empty(256, dtype=torch.int64, device=dev),
       "lease_only": lambda: exchange_buffer.Lease(128, dev),
       "lease_unkept": lambda: unkept_lease(),
       "stream_key": lambda: exchange_buffer._stream_key(dev),
       "capturing": lambda: exchange_buffer._capturing(),
       "raw_stream": lambda: exchange_buffer._current_raw_stream(0),
       "get_device": lambda: exchange_buffer._current_device()}
def unkept_lease():
    with exchange_buffer.fresh_words():
        exchange_buffer.Lease(128, dev)
def variant(name):
    exchange_buffer.Lease.current = kept_current if name != "fresh" else (lambda self: False)
for name in ("before", "now", "fresh", "unkept"):
    variant(name)
    for _ in range(2):
        out.fill_(float("nan")); fns[name](); torch.cuda.synchronize(); checking.check_forward(out, x, what=name)
SLEEP = int(3e8)
def timed(fn, calls, behind_sleep):
    torch.cuda.synchronize()
    if behind_sleep:
        torch.cuda._sleep(SLEEP)
    t = time.perf_counter()
    for _ in range(calls):
        fn()
    host = (time.perf_counter() - t) / calls * 1e6
    torch.cuda.synchronize()
    return host
for behind in (False, True):
    per = {k: [] for k in fns}
    for _ in range(7):
        for name, fn in fns.items():
            variant(name)
            per[name].append(timed(fn, 200 if behind else 1000, behind))
    variant("now")
    print("behind a sleep (host only)" if behind else "back to back (wall)", flush=True)
    for k, v in per.items():
        print(f"  {k:12} median {statistics.median(v):7.2f} min {min(v):7.2f} us", flush=True)
for name in ("now", "fresh", "before"):
    variant(name)
    torch.cuda.synchronize(); torch.cuda._sleep(SLEEP)
    prof = cProfile.Profile(); prof.enable()
    for _ in range(200):
        fns[name]()
    prof.disable(); torch.cuda.synchronize()
    s = io.StringIO(); pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(14)
    print(f"=== cProfile {name} (200 calls)\n" + "\n".join(s.getvalue().splitlines()[4:]), flush=True)
variant("now")
