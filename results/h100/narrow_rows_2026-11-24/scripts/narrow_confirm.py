"""The policy's narrow-row plan (one warp a row) against the plan before it and the peers, at the
points it changes, timed interleaved over ROUNDS rounds. argv: M:N pairs."""
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
    rows_before = policy.TILE_ELEMENTS // now.block_n
    before = dataclasses.replace(now, block_m=rows_before, row_threads=0,
                                 grid=(policy.cdiv(M, rows_before),))
    fns = []
    for label, plan in (("policy", now), ("before", before)):
        out.fill_(float("nan"))
        fn = (lambda p=plan: launch.softmax_rows(p, x, out, False))
        fn(); torch.cuda.synchronize()
        checking.check_forward(out, x, what=label)
        fns.append((label, plan.describe(), fn))
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
    rows = []
    print(f"M={M} N={N}", flush=True)
    for label, desc, _ in fns:
        t = sorted(times[label])
        q25, med = t[len(t) // 4], statistics.median(t)
        rows.append(dict(variant=label, plan=desc, q25_ms=q25, median_ms=med, rounds_ms=times[label],
                         of_copy_q25=measure.gbs(nbytes, q25) / copy))
        print(f"  {label:8} q25 {q25*1e3:8.2f} us median {med*1e3:8.2f} us "
              f"{measure.gbs(nbytes, q25)/copy:6.1%}  {desc}", flush=True)
    with open(os.path.join(out_dir, f"confirm_{M}_{N}.json"), "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbs=copy, M=M, N=N,
                       rounds=rounds, rows=rows), f, indent=1)
