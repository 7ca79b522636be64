"""Speed of light: our softmax against torch and the copy bandwidth, on whatever GPU runs this.

    PYTHONPATH=. python3 benchmarks/speed_of_light.py --out results/<device>   [--sections ...]

Sections (all by default):
  bandwidth  forward and backward, float32 and bfloat16, N = 256 .. 262144 at M*N = 2**27
  widths     the same at widths that are not multiples of 16 (--widths-n, default ``WIDTHS_N``),
             M*N about 2**27
  wide       N = 1M and 4M (--wide-n) with M = 1 .. 128, float32 and bfloat16, online forced too
  seeds      the seeds' grid: M = 4096, N = 256 .. 12800 step 128, float32 forward, with naive
             (torch.compile left out: it would compile 99 times), with each call's host time
  latency    small problems (a few MB and less), microseconds per call, with the host's time of
             a call (``measure.host_us_per_call``) and do_bench's L2 flush time beside them
--rounds R times the seeds and latency sections R times over, each round every width and every
implementation once, and keeps each point's median over the timed calls of all its rounds
(``median_of_rounds``).
Peers in the same run: torch.softmax, torch.compile of the naive code, and Liger-Kernel and QuACK
when installed (skipped with the printed reason otherwise). Every figure is the median of
triton.testing.do_bench (L2 flushed between runs); GB/s counts the bytes a perfect kernel moves
(forward 2MN, backward 3MN elements), beside the device-to-device copy bandwidth measured in the
same run. Before timing, each implementation's output is checked under the tolerance policy
(``checking``; ours through a NaN-poisoned buffer); a wrong or failing one is recorded as failed,
never timed.
Writes <out>/speed_of_light.json (the traffic model's measurement schema) and a PNG plot;
``--merge A.json B.json ...`` joins runs of different sections (one device) into <out>.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import triton_impl  # noqa: E402
import checking  # noqa: E402
from softmax_lab import implementations, measure  # noqa: E402
from triton_impl import launch  # noqa: E402
from traffic_model.plot import save_figure  # noqa: E402

DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}
BANDWIDTH_N = [256, 1024, 4096, 16384, 65536, 262144]
WIDTHS_N = [1000, 1001, 4100, 12344, 50257, 50264, 65528, 65535]
"""Widths the bandwidth grid (powers of two) and the seeds' grid (multiples of 128) never reach:
multiples of 8 (1000, 12344, 50264, 65528), of 4 (4100) and odd ones (1001; 50257, GPT-2's
vocabulary; 65535), whose rows a kernel cannot read in 16-byte vectors unless it is told N's
multiple (``launch.known_multiple_of``); M = 2**27 / N, rounded."""
WIDE_N = [1 << 20, 1 << 22]
WIDE_M = [1, 2, 4, 8, 16, 32, 64, 128]
WIDE_LINE_STYLES = ("-", "--", "-.", (0, (1, 1)), (0, (5, 1, 1, 1, 1, 1)), (0, (3, 1, 1, 1)))
"""The wide panels' line styles (matplotlib ``linestyle``), one for each row length, narrowest
first (``--merge`` may join more row lengths than ``WIDE_N``; past six they repeat, and the legend
tells them apart). None is the copy line's dotted ":"."""
COLORS = {"ours": "tab:red", "ours:online": "tab:pink", "torch": "tab:blue",
          "torch.compile": "tab:purple", "liger": "tab:green", "quack": "tab:orange",
          "naive": "tab:brown"}
"""One colour per implementation in every panel; ours drawn widest and on top."""
IMPLAUSIBLE = 1.15
"""A problem of hundreds of MB timed faster than this multiple of the copy bandwidth did not run
(L2 can hold none of it between the flushed calls): recorded as failed, not as a speed."""
SECTIONS = ("bandwidth", "widths", "wide", "seeds", "latency")
HOST_TIMED = ("seeds", "latency")
"""Sections of small problems, whose forward points also record the host's time of a call
(``measure.host_us_per_call``): where it nears do_bench's flush, the timing is the host's."""
IMPLS = ("ours", "torch", "torch.compile", "liger", "quack")
LATENCY_SHAPES = [(1, 1024), (8, 4096), (64, 1024), (256, 2048), (1024, 1024), (4096, 512)]


