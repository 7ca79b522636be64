"""Where the bimodal narrow-row times come from: per do_bench call, every rep's time (return_mode
"all"), with the SM and memory clocks read by NVML after the call. argv: M:N shapes."""
import json, os, statistics, sys, time
import torch, triton
sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
from triton_impl import dispatch, launch
try:
    import pynvml; pynvml.nvmlInit(); handle = pynvml.nvmlDeviceGetHandleByIndex(0)
    def clocks():
        return (pynvml.nvmlDeviceGetClockInfo(handle, pynvml.NVML_CLOCK_SM),
                pynvml.nvmlDeviceGetClockInfo(handle, pynvml.NVML_CLOCK_MEM))
except Exception as error:
    print("no NVML:", error); clocks = lambda: (0, 0)
rounds, out_dir = int(os.environ.get("ROUNDS", 12)), os.environ["OUT"]
for shape in sys.argv[1:]:
    M, N = map(int, shape.split(":"))
    x = torch.randn(M, N, device="cuda") * 3
    out = torch.empty_like(x)
    plan = dispatch.make_plan(M, N, x.dtype, "cuda")
    out.fill_(float("nan")); launch.softmax_rows(plan, x, out, False); torch.cuda.synchronize()
    checking.check_forward(out, x, what="ours")
    fns = [("ours", lambda: launch.softmax_rows(plan, x, out, False))]
    try:
        forward = implementations.get("quack").forward
        checking.check_forward(forward(x), x, what="quack"); fns.append(("quack", lambda: forward(x)))
    except Exception as error:
        print("quack skipped:", error)
    calls = []
    for r in range(rounds):
        for name, fn in fns:
            deadline = time.perf_counter() + 0.05
            while time.perf_counter() < deadline:
                fn(); torch.cuda.synchronize()
            with measure.flush_of(measure.FLUSH_BYTES):
                times = triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="all")
            sm, mem = clocks()
            calls.append(dict(impl=name, round=r, median_us=1e3 * statistics.median(times),
                              q10_us=1e3 * sorted(times)[len(times) // 10],
                              q90_us=1e3 * sorted(times)[9 * len(times) // 10],
                              reps=len(times), sm_mhz=sm, mem_mhz=mem, times_us=[1e3 * t for t in times]))
            c = calls[-1]
            print(f"N={N} {name:6} r{r:2} median {c['median_us']:7.2f} q10 {c['q10_us']:7.2f} "
                  f"q90 {c['q90_us']:7.2f} reps {c['reps']} sm {sm} mem {mem}", flush=True)
    with open(os.path.join(out_dir, f"modes_{M}_{N}.json"), "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), M=M, N=N, calls=calls), f)
