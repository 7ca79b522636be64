"""The A/B logs of stages.py (ab_*.log) as JSON and a bar plot: python3 ab_plot.py DIR DEVICE."""
import json
import os
import re
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

directory, device = sys.argv[1], sys.argv[2]
cases, copy = [], None
for name in sorted(os.listdir(directory)):
    if not (name.startswith("ab_") and name.endswith(".log")):
        continue
    for line in open(os.path.join(directory, name)):
        if line.startswith("copy "):
            copy = float(line.split()[1])
        elif re.match(r"(forward|backward) \w+ N=\d+ M=\d+", line):
            direction, dtype, n, m = line.split()
            cases.append(dict(log=name, direction=direction, dtype=dtype, N=int(n[2:]),
                              M=int(m[2:]), copy_gbs=copy, variants=[]))
        elif m := re.match(r"\s+(\S+)\s+(\d+) GB/s\s+([\d.]+)%\s+([\d.]+) us\s+(.*)", line):
            cases[-1]["variants"].append(dict(variant=m[1], gbs=float(m[2]),
                                              of_copy=float(m[3]) / 100, us=float(m[4]),
                                              plan=m[5].strip()))
cases = [c for c in cases if c["variants"]]
with open(os.path.join(directory, "ab.json"), "w") as f:
    json.dump(dict(device=device, cases=cases), f, indent=1)
fig, ax = plt.subplots(figsize=(max(8, 1.1 * len(cases)), 4.5))
names = sorted({v["variant"] for c in cases for v in c["variants"]},
               key=lambda v: (v != "-", v))
width = 0.8 / len(names)
for i, name in enumerate(names):
    xs = [k + i * width for k, c in enumerate(cases) for v in c["variants"] if v["variant"] == name]
    ys = [v["of_copy"] for c in cases for v in c["variants"] if v["variant"] == name]
    ax.bar(xs, ys, width, label="plan before" if name == "-" else name)
ax.set_xticks([k + 0.4 - width / 2 for k in range(len(cases))])
ax.set_xticklabels([f"{c['dtype']}\n{c['direction']}\nN={c['N'] >> 20}M M={c['M']}"
                    for c in cases], fontsize=7)
ax.set_ylim(0.5, 1.0)
ax.set_ylabel("fraction of device copy bandwidth")
ax.set_title(f"{device}: cooperative plans at wide rows, same-call A/B")
ax.legend(fontsize=6, ncol=2)
fig.tight_layout()
fig.savefig(os.path.join(directory, "ab.png"), dpi=120)
print(f"{len(cases)} cases -> {directory}/ab.json, ab.png")
