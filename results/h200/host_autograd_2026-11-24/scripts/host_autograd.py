"""Host time of a differentiated call (forward and backward under autograd) and of the backward
alone, for whichever triton_impl is first on sys.path (run once with the tree's, once with the
commit before its launches were remembered); torch.softmax beside. (a) back to back, wall per
call; (b) queued behind a GPU sleep: host only. 15 interleaved rounds of 200 calls, median and min
of the rounds. Every output is checked (NaN-poisoned, against float64) before it is timed."""
import statistics
import sys
import time

import torch

sys.path.insert(0, "benchmarks")
import checking  # noqa: E402
import triton_impl  # noqa: E402

print(triton_impl.__file__, torch.cuda.get_device_name(), torch.__version__, flush=True)
SLEEP = int(3e8)
for M, N, dtype in ((8, 256, torch.float32), (4, 65536, torch.bfloat16),
                    (1, 1 << 20, torch.float32)):
    torch.manual_seed(0)
    x = (torch.randn(M, N, device="cuda", dtype=torch.float64) * 4).to(dtype)
    dy = torch.randn(M, N, device="cuda", dtype=dtype)
    leaf = x.clone().requires_grad_()
    y_saved = torch.softmax(x.float(), -1).to(dtype)

    def ours():
        y = triton_impl.softmax(leaf, -1)
        return y, torch.autograd.grad(y, leaf, dy)[0]

    def theirs():
        y = torch.softmax(leaf, -1)
        return y, torch.autograd.grad(y, leaf, dy)[0]

    def ours_backward_data():
        return None, triton_impl.softmax_backward_data(y_saved, dy, -1)

    fns = {"ours fwd+bwd": ours, "torch fwd+bwd": theirs, "ours backward_data": ours_backward_data,
           "torch backward_data": lambda: (None, torch._softmax_backward_data(dy, y_saved, 1,
                                                                              dtype))}
    for name, fn in fns.items():
        for _ in range(3):
            torch.full_like(x, float("nan"))  # a freed poisoned block for the next outputs
            torch.full_like(x, float("nan"))
            y, dx = fn()
            torch.cuda.synchronize()
            try:
                if y is not None:
                    checking.check_forward(y.detach(), x, what=name)
                    checking.check_backward(dx, y.detach(), dy, what=name)
                else:
                    checking.check_backward(dx, y_saved, dy, what=name)
            except AssertionError as failure:  # a peer's miss is printed; ours stops the run
                if name.startswith("ours"):
                    raise
                print(f"  {name}: {failure}", flush=True)
    for behind in (False, True):
        per = {k: [] for k in fns}
        for _ in range(15):
            for name, fn in fns.items():
                torch.cuda.synchronize()
                if behind:
                    torch.cuda._sleep(SLEEP)
                start = time.perf_counter()
                for _ in range(200):
                    fn()
                per[name].append((time.perf_counter() - start) / 200 * 1e6)
                torch.cuda.synchronize()
        how = "host only (behind a sleep)" if behind else "back to back (wall)"
        print(f"{str(dtype)[6:]} {M} x {N}, {how}:", flush=True)
        for k, v in per.items():
            print(f"  {k:20} median {statistics.median(v):8.2f}  min {min(v):8.2f} us", flush=True)
