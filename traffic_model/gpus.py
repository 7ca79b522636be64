"""The GPUs the model knows: datasheet figures, where each came from, and measured copy bandwidth.

A memory-bound kernel cannot move bytes faster than the DRAM delivers them, but no kernel reaches
the datasheet number either. The practical ceiling is what a plain device-to-device copy achieves
on the same machine: ``measured_copy_gbs`` where the project has measured it, else the fraction of
the datasheet that the measured copies reach (``datasheet_copy_fraction``). A bandwidth you
measured yourself overrides both
(``GPU.with_bandwidth``, or ``bandwidth_gbs=`` in ``traffic_model.predict``).

Bandwidths are in GB/s (1e9 bytes per second, the convention of datasheets and of the benchmarks),
L2 sizes in bytes, with NVIDIA's "MB" read as MiB.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from triton_impl.policy import DeviceDescription

MIB = 2**20

_A100_DATASHEET = "NVIDIA A100 Tensor Core GPU datasheet (2021): SXM4"
_A100_WHITEPAPER = "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020), A100 SXM4 column"
_H100_DATASHEET = "NVIDIA H100 Tensor Core GPU datasheet (2023): H100 SXM"
_H100_WHITEPAPER = "NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022), H100 SXM5 column"
_H200_DATASHEET = "NVIDIA H200 Tensor Core GPU datasheet (2024): H200 SXM"
_H100_COPY = "results/h100/speed_of_light.json: copy_gbs, measured beside the benchmark (2026-11-22)"
_H200_COPY = "results/h200/speed_of_light.json: copy_gbs, measured beside the benchmark (2026-11-22)"


@dataclass(frozen=True)
class GPU:
    """One GPU's figures for the model, with the source of each in ``sources``."""

    key: str
    name: str
    dram_gbs: float
    l2_bytes: int
    sms: int
    fp32_tflops: float
    sources: dict = field(default_factory=dict, compare=False, hash=False)
    measured_copy_gbs: float | None = None
    measured_copy_source: str | None = None
    capability: int | None = None
    """The major number of its compute capability (8: Ampere, 9: Hopper)."""

    @property
    def bandwidth_gbs(self) -> float:
        """The ceiling the model uses: measured copy bandwidth, else a fraction of the datasheet."""
        if self.measured_copy_gbs is not None:
            return self.measured_copy_gbs
        return datasheet_copy_fraction() * self.dram_gbs

    @property
    def bandwidth_source(self) -> str:
        if self.measured_copy_gbs is not None:
            return f"measured copy, {self.measured_copy_source}"
        return f"{datasheet_copy_fraction():.3f} x datasheet {self.dram_gbs:g} GB/s"

    @property
    def l2_usable_bytes(self) -> float:
        return knobs.L2_USABLE_FRACTION * self.l2_bytes

    @property
    def description(self) -> DeviceDescription:
        """This GPU as the dispatch policy sees it (``triton_impl.policy``): its name, SMs,
        datasheet DRAM bandwidth and compute capability."""
        return DeviceDescription(self.name, self.sms, dram_gbs=self.dram_gbs,
                                 capability=self.capability)

    def with_bandwidth(self, gbs: float, source: str = "given") -> GPU:
        """This GPU with a measured copy bandwidth of ``gbs`` GB/s as its ceiling."""
        if not gbs > 0:
            raise ValueError(f"bandwidth must be a positive number of GB/s, got {gbs!r}")
        return replace(self, measured_copy_gbs=float(gbs), measured_copy_source=source)


