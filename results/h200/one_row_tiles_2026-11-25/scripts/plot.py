"""Plot a one_row_tiles sweep: the policy's plan before (two rows of one warp), one row of
2048 + 1024 in 4 warps held and read again, and QuACK, of copy, by width.
python3 plot.py <folder with sweep_single_block.json> (writes one_row_tiles.png there)."""
import json
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

folder = sys.argv[1]
sweep = json.load(open(f"{folder}/sweep_single_block.json"))
series = {"before: two rows of one warp": "auto", "2048 + 1024, 4 warps": "block 2048+1024 rows 1 warps 4",
          "2048 + 1024, 4 warps, read again": "block 2048+1024 rows 1 warps 4 read again",
          "QuACK 0.2.2": "peer quack"}
widths = [p["N"] for p in sweep["points"]]
fig, ax = plt.subplots(figsize=(7, 4))
for i, (label, key) in enumerate(series.items()):
    values = []
    for p in sweep["points"]:
        rows = [r for r in p["rows"] if r["variant"] == key or (key == "auto" and r["variant"].startswith("auto"))]
        values.append(100 * rows[0]["of_copy"] if rows else float("nan"))
    ax.bar([j + 0.2 * i - 0.3 for j in range(len(widths))], values, 0.2, label=label)
ax.set_xticks(range(len(widths)), [str(n) for n in widths])
ax.set_ylim(70, 95)
ax.set_xlabel("N (M = 4096, float32 forward)")
ax.set_ylabel("% of copy bandwidth")
ax.set_title(f"{sweep['device']}, copy {sweep['copy_gbs']:.0f} GB/s")
ax.legend(fontsize=8, loc="lower right")
fig.tight_layout()
fig.savefig(f"{folder}/one_row_tiles.png", dpi=110)
