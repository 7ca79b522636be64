"""Where a small call's time goes on the host: microseconds per call of each layer.

    PYTHONPATH=. python3 benchmarks/host_overhead.py            # on a GPU
    PYTHONPATH=. python3 benchmarks/host_overhead.py --layers   # anywhere: our layers alone

On a tiny problem (the GPU work takes a few microseconds) a loop of calls is bound by the host,
so calls per second measure the Python and launch cost of each layer: torch.softmax for
reference, our public softmax (eager path), the torch.library custom op, the dispatcher's
make_plan (cached), launch.softmax_rows with a preallocated output (plan + Triton launch), the
launch record alone (Triton's ``kernel[grid](...)``), and the compiled kernel called directly
(``launch.Relaunch``, which a remembered plain call uses), and a differentiated call (the forward
under autograd and its gradient), torch's beside. Every row that writes a softmax is checked
first, into a poisoned output, and our gradient against torch's.

``--layers`` times the lab's own Python with every kernel launch replaced by a no-op: what a call
costs before Triton's launch, on the code path of compiled kernels (the interpreter's quieting
skipped), on CPU tensors. It needs no GPU, so a change to the layers can be measured anywhere;
it says nothing of Triton's launch, which only the GPU run times.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


BATCHES = 5
"""A layer's ``calls`` are timed in this many batches, and its figure is the median batch's mean:
a batch the operating system interrupted (a busy machine, another process) moves the mean of
all the calls by its whole delay, and the median not at all."""


def per_call_us(fn, calls: int, synchronize) -> float:
    for _ in range(100):
        fn()
    synchronize()
    means = []
    for batch in range(BATCHES):
        size = calls // BATCHES + (batch < calls % BATCHES)
        if not size:
            continue
        start = time.perf_counter()
        for _ in range(size):
            fn()
        synchronize()
        means.append((time.perf_counter() - start) / size * 1e6)
    return statistics.median(means)


def writes_softmax(fn, y, x) -> None:
    """``fn()`` writes softmax(x) into ``y``, poisoned first: a launch that failed, or wrote
    nothing, must not be timed as a fast one."""
    y.fill_(float("nan"))
    fn()
    torch.cuda.synchronize()
    torch.testing.assert_close(y, torch.softmax(x, -1))


def gpu_layers(x, triton_impl, launch) -> dict:
    y = torch.empty_like(x)
    plan = triton_impl.make_plan(*x.shape, x.dtype, x.device)
    (record,) = launch.launches(plan, (x, y), False)
    relaunch = launch.softmax_rows(plan, x, y, False, relaunch=True)
    if relaunch is None:
        print("  (the compiled kernel called directly: n/a, no relaunch on this Triton)")
    else:
        writes_softmax(lambda: relaunch(x, y), y, x)
    writes_softmax(record, y, x)
    writes_softmax(lambda: launch.softmax_rows(plan, x, y, False), y, x)
    writes_softmax(lambda: y.copy_(triton_impl.softmax(x, -1)), y, x)
    leaf, dy = x.clone().requires_grad_(), torch.randn_like(x)
    for _ in range(2):  # the second call takes the launches the first made
        torch.full_like(x, float("nan"))  # a freed poisoned block for the gradient
        torch.testing.assert_close(*autograd_pair(triton_impl.softmax, leaf, dy)[1:],
                                   *autograd_pair(torch.softmax, leaf, dy)[1:])
    return {
        "torch.softmax": lambda: torch.softmax(x, -1),
        "triton_impl.softmax (eager path)": lambda: triton_impl.softmax(x, -1),
        **autograd_rows(triton_impl, leaf, dy),
        "custom op softmax_lab::softmax_forward": lambda: torch.ops.softmax_lab.softmax_forward(
            x, 1, False),
        "make_plan (cached)": lambda: triton_impl.make_plan(*x.shape, x.dtype, x.device),
        "launch.softmax_rows (Triton launch)": lambda: launch.softmax_rows(plan, x, y, False),
        "the launch record alone (kernel[grid](...))": record,
        **({"compiled kernel called directly (launch.Relaunch)": lambda: relaunch(x, y)}
           if relaunch else {}),
        "torch.empty_like": lambda: torch.empty_like(x),
    }


def autograd_pair(softmax, leaf, dy) -> tuple:
    """A differentiated call: the forward under autograd, then its gradient for ``dy``."""
    y = softmax(leaf, -1)
    return y, torch.autograd.grad(y, leaf, dy)[0]


def autograd_rows(triton_impl, leaf, dy) -> dict:
    return {"torch.softmax forward + backward (autograd)":
            lambda: autograd_pair(torch.softmax, leaf, dy),
            "triton_impl.softmax forward + backward (autograd)":
            lambda: autograd_pair(triton_impl.softmax, leaf, dy)}


def stubbed_layers(x, triton_impl, launch) -> dict:
    """The layers with the launches made no-ops, on the compiled kernels' code path."""
    launch.Launch.__call__ = lambda self, just_made=False: None
    launch.kernels_interpreted = lambda: False
    y = torch.empty_like(x)
    plan = triton_impl.make_plan(*x.shape, x.dtype, x.device)
    return {
        "torch.softmax (CPU, computing)": lambda: torch.softmax(x, -1),
        "triton_impl.softmax, launch a no-op": lambda: triton_impl.softmax(x, -1),
        **autograd_rows(triton_impl, x.clone().requires_grad_(), torch.randn_like(x)),
        "make_plan (cached)": lambda: triton_impl.make_plan(*x.shape, x.dtype, x.device),
        "launch.softmax_rows, launch a no-op": lambda: launch.softmax_rows(plan, x, y, False),
        "torch.empty_like": lambda: torch.empty_like(x),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layers", action="store_true",
                        help="our layers alone, launches made no-ops, on CPU tensors (no GPU)")
    parser.add_argument("--calls", type=int, default=3000,
                        help=f"calls timed per layer, in {BATCHES} batches: the median batch's "
                             "mean per call")
    args = parser.parse_args(argv)
    if args.calls < 1:
        parser.error(f"--calls must be at least 1, got {args.calls}")
    if not args.layers and not torch.cuda.is_available():
        parser.error("no GPU here: run with --layers to time our layers alone")
    if args.layers:
        os.environ["TRITON_INTERPRET"] = "1"  # CPU tensors pass the input checks; nothing runs

    import triton_impl
    from triton_impl import _inputs, launch

    if args.layers and _inputs.interpreter_numpy_too_new():
        parser.error("--layers passes CPU tensors through the interpreter's input checks, which "
                     "refuse this NumPy (Triton's interpreter breaks on NumPy >= 2.4): run it in "
                     "the README's install (-c constraints-cpu.txt)")

    device = "cpu" if args.layers else "cuda"
    x = torch.randn(8, 256, device=device)
    if args.layers:
        layers, synchronize = stubbed_layers(x, triton_impl, launch), lambda: None
        where = f"{platform.processor() or platform.machine()}, launches made no-ops"
    else:
        layers, synchronize = gpu_layers(x, triton_impl, launch), torch.cuda.synchronize
        where = torch.cuda.get_device_name()
    print(f"{where}: host microseconds per call, 8x256 float32, torch {torch.__version__}")
    for name, fn in layers.items():
        print(f"  {name:50} {per_call_us(fn, args.calls, synchronize):7.1f} us", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
