"""Host time of one relaunch: Triton's CompiledKernel[grid] runner against its C launch called
directly (Triton 3.6's argument order), 8 x 256 float32 single-block forward, output checked."""
import statistics, sys, time, torch, triton
import triton_impl
from triton_impl import ops, launch
print(torch.cuda.get_device_name(), triton.__version__, flush=True)
x = torch.randn(8, 256, device="cuda")
triton_impl.softmax(x, -1)
(pc,) = ops._PLAIN_CALLS.values()
r = pc.relaunch
y = torch.empty_like(x)
compiled = None
# find the compiled kernel behind the runner: the closure's self
runner = r.launcher
ck = runner.__closure__[[c.cell_contents.__class__.__name__ for c in runner.__closure__].index("CompiledKernel")].cell_contents
grid = runner.__closure__[[type(c.cell_contents) is tuple for c in runner.__closure__].index(True)].cell_contents
run = ck.run
print("scratch", run.global_scratch_size, run.profile_scratch_size, run.num_ctas, run.launch_cooperative_grid, run.launch_pdl)
raw_stream = torch._C._cuda_getCurrentRawStream
def direct():
    run.launch(grid[0], grid[1], grid[2], raw_stream(0), ck.function, run.launch_cooperative_grid, run.launch_pdl, None, None, ck.packed_metadata, None, None, None, x, y, *r.rest)
def via_runner():
    runner(x, y, *r.rest)
def via_relaunch():
    r(x, y)
def public():
    triton_impl.softmax(x, -1)
for name, fn in [("direct", direct), ("runner", via_runner), ("relaunch", via_relaunch)]:
    y.fill_(float("nan")); fn(); torch.cuda.synchronize()
    torch.testing.assert_close(y, torch.softmax(x, -1)); print("checked", name)
fns = {"direct C launch": direct, "runner": via_runner, "Relaunch": via_relaunch, "public softmax": public, "torch.softmax": lambda: torch.softmax(x, -1)}
per = {k: [] for k in fns}
for _ in range(15):
    for k, fn in fns.items():
        torch.cuda.synchronize(); torch.cuda._sleep(int(1e8))
        t = time.perf_counter()
        for _ in range(200): fn()
        per[k].append((time.perf_counter() - t) / 200 * 1e6)
        torch.cuda.synchronize()
for k, v in per.items():
    print(f"  {k:18} median {statistics.median(v):7.2f}  min {min(v):7.2f} us (host only)", flush=True)
