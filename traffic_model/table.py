"""Aligned text tables: a generic formatter, the prediction grid, and the GPU list."""

from __future__ import annotations

from collections.abc import Sequence

from traffic_model import knobs
from traffic_model.gpus import GPU, GPUS
from traffic_model.grid import GridRow
from traffic_model.implementations import BACKWARD_IMPLEMENTATIONS
from traffic_model.measurements import Measurements
from traffic_model.model import predict


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return cell == "-"
    return True


def format_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """Columns padded to their widest cell; numeric columns (numbers, "-" for none) right-aligned."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    numeric = [bool(rows) and all(_is_number(row[i]) for row in cells[1:]) for i in range(len(headers))]
    lines = [
        "  ".join(c.rjust(w) if num else c.ljust(w) for c, w, num in zip(row, widths, numeric)).rstrip()
        for row in cells
    ]
    return "\n".join(lines)


def _speedup_pairs(implementations: Sequence[str]) -> list[tuple[str, str]]:
    pairs = [("fused", "naive"), ("fused_backward", "naive_backward")]
    return [(a, b) for a, b in pairs if a in implementations and b in implementations]


def _short(name: str, implementations: Sequence[str]) -> str:
    """The column name: the "_backward" suffix dropped when every column is a backward."""
    if all(i in BACKWARD_IMPLEMENTATIONS for i in implementations):
        return name.removesuffix("_backward")
    return name


def prediction_table(rows: Sequence[GridRow], implementations: Sequence[str]) -> str:
    """M, N, dtype, each implementation's predicted µs and GB/s, and the fused/naive speedup."""
    headers = ["M", "N", "dtype"]
    for name in implementations:
        short = _short(name, implementations)
        headers += [f"{short} µs", f"{short} GB/s"]
    pairs = _speedup_pairs(implementations)
    headers += [f"{_short(a, implementations)}/{_short(b, implementations)}" for a, b in pairs]
    body = []
    for row in rows:
        cells: list[object] = [row.M, row.N, row.dtype]
        for name in implementations:
            p = row.predictions[name]
            cells += [f"{p.us:.1f}", f"{p.gbs:.0f}"]
        cells += [f"{row.predictions[a].speedup_over(row.predictions[b]):.2f}" for a, b in pairs]
        body.append(cells)
    return format_table(headers, body)


def describe(device: GPU) -> str:
    """One line: the figures a prediction used."""
    return (
        f"{device.name}: {device.bandwidth_gbs:.0f} GB/s [{device.bandwidth_source}]; "
        f"L2 {device.l2_bytes / 2**20:g} MiB ({knobs.L2_USABLE_FRACTION:g} usable); {device.sms} SMs; "
        f"{knobs.LAUNCH_S * 1e6:g} µs per kernel launch; GPU time (the host's cost of a call not counted)"
    )


def gpu_table() -> str:
    """The built-in GPUs, their figures, and the source of each figure."""
    headers = ["gpu", "name", "DRAM GB/s", "copy GB/s", "model GB/s", "L2 MiB", "SMs", "FP32 TFLOPS"]
    rows = [
        [
            g.key,
            g.name,
            g.dram_gbs,
            g.measured_copy_gbs if g.measured_copy_gbs is not None else "-",
            round(g.bandwidth_gbs),
            g.l2_bytes / 2**20,
            g.sms,
            g.fp32_tflops,
        ]
        for g in GPUS.values()
    ]
    lines = [format_table(headers, rows), "", "Sources:"]
    for g in GPUS.values():
        lines.append(f"  {g.key}")
        for what, source in g.sources.items():
            lines.append(f"    {what}: {source}")
        lines.append(f"    model bandwidth: {g.bandwidth_source}")
    return "\n".join(lines)


def comparison_table(measurements: Measurements, device: GPU) -> str:
    """Each measured point the model has an implementation for, beside its prediction; "model" is
    what was predicted ("ours" runs what the file records, else this checkout's dispatcher)."""
    headers = ["impl", "model", "direction", "M", "N", "dtype", "measured GB/s", "model GB/s",
               "measured/model"]
    rows = []
    for p in measurements.points:
        if p.model_name is None:
            continue
        predicted = predict(p.model_name, p.M, p.N, p.dtype, device)
        rows.append([p.impl, predicted.runs.removesuffix("_backward"), p.direction, p.M, p.N, p.dtype,
                     f"{p.gbs:.0f}", f"{predicted.gbs:.0f}", f"{p.gbs / predicted.gbs:.2f}"])
    if not rows:
        return "(no measured point names an implementation the model knows)"
    left = len(measurements.points) - len(rows)
    notes = []
    if left:
        notes.append(f"# {left} measured points of implementations the model does not know are left out")
    if measurements.assumed:
        notes.append(f"# {measurements.assumed} \"ours\" points do not record their kernel: modelled as "
                     "the dispatcher of this checkout")
    return "\n".join([format_table(headers, rows), *notes])
