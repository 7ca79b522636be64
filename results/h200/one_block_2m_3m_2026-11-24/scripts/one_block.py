"""Cooperative rows of 2M-3M columns: the policy's programs of several 8192-column blocks against
one block a program (more programs a row than SMs: the plan the policy makes for a device with
as many SMs as the row has blocks), same calls, three interleaved rounds, 1 GiB flush;
argv: N M dtype direction. Every output NaN-poisoned and checked against float64 first."""
import dataclasses, statistics, sys
import torch
sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
from triton_impl import dispatch, launch, policy
from triton_impl.hardware import device_info
N, M, dtype_name, direction = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
dtype = getattr(torch, dtype_name); backward = direction == "backward"
torch.manual_seed(0)
x = (torch.randn(M, N, device="cuda", dtype=torch.float64) * 3).to(dtype)
dy = torch.randn_like(x); y = torch.softmax(x.double(), -1).to(dtype); out = torch.empty_like(x)
copy = measure.copy_bandwidth_gbs()
nbytes = implementations.useful_bytes(M, N, dtype, direction)
device = device_info(torch.device("cuda"))
auto = dispatch.make_plan(M, N, dtype, "cuda", backward=backward)
blocks = -(-N // auto.block_n)
wide = dataclasses.replace(device, sm_count=blocks)
one = policy.choose(M, N, dtype, wide, backward=backward)
assert one.kernel == "cooperative" and one.chunk == one.block_n, one
plans = {"policy": auto, "one block": one}
fns = []
for name, plan in plans.items():
    def fn(p=plan):
        if backward:
            launch.softmax_backward_rows(p, y, dy, out, False)
        else:
            launch.softmax_rows(p, x, out, False)
    for _ in range(2):
        out.fill_(float("nan")); fn(); torch.cuda.synchronize()
        checking.check_backward(out, y, dy, what=name) if backward else checking.check_forward(out, x, what=name)
    fns.append((name, plan, fn, []))
for _ in range(3):
    for name, plan, fn, t in fns:
        t.append(measure.median_ms(fn, warmup_ms=10, rep_ms=40))
print(f"{direction} {dtype_name} N={N} M={M} (copy {copy:.0f} GB/s)", flush=True)
for name, plan, fn, t in fns:
    ms = statistics.median(t)
    print(f"  {name:10} {measure.gbs(nbytes, ms):6.0f} GB/s {measure.gbs(nbytes, ms)/copy:6.1%} {ms*1e3:8.1f} us  rounds {' '.join(f'{v*1e3:.1f}' for v in t)}  {plan.describe()[:100]}", flush=True)
