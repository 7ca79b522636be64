"""Predicted GB/s against N, one line per implementation, with measured points over them.

matplotlib is imported here, inside the function, and through its object API with the Agg canvas:
importing ``traffic_model`` never imports it, and plotting never changes pyplot's global backend.

Every implementation keeps one colour and one line style wherever it is drawn (``STYLES``), and its
measured points take the colour of its line with a marker of their own, so a dot says which line
it should sit on. Lines that often coincide (fused, ours, torch where rows fit on chip) differ in
width and dash, the widest drawn first, so each stays visible on top of the others. The legend
sits outside the axes, where it hides no point.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from traffic_model.grid import GridRow
from traffic_model.implementations import POLICY_ALGORITHMS, is_backward
from traffic_model.measurements import Measurements

STYLES = {
    "fused": ("#1f77b4", "-", 5.0, "D"),
    "ours": ("#2ca02c", (0, (6, 3)), 2.6, "o"),
    "torch": ("#d62728", (0, (2, 2)), 2.0, "s"),
    "naive": ("#7f7f7f", "-", 2.0, "^"),
    "cooperative": ("#9467bd", "-.", 2.0, "P"),
    "online": ("#ff7f0e", "-", 1.6, "v"),
    "split": ("#8c564b", (0, (1, 1)), 1.6, "X"),
}
"""Forward name -> (colour, line style, width, marker of its measured points); the backward shares
it. The colours are far apart in hue and lightness (fused blue, ours green, torch red)."""
OTHER = ("#17becf", "-", 1.5, "*")
"""Measured labels the model has no line for (another library)."""

_GROUP_STYLES = ("-", "--", ":", "-.")


def style(name: str) -> tuple:
    """The style of a model implementation, or of a measured label ("ours:online" is online's)."""
    base = name.removesuffix("_backward")
    if base.startswith("ours:"):
        base = POLICY_ALGORITHMS.get(base.split(":", 1)[1], base)
    return STYLES.get(base, OTHER)


def _groups(rows: Sequence[GridRow]) -> list[tuple[int, str]]:
    return list(dict.fromkeys((r.M, r.dtype) for r in rows))


def default_title(rows: Sequence[GridRow], implementations: Sequence[str], gpu: str, gbs: float) -> str:
    """What the plot shows: direction, rows, dtypes, GPU and the bandwidth it was predicted at."""
    Ms = sorted({r.M for r in rows})
    dtypes = ", ".join(dict.fromkeys(r.dtype for r in rows))
    direction = "backward" if all(is_backward(n) for n in implementations) else "forward"
    rows_text = f"M = {Ms[0]}" if len(Ms) == 1 else f"M = {', '.join(map(str, Ms))}"
    return f"Softmax {direction}, {rows_text}, {dtypes}: predicted GB/s on {gpu} at {gbs:.0f} GB/s copy"


def plot_gbs(
    rows: Sequence[GridRow],
    implementations: Sequence[str],
    path: str | Path,
    *,
    measurements: Measurements | None = None,
    title: str | None = None,
) -> int:
    """Draw predicted GB/s against N into ``path`` (format by its suffix); overlay the measured
    points whose (M, dtype) and direction are among those drawn. Returns how many it drew."""
    fig, drawn = figure(rows, implementations, measurements=measurements, title=title)
    save_figure(fig, path, dpi=120)
    return drawn


def save_figure(fig, path: str | Path, *, dpi: int) -> None:
    """Save ``fig`` to ``path``, a PNG as 256 colours of a palette, anything else as matplotlib
    writes it.

    matplotlib writes a PNG as 32-bit RGBA. A plot of lines holds few colours but for the
    antialiased edges, so a palette of 256 chosen by median cut, without dithering, draws the
    same figure to the eye (off by 0.1 of 255 per channel on average on the lab's run plots) in
    a third of the bytes. That matters here: every run's plot is committed, and the working
    tree is copied whole to the GPU machine, which takes 64 MiB at most."""
    if Path(path).suffix.lower() != ".png":
        fig.savefig(path, dpi=dpi)
        return
    import io

    from PIL import Image

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    buffer.seek(0)
    with Image.open(buffer) as image:
        palette = image.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT,
                                                dither=Image.Dither.NONE)
    palette.save(path, optimize=True)


def figure(rows: Sequence[GridRow], implementations: Sequence[str], *,
           measurements: Measurements | None = None, title: str | None = None):
    """(the matplotlib Figure ``plot_gbs`` saves, how many measured points it holds)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(11, 5.8), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    groups = _groups(rows)
    order = sorted(implementations, key=lambda n: -style(n)[2])  # widest first, thinnest on top
    ceilings = {r.predictions[name].bandwidth_gbs for r in rows for name in implementations}
    for g, (M, dtype) in enumerate(groups):
        group_rows = [r for r in rows if (r.M, r.dtype) == (M, dtype)]
        for z, name in enumerate(order):
            colour, dashes, width, _ = style(name)
            label = name if len(groups) == 1 else f"{name} (M={M}, {dtype})"
            ax.plot([r.N for r in group_rows], [r.predictions[name].gbs for r in group_rows],
                    color=colour, linestyle=dashes if len(groups) == 1 else _GROUP_STYLES[g % 4],
                    linewidth=width, label=label, zorder=2 + z * 0.01, solid_capstyle="butt")
    for ceiling in sorted(ceilings):
        ax.axhline(ceiling, color="black", linestyle=":", linewidth=1, zorder=1,
                   label=f"model ceiling (copy) {ceiling:.0f} GB/s")

    drawn, top = 0, max(ceilings)
    if measurements is not None:
        directions = {"backward" if is_backward(n) else "forward" for n in implementations}
        wanted = set(groups)
        points = [p for p in measurements.points if (p.M, p.dtype) in wanted and p.direction in directions]
        for label in dict.fromkeys(p.impl for p in points):
            mine = [p for p in points if p.impl == label]
            colour, _, _, marker = style(label)
            ax.scatter([p.N for p in mine], [p.gbs for p in mine], color=colour, marker=marker, s=22,
                       edgecolors="black", linewidths=0.5, zorder=4, label=f"measured {label}")
            drawn += len(mine)
            top = max(top, *(p.gbs for p in mine))
        if measurements.copy_gbs not in ceilings:
            ax.axhline(measurements.copy_gbs, color="black", linestyle="--", linewidth=1, zorder=1,
                       label=f"measured copy {measurements.copy_gbs:.0f} GB/s")
            top = max(top, measurements.copy_gbs)

    first = rows[0].predictions[implementations[0]]
    ax.set_xlabel("N (columns)")
    ax.set_ylabel("GB/s (useful bytes / time)")
    ax.set_ylim(0, 1.06 * top)
    ax.grid(alpha=0.3)
    ax.set_title(title or default_title(rows, implementations, first.gpu, first.bandwidth_gbs), fontsize=10)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    return fig, drawn
