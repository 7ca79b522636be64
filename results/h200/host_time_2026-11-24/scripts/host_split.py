"""Host time of a small cooperative call split into its pieces, calls queued behind a GPU sleep
(host only): each piece wrapped in a perf_counter_ns accumulator; 40 interleaved rounds of 200
calls, per variant the median round's per-call time of each piece (and min)."""
import functools, statistics, sys, time, torch
sys.path.insert(0, "benchmarks"); sys.path.insert(0, ".runs/base")
import checking
from triton_impl import dispatch, launch, exchange_buffer
import triton_impl_base.launch as base_launch
print(torch.cuda.get_device_name(), flush=True)
acc = {}
def wrap(owner, name, label):
    fn = getattr(owner, name)
    @functools.wraps(fn)
    def timed(*a, **k):
        t = time.perf_counter_ns()
        try:
            return fn(*a, **k)
        finally:
            acc[label] = acc.get(label, 0) + time.perf_counter_ns() - t
    setattr(owner, name, timed)
N, M, dtype = 1 << 20, 1, torch.float32
x = torch.randn(M, N, device="cuda", dtype=dtype); out = torch.empty_like(x)
plan = dispatch.make_plan(M, N, dtype, "cuda")
kept_current = exchange_buffer.Lease.current
def unkept():
    with exchange_buffer.fresh_words():
        launch.softmax_rows(plan, x, out, False)
fns = {"before": lambda: base_launch.softmax_rows(plan, x, out, False),
       "now": lambda: launch.softmax_rows(plan, x, out, False),
       "fresh": lambda: launch.softmax_rows(plan, x, out, False), "unkept": unkept}
def variant(name):
    exchange_buffer.Lease.current = kept_current if name != "fresh" else (lambda self: False)
for name in fns:
    variant(name)
    for _ in range(2):
        out.fill_(float("nan")); fns[name](); torch.cuda.synchronize(); checking.check_forward(out, x, what=name)
# pieces (wrapped after the checks; the Triton launch of each kernel's JITFunction.run)
wrap(launch, "launches", "launches()"); wrap(base_launch, "launches", "launches()")
wrap(launch.Launch, "_launch", "triton launch"); wrap(base_launch.Launch, "__call__", "triton launch")
wrap(exchange_buffer.Lease, "__init__", "Lease()"); wrap(exchange_buffer.Lease, "fresh", "fresh()")
wrap(exchange_buffer.Lease, "commit", "commit()")
wrap(torch, "zeros", "torch.zeros")
kept_current = exchange_buffer.Lease.current
wrap(exchange_buffer.Lease, "current", "current()"); kept_current = exchange_buffer.Lease.current
SLEEP = int(3e8)
per = {k: {} for k in fns}
for _ in range(40):
    for name, fn in fns.items():
        variant(name)
        torch.cuda.synchronize(); torch.cuda._sleep(SLEEP)
        acc.clear()
        t = time.perf_counter_ns()
        for _ in range(200):
            fn()
        total = time.perf_counter_ns() - t
        torch.cuda.synchronize()
        for k, v in (("whole call", total), *acc.items()):
            per[name].setdefault(k, []).append(v / 200 / 1e3)
variant("now")
for name, pieces in per.items():
    print(name, flush=True)
    for k, v in pieces.items():
        print(f"  {k:14} median {statistics.median(v):7.2f}  min {min(v):7.2f} us", flush=True)
