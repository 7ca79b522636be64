"""Why the grid's bfloat16 forward at 4096 on an H200 is not the sweep's: the policy's plan, the
dispatcher's call and the plan of before, timed in interleaved rounds."""
import dataclasses, statistics, sys
import torch
from softmax_lab import measure, implementations
from triton_impl import dispatch, launch, hardware
from benchmarks import checking

print(hardware.device_info(torch.device("cuda", 0)), flush=True)
for dt, N in ((torch.bfloat16, 4096), (torch.float32, 4096), (torch.bfloat16, 8192)):
    M = (1 << 27) // N
    x = torch.randn(M, N, device="cuda", dtype=dt) * 3
    out = torch.empty_like(x)
    auto = dispatch.make_plan(M, N, dt, "cuda")
    old = dataclasses.replace(auto, block_m=1, num_warps=4, max_registers=0, grid=((M,)))
    print(dt, N, "auto:", auto.describe(), flush=True)
    ours = implementations.get("ours")
    fns = {"dispatcher softmax(x)": lambda: ours.forward(x),
           "auto plan into out": lambda: launch.softmax_rows(auto, x, out, False),
           "old plan into out": lambda: launch.softmax_rows(old, x, out, False)}
    for label, plan in (("auto", auto), ("old", old)):
        out.fill_(float("nan")); launch.softmax_rows(plan, x, out, False); torch.cuda.synchronize()
        checking.check_forward(out, x, what=label)
    nbytes = 2 * x.numel() * x.element_size()
    copy = measure.copy_bandwidth_gbs()
    times = {k: [] for k in fns}
    for r in range(5):
        for k, fn in fns.items():
            times[k].append(measure.median_ms(fn, warmup_ms=10, rep_ms=100 if k.startswith("disp") else 40))
    for k, t in times.items():
        ms = statistics.median(t)
        print(f"   {k:24} {measure.gbs(nbytes, ms) / copy:6.1%}  rounds " + " ".join(f"{measure.gbs(nbytes, v)/copy:.1%}" for v in t), flush=True)
