"""Rows of 129-256 float32 columns: the policy's plan against one warp a row (4 rows in 4 warps,
QuACK's tile; 2 in 2; 8 in 8) and the peers, interleaved over ROUNDS rounds; each variant's
figure the median of all its rounds' calls, with the rounds' medians' first quartile beside it.
argv: M:N pairs."""
import dataclasses, json, os, statistics, sys
import torch
sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
from triton_impl import dispatch, launch, policy
rounds, out_dir = int(os.environ.get("ROUNDS", 9)), os.environ["OUT"]
copy = measure.copy_bandwidth_gbs()
print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s", flush=True)
for point in sys.argv[1:]:
    M, N = map(int, point.split(":"))
    x = torch.randn(M, N, device="cuda") * 3
    out = torch.empty_like(x)
    now = dispatch.make_plan(M, N, x.dtype, "cuda")
    plans = [("policy", now)]
    for rows in (2, 4, 8):
        plans.append((f"{rows} rows {rows} warps one warp a row", dataclasses.replace(
            now, block_m=rows, num_warps=rows, row_threads=32, grid=(policy.cdiv(M, rows),))))
    fns = []
    for label, plan in plans:
        try:
            out.fill_(float("nan"))
            fn = (lambda p=plan: launch.softmax_rows(p, x, out, False))
            fn(); torch.cuda.synchronize()
            checking.check_forward(out, x, what=label)
            fns.append((label, plan.describe(), fn))
        except Exception as error:
            print(f"  {label}: FAILED {type(error).__name__}: {str(error)[:300]}", flush=True)
    for name in ("quack", "liger"):
        try:
            forward = implementations.get(name).forward
            got = forward(x); torch.cuda.synchronize()
            checking.check_forward(got, x, what=name)
            fns.append((name, name, lambda f=forward: f(x)))
        except Exception as error:
            print(f"  {name}: skipped, {type(error).__name__}: {str(error)[:200]}", flush=True)
    calls = {label: [] for label, _, _ in fns}
    medians = {label: [] for label, _, _ in fns}
    for _ in range(rounds):
        for label, _, fn in fns:
            t = measure.times_ms(fn, warmup_ms=10, rep_ms=40)
            calls[label] += t
            medians[label].append(statistics.median(t))
    nbytes = implementations.useful_bytes(M, N, x.dtype, "forward")
    rows = []
    print(f"M={M} N={N}", flush=True)
    for label, desc, _ in fns:
        pooled = statistics.median(calls[label])
        q25 = sorted(medians[label])[len(medians[label]) // 4]
        rows.append(dict(variant=label, plan=desc, pooled_ms=pooled, calls=len(calls[label]),
                         q25_ms=q25, rounds_ms=medians[label],
                         of_copy=measure.gbs(nbytes, pooled) / copy))
    best = min(r["pooled_ms"] for r in rows if r["variant"] in ("quack", "liger"))
    for r in sorted(rows, key=lambda r: r["pooled_ms"]):
        print(f"  {r['variant']:34} pooled {r['pooled_ms']*1e3:7.2f} us q25 {r['q25_ms']*1e3:7.2f} us"
              f" {r['of_copy']:6.1%} best peer / this {best / r['pooled_ms']:.3f}  {r['plan']}", flush=True)
    with open(os.path.join(out_dir, f"rows256_{M}_{N}.json"), "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbs=copy, M=M, N=N,
                       rounds=rounds, rows=rows), f, indent=1)
