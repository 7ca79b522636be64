"""Measured GB/s to set beside the model: the JSON file the GPU benchmark writes, and its loader.

Schema (one JSON object; keys not listed are ignored, so the benchmark may add its own)::

    {
      "device": "NVIDIA H200",          # str, free text: what ran
      "copy_gbs": 4268.0,               # number > 0: device-to-device copy in the same run,
                                        #   (bytes read + bytes written) / time, in GB/s
      "points": [                       # list, may be empty
        {
          "impl": "fused",              # str: a model implementation's forward name (naive,
                                        #   fused, online, split, torch) or any other label
                                        #   ("liger", "quack", "tutorial")
          "M": 4096, "N": 1024,         # ints > 0
          "dtype": "float32",           # float32 | float16 | bfloat16 (or fp32, bf16, fp16)
          "direction": "forward",       # "forward" | "backward"
          "gbs": 2411.0,                # number > 0: useful bytes / time, useful bytes being
                                        #   2·M·N·itemsize forward, 3·M·N·itemsize backward
          "ms": 0.0139                  # number > 0 or null: the median time, milliseconds
        }
      ]
    }

A backward point names its implementation without the suffix ("impl": "fused", "direction":
"backward"); ``MeasuredPoint.model_name`` gives the model's name for it ("fused_backward").
``copy_gbs`` is what the model should be calibrated to when it is set beside these points: the
CLI uses it as the bandwidth unless ``--bandwidth`` says otherwise.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from traffic_model.dtypes import canonical

DIRECTIONS = ("forward", "backward")


@dataclass(frozen=True)
class MeasuredPoint:
    impl: str
    M: int
    N: int
    dtype: str
    direction: str
    gbs: float
    ms: float | None = None

    @property
    def model_name(self) -> str:
        """The model's implementation name for this point: "fused" backward is "fused_backward"."""
        if self.direction == "backward" and not self.impl.endswith("_backward"):
            return f"{self.impl}_backward"
        return self.impl


@dataclass(frozen=True)
class Measurements:
    device: str
    copy_gbs: float
    points: tuple[MeasuredPoint, ...]


def _positive(value, what: str, kind=(int, float)) -> float:
    if isinstance(value, bool) or not isinstance(value, kind) or not value > 0:
        raise ValueError(f"{what} must be a positive number, got {value!r}")
    return value


def parse_measurements(data: dict, source: str = "measurements") -> Measurements:
    """Validate a decoded JSON object against the schema; ``ValueError`` naming the bad field."""
    if not isinstance(data, dict):
        raise ValueError(f"{source}: expected a JSON object with device, copy_gbs and points")
    missing = [k for k in ("device", "copy_gbs", "points") if k not in data]
    if missing:
        raise ValueError(f"{source}: missing key(s) {', '.join(missing)}")
    if not isinstance(data["points"], list):
        raise ValueError(f"{source}: points must be a list")
    copy = float(_positive(data["copy_gbs"], f"{source}: copy_gbs"))
    points = []
    for i, p in enumerate(data["points"]):
        where = f"{source}: points[{i}]"
        if not isinstance(p, dict):
            raise ValueError(f"{where} must be an object")
        absent = [k for k in ("impl", "M", "N", "dtype", "direction", "gbs") if k not in p]
        if absent:
            raise ValueError(f"{where}: missing key(s) {', '.join(absent)}")
        if p["direction"] not in DIRECTIONS:
            raise ValueError(f"{where}: direction must be one of {DIRECTIONS}, got {p['direction']!r}")
        try:
            dtype = canonical(p["dtype"])
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
        ms = p.get("ms")
        points.append(
            MeasuredPoint(
                impl=str(p["impl"]),
                M=int(_positive(p["M"], f"{where}.M", int)),
                N=int(_positive(p["N"], f"{where}.N", int)),
                dtype=dtype,
                direction=p["direction"],
                gbs=float(_positive(p["gbs"], f"{where}.gbs")),
                ms=None if ms is None else float(_positive(ms, f"{where}.ms")),
            )
        )
    return Measurements(str(data["device"]), copy, tuple(points))


def load_measurements(path: str | Path) -> Measurements:
    """Read and validate a measurements file (schema in the module docstring)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not valid JSON ({e})") from None
    return parse_measurements(data, str(path))
