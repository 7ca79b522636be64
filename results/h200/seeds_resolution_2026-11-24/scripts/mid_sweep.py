"""Single-block forward layouts at M = 4096 (float32) for widths where QuACK leads: every variant of
``sweep_plans.variants`` of 2, 4 and 8 warps beside the policy's plan and QuACK, interleaved over
ROUNDS rounds, each figure the median of all its rounds' calls. argv: widths."""
import dataclasses, json, os, statistics, sys
import torch
sys.path.insert(0, "benchmarks")
import checking, sweep_plans
from softmax_lab import implementations, measure
from triton_impl import dispatch, launch
M, rounds, out_dir = 4096, int(os.environ.get("ROUNDS", 7)), os.environ["OUT"]
sm_count = torch.cuda.get_device_properties(0).multi_processor_count
copy = measure.copy_bandwidth_gbs()
print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s", flush=True)
for N in map(int, sys.argv[1:]):
    x = torch.randn(M, N, device="cuda") * 3
    out = torch.empty_like(x)
    plans = [("policy", dispatch.make_plan(M, N, x.dtype, "cuda"))]
    for label, forcing, changes in sweep_plans.variants(
            "single_block", N, 4, False, M=M, sm_count=sm_count, persistent_variants=False,
            warps_list=(2, 4, 8), max_values=96):
        plans.append((label, dataclasses.replace(
            dispatch.make_plan(M, N, x.dtype, "cuda", forcing=forcing), **changes)))
    fns = []
    for label, plan in plans:
        try:
            out.fill_(float("nan"))
            fn = (lambda p=plan: launch.softmax_rows(p, x, out, False))
            fn(); torch.cuda.synchronize()
            checking.check_forward(out, x, what=label)
            fns.append((label, plan.describe(), fn))
        except Exception as error:
            print(f"  {label}: FAILED {type(error).__name__}: {str(error)[:200]}", flush=True)
    forward = implementations.get("quack").forward
    checking.check_forward(forward(x), x, what="quack")
    fns.append(("quack", "quack", lambda: forward(x)))
    calls = {label: [] for label, _, _ in fns}
    for _ in range(rounds):
        for label, _, fn in fns:
            calls[label] += measure.times_ms(fn, warmup_ms=10, rep_ms=30)
    rows = [dict(variant=label, plan=desc, pooled_ms=statistics.median(calls[label]),
                 calls=len(calls[label])) for label, desc, _ in fns]
    by = {r["variant"]: r["pooled_ms"] for r in rows}
    print(f"N={N} policy {plans[0][1].describe()}: {by['policy']*1e3:.2f} us, quack / policy "
          f"{by['quack'] / by['policy']:.3f}", flush=True)
    for r in sorted(rows, key=lambda r: r["pooled_ms"])[:6]:
        print(f"  {r['variant']:52} {r['pooled_ms']*1e3:7.2f} us  quack / this "
              f"{by['quack'] / r['pooled_ms']:.3f}  policy / this {by['policy'] / r['pooled_ms']:.3f}",
              flush=True)
    with open(os.path.join(out_dir, f"mid_{N}.json"), "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbs=copy, M=M, N=N,
                       rounds=rounds, rows=rows), f, indent=1)
