"""Measurements to set beside the model, and the one place that reads them.

Two kinds of file, both written by the GPU tools in ``benchmarks/``:

* timings (``benchmarks/speed_of_light.py``; any file of this schema): GB/s per point and the copy
  bandwidth of the same run, read by ``load_measurements``;
* DRAM byte counts by Nsight Compute (``benchmarks/run_ncu.py``: kernels summed per case;
  ``benchmarks/probe_kernels.py``: every kernel apart), read by ``load_nsight``.

Every label a measurement gives an implementation is turned into a model name here, by
``model_name``, and nowhere else.

Timings schema (one JSON object; keys not listed are ignored, so the benchmark may add its own)::

    {
      "device": "NVIDIA H200",          # str, free text: what ran
      "copy_gbs": 4246.0,               # number > 0: device-to-device copy in the same run,
                                        #   (bytes read + bytes written) / time, in GB/s
      "points": [                       # list, may be empty
        {
          "impl": "ours",               # str: "ours" (the lab's dispatcher), "ours:KERNEL" (a
                                        #   kernel of triton_impl.policy forced), a model
                                        #   implementation (naive, fused, torch, ...) or any other
                                        #   label ("liger", "quack": shown, not modelled)
          "M": 4096, "N": 1024,         # ints > 0
          "dtype": "float32",           # any spelling reference.dtypes knows (fp32, bf16, ...)
          "direction": "forward",       # "forward" | "backward"
          "gbs": 2411.0,                # number > 0: useful bytes / time, useful bytes being
                                        #   2·M·N·itemsize forward, 3·M·N·itemsize backward
          "ms": 0.0139,                 # number > 0 or null: the median time, milliseconds
          "section": "seeds",           # optional str: which grid of the run
          "kernel": "single_block"      # optional: the policy kernel that "ours" ran
        },
        {"impl": "liger", "M": 1, "N": 1, "dtype": "float32", "direction": "forward",
         "error": "RuntimeError: ..."}  # a failed point: no gbs; counted, not compared
      ]
      ]
    }

What "ours" ran
---------------
"ours" is the dispatcher of the commit that measured it. A point that records its ``kernel`` is
modelled as that kernel (with the policy's plan for it); a point that does not is modelled as what
the dispatcher of this checkout chooses (``Measurements.assumed`` counts them), unless the file is
one whose kernels ``evidence/dispatch_records.json`` records: files measured before the points
named their kernel, identified by their SHA-256, with the kernel each "ours" point ran. The H200
run of results/h200 is one: its dispatcher ran the online and split kernels where today's runs
the cooperative one.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from reference.dtypes import canonical, format_of
from triton_impl.policy import KERNELS, ROW_KERNELS, DeviceDescription, default_kernel

from traffic_model.gpus import gpu_in_device_name
from traffic_model.implementations import IMPLEMENTATIONS, POLICY_ALGORITHMS

DIRECTIONS = ("forward", "backward")
EVIDENCE = Path(__file__).resolve().parent / "evidence"
DISPATCH_RECORDS = EVIDENCE / "dispatch_records.json"

NSIGHT_UNITS = {
    "byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9, "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9,
    "nsecond": 1e-9, "usecond": 1e-6, "msecond": 1e-3, "ns": 1e-9, "us": 1e-6, "ms": 1e-3,
}
"""Nsight Compute's units (``--csv`` "Metric Unit", by version) as SI factors: bytes and seconds.
``benchmarks/nsight.py`` converts with it as it collects; files it wrote before keep the units."""


def model_name(impl: str, direction: str, kernel: str | None = None) -> str | None:
    """The model implementation a measured point is set beside, or None if the model has none.

    "ours" is "ours" (the dispatcher, resolved by the model) unless ``kernel`` says which policy
    kernel ran; "ours:KERNEL" is that kernel forced; a model name is itself; "fused" backward is
    "fused_backward". Any other label (another library) has no model."""
    if direction not in DIRECTIONS:
        raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")
    base = impl.removesuffix("_backward")
    if base == "ours" and kernel is not None:
        base = f"ours:{kernel}"
    if base.startswith("ours:"):
        forced = base.split(":", 1)[1]
        if forced not in ROW_KERNELS:
            known = "a kernel of interleaved rows" if forced in KERNELS else "unknown kernel"
            raise ValueError(f"{impl!r}: {known} {forced!r}; the model knows triton_impl.policy's "
                             f"kernels of (M, N) rows, {', '.join(ROW_KERNELS)}")
        base = POLICY_ALGORITHMS[forced]
    name = f"{base}_backward" if direction == "backward" else base
    return name if name in IMPLEMENTATIONS else None


@dataclass(frozen=True)
class MeasuredPoint:
    impl: str
    M: int
    N: int
    dtype: str
    direction: str
    gbs: float
    ms: float | None = None
    section: str = ""
    kernel: str | None = None
    """The policy kernel an "ours" point ran, where the file or a dispatch record says."""
    device: DeviceDescription | None = None
    """The GPU that ran it as the policy sees it, where the file's device is a built-in GPU."""

    @property
    def model_name(self) -> str | None:
        """The model implementation to set this point beside (``model_name``), None if none: an
        "ours" point that ran the kernel today's dispatcher runs there, on its GPU where known,
        is "ours" (its plan, not that kernel's forced one: the online kernel in one step of the
        row is the policy's own, ``policy.ONLINE_ONE_STEP_COLS``); one that ran another is that
        kernel forced."""
        if (self.impl == "ours" and self.kernel is not None
                and self.kernel == default_kernel(self.N, format_of(self.dtype).itemsize,
                                                  self.direction == "backward", self.M,
                                                  self.device)):
            return model_name(self.impl, self.direction)
        return model_name(self.impl, self.direction, self.kernel)

    @property
    def us(self) -> float | None:
        return None if self.ms is None else self.ms * 1e3


