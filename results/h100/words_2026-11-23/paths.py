"""The same cooperative forward timed through three call paths, to find why the public API
(speed_of_light's "ours") measured less than the sweep (launch.softmax_rows into a kept output):
(a) launch.softmax_rows into a kept output, (b) the same with a new output each call,
(c) triton_impl.softmax; then (c) again under torch's sync debug mode, which warns of any
host-device synchronisation in the call. Outputs are checked before timing.

    PYTHONPATH=. python3 results/h100/words_2026-11-23/paths.py
"""
import os, sys, warnings

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "benchmarks"))
import checking  # noqa: E402
import triton_impl  # noqa: E402
from softmax_lab import implementations, measure  # noqa: E402
from triton_impl import dispatch, launch  # noqa: E402

copy = measure.copy_bandwidth_gbs()
print(f"{measure.device_name()}: copy {copy:.0f} GB/s", flush=True)
for dtype in (torch.bfloat16, torch.float32):
    for N in (65536, 262144):
        M = (1 << 27) // N
        torch.manual_seed(0)
        x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
        plan = dispatch.make_plan(M, N, dtype, "cuda")
        kept = torch.full_like(x, float("nan"))
        paths = {"kept output": lambda: launch.softmax_rows(plan, x, kept, False),
                 "new output": lambda: launch.softmax_rows(plan, x, torch.empty_like(x), False),
                 "public": lambda: triton_impl.softmax(x, -1)}
        launch.softmax_rows(plan, x, kept, False)
        checking.check_forward(kept, x)
        checking.check_forward(triton_impl.softmax(x, -1), x)
        nbytes = implementations.useful_bytes(M, N, dtype, "forward")
        for label, fn in paths.items():
            for warmup, rep in ((10, 40), (25, 100)):
                ms = measure.median_ms(fn, warmup_ms=warmup, rep_ms=rep)
                print(f"{str(dtype)[6:]:8} N={N:7} {label:12} do_bench {warmup}/{rep} ms: "
                      f"{measure.gbs(nbytes, ms) / copy:6.1%}", flush=True)
        torch.cuda.set_sync_debug_mode("warn")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            triton_impl.softmax(x, -1)
        torch.cuda.set_sync_debug_mode(0)
        print(f"   public call: {len(caught)} synchronisation warnings "
              f"{[str(w.message)[:80] for w in caught][:3]}", flush=True)
        del x, kept
        torch.cuda.empty_cache()
