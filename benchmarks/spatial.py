"""A softmax along a dim that is not the innermost: the spatial kernel against the same softmax
through a transposed copy, torch and torch.compile, beside the copy bandwidth.

    PYTHONPATH=. python3 benchmarks/spatial.py --out results/<device>/spatial_<date>
        [--dtypes float32 bfloat16] [--shapes A,N,B ...] [--no-plot]

Each problem is a contiguous (A, N, B) tensor and its softmax along dim 1: rows of N values
interleaved B elements apart, as the channels of an NCHW tensor (B = H * W). ``SHAPES`` spans
short and long softmax dims and few and many interleaved rows, each near 2**27 elements.
Implementations, forward and backward:

  ours             the dispatcher (``triton_impl.plan(x, 1)``: spatial, or a row kernel through a
                   transposed copy where few spatial tiles would leave the GPU idle)
  ours:spatial     the spatial kernel forced (its plan as the dispatcher makes it)
  ours:transposed  the row kernel the dispatcher would run on (A*B, N) rows, forced here, so on a
                   transposed copy of the rows and its output copied back (4MN more)
  torch            torch.softmax(x, 1) and its backward
  torch.compile    torch.compile of the naive code along dim 1

Every output is checked against float64 first (``checking``, on its rows moved last); a wrong or
failing one is recorded as failed, never timed. GB/s counts the bytes a perfect kernel moves
(forward 2MN, backward 3MN elements); each figure is also a fraction of the device-to-device copy
bandwidth measured in the same run. Writes <out>/spatial.json after every shape (a time limit
keeps what was measured) and <out>/spatial.png.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import checking  # noqa: E402
import triton_impl  # noqa: E402
from softmax_lab import implementations, measure  # noqa: E402
from triton_impl import hardware, policy  # noqa: E402
from traffic_model.plot import save_figure  # noqa: E402

DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}
SHAPES = [(16, 21, 512 * 512), (8, 150, 256 * 256), (2048, 1000, 64), (4096, 256, 128),
          (16384, 8, 1024), (65536, 512, 4), (1, 4096, 32768), (8, 32768, 512)]
"""(A, N, B): 21 and 150 classes at 512x512 and 256x256 (segmentation), 1000 classes over 64
positions, a softmax over the keys of attention scores laid out keys-first (4096 x 32768), a few
interleaved rows (B = 4) and a long softmax dim with few tiles (32768 x 512, which the dispatcher
sends through a transposed copy)."""
IMPLS = ("ours", "ours:spatial", "ours:transposed", "torch", "torch.compile")
IMPLAUSIBLE = 1.15
"""As in speed_of_light: a figure over this multiple of the copy bandwidth did not run."""


def shape_argument(text: str) -> tuple[int, int, int]:
    """``A,N,B`` with every size at least 1 and B at least 2 (B = 1 is a softmax of contiguous
    rows: benchmarks/speed_of_light.py)."""
    try:
        A, N, B = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: write a shape as A,N,B (three integers)")
    if min(A, N) < 1 or B < 2:
        raise argparse.ArgumentTypeError(f"{text!r}: A and N must be at least 1 and B at least 2 "
                                         "(B = 1 is contiguous rows: speed_of_light.py)")
    return A, N, B


def transposed_kernel(shape, itemsize: int, backward: bool, device) -> str:
    """The row kernel the policy gives the A*B rows of N columns of an (A, N, B) tensor on
    ``device`` (``ours:transposed``)."""
    A, N, B = shape
    return policy.default_kernel(N, itemsize, backward, A * B,
                                 hardware.device_info(torch.device(device)))


def implementation(name: str, shape, dtype, backward: bool,
                   device="cuda") -> implementations.Implementation:
    """``name`` along dim 1; ``ours:transposed`` forces the row kernel the policy gives the rows."""
    if name == "ours:transposed":
        kernel = transposed_kernel(shape, dtype.itemsize, backward, device)
        return implementations.get(f"ours:{kernel}", dim=1)
    return implementations.get(name, dim=1)


def plan_of(name: str, x: torch.Tensor, backward: bool) -> policy.Plan | None:
    """The plan ours runs (None for the peers)."""
    if not name.startswith("ours"):
        return None
    kernel = {"ours": None, "ours:spatial": "spatial"}.get(name)
    if name == "ours:transposed":
        kernel = transposed_kernel(x.shape, x.element_size(), backward, x.device)
    return triton_impl.plan(x, 1, backward=backward, kernel=kernel)


def rows_last(t: torch.Tensor) -> torch.Tensor:
    """An (A, N, B) tensor's rows, each of its N values along dim 1, as (A*B, N) rows."""
    return t.movedim(1, -1).reshape(-1, t.shape[1])


def check(impl, x: torch.Tensor, dy: torch.Tensor, direction: str, what: str) -> None:
    """The output, checked on its rows moved last (``checking``). The block torch's caching
    allocator hands out next is poisoned first, so a launch that wrote nothing fails."""
    y = torch.softmax(x.double(), 1).to(x.dtype)
    torch.full_like(x, float("nan"))
    got = impl.forward(x) if direction == "forward" else impl.backward(y, dy)
    if direction == "forward":
        checking.check_forward(rows_last(got), rows_last(x), what=what)
    else:
        checking.check_backward(rows_last(got), rows_last(y), rows_last(dy), what=what)


