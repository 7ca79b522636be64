"""The measured single-block forward tiles against the rule's plan at fewer rows: M*N = 2^24..2^27."""
import dataclasses, statistics
import torch
from softmax_lab import measure
from triton_impl import dispatch, launch, hardware, policy
from benchmarks import checking

device = hardware.device_info(torch.device("cuda", 0))
print(device, flush=True)
copy = measure.copy_bandwidth_gbs()
print(f"copy {copy:.0f} GB/s", flush=True)
for dt, N in ((torch.float32, 4096), (torch.bfloat16, 4096), (torch.bfloat16, 8192)):
    tile = policy._measured_tile(1 << 27, N, dt.itemsize, device)
    if not tile:
        continue
    for M in ((1 << 24) // N, (1 << 25) // N, (1 << 26) // N, (1 << 27) // N):
        x = torch.randn(M, N, device="cuda", dtype=dt) * 3
        out = torch.empty_like(x)
        rule = dispatch.make_plan(M, N, dt, "cuda")
        rows, warps, cap = tile
        tiled = dataclasses.replace(rule, block_m=rows, num_warps=warps, max_registers=cap,
                                    grid=(policy.cdiv(M, rows),))
        fns = {}
        for label, plan in (("rule", rule), ("tile", tiled)):
            out.fill_(float("nan")); launch.softmax_rows(plan, x, out, False); torch.cuda.synchronize()
            checking.check_forward(out, x, what=label)
            fns[label] = (lambda p: lambda: launch.softmax_rows(p, x, out, False))(plan)
        times = {k: [] for k in fns}
        for _ in range(5):
            for k, fn in fns.items():
                times[k].append(measure.median_ms(fn, warmup_ms=10, rep_ms=40))
        nbytes = 2 * x.numel() * x.element_size()
        line = " ".join(f"{k} {measure.gbs(nbytes, statistics.median(t)) / copy:6.1%} ({plans.describe()})"
                        for (k, t), plans in zip(times.items(), (rule, tiled)))
        print(f"{str(dt)[6:]:8} N={N} M={M:6} M*N=2^{(M * N).bit_length() - 1}: {line}", flush=True)
        del x, out