@dataclass(frozen=True)
class Measurements:
    source: str
    device: str
    copy_gbs: float
    points: tuple[MeasuredPoint, ...]
    assumed: int = 0
    """"ours" points whose kernel neither the file nor a dispatch record names: modelled as what
    this checkout's dispatcher chooses."""
    failed: int = 0
    """Points the benchmark recorded as failed (an ``error``, no time)."""
    parts: int = 1
    """Calls behind the points of a file that ``speed_of_light.py --merge`` joined (a merged
    input's own calls included), one copy each in its ``copy_gbs_per_run``; 1 for a run of its
    own."""


def _positive(value, what: str, kind=(int, float)) -> float:
    if isinstance(value, bool) or not isinstance(value, kind) or not value > 0:
        raise ValueError(f"{what} must be a positive number, got {value!r}")
    return value


def _read_json(path: Path) -> tuple[object, str]:
    raw = path.read_bytes()
    try:
        return json.loads(raw), hashlib.sha256(raw).hexdigest()
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: not valid JSON ({e})") from None


def dispatch_record(sha256: str) -> dict:
    """{(direction, dtype, M, N): kernel} for "ours" in the file of that SHA-256, if recorded."""
    records = json.loads(DISPATCH_RECORDS.read_text())["records"]
    for record in records:
        if record["sha256"] == sha256:
            return {(d, canonical(t), m, n): k for d, t, m, n, k in record["ours"]}
    return {}


def parse_measurements(data, source: str = "measurements", record: dict | None = None) -> Measurements:
    """Validate a decoded timings object against the schema; ``ValueError`` naming the bad field.
    ``record``: the kernels "ours" ran, by (direction, dtype, M, N), where the points do not say."""
    if not isinstance(data, dict):
        raise ValueError(f"{source}: expected a JSON object with device, copy_gbs and points")
    missing = [k for k in ("device", "copy_gbs", "points") if k not in data]
    if missing:
        raise ValueError(f"{source}: missing key(s) {', '.join(missing)} (not a timings file: "
                         "see the schema in traffic_model.measurements)")
    if not isinstance(data["points"], list):
        raise ValueError(f"{source}: points must be a list")
    copy = float(_positive(data["copy_gbs"], f"{source}: copy_gbs"))
    gpu = gpu_in_device_name(str(data["device"]))
    points, assumed, failed = [], 0, 0
    for i, p in enumerate(data["points"]):
        where = f"{source}: points[{i}]"
        if not isinstance(p, dict):
            raise ValueError(f"{where} must be an object")
        if "error" in p and "gbs" not in p:
            failed += 1
            continue
        absent = [k for k in ("impl", "M", "N", "dtype", "direction", "gbs") if k not in p]
        if absent:
            raise ValueError(f"{where}: missing key(s) {', '.join(absent)}")
        try:
            dtype = canonical(p["dtype"])
            model_name(str(p["impl"]), p["direction"], p.get("kernel"))
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
        M = int(_positive(p["M"], f"{where}.M", int))
        N = int(_positive(p["N"], f"{where}.N", int))
        kernel = p.get("kernel")
        if p["impl"] == "ours" and kernel is None:
            kernel = (record or {}).get((p["direction"], dtype, M, N))
            assumed += kernel is None
        ms = p.get("ms")
        points.append(MeasuredPoint(
            impl=str(p["impl"]), M=M, N=N, dtype=dtype, direction=p["direction"],
            gbs=float(_positive(p["gbs"], f"{where}.gbs")),
            ms=None if ms is None else float(_positive(ms, f"{where}.ms")),
            section=str(p.get("section", "")), kernel=kernel,
            device=None if gpu is None else gpu.description,
        ))
    per_run = data.get("copy_gbs_per_run", [copy])
    if not isinstance(per_run, list) or not per_run:
        raise ValueError(f"{source}: copy_gbs_per_run must be a list of the merged runs' copies")
    parts = len(per_run)
    return Measurements(source, str(data["device"]), copy, tuple(points), assumed, failed, parts)