def time_point(name, shape, dtype, direction, copy_gbs, points) -> dict | None:
    A, N, B = shape
    backward = direction == "backward"
    torch.manual_seed(0)
    x = torch.randn(shape, device="cuda", dtype=dtype) * 3
    dy = torch.randn(shape, device="cuda", dtype=dtype)
    point = dict(impl=name, A=A, N=N, B=B, dtype=str(dtype).removeprefix("torch."),
                 direction=direction)
    try:
        plan = plan_of(name, x, backward)
        if plan is not None:
            point["plan"] = plan.describe()
        impl = implementation(name, shape, dtype, backward, x.device)
        check(impl, x, dy, direction, f"{name} {direction} {shape} {dtype}")
        if backward:
            y = torch.softmax(x, 1)
            ms = measure.median_ms(lambda: impl.backward(y, dy))
        else:
            ms = measure.median_ms(lambda: impl.forward(x))
    except Exception as error:  # a failing implementation is a result too
        point["error"] = f"{type(error).__name__}: {str(error)[:300]}"
        print(f"  {name} {direction} {shape} {dtype}: FAILED {point['error']}", flush=True)
        points.append(point)
        return None
    nbytes = implementations.useful_bytes(A * B, N, dtype, direction)
    if measure.gbs(nbytes, ms) > IMPLAUSIBLE * copy_gbs:
        point["error"] = (f"{measure.gbs(nbytes, ms):.0f} GB/s is over {IMPLAUSIBLE}x the copy "
                          "bandwidth: the timed calls cannot have moved their bytes")
        print(f"  {name} {direction} {shape} {dtype}: FAILED {point['error']}", flush=True)
        points.append(point)
        return None
    point.update(ms=ms, gbs=measure.gbs(nbytes, ms),
                 fraction_of_copy=measure.gbs(nbytes, ms) / copy_gbs)
    points.append(point)
    return point


def plot(result: dict, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = sorted({(p["dtype"], p["direction"]) for p in result["points"]})
    fig, axes = plt.subplots(len(panels), 1, figsize=(11, 3.2 * len(panels)), squeeze=False)
    shapes = sorted({(p["A"], p["N"], p["B"]) for p in result["points"]}, key=lambda s: s[1])
    width = 0.8 / len(IMPLS)
    for ax, (dtype, direction) in zip(axes[:, 0], panels):
        for i, name in enumerate(IMPLS):
            got = {(p["A"], p["N"], p["B"]): p.get("fraction_of_copy", 0)
                   for p in result["points"]
                   if p["impl"] == name and p["dtype"] == dtype and p["direction"] == direction}
            ax.bar([k + i * width for k in range(len(shapes))], [got.get(s, 0) for s in shapes],
                   width, label=name)
        ax.set_xticks([k + 0.4 - width / 2 for k in range(len(shapes))],
                      [f"{A}x{N}x{B}" for A, N, B in shapes], fontsize=7)
        ax.set_ylabel("fraction of copy")
        ax.set_title(f"{dtype} {direction}, softmax along dim 1 of (A, N, B); "
                     f"{result['device']}, copy {result['copy_gbs']:.0f} GB/s", fontsize=9)
        ax.axhline(1.0, color="grey", lw=0.5)
    axes[0, 0].legend(fontsize=7, ncol=len(IMPLS))
    fig.tight_layout()
    save_figure(fig, path, dpi=110)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="directory for spatial.json and the plot")
    parser.add_argument("--dtypes", nargs="+", choices=sorted(DTYPES),
                        default=["float32", "bfloat16"])
    parser.add_argument("--shapes", nargs="+", type=shape_argument, default=SHAPES,
                        help="A,N,B of each problem (default: SHAPES)")
    parser.add_argument("--impls", nargs="+", choices=IMPLS, default=list(IMPLS))
    parser.add_argument("--no-plot", action="store_true")
    args = parser.parse_args(argv)
    if not torch.cuda.is_available():
        parser.error("needs a CUDA GPU (the interpreter times nothing worth reporting)")
    os.makedirs(args.out, exist_ok=True)
    started = time.time()
    copy_gbs = measure.copy_bandwidth_gbs()
    device = measure.device_name()
    print(f"device {device}; copy bandwidth {copy_gbs:.0f} GB/s (read + write)", flush=True)
    points: list[dict] = []
    path = os.path.join(args.out, "spatial.json")

    def save() -> dict:  # after every shape, so that a time limit keeps what was measured
        return measure.write_run(path, device, copy_gbs, started, points)

    for dtype_name in args.dtypes:
        for shape in args.shapes:
            for direction in ("forward", "backward"):
                for name in args.impls:
                    p = time_point(name, shape, DTYPES[dtype_name], direction, copy_gbs, points)
                    if p:
                        print(f"  {dtype_name:8} {direction:8} {'x'.join(map(str, shape)):>18} "
                              f"{name:16} {p['gbs']:7.0f} GB/s {p['fraction_of_copy']:6.1%}  "
                              f"{p.get('plan', '')}", flush=True)
            save()
            torch.cuda.empty_cache()
    result = save()
    if not args.no_plot:
        plot(result, os.path.join(args.out, "spatial.png"))
    print(f"wrote {path} ({math.ceil(result['seconds'])} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
