"""Markdown tables from a speed_of_light.json, for the README and the closing notes.

    python3 benchmarks/report.py results/h100/speed_of_light.json

Every figure is a fraction of the copy bandwidth measured in the run that timed it; "best peer"
is the fastest of the other implementations that passed the float64 check at that point (torch,
torch.compile, Liger-Kernel, QuACK when installed), and "ours / peer" the ratio of GB/s.
"""

import argparse
import json
import os

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
            f"{margin} x the best peer at {len(behind)}: {behind}; worst {ratios[worst]:.2f} at "
            f"N = {worst}; median {sorted(ratios.values())[len(ratios) // 2]:.2f}")


def latency_table(result):
    rows, names = {}, []
    for p in result["points"]:
        if p["section"] == "latency" and "us" in p:
            rows.setdefault((p["M"], p["N"]), {})[p["impl"]] = p["us"]
            names += [p["impl"]] if p["impl"] not in names else []
    lines = ["| M | N | " + " | ".join(f"{n} µs" for n in names) + " |",
             "|---|---|" + "---|" * len(names)]
    for (M, N), r in rows.items():
        lines.append(f"| {M} | {N} | " + " | ".join(
            f"{r[n]:.1f}" if n in r else "-" for n in names) + " |")
    return "\n".join(lines)


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
    parser.add_argument("json", help="a speed_of_light.json")
    args = parser.parse_args(argv)
    if not os.path.isfile(args.json):
        parser.error(f"no such file: {args.json}")
    result = json.load(open(args.json))
    copies = result.get("copy_gbs_per_run", [result["copy_gbs"]])
    print(f"{result['device']}, copy {', '.join(f'{c:.0f}' for c in copies)} GB/s "
          f"(torch {result['torch']}, triton {result['triton']})\n")
    for part in (bandwidth_table, wide_table, latency_table, seeds_summary, failures):
        print(part(result) + "\n")


if __name__ == "__main__":
    main()
