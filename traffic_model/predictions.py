"""Predictions made before a measurement: the cooperative kernel on an H100, committed first.

    python -m traffic_model.predictions                   # print what the model predicts now
    python -m traffic_model.predictions --write           # write evidence/predictions_cooperative.json
    python -m traffic_model.predictions --against results/h100/speed_of_light.json

A model earns trust by predicting what nobody has measured yet. The cooperative kernel
(``triton_impl/kernels/cooperative.py``) became the dispatcher's choice for wide rows before any GPU
timed it; this module wrote down what the model expects of it on an H100, at the copy bandwidth the
model knows for that GPU, into ``evidence/predictions_cooperative.json``, with the time it was made
and every knob's value. The file is written once (``--write`` refuses to replace it): later changes
to the model do not change what was predicted. ``--against`` sets a timings file beside it.

The grid (``GRID``): the bandwidth grid's wide rows (N = 65536 and 262144 at M·N = 2^27, float32 and
bfloat16, forward and backward) and few very wide rows (N = 1M and 4M, M = 1 to 128, float32, both
directions), as ``benchmarks/speed_of_light.py`` measures them.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import sys
from pathlib import Path

from traffic_model import knobs
from traffic_model.cli import Parser
from traffic_model.gpus import gpu
from traffic_model.implementations import with_direction
from traffic_model.measurements import EVIDENCE, load_measurements
from traffic_model.model import predict

PATH = EVIDENCE / "predictions_cooperative.json"
GPU = "H100"
BANDWIDTH_GRID_ELEMENTS = 1 << 27
GRID = tuple(
    [(d, t, BANDWIDTH_GRID_ELEMENTS // n, n) for t in ("float32", "bfloat16") for d in ("forward", "backward")
     for n in (65536, 262144)]
    + [(d, "float32", m, n) for d in ("forward", "backward") for n in (1 << 20, 1 << 22)
       for m in (1, 2, 4, 8, 16, 32, 64, 128)]
)
"""(direction, dtype, M, N) of every prediction."""

KNOWN_BEFORE = (
    "Before these predictions were made, a plan sweep on an H100 (results/h100/sweep_cooperative.json "
    "and sweep_cooperative_wide.json, commit 1222d9a) had timed the cooperative kernel at 14 problems, "
    "6 of them in this grid's forward bandwidth points and N = 1M/4M at M = 32 and 128. No knob of the "
    "model was set from them: the model knows the cooperative kernel only by its bytes (and the policy's "
    "plan), so these are the bytes' predictions."
)
"""What had been measured of the kernel when the predictions were written, so that nobody takes
more from them than they are."""


def predict_grid() -> list[dict]:
    """The cooperative kernel's prediction at every point of ``GRID``, as JSON-ready rows."""
    device = gpu(GPU)
    rows = []
    for direction, dtype, M, N in GRID:
        p = predict(with_direction("cooperative", direction == "backward"), M, N, dtype, device)
        rows.append({
            "direction": direction, "dtype": dtype, "M": M, "N": N,
            "plan": p.plan.describe(), "programs_per_row": p.plan.splits,
            "blocks_per_program": p.plan.blocks_per_program,
            "dram_read_bytes": p.dram_read_bytes, "dram_write_bytes": p.dram_write_bytes,
            "formula_bytes": p.formula_bytes, "useful_bytes": p.useful_bytes,
            "us": round(p.us, 2), "gbs": round(p.gbs, 1),
            "fraction_of_copy": round(p.gbs / device.bandwidth_gbs, 4),
            "limit": "/".join(sorted({k.limit for k in p.kernels})),
        })
    return rows


def knob_values() -> dict:
    """Every knob's value now, so that a prediction says which model made it."""
    values = {}
    for name in dir(knobs):
        value = getattr(knobs, name)
        if name.isupper() and not callable(value):
            values[name] = ({k: dataclasses.asdict(v) for k, v in value.items()}
                            if name == "KERNEL_SPEEDS" else value)
    return json.loads(json.dumps(values, default=str))


def document() -> dict:
    device = gpu(GPU)
    return {
        "about": ("The traffic model's predictions for the cooperative kernel on an H100, made before "
                  "the H100 benchmark run (benchmarks/speed_of_light.py) measured it, by "
                  "python -m traffic_model.predictions --write. Set a measurement beside them with "
                  "python -m traffic_model.predictions --against FILE.json."),
        "made_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "known_before": KNOWN_BEFORE,
        "gpu": {"key": device.key, "name": device.name, "copy_gbs": device.bandwidth_gbs,
                "copy_source": device.bandwidth_source, "l2_bytes": device.l2_bytes, "sms": device.sms},
        "knobs": knob_values(),
        "predictions": predict_grid(),
    }


def compare(predictions: dict, measured_path: str) -> str:
    """Each prediction beside the measured point of the same problem that ran the cooperative
    kernel ("ours" where it ran cooperative, or "ours:cooperative")."""
    from traffic_model.table import format_table

    measurements = load_measurements(measured_path)
    rows = []
    for p in predictions["predictions"]:
        for m in measurements.points:
            if (m.direction, m.dtype, m.M, m.N) != (p["direction"], p["dtype"], p["M"], p["N"]):
                continue
            if m.model_name is None or not m.model_name.startswith(("cooperative", "ours")):
                continue
            if m.model_name.startswith("ours") and predict(m.model_name, m.M, m.N, m.dtype).runs != \
                    with_direction("cooperative", m.direction == "backward"):
                continue
            scaled = p["gbs"] * measurements.copy_gbs / predictions["gpu"]["copy_gbs"]
            rows.append([m.impl, p["direction"], p["dtype"], p["M"], p["N"], f"{p['gbs']:.0f}",
                         f"{m.gbs:.0f}", f"{p['gbs'] / m.gbs - 1:+.1%}", f"{scaled / m.gbs - 1:+.1%}"])
    if not rows:
        return f"(no point of {measured_path} ran the cooperative kernel at a predicted problem)"
    return format_table(["measured", "direction", "dtype", "M", "N", "predicted GB/s", "measured GB/s",
                         "error", "error at the run's copy"], rows)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m traffic_model.predictions",
                                     description=__doc__.split("\n")[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help=f"write {PATH.name} (once: refuses to replace it)")
    action.add_argument("--against", metavar="FILE.json", help="set a timings file beside the committed predictions")
    args = parser.parse_args(argv)
    if args.write and PATH.exists():
        parser.error(f"{PATH} exists: predictions are made once, before the measurement; delete it "
                     "yourself to make new ones")
    if args.against is not None:
        if not PATH.exists():
            parser.error(f"{PATH} does not exist: nothing was predicted")
        try:
            load_measurements(args.against)
        except (OSError, ValueError) as e:
            parser.error(f"--against {args.against}: {getattr(e, 'strerror', None) or e}")
        print(compare(json.loads(PATH.read_text()), args.against))
        return 0
    doc = document()
    if args.write:
        PATH.write_text(json.dumps(doc, indent=1) + "\n")
        print(f"wrote {PATH} ({len(doc['predictions'])} predictions, made at {doc['made_at']})")
        return 0
    from traffic_model.table import format_table

    print(format_table(["direction", "dtype", "M", "N", "plan", "us", "GB/s", "of copy", "limit"],
                       [[r["direction"], r["dtype"], r["M"], r["N"], r["plan"], r["us"], r["gbs"],
                         r["fraction_of_copy"], r["limit"]] for r in doc["predictions"]]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