def check(name: str, x: torch.Tensor, dy: torch.Tensor, direction: str) -> str | None:
    """The implementation's result under the tolerance policy (``checking``); ours through a
    poisoned buffer. Returns the kernel our plan ran (None for the peers), which the traffic
    model reads."""
    kernel_ran = None
    y = torch.softmax(x.double(), -1).to(x.dtype)  # the backward's input, as a forward gave it
    if name.startswith("ours"):
        kernel = name.split(":")[1] if ":" in name else None
        M, N = x.shape
        plan = triton_impl.make_plan(M, N, x.dtype, x.device, backward=direction == "backward",
                                     forcing=triton_impl.Forcing(kernel))
        kernel_ran = plan.kernel
        got = torch.full_like(x, float("nan"))
        if direction == "forward":
            launch.softmax_rows(plan, x, got, False)
        else:
            launch.softmax_backward_rows(plan, y, dy, got, False)
    else:
        impl = implementations.get(name)
        # a peer allocates its own output: poison the block torch's caching allocator will hand
        # it, so that a launch that writes nothing cannot pass on a previous call's result
        torch.full_like(x, float("nan"))
        got = impl.forward(x) if direction == "forward" else impl.backward(y, dy)
    checking.check(got, direction, x, y, dy, what=f"{name} {direction} {tuple(x.shape)} {x.dtype}")
    return kernel_ran


ROUNDS_TIMED = ("seeds", "latency")
"""Sections that ``--rounds`` repeats. Their problems take microseconds, and between two runs on
one GPU a point of the seeds' grid moved by 1.5-2% (standard deviation; results/h100/
tails_2026-11-23/sl against results/h100/run_a0a363e_2026-11-23, ours and each peer alike), so
that one run's ratio to a peer wanders by about 2% at each width: more than the margin the
seeds' grid is held to. The spread is between moments of a run, which rounds sample: at 8-10 us
(M = 4096, N = 512 and 640 on an H200; results/h200/timing_spread_2026-11-24/) the medians of ten
do_benches of one kernel in one call spread by 7-9%, ours and QuACK's alike. Taken as the rounds
of a point, every choice of 3, 4 or 5 of those ten gave a steadier figure as the median of all
their calls than as the median of their medians (standard deviation over the choices 0.06-0.15
against 0.08-0.20 us, in all twelve cases; ``estimators.log`` there). So a point is the median
of the timed calls of all its rounds."""
REP_MS = 100
"""do_bench's timing budget a point: split between its rounds (a timed call of the small sections
takes under 0.5 ms with its flush, so a round of 100 / R ms still times dozens of calls). The
check, the busy wait and the host-time calls of a point run in every round: three rounds took
280-310 s for the seeds and latency sections where one took 150-180 s. ``host_us`` is the
median of the rounds' own."""


def median_of_rounds(rounds: list) -> dict:
    """One point from its rounds (each a point of ``time_point`` with its calls' times as
    ``times_ms``): ``ms`` the median of all the rounds' calls, each round's median beside it as
    ``rounds_ms`` (the calls themselves are not kept). A point that failed in any round failed."""
    failed = [p for p in rounds if "error" in p]
    if failed:
        return dict(failed[0], rounds=len(rounds))
    calls = [t for p in rounds for t in p["times_ms"]]
    point = {k: v for k, v in rounds[0].items() if k != "times_ms"}
    point.update(rounds_ms=[p["ms"] for p in rounds], calls=len(calls))
    rescale = statistics.median(calls) / point["ms"]
    point.update(ms=point["ms"] * rescale, us=point["us"] * rescale, gbs=point["gbs"] / rescale,
                 fraction_of_copy=point["fraction_of_copy"] / rescale)
    if "host_us" in point:
        point["host_us"] = statistics.median(p["host_us"] for p in rounds)
    return point


