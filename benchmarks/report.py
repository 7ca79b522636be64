"""Markdown tables from a speed_of_light.json, for the README and the closing notes.

    python3 benchmarks/report.py results/h200/speed_of_light.json
"""

import json
import sys


def pct(value, copy):
    return f"{value:.0f} ({value / copy:.0%})"


def bandwidth_table(result):
    copy = result["copy_gbs"]
    rows = {}
    for p in result["points"]:
        if p["section"] == "bandwidth" and "gbs" in p:
            rows.setdefault((p["dtype"], p["N"], p["M"]), {})[(p["direction"], p["impl"])] = p["gbs"]
    lines = ["| dtype | N | M | fwd ours | fwd torch | bwd ours | bwd torch |",
             "|---|---|---|---|---|---|---|"]
    for (dtype, N, M), r in rows.items():
        cells = [pct(r[k], copy) if k in r else "-" for k in
                 [("forward", "ours"), ("forward", "torch"), ("backward", "ours"),
                  ("backward", "torch")]]
        lines.append(f"| {dtype} | {N} | {M} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def wide_table(result):
    copy = result["copy_gbs"]
    rows = {}
    for p in result["points"]:
        if p["section"] == "wide" and "gbs" in p:
            rows.setdefault((p["N"], p["M"]), {})[(p["direction"], p["impl"])] = p["gbs"]
    lines = ["| N | M | fwd ours | fwd online forced | fwd torch | bwd ours | bwd torch |",
             "|---|---|---|---|---|---|---|"]
    for (N, M), r in sorted(rows.items()):
        cells = [f"{r[k] / copy:.0%}" if k in r else "-" for k in
                 [("forward", "ours"), ("forward", "ours:online"), ("forward", "torch"),
                  ("backward", "ours"), ("backward", "torch")]]
        lines.append(f"| {N} | {M} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def seeds_summary(result):
    by_n = {}
    for p in result["points"]:
        if p["section"] == "seeds" and "gbs" in p:
            by_n.setdefault(p["N"], {})[p["impl"]] = p["gbs"]
    behind = [N for N, r in sorted(by_n.items()) if r.get("ours", 0) < r.get("torch", 0)]
    return (f"seeds' grid: {len(by_n)} points; ours behind torch.softmax at {len(behind)}: "
            f"{behind}")


def latency_table(result):
    rows = {}
    for p in result["points"]:
        if p["section"] == "latency" and "us" in p:
            rows.setdefault((p["M"], p["N"]), {})[p["impl"]] = p["us"]
    lines = ["| M | N | ours µs | torch µs |", "|---|---|---|---|"]
    for (M, N), r in rows.items():
        lines.append(f"| {M} | {N} | {r.get('ours', 0):.1f} | {r.get('torch', 0):.1f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    result = json.load(open(sys.argv[1]))
    print(f"{result['device']}, copy {result['copy_gbs']:.0f} GB/s\n")
    for part in (bandwidth_table, wide_table, latency_table, seeds_summary):
        print(part(result) + "\n")
