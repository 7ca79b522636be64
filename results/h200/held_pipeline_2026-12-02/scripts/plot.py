"""first_call.log and second_call.log -> held_pipeline.json and held_pipeline.png (run from the
repository root). A variant that failed its check or its launch prints no timing line: it is
counted under "failed" with its message."""
import json
import re

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

D = "results/h200/held_pipeline_2026-12-02"
head = re.compile(r"(?P<device>.+) copy (?P<copy>\d+) GB/s; (?P<direction>\w+) (?P<dtype>\w+) "
                  r"N=(?P<N>\d+) M=(?P<M>\d+)")
row = re.compile(r"\s+(?P<variant>\S+)\s+(?P<gbs>\d+) GB/s\s+(?P<fraction>[\d.]+)%\s+"
                 r"(?P<us>[\d.]+) us\s+(?P<plan>.*)")
failed = re.compile(r"(?P<variant>\S+): FAILED (?P<why>.*)")
points, failures = [], []
for call, log in ((1, "first_call.log"), (2, "second_call.log")):
    case, pending = None, []
    for line in open(f"{D}/{log}"):
        if m := failed.match(line):
            pending.append(m.groupdict())  # printed before its case's heading
        elif m := head.match(line):
            case = m.groupdict()
            for f in pending:
                failures.append({"call": call, "direction": case["direction"],
                                 "dtype": case["dtype"], "N": int(case["N"]), "M": int(case["M"]),
                                 "variant": f["variant"], "why": f["why"].strip()})
            pending = []
        elif (m := row.match(line)) and case:
            r = m.groupdict()
            points.append({"call": call, "device": case["device"], "copy_gbs": int(case["copy"]),
                           "direction": case["direction"], "dtype": case["dtype"],
                           "N": int(case["N"]), "M": int(case["M"]), "variant": r["variant"],
                           "plan": r["plan"].strip(), "gbs": int(r["gbs"]),
                           "fraction_of_copy": float(r["fraction"]) / 100, "us": float(r["us"])})
json.dump({"points": points, "failed": failures}, open(f"{D}/held_pipeline.json", "w"), indent=1)
cases = sorted({(p["call"], p["dtype"], p["direction"], p["N"], p["M"]) for p in points})
fig, ax = plt.subplots(figsize=(12, 4.5))
for i, c in enumerate(cases):
    ps = [p for p in points if (p["call"], p["dtype"], p["direction"], p["N"], p["M"]) == c]
    policy = [p["fraction_of_copy"] for p in ps if p["variant"] == "-"]
    other = [p["fraction_of_copy"] for p in ps if p["variant"] != "-"]
    ax.scatter([i] * len(other), other, color="tab:orange", s=18,
               label="held pipeline (persistent, rows held a row or batch late)" if i == 0 else None)
    ax.scatter([i], policy, color="tab:blue", marker="D", s=30,
               label="the policy's cooperative plan" if i == 0 else None)
ax.set_xticks(range(len(cases)),
              [f"{'fp32' if d == 'float32' else 'bf16'} {r[0:3]}\n{n >> 20}M x {m}\ncall {k}"
               for k, d, r, n, m in cases], fontsize=7)
ax.set_ylim(0, 1.12)
ax.set_ylabel("fraction of copy bandwidth")
ax.set_title("Wide rows on an NVIDIA H200: the held pipeline against the policy's plan")
ax.legend(fontsize=8, loc="upper left", ncol=2)
fig.tight_layout()
fig.savefig(f"{D}/held_pipeline.png", dpi=110)
print(len(points), "points,", len(failures), "failed")
