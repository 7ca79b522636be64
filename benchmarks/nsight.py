"""Run one implementation's call under Nsight Compute and read what it counted: the one Nsight runner.

    import nsight                       # from a script in benchmarks/ (its directory is on the path)
    kernels = nsight.profile("ours", "forward", 4096, 16384, "float32")

``profile`` runs ``ncu`` on ``benchmarks/ncu_traffic.py`` (one call inside an NVTX range named
"measure", so only the implementation's own kernels are profiled), parses its CSV, and returns one
dict per kernel, in launch order: ``name`` and each metric converted to SI units (bytes, seconds)
by the one table of Nsight's units, ``traffic_model.measurements.NSIGHT_UNITS``; metrics without a
unit (block size, registers, occupancy limits) stay as Nsight printed them. ``run_ncu.py`` sums
the kernels of each case beside the traffic model; ``probe_kernels.py`` keeps them apart. Needs a
GPU and Nsight Compute (``ncu`` on the PATH).
"""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from traffic_model.measurements import NSIGHT_UNITS  # noqa: E402

DRAM_METRICS = ("dram__bytes_read.sum", "dram__bytes_write.sum", "gpu__time_duration.sum")
"""What every profile counts: DRAM bytes read and written, and the kernel's duration."""


def _value(text: str, unit: str, where: str):
    number = text.replace(",", "")
    try:
        value = float(number)
    except ValueError:
        return text
    if unit in NSIGHT_UNITS:
        return value * NSIGHT_UNITS[unit]
    if unit in ("", "block", "register/thread", "byte/block", "%", "warp", "thread"):
        return value
    raise ValueError(f"{where}: Nsight unit {unit!r} is not in traffic_model.measurements.NSIGHT_UNITS; "
                     "add it there with its SI factor")


def profile(impl: str, direction: str, M: int, N: int, dtype: str, metrics=DRAM_METRICS,
            timeout_s: float = 300) -> list[dict]:
    """Every kernel ``impl`` launches for one (M, N) call, with ``metrics`` in SI units.

    ``impl`` is a label of ``softmax_lab.implementations.get`` ("ours", "ours:online", "torch",
    "naive"); ``RuntimeError`` with ncu's own words if it counted nothing."""
    command = ["ncu", "--clock-control", "none", "--nvtx", "--nvtx-include", "measure/",
               "--metrics", ",".join(metrics), "--csv", sys.executable,
               os.path.join(HERE, "ncu_traffic.py"), impl, direction, str(M), str(N), dtype]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, check=False)
    kernels = parse_csv(done.stdout)
    if not kernels:
        raise RuntimeError(f"ncu counted nothing for {impl} {direction} {M}x{N} {dtype}: "
                           f"{(done.stderr or done.stdout).strip()[-400:]}")
    return kernels


def parse_csv(text: str) -> list[dict]:
    """``ncu --csv`` output (its log lines first) as one dict per kernel, in launch order."""
    start = text.find('"ID"')
    if start < 0:
        return []
    kernels: dict[str, dict] = {}
    for row in csv.DictReader(io.StringIO(text[start:])):
        kernel = kernels.setdefault(row["ID"], {"name": row["Kernel Name"][:160]})
        kernel[row["Metric Name"]] = _value(row["Metric Value"], row["Metric Unit"], row["Metric Name"])
    return [kernels[i] for i in sorted(kernels, key=int)]


def plan_kernel(impl: str, direction: str, M: int, N: int, dtype: str) -> str | None:
    """The policy kernel an "ours" call runs on this GPU (recorded beside its counts, so that the
    traffic model sets them beside that kernel); None for other implementations."""
    if impl != "ours":
        return None
    import torch

    import triton_impl

    plan = triton_impl.make_plan(M, N, getattr(torch, dtype), "cuda", backward=direction == "backward")
    return plan.kernel


def device_properties() -> dict:
    """What torch reports of GPU 0 that the model's figures come from."""
    import torch

    p = torch.cuda.get_device_properties(0)
    return {
        "name": p.name,
        "sms": p.multi_processor_count,
        "l2_bytes": getattr(p, "L2_cache_size", None),
        "shared_memory_per_block": getattr(p, "shared_memory_per_block", None),
        "shared_memory_per_multiprocessor": getattr(p, "shared_memory_per_multiprocessor", None),
        "regs_per_multiprocessor": getattr(p, "regs_per_multiprocessor", None),
        "max_threads_per_multi_processor": getattr(p, "max_threads_per_multi_processor", None),
        "torch": torch.__version__,
    }