GPUS: dict[str, GPU] = {
    g.key: g
    for g in (
        GPU(
            key="A100-40GB",
            name="NVIDIA A100 SXM4 40GB",
            dram_gbs=1555,
            l2_bytes=40 * MIB,
            sms=108,
            fp32_tflops=19.5,
            capability=8,
            sources={
                "dram_gbs": f"{_A100_DATASHEET} 40GB, GPU memory bandwidth 1,555 GB/s",
                "l2_bytes": f"{_A100_WHITEPAPER}, L2 cache size 40 MB",
                "sms": f"{_A100_WHITEPAPER}, 108 SMs",
                "fp32_tflops": f"{_A100_DATASHEET}, FP32 19.5 TFLOPS",
            },
        ),
        GPU(
            key="A100-80GB",
            name="NVIDIA A100 SXM4 80GB",
            dram_gbs=2039,
            l2_bytes=40 * MIB,
            sms=108,
            fp32_tflops=19.5,
            capability=8,
            sources={
                "dram_gbs": f"{_A100_DATASHEET} 80GB, GPU memory bandwidth 2,039 GB/s",
                "l2_bytes": f"{_A100_WHITEPAPER}, L2 cache size 40 MB",
                "sms": f"{_A100_WHITEPAPER}, 108 SMs",
                "fp32_tflops": f"{_A100_DATASHEET}, FP32 19.5 TFLOPS",
            },
        ),
        GPU(
            key="H100",
            name="NVIDIA H100 SXM5 80GB HBM3",
            dram_gbs=3350,
            l2_bytes=50 * MIB,
            sms=132,
            fp32_tflops=67,
            capability=9,
            sources={
                "dram_gbs": f"{_H100_DATASHEET}, GPU memory bandwidth 3.35 TB/s",
                "l2_bytes": f"{_H100_WHITEPAPER}, L2 cache size 50 MB",
                "sms": f"{_H100_WHITEPAPER}, 132 SMs",
                "fp32_tflops": f"{_H100_DATASHEET}, FP32 67 TFLOPS",
            },
            measured_copy_gbs=3002,
            measured_copy_source=_H100_COPY,
        ),
        GPU(
            key="H200",
            name="NVIDIA H200 SXM 141GB HBM3e",
            dram_gbs=4800,
            l2_bytes=60 * MIB,
            sms=132,
            fp32_tflops=67,
            capability=9,
            sources={
                "dram_gbs": f"{_H200_DATASHEET}, GPU memory bandwidth 4.8 TB/s",
                "l2_bytes": "not on the datasheet; torch.cuda.get_device_properties on an H200 "
                "(traffic_model/evidence/probe_kernels.json, 2026-11-22): L2_cache_size 62914560 "
                "bytes = 60 MiB (an H100 SXM5 reports 50 MiB)",
                "sms": "torch.cuda.get_device_properties (probe_kernels.json): 132 SMs",
                "fp32_tflops": f"{_H200_DATASHEET}, FP32 67 TFLOPS",
            },
            measured_copy_gbs=4246,
            measured_copy_source=_H200_COPY,
        ),
    )
}
"""The built-in table, by key. ``gpu(name)`` looks a GPU up leniently."""


def datasheet_copy_fraction() -> float:
    """The mean fraction of its datasheet DRAM bandwidth that a device-to-device copy reached on the
    GPUs of ``GPUS`` the project measured (an H100 SXM 3002 of 3350 GB/s, 0.896; an H200 4246 of
    4800, 0.885): the ceiling of a GPU nobody measured is this fraction of its datasheet. Computed
    from those copies, not set by hand."""
    fractions = [g.measured_copy_gbs / g.dram_gbs for g in GPUS.values() if g.measured_copy_gbs]
    return sum(fractions) / len(fractions)


def _normalise(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def gpu(name: str | GPU) -> GPU:
    """The GPU called ``name``: a key of ``GPUS`` in any case, with or without punctuation
    ("h100", "A100_80GB"), or a ``GPU`` (returned as it is). Raises ``ValueError`` naming the
    known GPUs otherwise."""
    if isinstance(name, GPU):
        return name
    wanted = _normalise(str(name))
    for key, g in GPUS.items():
        if wanted in (_normalise(key), _normalise(g.name)):
            return g
    raise ValueError(f"unknown GPU {name!r}; known GPUs: {', '.join(GPUS)}")


def gpu_in_device_name(device_name: str) -> GPU | None:
    """The built-in GPU a driver's device name names ("NVIDIA H200" -> H200; the longest key that
    appears in it, so "A100-80GB" before "A100"), or None."""
    flat = _normalise(device_name)
    for key in sorted(GPUS, key=len, reverse=True):
        if _normalise(key) in flat:
            return GPUS[key]
    return None
