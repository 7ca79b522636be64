"""Predicted GB/s against N, one line per implementation, as the seeds' benchmark plot draws it.

matplotlib is imported here, inside the function, and through its object API with the Agg canvas:
importing ``traffic_model`` never imports it, and plotting never changes pyplot's global backend.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from traffic_model.grid import GridRow
from traffic_model.implementations import is_backward
from traffic_model.measurements import Measurements

_LINESTYLES = ("-", "--", ":", "-.")


def _groups(rows: Sequence[GridRow]) -> list[tuple[int, str]]:
    return list(dict.fromkeys((r.M, r.dtype) for r in rows))


def plot_gbs(
    rows: Sequence[GridRow],
    implementations: Sequence[str],
    path: str | Path,
    *,
    measurements: Measurements | None = None,
    title: str | None = None,
) -> int:
    """Draw predicted GB/s against N into ``path`` (PNG by its suffix); overlay the measured points
    whose (M, dtype) and direction are among those drawn. Returns how many measured points it drew."""
    from matplotlib import rcParams
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(9, 5.5), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    palette = rcParams["axes.prop_cycle"].by_key()["color"]
    colours = {name: palette[i % len(palette)] for i, name in enumerate(implementations)}
    groups = _groups(rows)
    for g, (M, dtype) in enumerate(groups):
        group_rows = [r for r in rows if (r.M, r.dtype) == (M, dtype)]
        for i, name in enumerate(implementations):
            label = name if len(groups) == 1 else f"{name} (M={M}, {dtype})"
            ax.plot(
                [r.N for r in group_rows],
                [r.predictions[name].gbs for r in group_rows],
                color=colours[name],
                linestyle=_LINESTYLES[g % len(_LINESTYLES)],
                linewidth=max(1.0, 3.0 - 0.5 * i),
                label=label,
            )
    ceilings = {r.predictions[name].bandwidth_gbs for r in rows for name in implementations}
    for ceiling in sorted(ceilings):
        ax.axhline(
            ceiling, color="grey", linestyle="--", linewidth=1, label=f"model ceiling {ceiling:.0f} GB/s"
        )

    drawn, top = 0, 0.0
    if measurements is not None:
        directions = {"backward" if is_backward(n) else "forward" for n in implementations}
        wanted = set(groups)
        points = [p for p in measurements.points if (p.M, p.dtype) in wanted and p.direction in directions]
        extra = iter(palette[len(implementations) % len(palette) :] + palette)
        for impl in dict.fromkeys(p.model_name for p in points):
            mine = [p for p in points if p.model_name == impl]
            ax.scatter(
                [p.N for p in mine],
                [p.gbs for p in mine],
                color=colours.get(impl) or next(extra),
                marker="o",
                s=18,
                edgecolors="black",
                linewidths=0.4,
                zorder=3,
                label=f"measured {impl}",
            )
            drawn += len(mine)
            top = max(top, *(p.gbs for p in mine))
        top = max(top, measurements.copy_gbs)
        if measurements.copy_gbs not in ceilings:
            ax.axhline(
                measurements.copy_gbs,
                color="black",
                linestyle=":",
                linewidth=1,
                label=f"measured copy {measurements.copy_gbs:.0f} GB/s",
            )

    ax.set_xlabel("N (columns)")
    ax.set_ylabel("GB/s (useful bytes / time)")
    ax.set_ylim(0, 1.08 * max(top, *ceilings))
    ax.grid(alpha=0.3)
    ax.set_title(title or "Predicted softmax throughput")
    ax.legend(fontsize=8)
    fig.savefig(path, dpi=120)
    return drawn