def load_measurements(path: str | Path) -> Measurements:
    """Read and validate a timings file (schema in the module docstring), with what "ours" ran."""
    path = Path(path)
    data, sha = _read_json(path)
    return parse_measurements(data, str(path), dispatch_record(sha))


# ----------------------------------------------------------------------------------------------
# Nsight Compute


@dataclass(frozen=True)
class NsightCase:
    """One implementation's call under Nsight Compute: DRAM bytes of all its kernels together."""

    impl: str
    direction: str
    M: int
    N: int
    dtype: str
    read_bytes: float
    write_bytes: float
    kernels: tuple[str, ...]
    kernel: str | None = None

    @property
    def model_name(self) -> str | None:
        return model_name(self.impl, self.direction, self.kernel)

    @property
    def bytes(self) -> float:
        return self.read_bytes + self.write_bytes


@dataclass(frozen=True)
class NsightRun:
    source: str
    device: str
    cases: tuple[NsightCase, ...]


def nsight_value(metrics: dict, name: str) -> float:
    """A metric of one kernel in SI units (bytes, seconds), by its recorded unit (bytes if none)."""
    return float(metrics[name]) * NSIGHT_UNITS[metrics.get(f"{name}.unit", "byte")]


def _kernel_of(algorithm: str) -> str | None:
    """The policy kernel behind a model algorithm a byte count was recorded against."""
    base = algorithm.removesuffix("_backward")
    return {v: k for k, v in POLICY_ALGORITHMS.items()}.get(base)


def load_nsight(path: str | Path) -> NsightRun:
    """Read Nsight Compute counts: ``run_ncu.py``'s per-case sums (``dram_read``, ``dram_write`` in
    bytes, and the model ``algorithm`` the case was counted for, which names what "ours" ran) or
    ``probe_kernels.py``'s kernels (each metric with its unit), summed per case."""
    path = Path(path)
    data, sha = _read_json(path)
    if not isinstance(data, dict) or "cases" not in data or "device" not in data:
        raise ValueError(f"{path}: expected Nsight counts with device and cases "
                         "(benchmarks/run_ncu.py or benchmarks/probe_kernels.py)")
    record = dispatch_record(sha)
    device = data["device"] if isinstance(data["device"], str) else data["device"]["name"]
    cases = []
    for c in data["cases"]:
        dtype = canonical(c["dtype"])
        if "kernels" in c and c["kernels"] and isinstance(c["kernels"][0], dict):
            read = sum(nsight_value(k, "dram__bytes_read.sum") for k in c["kernels"])
            write = sum(nsight_value(k, "dram__bytes_write.sum") for k in c["kernels"])
            names = tuple(k["name"] for k in c["kernels"])
        else:
            read, write, names = float(c["dram_read"]), float(c["dram_write"]), tuple(c.get("kernels", ()))
        kernel = c.get("kernel")
        if c["impl"] == "ours" and kernel is None:
            kernel = (_kernel_of(c["algorithm"]) if "algorithm" in c
                      else record.get((c["direction"], dtype, c["M"], c["N"])))
        cases.append(NsightCase(c["impl"], c["direction"], c["M"], c["N"], dtype, read, write, names,
                                kernel))
    return NsightRun(str(path), device, tuple(cases))
