"""Is our bfloat16 cooperative forward compiled differently when the peers ran first? Runs the
bandwidth grid's points (bfloat16, every peer) with ours first reached at N = 65536, as
speed_of_light does, prints speed_of_light's own points for ours, then the compiled kernel's
registers and spills and what of the environment and Triton's knobs the peers changed.

    PYTHONPATH=.:<peers> python3 results/h100/words_2026-11-23/compiled_after_peers.py
"""
import os, sys

import torch
import triton

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "benchmarks"))
import speed_of_light  # noqa: E402
from softmax_lab import measure  # noqa: E402
from triton_impl import dispatch, launch  # noqa: E402


def knobs():
    seen = {}
    for group in ("compilation", "nvidia", "runtime", "cache", "language"):
        obj = getattr(triton.knobs, group, None)
        for name in dir(obj):
            if not name.startswith("_"):
                try:
                    seen[f"{group}.{name}"] = repr(getattr(obj, name))[:120]
                except Exception as error:
                    seen[f"{group}.{name}"] = f"<{type(error).__name__}>"
    return seen


env_before, knobs_before = dict(os.environ), knobs()
copy = measure.copy_bandwidth_gbs()
print(f"{measure.device_name()}: copy {copy:.0f} GB/s", flush=True)
points = []
for n in speed_of_light.BANDWIDTH_N:
    for direction in ("forward", "backward"):
        for name in ("ours", "torch", "torch.compile", "liger", "quack"):
            p = speed_of_light.time_point(name, (1 << 27) // n, n, torch.bfloat16, direction,
                                          "bandwidth", points, copy)
            if p and name == "ours" and direction == "forward":
                print(f"   ours forward N = {n}: {p['fraction_of_copy']:6.1%}", flush=True)
for n in (65536, 262144):
    M = (1 << 27) // n
    x = torch.randn(M, n, device="cuda", dtype=torch.bfloat16)
    plan = dispatch.make_plan(M, n, torch.bfloat16, "cuda")
    records, compiled = launch._run(plan, (x, torch.empty_like(x)), False, "forward")
    k = compiled[0]
    print(f"N = {n}: {plan.describe()[:80]}: registers {k.n_regs}, spills {k.n_spills}, "
          f"maxnreg {getattr(k.metadata, 'maxnreg', None)}, hash {getattr(k, 'hash', '')[:16]}",
          flush=True)
env_after, knobs_after = dict(os.environ), knobs()
print("environment changed:", {k: (env_before.get(k), env_after.get(k)) for k in
                               set(env_before) | set(env_after)
                               if env_before.get(k) != env_after.get(k)}, flush=True)
print("knobs changed:", {k: (knobs_before.get(k), knobs_after.get(k)) for k in
                         set(knobs_before) | set(knobs_after)
                         if knobs_before.get(k) != knobs_after.get(k)}, flush=True)
