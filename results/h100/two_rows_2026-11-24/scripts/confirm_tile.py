"""A/B of one single-block layout against the policy's plan at M = 4096 (float32 forward): each
timed twice a round at two places, with QuACK between, ROUNDS rounds, each figure the median of
all its rounds' calls. argv: the variant's label (as ``sweep_plans.variants`` names it), widths."""
import dataclasses, json, os, statistics, sys
import torch
sys.path.insert(0, "benchmarks")
import checking, sweep_plans
from softmax_lab import implementations, measure
from triton_impl import dispatch, launch
M, rounds, out_dir = 4096, int(os.environ.get("ROUNDS", 9)), os.environ["OUT"]
sm_count = torch.cuda.get_device_properties(0).multi_processor_count
copy = measure.copy_bandwidth_gbs()
print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s", flush=True)
wanted = sys.argv[1]
for N in map(int, sys.argv[2:]):
    x = torch.randn(M, N, device="cuda") * 3
    out = torch.empty_like(x)
    policy_plan = dispatch.make_plan(M, N, x.dtype, "cuda")
    found = [dataclasses.replace(dispatch.make_plan(M, N, x.dtype, "cuda", forcing=forcing), **changes)
             for label, forcing, changes in sweep_plans.variants(
                 "single_block", N, 4, False, M=M, sm_count=sm_count, persistent_variants=False,
                 warps_list=(2, 4, 8), max_values=96) if label == wanted]
    if not found:
        print(f"N={N}: no variant {wanted!r}", flush=True)
        continue
    fns = {}
    for label, plan in (("policy", policy_plan), ("variant", found[0])):
        out.fill_(float("nan"))
        fn = (lambda p=plan: launch.softmax_rows(p, x, out, False))
        fn(); torch.cuda.synchronize()
        checking.check_forward(out, x, what=label)
        fns[label] = fn
    forward = implementations.get("quack").forward
    checking.check_forward(forward(x), x, what="quack")
    fns["quack"] = lambda: forward(x)
    order = ["policy@1", "variant@2", "quack", "variant@4", "policy@5"]
    calls = {label: [] for label in order}
    for _ in range(rounds):
        for label in order:
            calls[label] += measure.times_ms(fns[label.split("@")[0]], warmup_ms=10, rep_ms=30)
    pooled = {label: statistics.median(calls[label]) for label in order}
    print(f"N={N} policy {policy_plan.describe()} | variant {found[0].describe()}", flush=True)
    print("  " + "  ".join(f"{label} {pooled[label]*1e3:.2f}" for label in order) + " us", flush=True)
    with open(os.path.join(out_dir, f"confirm_{N}.json"), "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbs=copy, M=M, N=N, rounds=rounds,
                       policy=policy_plan.describe(), variant=found[0].describe(), label=wanted,
                       pooled_ms=pooled, calls={k: len(v) for k, v in calls.items()}), f, indent=1)