def time_point(name, M, N, dtype, direction, section, out_points, copy_gbs, rep_ms=REP_MS):
    torch.manual_seed(0)
    x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
    dy = torch.randn(M, N, device="cuda", dtype=dtype)
    host_us = None
    try:
        kernel_ran = check(name, x, dy, direction)
        impl = implementations.get(name)
        if direction == "forward":
            times = measure.times_ms(lambda: impl.forward(x), rep_ms=rep_ms)
            if section in HOST_TIMED:
                host_us = measure.host_us_per_call(lambda: impl.forward(x))
        else:
            y = torch.softmax(x, -1)
            times = measure.times_ms(lambda: impl.backward(y, dy), rep_ms=rep_ms)
        ms = statistics.median(times)
    except ImportError as error:  # a peer that is not installed: skipped, with the reason
        print(f"  {name}: skipped, not installed ({error})", flush=True)
        return None
    except Exception as error:  # a failing peer is a result too; record it and go on
        print(f"  {name} {direction} M={M} N={N} {dtype}: FAILED {type(error).__name__}: "
              f"{str(error)[:200]}", flush=True)
        out_points.append(dict(section=section, impl=name, M=M, N=N,
                               dtype=str(dtype).replace("torch.", ""), direction=direction,
                               error=f"{type(error).__name__}: {str(error)[:300]}"))
        return None
    finally:
        del x, dy
    nbytes = implementations.useful_bytes(M, N, dtype, direction)
    if section != "latency" and measure.gbs(nbytes, ms) > IMPLAUSIBLE * copy_gbs:
        error = (f"{measure.gbs(nbytes, ms):.0f} GB/s is over {IMPLAUSIBLE}x the copy bandwidth: "
                 "the timed calls cannot have moved their bytes (failed launches?)")
        print(f"  {name} {direction} M={M} N={N} {dtype}: FAILED {error}", flush=True)
        out_points.append(dict(section=section, impl=name, M=M, N=N,
                               dtype=str(dtype).replace("torch.", ""), direction=direction,
                               error=error))
        return None
    point = dict(section=section, impl=name, M=M, N=N, dtype=str(dtype).replace("torch.", ""),
                 direction=direction, ms=ms, gbs=measure.gbs(nbytes, ms),
                 fraction_of_copy=measure.gbs(nbytes, ms) / copy_gbs, us=ms * 1e3)
    if host_us is not None:
        point["host_us"] = host_us
    if section in ROUNDS_TIMED:
        point["times_ms"] = times  # pooled by median_of_rounds, not saved
    if kernel_ran:
        point["kernel"] = kernel_ran
    out_points.append(point)
    return point


def run(sections, impls, out_dir, dtypes=("float32", "bfloat16"), wide_n=WIDE_N, wide_m=WIDE_M,
        rounds=1, widths_n=WIDTHS_N):
    if rounds < 1:
        raise ValueError(f"rounds={rounds}: at least one round")
    started = time.time()
    copy_gbs = measure.copy_bandwidth_gbs()
    device = measure.device_name()
    print(f"device {device}; copy bandwidth {copy_gbs:.0f} GB/s (read + write)", flush=True)
    points = []
    by_round = {}  # a point of ROUNDS_TIMED -> its rounds so far
    path = os.path.join(out_dir, "speed_of_light.json")
    os.makedirs(out_dir, exist_ok=True)

    def save() -> dict:  # after every shape, so that a time limit keeps what was measured
        return measure.write_run(path, device, copy_gbs, started,
                                 points + [median_of_rounds(r) for r in by_round.values()])

    def time_rounds(name, M, N, section, **fields) -> dict | None:
        """One round of a point of ROUNDS_TIMED (float32 forward), with ``fields`` added if it
        was timed; the point's median so far."""
        got = []
        time_point(name, M, N, torch.float32, "forward", section, got, copy_gbs, REP_MS / rounds)
        if not got:
            return None
        if "ms" in got[0]:
            got[0].update(fields)
        by_round.setdefault(_point_key(got[0]), []).append(got[0])
        return median_of_rounds(by_round[_point_key(got[0])])

    for section, widths in (("bandwidth", BANDWIDTH_N), ("widths", widths_n)):
        if section not in sections:
            continue
        for dtype_name in dtypes:
            for N in widths:
                M = round((1 << 27) / N)
                for direction in ("forward", "backward"):
                    for name in impls:
                        p = time_point(name, M, N, DTYPES[dtype_name], direction, section,
                                       points, copy_gbs)
                        if p:
                            print(f"  {dtype_name:8} {direction:8} N={N:7} {name:18} "
                                  f"{p['gbs']:7.0f} GB/s {p['fraction_of_copy']:6.1%}", flush=True)
                save()
    if "wide" in sections:
        for dtype_name in dtypes:
            for N in wide_n:
                for M in wide_m:
                    for direction in ("forward", "backward"):
                        for name in ("ours", "ours:online", *impls[1:]):
                            p = time_point(name, M, N, DTYPES[dtype_name], direction, "wide",
                                           points, copy_gbs)
                            if p:
                                print(f"  wide {dtype_name:8} {direction:8} N={N:7} M={M:4} "
                                      f"{name:12} {p['gbs']:7.0f} GB/s "
                                      f"{p['fraction_of_copy']:6.1%}", flush=True)
                    save()
    flush_us = measure.flush_us() if "latency" in sections else None
    if flush_us is not None:
        print(f"  latency: do_bench's L2 flush takes {flush_us:.1f} us of GPU time", flush=True)
    for round_ in range(1, rounds + 1):
        if "seeds" in sections:
            for N in range(256, 12800 + 1, 128):
                # torch.compile specialises per shape: 99 compilations would outlast a call
                for name in ("naive", *(i for i in impls if i != "torch.compile")):
                    time_rounds(name, 4096, N, "seeds")
                save()
            print(f"  seeds grid, round {round_} of {rounds} done", flush=True)
        if "latency" in sections:
            for M, N in LATENCY_SHAPES:
                for name in impls:
                    p = time_rounds(name, M, N, "latency", flush_us=flush_us)
                    if p and "us" in p:
                        print(f"  latency M={M:5} N={N:5} {name:6} {p['us']:7.1f} us "
                              f"(host {p['host_us']:5.1f} us a call), round {round_}", flush=True)
                save()
    result = save()
    print(f"wrote {path}", flush=True)
    return result


