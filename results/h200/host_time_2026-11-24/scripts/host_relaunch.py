"""Host time a call of small cooperative problems, same process: 5d423ab's and 3bce2fd's launch
tables (.runs/base, .runs/prev), today's, and the public softmax with and without the
relaunch, torch.softmax beside; compiled ops' path (fresh_words) for 3bce2fd and today.
(a) back to back, wall per call; (b) queued behind a GPU sleep: host only. 15 interleaved rounds
of 200 calls, median and min of the rounds. Every output checked (NaN-poisoned) first."""
import statistics, sys, time, torch
sys.path.insert(0, "benchmarks"); sys.path.insert(0, ".runs/base"); sys.path.insert(0, ".runs/prev")
import checking
import triton_impl
from triton_impl import dispatch, launch, exchange_buffer
from triton_impl_base import launch as base_launch
from triton_impl_prev import launch as prev_launch, exchange_buffer as prev_exchange
print(torch.cuda.get_device_name(), flush=True)
SLEEP = int(3e8)
for M, N, dtype in ((1, 1 << 20, torch.float32), (4, 65536, torch.bfloat16), (8, 262144, torch.float32)):
    x = (torch.randn(M, N, device="cuda", dtype=torch.float64) * 4).to(dtype)
    out = torch.empty_like(x)
    plan = dispatch.make_plan(M, N, dtype, "cuda")
    assert plan.kernel == "cooperative", plan
    def prev_unkept():
        with prev_exchange.fresh_words():
            prev_launch.softmax_rows(plan, x, out, False)
    def now_unkept():
        with exchange_buffer.fresh_words():
            launch.softmax_rows(plan, x, out, False)
    def public_plain():
        launch.RELAUNCH_WORKS = False
        try:
            return triton_impl.softmax(x, -1)
        finally:
            launch.RELAUNCH_WORKS = True
    fns = {"5d423ab rows": lambda: base_launch.softmax_rows(plan, x, out, False),
           "3bce2fd rows": lambda: prev_launch.softmax_rows(plan, x, out, False),
           "now rows": lambda: launch.softmax_rows(plan, x, out, False),
           "3bce2fd unkept": prev_unkept, "now unkept": now_unkept,
           "public relaunch": lambda: triton_impl.softmax(x, -1),  # first: remembered with it
           "public norelaunch": public_plain,
           "torch.softmax": lambda: torch.softmax(x, -1)}
    for name, fn in fns.items():
        for _ in range(3):
            out.fill_(float("nan"))
            torch.full_like(x, float("nan"))  # a freed poisoned block for the public calls' outputs
            y = fn()
            torch.cuda.synchronize()
            checking.check_forward(out if y is None else y, x, what=name)
    assert triton_impl.ops._PLAIN_CALLS and next(iter(triton_impl.ops._PLAIN_CALLS.values()))[2] is not None
    for behind in (False, True):
        per = {k: [] for k in fns}
        for _ in range(15):
            for name, fn in fns.items():
                torch.cuda.synchronize()
                if behind:
                    torch.cuda._sleep(SLEEP)
                t = time.perf_counter()
                for _ in range(200):
                    fn()
                per[name].append((time.perf_counter() - t) / 200 * 1e6)
                torch.cuda.synchronize()
        print(f"{str(dtype)[6:]} {M} x {N}, {'host only (behind a sleep)' if behind else 'back to back (wall)'}:", flush=True)
        for k, v in per.items():
            print(f"  {k:18} median {statistics.median(v):7.2f}  min {min(v):7.2f} us", flush=True)
    triton_impl.ops._PLAIN_CALLS.clear()
