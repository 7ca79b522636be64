"""Narrow rows (M = 4096, float32 forward): the policy's plan, every rows-by-warps layout of 2 and
4 warps, and the peers, timed interleaved over ROUNDS rounds (median). argv: widths."""
import json, os, statistics, sys, dataclasses
import torch
sys.path.insert(0, "benchmarks")
import checking, sweep_plans
from softmax_lab import implementations, measure
from triton_impl import dispatch, launch
M, rounds, out_dir = 4096, int(os.environ.get("ROUNDS", 9)), os.environ["OUT"]
sm_count = torch.cuda.get_device_properties(0).multi_processor_count
copy = measure.copy_bandwidth_gbs()
print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s", flush=True)
for N in map(int, sys.argv[1:]):
    x = torch.randn(M, N, device="cuda") * 3
    out = torch.empty_like(x)
    auto = dispatch.make_plan(M, N, x.dtype, "cuda")
    plans = [("auto", auto)]
    for label, forcing, changes in sweep_plans.variants(
            "single_block", N, 4, False, M=M, sm_count=sm_count, persistent_variants=False,
            warps_list=(2, 4), max_values=96, rows_by_warps_only=True):
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
    for name in ("quack", "liger"):
        try:
            forward = implementations.get(name).forward
            got = forward(x); torch.cuda.synchronize()
            checking.check_forward(got, x, what=name)
            fns.append((name, name, lambda f=forward: f(x)))
        except Exception as error:
            print(f"  {name}: skipped, {type(error).__name__}: {str(error)[:200]}", flush=True)
    times = {label: [] for label, _, _ in fns}
    for _ in range(rounds):
        for label, _, fn in fns:
            times[label].append(measure.median_ms(fn, warmup_ms=10, rep_ms=40))
    nbytes = implementations.useful_bytes(M, N, x.dtype, "forward")
    rows = [dict(variant=label, plan=desc, ms=statistics.median(times[label]), rounds_ms=times[label])
            for label, desc, _ in fns]
    peers = [r["ms"] for r in rows if r["variant"] in ("quack", "liger")]
    best_peer = min(peers) if peers else float("nan")
    print(f"N={N} auto: {auto.describe()}", flush=True)
    for r in sorted(rows, key=lambda r: r["ms"]):
        print(f"  {r['variant']:48} {r['ms']*1e3:7.2f} us {measure.gbs(nbytes, r['ms'])/copy:6.1%}"
              f"  x best peer {best_peer / r['ms']:.3f}", flush=True)
    with open(os.path.join(out_dir, f"narrow_{N}.json"), "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbs=copy, M=M, N=N,
                       rounds=rounds, rows=rows), f, indent=1)