def _point_key(point: dict) -> tuple:
    return tuple(point[k] for k in ("section", "impl", "M", "N", "dtype", "direction"))


def _latest_points(runs) -> list:
    """The runs' points, a point measured in several runs once: the last run's measurement,
    where a later run's failure does not replace an earlier measurement (each replacement is
    printed)."""
    points = {}
    for run in runs:
        for point in run["points"]:
            key = _point_key(point)
            earlier = points.get(key)
            if earlier is not None and "error" in point and "error" not in earlier:
                continue
            if earlier is not None:
                print(f"--merge: {' '.join(map(str, key))} measured again; the later run's kept",
                      flush=True)
            points[key] = point
    return list(points.values())


def _copies_per_call(run: dict) -> list:
    """The copy bandwidth measured by each call behind ``run``: a merge's ``copy_gbs_per_run``,
    a single call's ``copy_gbs``."""
    return run.get("copy_gbs_per_run", [run["copy_gbs"]])


def _copies_behind(points: list, runs: list) -> list:
    """The copies of the calls (``_copies_per_call``) that measured at least one of ``points``:
    a point's copy is its GB/s over its fraction of copy, so a call whose every point a later
    run replaced drops out, and two calls with equal copies both stay."""
    behind = [p["gbs"] / p["fraction_of_copy"] for p in points if p.get("fraction_of_copy")]
    return sorted(c for r in runs for c in _copies_per_call(r)
                  if any(math.isclose(c, b, rel_tol=1e-9) for b in behind))


def merge(paths, out_dir):
    """One result from runs of different sections on one device (each keeps its own copy
    bandwidth in its points' fractions). The merged copy_gbs is the median of the files' own
    copy_gbs (a merged file counts once, by its median); copy_gbs_per_run holds the copy of every
    call behind the merged points (``_copies_behind``), those a merged file joined included, so
    that the range report.py prints is that of the calls the points come from. A point that a
    later run (in ``paths``' order) measured again is the later run's (``_latest_points``): so a
    run that its time limit stopped can be completed by another."""
    runs = [json.load(open(p)) for p in paths]
    devices = {r["device"] for r in runs}
    if len(devices) != 1:
        raise SystemExit(f"--merge: runs from different devices {sorted(devices)}")
    copies = sorted(r["copy_gbs"] for r in runs)
    points = _latest_points(runs)
    result = dict(runs[0], copy_gbs=copies[len(copies) // 2],
                  copy_gbs_per_run=_copies_behind(points, runs),
                  seconds=sum(r["seconds"] for r in runs),
                  command=[r["command"] for r in runs],
                  points=points)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "speed_of_light.json"), "w") as f:
        json.dump(result, f, indent=1)
    return result


