"""Summarise and plot the two calls of results/h200/read_again_2026-12-02/ (run from the
repository root): each width's read-again plan, the same tiles held and QuACK, in each variant's
fast mode (the median of its rounds within 0.3 us of its fastest) and by the median of all its
rounds, and the rounds held beat read again; writes read_again.json and read_again.png beside."""
import json
import os
import statistics

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWEEPS = {"first": ("first_call/a", "first_call/b"), "second": ("second_call/c", "second_call/d")}
FAST_MODE_US = 0.3


def fast_mode_us(rounds_ms):
    fastest = min(rounds_ms)
    return 1e3 * statistics.median(r for r in rounds_ms if r <= fastest + FAST_MODE_US / 1e3)


def row(point, start):
    return next(r for r in point["rows"] if r["variant"].startswith(start))


points = []
for call, folders in SWEEPS.items():
    for folder in folders:
        with open(os.path.join(HERE, folder, "sweep_single_block.json")) as f:
            sweep = json.load(f)
        for point in sweep["points"]:
            again, held, quack = (row(point, s) for s in ("auto", "held", "peer quack"))
            points.append(dict(
                call=call, N=point["N"], M=point["M"], plan=again["plan"],
                copy_gbs=sweep["copy_gbs"],
                **{f"{name}_fast_us": fast_mode_us(r["rounds_ms"])
                   for name, r in (("read_again", again), ("held", held), ("quack", quack))},
                **{f"{name}_median_us": 1e3 * statistics.median(r["rounds_ms"])
                   for name, r in (("read_again", again), ("held", held), ("quack", quack))},
                rounds=len(again["rounds_ms"]),
                held_faster_rounds=sum(h < a for h, a in zip(held["rounds_ms"],
                                                             again["rounds_ms"]))))
with open(os.path.join(HERE, "read_again.json"), "w") as f:
    json.dump(dict(device="NVIDIA H200", statistic="fast mode: the median of a variant's rounds "
                   f"within {FAST_MODE_US} us of its fastest", points=points), f, indent=1)

fig, ax = plt.subplots(figsize=(10, 4.5))
for call, marker in (("first", "o"), ("second", "s")):
    mine = sorted((p for p in points if p["call"] == call), key=lambda p: p["N"])
    xs = [p["N"] for p in mine]
    ax.plot(xs, [p["held_fast_us"] / p["read_again_fast_us"] for p in mine], marker,
            color="C0", label=f"held / read again ({call} call)")
    ax.plot(xs, [p["quack_fast_us"] / p["read_again_fast_us"] for p in mine], marker,
            color="C3", mfc="none", label=f"QuACK / read again ({call} call)")
ax.axhline(1, color="k", lw=0.8)
ax.set_xscale("log", base=2)
ax.set_xlabel("N (float32 forward, M = 4096)")
ax.set_ylabel("time / read again's (fast mode)")
ax.set_title("H200: the policy's read-again row tiles against the same tiles held, 21 rounds")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(os.path.join(HERE, "read_again.png"), dpi=110)
