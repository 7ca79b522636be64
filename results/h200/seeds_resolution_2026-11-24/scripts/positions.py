"""Whether a point's place in a round moves its time: the policy's plan timed as four copies at four
places of each round, with QuACK and Liger between them, ROUNDS rounds in a fixed order, each
figure the median of all its rounds' calls. argv: M:N pairs (float32 forward)."""
import json, os, statistics, sys
import torch
sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
from triton_impl import dispatch, launch
rounds, out_dir = int(os.environ.get("ROUNDS", 9)), os.environ["OUT"]
copy = measure.copy_bandwidth_gbs()
print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s", flush=True)
for point in sys.argv[1:]:
    M, N = map(int, point.split(":"))
    x = torch.randn(M, N, device="cuda") * 3
    out = torch.empty_like(x)
    plan = dispatch.make_plan(M, N, x.dtype, "cuda")
    out.fill_(float("nan")); launch.softmax_rows(plan, x, out, False); torch.cuda.synchronize()
    checking.check_forward(out, x, what="ours")
    ours = lambda: launch.softmax_rows(plan, x, out, False)
    peers = {}
    for name in ("quack", "liger"):
        forward = implementations.get(name).forward
        checking.check_forward(forward(x), x, what=name)
        peers[name] = (lambda f=forward: f(x))
    order = [("ours@1", ours), ("quack", peers["quack"]), ("ours@3", ours), ("ours@4", ours),
             ("liger", peers["liger"]), ("ours@6", ours)]
    calls = {label: [] for label, _ in order}
    medians = {label: [] for label, _ in order}
    for _ in range(rounds):
        for label, fn in order:
            t = measure.times_ms(fn, warmup_ms=10, rep_ms=30)
            calls[label] += t
            medians[label].append(statistics.median(t))
    rows = [dict(label=label, pooled_ms=statistics.median(calls[label]), calls=len(calls[label]),
                 rounds_ms=medians[label]) for label, _ in order]
    print(f"M={M} N={N} {plan.describe()}", flush=True)
    for r in rows:
        print(f"  {r['label']:8} pooled {r['pooled_ms']*1e3:7.2f} us  rounds "
              + " ".join(f"{t*1e3:.2f}" for t in r["rounds_ms"]), flush=True)
    with open(os.path.join(out_dir, f"positions_{M}_{N}.json"), "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbs=copy, M=M, N=N, plan=plan.describe(),
                       rounds=rounds, rows=rows), f, indent=1)
