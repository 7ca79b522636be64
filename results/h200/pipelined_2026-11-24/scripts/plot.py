"""pipe_*.log -> pipelined.json and pipelined.png (run from the repository root)."""
import json, re, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

D = "results/h200/pipelined_2026-11-24"
head = re.compile(r"(?P<device>.+) copy (?P<copy>\d+) GB/s; (?P<direction>\w+) (?P<dtype>\w+) N=(?P<N>\d+) M=(?P<M>\d+)")
row = re.compile(r"\s+(?P<variant>\S+)\s+(?P<gbs>\d+) GB/s\s+(?P<fraction>[\d.]+)%\s+(?P<us>[\d.]+) us\s+(?P<plan>.*)")
points = []
for call in (1, 2):
    case = None
    for line in open(f"{D}/pipe_{call}.log"):
        if m := head.match(line):
            case = m.groupdict()
        elif (m := row.match(line)) and case:
            r = m.groupdict()
            points.append({"call": call, "device": case["device"], "copy_gbs": int(case["copy"]),
                           "direction": case["direction"], "dtype": case["dtype"],
                           "N": int(case["N"]), "M": int(case["M"]), "variant": r["variant"],
                           "plan": r["plan"].strip(), "gbs": int(r["gbs"]),
                           "fraction_of_copy": float(r["fraction"]) / 100, "us": float(r["us"])})
json.dump({"points": points}, open(f"{D}/pipelined.json", "w"), indent=1)
cases = sorted({(p["call"], p["dtype"], p["direction"], p["M"]) for p in points})
fig, ax = plt.subplots(figsize=(11, 4.5))
for i, c in enumerate(cases):
    ps = [p for p in points if (p["call"], p["dtype"], p["direction"], p["M"]) == c]
    policy = [p["fraction_of_copy"] for p in ps if p["variant"] == "-"]
    other = [p["fraction_of_copy"] for p in ps if p["variant"] != "-" and p["fraction_of_copy"] > 0.05]
    ax.scatter([i] * len(other), other, color="tab:orange", s=18,
               label="pipelined (persistent, one-row skew)" if i == 0 else None)
    ax.scatter([i], policy, color="tab:blue", marker="D", s=30,
               label="the policy's cooperative plan" if i == 0 else None)
ax.set_xticks(range(len(cases)), [f"{d} {r[0:3]}\nM={m} (call {k})" for k, d, r, m in cases],
              fontsize=7)
ax.set_ylabel("fraction of copy bandwidth")
ax.set_title("N = 4M on an NVIDIA H200: the pipelined experiment against the policy's plan")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(f"{D}/pipelined.png", dpi=110)
print(len(points), "points")