def plot(result, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = [p for p in result["points"] if "gbs" in p]
    panels = [(section, d, t) for section in ("bandwidth", "widths")
              for t in ("float32", "bfloat16") for d in ("forward", "backward")]
    panels += [("wide", d, t) for t in ("float32", "bfloat16") for d in ("forward", "backward")]
    panels += [("seeds", "forward", "float32")]
    panels = [p for p in panels if any(q["section"] == p[0] for q in points)]
    if not panels:
        return
    cols = 2
    rows = math.ceil(len(panels) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(12, 4 * rows), squeeze=False)
    for ax, (section, direction, dtype) in zip(axes.flat, panels):
        sel = [p for p in points if p["section"] == section and p["direction"] == direction
               and p["dtype"] == dtype]
        x_key = "M" if section == "wide" else "N"
        widths = sorted({p["N"] for p in sel}) if section == "wide" else [None]
        for impl in sorted({p["impl"] for p in sel}, key=lambda i: (i != "ours", i)):
            for style, N in zip(itertools.cycle(WIDE_LINE_STYLES), widths):
                line = sorted((p[x_key], p["gbs"]) for p in sel
                              if p["impl"] == impl and (N is None or p["N"] == N))
                if line:
                    label = impl if N is None else f"{impl} N={N}"
                    ax.plot(*zip(*line), linestyle=style, marker="o", ms=3, label=label,
                            color=COLORS.get(impl, "grey"), lw=2.2 if impl == "ours" else 1.2,
                            zorder=3 if impl == "ours" else 2)
        ax.axhline(result["copy_gbs"], color="k", ls=":", lw=1, label="copy")
        ax.set_xscale("log", base=2) if section != "seeds" else None
        ax.set_xlabel(x_key + (" (rows; a line style for each N)" if section == "wide" else ""))
        ax.set_ylabel("GB/s")
        ax.set_title(f"{section}: {direction} {dtype}")
        ax.legend(fontsize=7, loc={"wide": "upper left", "seeds": "center right"}.get(section, "lower right"))
        ax.grid(alpha=0.3)
    for ax in list(axes.flat)[len(panels):]:
        ax.axis("off")
    fig.suptitle(f"{result['device']}, copy {result['copy_gbs']:.0f} GB/s")
    fig.tight_layout(rect=(0, 0, 1, 0.98))
    save_figure(fig, path, dpi=110)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="directory for the JSON and the PNG")
    parser.add_argument("--sections", nargs="+", choices=SECTIONS, default=list(SECTIONS))
    parser.add_argument("--impls", nargs="+", default=list(IMPLS),
                        help="implementations, ours first (default: ours and every peer)")
    parser.add_argument("--dtypes", nargs="+", choices=("float32", "bfloat16"),
                        default=["float32", "bfloat16"],
                        help="the bandwidth, widths and wide sections' dtypes (to split a run in "
                             "pieces)")
    parser.add_argument("--widths-n", type=int, nargs="+", default=WIDTHS_N, metavar="N",
                        help="the widths section's row lengths (default: WIDTHS_N, eight widths "
                             "that are not multiples of 16)")
    parser.add_argument("--wide-n", type=int, nargs="+", default=WIDE_N, metavar="N",
                        help="the wide section's row lengths (default: 1M and 4M)")
    parser.add_argument("--wide-rows", type=int, nargs="+", default=WIDE_M, metavar="M",
                        help="the wide section's row counts (default: 1 to 128)")
    parser.add_argument("--rounds", type=int, default=1, metavar="R",
                        help="time the seeds and latency sections R times over, each point's "
                             "figure the median of all its rounds' calls (default 1)")
    parser.add_argument("--no-plot", action="store_true",
                        help="write the JSON only (plot later with --merge, where matplotlib works)")
    parser.add_argument("--merge", nargs="+", metavar="JSON",
                        help="join these runs (one device) into <out>/speed_of_light.json")
    args = parser.parse_args(argv)
    if args.merge:
        missing = [p for p in args.merge if not os.path.isfile(p)]
        if missing:
            parser.error(f"--merge: no such file {missing[0]!r}")
        result = merge(args.merge, args.out)
    else:
        if args.impls[0] != "ours":
            parser.error("--impls must start with ours (the wide section forces our kernels)")
        if min(args.wide_n + args.wide_rows + args.widths_n) < 1:
            parser.error("--wide-n, --wide-rows and --widths-n must be at least 1")
        if not 1 <= args.rounds <= 9:
            parser.error(f"--rounds {args.rounds}: give 1 to 9 rounds")
        if not torch.cuda.is_available():
            parser.error("speed_of_light times kernels on a CUDA GPU and none is visible")
        result = run(args.sections, args.impls, args.out, args.dtypes, args.wide_n, args.wide_rows,
                     args.rounds, args.widths_n)
    if not args.no_plot:
        plot(result, os.path.join(args.out, "speed_of_light.png"))


if __name__ == "__main__":
    main()
