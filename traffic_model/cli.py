"""``python -m traffic_model``: predicted time and GB/s over a grid, as a table and a plot."""

from __future__ import annotations

import argparse
import sys

from traffic_model.gpus import gpu
from traffic_model.grid import DEFAULT_M, DEFAULT_N, grid, parse_sizes, predict_grid
from traffic_model.implementations import (
    BACKWARD_IMPLEMENTATIONS,
    FORWARD_IMPLEMENTATIONS,
    IMPLEMENTATIONS,
    check,
)
from traffic_model.measurements import load_measurements
from traffic_model.table import comparison_table, describe, gpu_table, prediction_table

EXAMPLES = """\
examples:
  python -m traffic_model                                 # the seeds' grid on an H100
  python -m traffic_model --gpu H200 --N 1024,4096,16384 --dtype float32,bfloat16
  python -m traffic_model --bandwidth 3000 --M 4096 --N 256:12800:128 --plot gbs.png
  python -m traffic_model --backward --impl naive,fused,torch --N 4096
  python -m traffic_model --gpu H200 --measured results/h200.json --plot h200.png
  python -m traffic_model --list-gpus
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m traffic_model",
        description="Predict softmax time and GB/s from the DRAM bytes each implementation moves.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--gpu", default="H100", help="a built-in GPU (see --list-gpus); default H100")
    parser.add_argument(
        "--bandwidth",
        type=float,
        metavar="GBS",
        help="a measured copy bandwidth in GB/s to use as the ceiling (L2 and SMs stay --gpu's)",
    )
    parser.add_argument("--M", default=None, metavar="SIZES", help="rows: 4096, 1024,4096 or 1024:8192:1024")
    parser.add_argument(
        "--N", default=None, metavar="SIZES", help="columns, as --M; default 256:12800:128 (STOP included)"
    )
    parser.add_argument("--dtype", default="float32", help="comma-separated: float32, bfloat16, float16")
    parser.add_argument(
        "--impl",
        default=None,
        help=f"comma-separated implementations; default {','.join(FORWARD_IMPLEMENTATIONS)}",
    )
    parser.add_argument("--backward", action="store_true", help="the backward of each implementation")
    parser.add_argument(
        "--splits", type=int, default=None, help="split-row programs per row (default: model's)"
    )
    parser.add_argument("--plot", metavar="FILE.png", help="draw predicted GB/s against N")
    parser.add_argument(
        "--measured",
        metavar="FILE.json",
        help="measured points to compare with and overlay (schema: traffic_model.measurements); "
        "its copy_gbs becomes the bandwidth unless --bandwidth is given",
    )
    parser.add_argument("--list-gpus", action="store_true", help="print the built-in GPUs with sources")
    return parser


def _implementations(text: str | None, backward: bool) -> list[str]:
    if text is None:
        return list(BACKWARD_IMPLEMENTATIONS if backward else FORWARD_IMPLEMENTATIONS)
    names = [n.strip() for n in text.split(",") if n.strip()]
    if backward:
        names = [n if n.endswith("_backward") else f"{n}_backward" for n in names]
    if not names:
        raise ValueError(f"no implementation given; expected some of {', '.join(IMPLEMENTATIONS)}")
    return [check(n) for n in names]


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.list_gpus:
        print(gpu_table())
        return 0
    try:
        implementations = _implementations(args.impl, args.backward)
        Ms = parse_sizes(args.M, "M") if args.M else list(DEFAULT_M)
        Ns = parse_sizes(args.N, "N") if args.N else list(DEFAULT_N)
        points = grid(Ms, Ns, [d.strip() for d in args.dtype.split(",")])
        measurements = load_measurements(args.measured) if args.measured else None
        bandwidth = args.bandwidth
        source = "--bandwidth"
        if bandwidth is None and measurements is not None:
            bandwidth, source = measurements.copy_gbs, f"copy_gbs of {args.measured}"
        device = gpu(args.gpu)
        if bandwidth is not None:
            device = device.with_bandwidth(bandwidth, source)
        rows = predict_grid(implementations, points, gpu=device, splits=args.splits)
    except (ValueError, OSError) as e:
        parser.error(str(e))

    print(f"# traffic model, {describe(device)}")
    print("# GB/s = useful bytes / predicted time: 2·M·N·itemsize forward, 3·M·N·itemsize backward")
    print(prediction_table(rows, implementations))
    if measurements is not None:
        print(
            f"\n# measured on {measurements.device}, copy {measurements.copy_gbs:.0f} GB/s, beside the model:"
        )
        print(comparison_table(measurements, device, splits=args.splits))
    if args.plot:
        title = f"Predicted softmax GB/s, {device.name} at {device.bandwidth_gbs:.0f} GB/s"
        from traffic_model.plot import plot_gbs

        drawn = plot_gbs(rows, implementations, args.plot, measurements=measurements, title=title)
        note = f", {drawn} measured points overlaid" if measurements is not None else ""
        print(f"# wrote {args.plot}{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
