"""Markdown tables from a speed_of_light.json, for the README and the closing notes.

    python3 benchmarks/report.py results/h100/speed_of_light.json
    python3 benchmarks/report.py --readme results/h100/run_2026-11-23/speed_of_light.json \
        results/h200/run_2026-11-23/speed_of_light.json    # the README's performance tables

Every figure is a fraction of the copy bandwidth measured in the run that timed it; "best peer"
is the fastest of the other implementations that passed the float64 check at that point (torch,
torch.compile, Liger-Kernel, QuACK when installed), and "ours / peer" the ratio of GB/s.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from reference.traffic import useful_bytes  # noqa: E402
from traffic_model.gpus import gpu_in_device_name  # noqa: E402

PEERS = ("torch", "torch.compile", "liger", "quack")


def _points(result, section):
    table = {}
    for p in result["points"]:
        if p["section"] == section and "gbs" in p:
            key = (p["dtype"], p["N"], p["M"], p["direction"])
            table.setdefault(key, {})[p["impl"]] = p
    return table


def _best_peer(row):
    peers = [(p["gbs"], name) for name, p in row.items() if name in PEERS]
    return max(peers) if peers else (None, None)


def _cell(row, name):
    return f"{row[name]['fraction_of_copy']:.0%}" if name in row else "failed"


def _comparison(row):
    best, peer = _best_peer(row)
    if best is None or "ours" not in row:
        return "-", "-"
    return f"{row[peer]['fraction_of_copy']:.0%} {peer}", f"{row['ours']['gbs'] / best:.2f}"


def bandwidth_table(result, section="bandwidth"):
    lines = ["| dtype | N | M | direction | ours | best peer | ours / peer | torch |",
             "|---|---|---|---|---|---|---|---|"]
    for (dtype, N, M, direction), row in _points(result, section).items():
        peer, ratio = _comparison(row)
        lines.append(f"| {dtype} | {N} | {M} | {direction} | {_cell(row, 'ours')} | {peer} | "
                     f"{ratio} | {_cell(row, 'torch')} |")
    return "\n".join(lines)


def widths_table(result):
    """The widths that are not multiples of 16 (speed_of_light's ``widths`` section), if run."""
    if not _points(result, "widths"):
        return "(no widths section in this run)"
    return bandwidth_table(result, "widths")


def wide_table(result):
    lines = ["| dtype | N | M | direction | ours | online forced | best peer | ours / peer |",
             "|---|---|---|---|---|---|---|---|"]
    for (dtype, N, M, direction), row in sorted(_points(result, "wide").items()):
        peer, ratio = _comparison(row)
        lines.append(f"| {dtype} | {N} | {M} | {direction} | {_cell(row, 'ours')} | "
                     f"{_cell(row, 'ours:online')} | {peer} | {ratio} |")
    return "\n".join(lines)


def seeds_summary(result, margin=0.98):
    ratios = {}
    for (_, N, _, _), row in _points(result, "seeds").items():
        best, _ = _best_peer(row)
        if best and "ours" in row:
            ratios[N] = row["ours"]["gbs"] / best
    if not ratios:
        return "seeds' grid: not measured"
    behind = sorted(N for N, r in ratios.items() if r < margin)
    worst = min(ratios, key=ratios.get)
    return (f"seeds' grid (M = 4096, float32 forward): {len(ratios)} widths; ours below "
            f"{margin} x the best peer at {len(behind)}: {behind}; worst {ratios[worst]:.3f} at "
            f"N = {worst}; median {sorted(ratios.values())[len(ratios) // 2]:.2f}")


def latency_table(result):
    """µs a call by do_bench, each with the host's µs a call beside it where the run measured it
    (a host time over do_bench's L2 flush time makes that timing the host's)."""
    rows, names, flush = {}, [], None
    for p in result["points"]:
        if p["section"] == "latency" and "us" in p:
            host = f" (host {p['host_us']:.1f})" if "host_us" in p else ""
            rows.setdefault((p["M"], p["N"]), {})[p["impl"]] = f"{p['us']:.1f}{host}"
            names += [p["impl"]] if p["impl"] not in names else []
            flush = p.get("flush_us", flush)
    lines = ["| M | N | " + " | ".join(f"{n} µs" for n in names) + " |",
             "|---|---|" + "---|" * len(names)]
    for (M, N), r in rows.items():
        lines.append(f"| {M} | {N} | " + " | ".join(r.get(n, "-") for n in names) + " |")
    if flush is not None:
        lines.append(f"\ndo_bench's L2 flush before each timed call: {flush:.1f} µs of GPU time.")
    return "\n".join(lines)


def _gpu(result):
    """The device's short name ("NVIDIA H100 80GB HBM3" -> "H100"), the name itself if unknown."""
    gpu = gpu_in_device_name(result["device"])
    return gpu.key if gpu else result["device"]


def _copy(result):
    copies = result.get("copy_gbs_per_run", [result["copy_gbs"]])
    return f"{min(copies):.0f}" if len(set(round(c) for c in copies)) == 1 else \
        f"{min(copies):.0f}-{max(copies):.0f}"


def readme_tables(results):
    """The bandwidth grid of several runs side by side (ours, the best peer, their ratio per
    GPU), then each run's wide rows that move 256 MB or more, seeds' grid and latency in a line."""
    header = "| dtype | N | direction | " + " | ".join(
        f"{_gpu(r)} ours | {_gpu(r)} best peer | ours / peer" for r in results) + " |"
    lines = [" ".join(f"{_gpu(r)}: {r['device']}, copy {_copy(r)} GB/s;" for r in results).rstrip(";")
             + ". Fractions of the copy; M·N = 2^27.", "", header,
             "|---|---|---|" + "---|---|---|" * len(results)]
    tables = [_points(r, "bandwidth") for r in results]
    for dtype, N, M, direction in sorted(tables[0], key=lambda k: (k[0] != "float32", k[1], k[3] != "forward")):
        cells = []
        for table in tables:
            row = table.get((dtype, N, M, direction), {})
            peer, ratio = _comparison(row)
            cells.append(f"{_cell(row, 'ours') if row else '-'} | {peer} | {ratio}")
        lines.append(f"| {dtype} | {N} | {direction} | " + " | ".join(cells) + " |")
    lines.append("")
    for r in results:
        lines.append(f"- {_gpu(r)}: " + _large_wide_summary(r) + "; " + seeds_summary(r) + "; "
                     + _latency_summary(r) + ".")
    return "\n".join(lines)


def _large_wide_summary(result, least_bytes=256e6):
    rows, widths = [], set()
    for (dtype, N, M, direction), row in _points(result, "wide").items():
        best, _ = _best_peer(row)
        if useful_bytes(M, N, dtype, direction) >= least_bytes and "ours" in row:
            widths.add(N)
            rows.append((row["ours"]["fraction_of_copy"], best is None or row["ours"]["gbs"] >= best))
    if not rows:
        return "wide rows: not measured"
    named = ", ".join(f"{N >> 20}M" if N % (1 << 20) == 0 else str(N) for N in sorted(widths))
    return (f"wide rows (N = {named}) that move 256 MB or more: {len(rows)} points, ours "
            f"{min(f for f, _ in rows):.0%}-{max(f for f, _ in rows):.0%} of copy, ahead of every "
            f"peer at {sum(ahead for _, ahead in rows)}")


def _latency_summary(result):
    us = {}
    for p in result["points"]:
        if p["section"] == "latency" and "us" in p and p["impl"] in ("ours", "torch"):
            us.setdefault(p["impl"], []).append(p["us"])
    if "ours" not in us:
        return "latency: not measured"
    torch_us = us.get("torch", [float("nan")])
    return (f"latency (M·N up to 2^20) ours {min(us['ours']):.1f}-{max(us['ours']):.1f} µs, "
            f"torch.softmax {min(torch_us):.1f}-{max(torch_us):.1f} µs")


def failures(result):
    failed = [p for p in result["points"] if "error" in p]
    lines = [f"{len(failed)} points failed their float64 check or did not run:"]
    seen = set()
    for p in failed:
        key = (p["impl"], p["error"][:60])
        if key not in seen:
            seen.add(key)
            lines.append(f"- {p['impl']} ({p['section']}, e.g. {p['dtype']} {p['direction']} "
                         f"M={p['M']} N={p['N']}): {p['error'][:160]}")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("json", nargs="+", help="a speed_of_light.json (several with --readme)")
    parser.add_argument("--readme", action="store_true",
                        help="the README's tables: the runs' bandwidth grids side by side")
    args = parser.parse_args(argv)
    missing = [path for path in args.json if not os.path.isfile(path)]
    if missing:
        parser.error(f"no such file: {missing[0]}")
    if len(args.json) > 1 and not args.readme:
        parser.error("several runs are compared only with --readme")
    if args.readme:
        print(readme_tables([json.load(open(path)) for path in args.json]))
        return
    result = json.load(open(args.json[0]))
    copies = result.get("copy_gbs_per_run", [result["copy_gbs"]])
    print(f"{result['device']}, copy {', '.join(f'{c:.0f}' for c in copies)} GB/s "
          f"(torch {result['torch']}, triton {result['triton']})\n")
    for part in (bandwidth_table, widths_table, wide_table, latency_table, seeds_summary,
                 failures):
        print(part(result) + "\n")


if __name__ == "__main__":
    main()
