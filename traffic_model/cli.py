"""``python -m traffic_model``: predicted time and GB/s over a grid, as a table and a plot.

Every argument is checked by the parser, before anything is computed or printed: a bad one ends the
command with one line on stderr and status 2. Status 0: done. Status 1: the arguments were good but
the work could not finish (the plot could not be written). A reader that closes the pipe early
(``| head``) ends the command quietly, with status 141 as ``yes | head`` does.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from reference.dtypes import canonical

from traffic_model.gpus import gpu, gpu_in_device_name
from traffic_model.grid import DEFAULT_M, DEFAULT_N, grid, parse_sizes, predict_grid
from traffic_model.implementations import IMPLEMENTATIONS, check, with_direction
from traffic_model.measurements import load_measurements
from traffic_model.table import comparison_table, describe, gpu_table, prediction_table

DEFAULT_IMPLEMENTATIONS = ("naive", "fused", "ours", "torch")
"""The table's columns unless --impl names others: what fusion buys (naive against fused), what the
lab's dispatcher runs, and torch.softmax."""

DEFAULT_GPU = "H100"
PLOT_SUFFIXES = (".png", ".pdf", ".svg")
BROKEN_PIPE_STATUS = 141
"""128 + SIGPIPE: what a command killed by a closed pipe returns."""

EXAMPLES = """\
examples:
  python -m traffic_model                                 # the seeds' grid on an H100
  python -m traffic_model --gpu H200 --N 1024,4096,16384 --dtype float32,bfloat16
  python -m traffic_model --bandwidth 3000 --M 4096 --N 256:12800:128 --plot gbs.png
  python -m traffic_model --backward --impl naive,fused,torch --N 4096
  python -m traffic_model --impl fused,cooperative,torch --M 512 --N 262144
  python -m traffic_model --gpu H200 --measured results/h200/speed_of_light.json --plot h200.png
  python -m traffic_model --list-gpus

exit status: 0 done; 1 the plot could not be written; 2 a bad argument (nothing was done);
141 the reader closed the pipe.
"""


def _arg(convert):
    """An argparse ``type`` that turns a ValueError's message into the parser's one-line error."""

    def parse(text):
        try:
            return convert(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    parse.__name__ = convert.__name__
    return parse


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise ValueError(f"expected a whole number of at least 1, got {text!r}")
    return value


def _bandwidth(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value == float("inf"):
        raise ValueError(f"expected a positive number of GB/s, got {text!r}")
    return value


def _dtypes(text: str) -> list[str]:
    names = [canonical(d.strip()) for d in text.split(",") if d.strip()]
    if not names:
        raise ValueError(f"expected one or more dtypes, got {text!r}")
    return names


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise ValueError(f"no implementation given; expected some of {', '.join(IMPLEMENTATIONS)}")
    return [check(n) for n in names]


def _plot_path(text: str) -> Path:
    path = Path(text)
    if path.is_dir():
        raise ValueError(f"{text} is a directory; name the file to write, e.g. {path / 'gbs.png'}")
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise ValueError(f"{text}: the plot's format comes from its suffix, one of {', '.join(PLOT_SUFFIXES)}")
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"{text}: no such directory {folder}; create it first")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"{text}: the directory {folder} is not writable")
    return path


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line: what is wrong and what to do."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="python -m traffic_model",
        description="Predict softmax time and GB/s from the DRAM bytes each implementation moves.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--gpu", type=_arg(gpu),
                        help=f"a built-in GPU (see --list-gpus); default the one --measured names, else {DEFAULT_GPU}")
    parser.add_argument("--bandwidth", type=_arg(_bandwidth), metavar="GBS",
                        help="a measured copy bandwidth in GB/s to use as the ceiling (L2 and SMs stay --gpu's)")
    parser.add_argument("--M", type=_arg(lambda t: parse_sizes(t, "M")), default=list(DEFAULT_M),
                        metavar="SIZES", help="rows: 4096, 1024,4096 or 1024:8192:1024; default 4096")
    parser.add_argument("--N", type=_arg(lambda t: parse_sizes(t, "N")), default=list(DEFAULT_N),
                        metavar="SIZES", help="columns, as --M; default 256:12800:128 (STOP included)")
    parser.add_argument("--dtype", type=_arg(_dtypes), default=["float32"],
                        help="comma-separated: float32, bfloat16, float16 (or fp32, bf16, ...)")
    parser.add_argument("--impl", type=_arg(_names), default=list(DEFAULT_IMPLEMENTATIONS),
                        help=f"comma-separated implementations of {', '.join(IMPLEMENTATIONS)}; "
                             f"default {','.join(DEFAULT_IMPLEMENTATIONS)}")
    parser.add_argument("--backward", action="store_true", help="the backward of each implementation")
    parser.add_argument("--splits", type=_arg(_positive_int), metavar="S",
                        help="programs per row of split and cooperative (default: the dispatch policy's)")
    parser.add_argument("--plot", type=_arg(_plot_path), metavar="FILE.png",
                        help="draw predicted GB/s against N (.png, .pdf or .svg)")
    parser.add_argument("--measured", metavar="FILE.json",
                        help="measured points to compare with and overlay (schema: traffic_model.measurements); "
                             "its copy_gbs becomes the bandwidth unless --bandwidth is given")
    parser.add_argument("--list-gpus", action="store_true", help="print the built-in GPUs with sources")
    return parser


