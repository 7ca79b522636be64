"""Host time of a repeated plain call: the hit path of ops._apply as it was (the rows' views made,
_as_rows and y.view) against as it is (the input and output passed themselves where rows_are_x),
both written out here over the same remembered call, and the public call beside; calls queued
behind a GPU sleep, 15 interleaved rounds of 300 calls, min (median). Outputs checked first."""
import statistics, sys, time, torch
sys.path.insert(0, "benchmarks")
import checking
import triton_impl
from triton_impl import ops
from triton_impl.policy import Forcing
print(torch.cuda.get_device_name(), flush=True)
def views(x):
    key = ops._plain_call_key(x, -1, ops._autocast_dtype(x, None), False, Forcing.of(None, None, None))
    dim, plan, relaunch, rows_are_x = ops._PLAIN_CALLS[key]
    y = ops._new_output(x)
    assert relaunch(ops._as_rows(x, dim), y.view(ops._rows_shape(y.shape, dim)))
    return y
def itself(x):
    key = ops._plain_call_key(x, -1, ops._autocast_dtype(x, None), False, Forcing.of(None, None, None))
    dim, plan, relaunch, rows_are_x = ops._PLAIN_CALLS[key]
    y = ops._new_output(x)
    assert relaunch(x if rows_are_x and not x.is_neg() else ops._as_rows(x, dim), y)
    return y
for shape in ((8, 256), (4, 8, 256), (1, 1 << 20)):
    ops._PLAIN_CALLS.clear()
    x = torch.randn(*shape, device="cuda")
    triton_impl.softmax(x, -1)
    (entry,) = ops._PLAIN_CALLS.values()
    assert entry.relaunch is not None and entry.rows_are_x
    fns = {"views (before)": lambda: views(x), "itself (now)": lambda: itself(x),
           "triton_impl.softmax": lambda: triton_impl.softmax(x, -1), "torch.softmax": lambda: torch.softmax(x, -1)}
    for name, fn in fns.items():
        torch.full(shape, float("nan"), device="cuda")
        y = fn(); torch.cuda.synchronize()
        checking.check_forward(y.reshape(-1, shape[-1]), x.reshape(-1, shape[-1]), what=name)
    per = {k: [] for k in fns}
    for _ in range(15):
        for name, fn in fns.items():
            torch.cuda.synchronize(); torch.cuda._sleep(int(3e8))
            t = time.perf_counter()
            for _ in range(300):
                fn()
            per[name].append((time.perf_counter() - t) / 300 * 1e6)
            torch.cuda.synchronize()
    print(f"{shape} float32, host only:", flush=True)
    for k, v in per.items():
        print(f"  {k:22} min {min(v):6.2f}  median {statistics.median(v):6.2f} us", flush=True)
