"""When a small call's do_bench time is the host's: the same kernel timed with host delay added.

    PYTHONPATH=. python3 benchmarks/host_bound_timing.py [--out FILE.json]   # on a GPU

do_bench flushes the L2 before each timed call and times the call from an event recorded after
the flush. The host queues flush, event, call, event; while it queues them faster than the GPU
runs them, the GPU never waits and the time is the kernel's. Each call here is preceded by a
host-side spin of a given length (no GPU work), so the host's time a call grows while the kernel
stays the same: the delay at which the timing leaves the kernel's time is the host time a call
may take before do_bench times the host. Printed beside it: the flush's GPU time and the host's
time a call (``measure.host_us_per_call``), for torch.softmax and ours at M x N = 1 x 1024 and
256 x 2048 float32. Every output is checked against float64 first.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import triton_impl  # noqa: E402
import checking  # noqa: E402
from softmax_lab import measure  # noqa: E402

DELAYS_US = (0, 10, 20, 30, 40, 50, 60, 70, 80, 100)
TRITONS_FLUSH_BYTES = 256 * 1024 * 1024
"""The flush this tool times with: Triton's own do_bench flush (``measure.FLUSH_BYTES`` is longer,
so that no call's host time outlasts it; under it these delays would show nothing)."""
SHAPES = ((1, 1024), (256, 2048))
IMPLS = {"torch": lambda x: torch.softmax(x, -1), "ours": lambda x: triton_impl.softmax(x, -1)}


def spin(us: float):
    end = time.perf_counter() + us / 1e6
    while time.perf_counter() < end:
        pass


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", help="also write the points to this JSON file")
    args = parser.parse_args(argv)
    if not torch.cuda.is_available():
        parser.error("needs a CUDA GPU")
    flush = measure.flush_us(TRITONS_FLUSH_BYTES)
    print(f"{measure.device_name()}: do_bench's L2 flush {flush:.1f} us of GPU time", flush=True)
    points = []
    for M, N in SHAPES:
        x = torch.randn(M, N, device="cuda") * 3
        for name, impl in IMPLS.items():
            checking.check_forward(impl(x), x, what=f"{name} {(M, N)}")
            for delay in DELAYS_US:
                def call():
                    spin(delay)
                    return impl(x)
                us = measure.median_ms(call, flush_bytes=TRITONS_FLUSH_BYTES) * 1e3
                host = measure.host_us_per_call(call)
                points.append(dict(impl=name, M=M, N=N, delay_us=delay, us=us, host_us=host))
                print(f"  {name:5} {M:4} x {N:5} spin {delay:3} us: timed {us:6.1f} us, "
                      f"host {host:6.1f} us a call", flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(dict(device=measure.device_name(), flush_us=flush, points=points), f, indent=1)


if __name__ == "__main__":
    main()
