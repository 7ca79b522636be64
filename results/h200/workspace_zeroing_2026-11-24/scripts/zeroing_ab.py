"""Cooperative calls with the exchange words kept zeroed (this tree) against fresh torch.zeros words
each call (the launch before: Lease.current forced False, so that every launch takes Lease.fresh),
in the same process, interleaved rounds. argv: rounds."""
import statistics, sys, torch
sys.path.insert(0, "benchmarks")
import checking
from softmax_lab import implementations, measure
from triton_impl import dispatch, exchange_words, launch
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
copy = measure.copy_bandwidth_gbs(); print(f"copy {copy:.0f} GB/s", flush=True)
kept_current = exchange_words.Lease.current
def variant(name):
    exchange_words.Lease.current = kept_current if name == "kept" else (lambda self: False)
for N in (1 << 20, 1 << 22):
    for dtype in (torch.float32, torch.bfloat16):
        for direction in ("forward", "backward"):
            for M in (1, 2, 4, 8, 32):
                backward = direction == "backward"
                x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
                y = torch.softmax(x.float(), -1).to(dtype); dy = torch.randn_like(x); out = torch.empty_like(x)
                plan = dispatch.make_plan(M, N, dtype, "cuda", backward=backward)
                assert plan.kernel == "cooperative", plan
                if backward:
                    fn = lambda: launch.softmax_backward_rows(plan, y, dy, out, False)
                else:
                    fn = lambda: launch.softmax_rows(plan, x, out, False)
                times = {"fresh": [], "kept": []}
                for name in times:
                    variant(name)
                    for _ in range(2):  # twice: the second finds the words the first left
                        out.fill_(float("nan")); fn(); torch.cuda.synchronize()
                        checking.check_backward(out, y, dy, what=name) if backward else checking.check_forward(out, x, what=name)
                for _ in range(rounds):
                    for name, t in times.items():
                        variant(name)
                        t.append(measure.median_ms(fn, warmup_ms=10, rep_ms=40) * 1e3)
                variant("kept")
                nbytes = implementations.useful_bytes(M, N, dtype, direction)
                us = {k: statistics.median(v) for k, v in times.items()}
                frac = {k: nbytes / (v * 1e-6) / 1e9 / copy for k, v in us.items()}
                print(f"{direction:8} {str(dtype)[6:]:8} N={N:8} M={M:3}  fresh {us['fresh']:8.2f} us {frac['fresh']:6.1%}   kept {us['kept']:8.2f} us {frac['kept']:6.1%}   {us['fresh'] - us['kept']:+.2f} us", flush=True)
