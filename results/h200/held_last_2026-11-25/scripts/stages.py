"""Cooperative plans at wide N with replaced fields, timed interleaved: argv: N M dtype direction then variants 'k=v,k=v' ('-' = policy)."""
import dataclasses, statistics, sys
import torch
sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
from triton_impl import dispatch, launch, policy
N, M, dtype_name, direction = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
dtype = getattr(torch, dtype_name); backward = direction == "backward"
x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
dy = torch.randn_like(x); y = torch.softmax(x.float(), -1).to(dtype); out = torch.empty_like(x)
copy = measure.copy_bandwidth_gbs()
print(f"copy {copy:.0f} GB/s", flush=True)
nbytes = implementations.useful_bytes(M, N, dtype, direction)
auto = dispatch.make_plan(M, N, dtype, "cuda", backward=backward)
fns = []
for spec in sys.argv[5:]:
    changes = {} if spec == "-" else {k: (int(v) if v.isdigit() else v) for k, v in (kv.split("=") for kv in spec.split(","))}
    if "grid" in changes:
        changes["grid"] = (changes["grid"],)
    exp = {k.upper(): changes.pop(k) for k in ("held_last", "nowait") if k in changes}
    forcing = policy.AUTO
    if "block_n" in changes:
        forcing = policy.Forcing("cooperative", changes.pop("block_n"))
    plan = dataclasses.replace(dispatch.make_plan(M, N, dtype, "cuda", backward=backward, forcing=forcing), **changes)
    def fn(p=plan, exp=exp):
        if exp or hasattr(launch, "EXPERIMENT"):
            launch.EXPERIMENT.clear(); launch.EXPERIMENT.update(exp)
        if backward:
            launch.softmax_backward_rows(p, y, dy, out, False)
        else:
            launch.softmax_rows(p, x, out, False)
    try:
        out.fill_(float("nan")); fn(); torch.cuda.synchronize()
        checking.check_backward(out, y, dy, what=spec) if backward else checking.check_forward(out, x, what=spec)
    except Exception as e:
        print(f"{spec}: FAILED {type(e).__name__}: {str(e)[:200]}", flush=True); continue
    fns.append((spec, plan, fn, []))
for _ in range(3):
    for spec, plan, fn, t in fns:
        t.append(measure.median_ms(fn, warmup_ms=10, rep_ms=40))
print(f"{direction} {dtype_name} N={N} M={M}", flush=True)
for spec, plan, fn, t in fns:
    ms = statistics.median(t)
    print(f"  {spec:40} {measure.gbs(nbytes, ms):7.0f} GB/s {measure.gbs(nbytes, ms)/copy:6.1%}  {ms*1e3:8.1f} us  {plan.describe()[:90]}", flush=True)