def parse_args(argv: list[str] | None = None):
    """The checked arguments: ``parser.error`` (one line, status 2) for anything that would fail
    later, so that nothing is printed before a mistake is found."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.backward:
        args.impl = [with_direction(n.removesuffix("_backward"), True) for n in args.impl]
    args.measurements = None
    if args.measured is not None:
        try:
            args.measurements = load_measurements(args.measured)
        except OSError as e:
            parser.error(f"argument --measured: cannot read {args.measured}: {e.strerror}")
        except ValueError as e:
            parser.error(f"argument --measured: {e}")
    if args.gpu is None:
        named = args.measurements and gpu_in_device_name(args.measurements.device)
        args.gpu = named or gpu(DEFAULT_GPU)
    if args.splits is not None and args.splits > args.gpu.sms and any(
            n.startswith("cooperative") for n in args.impl):
        parser.error(f"argument --splits: {args.splits} cooperative programs a row cannot all be resident "
                     f"on {args.gpu.key} ({args.gpu.sms} SMs): use at most {args.gpu.sms}")
    if args.plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            parser.error("argument --plot: needs matplotlib (python3 -m pip install matplotlib)")
    return args


def run(args) -> int:
    if args.list_gpus:
        print(gpu_table())
        return 0
    device = args.gpu
    measurements = args.measurements
    if args.bandwidth is not None:
        device = device.with_bandwidth(args.bandwidth, "--bandwidth")
    elif measurements is not None:
        device = device.with_bandwidth(measurements.copy_gbs, f"copy_gbs of {args.measured}")
    rows = predict_grid(args.impl, grid(args.M, args.N, args.dtype), gpu=device, splits=args.splits)
    print(f"# traffic model, {describe(device)}")
    print("# GB/s = useful bytes / predicted time: 2·M·N·itemsize forward, 3·M·N·itemsize backward")
    print(prediction_table(rows, args.impl))
    if measurements is not None:
        print(f"\n# measured on {measurements.device}, copy {measurements.copy_gbs:.0f} GB/s, beside the model:")
        print(comparison_table(measurements, device))
    if args.plot is not None:
        from traffic_model.plot import plot_gbs

        try:
            drawn = plot_gbs(rows, args.impl, args.plot, measurements=measurements)
        except OSError as e:
            print(f"python -m traffic_model: error: could not write {args.plot}: {e.strerror or e}",
                  file=sys.stderr)
            return 1
        note = f", {drawn} measured points overlaid" if measurements is not None else ""
        print(f"# wrote {args.plot}{note}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns its exit status (argument errors exit 2 from the parser)."""
    args = parse_args(argv)
    try:
        status = run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader has gone (| head): send what is left nowhere and say so by the status alone.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return BROKEN_PIPE_STATUS
    return status


if __name__ == "__main__":
    sys.exit(main())
