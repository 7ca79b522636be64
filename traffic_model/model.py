"""Predict the time of each softmax implementation from the bytes it moves.

Why bytes over bandwidth
------------------------
A kernel's time is set by whichever resource it exhausts first: the DRAM (bytes / bandwidth), the
arithmetic units (operations / peak rate), or, when it does almost nothing, the cost of launching
it. Softmax does about five operations per element, and a GPU does tens of operations in the time
it fetches one byte, so every softmax kernel waits on memory: its time is, to first order, the bytes
it moves divided by the bandwidth. Fusion wins by moving fewer bytes, and nothing else.

Per kernel the model takes::

    work = max(DRAM bytes / bandwidth,
               bytes through L2 / (L2_BANDWIDTH_RATIO x bandwidth),
               operations / fp32 peak)
    time = max(host overhead, LAUNCH_OVERHEAD_S + work)

The host overhead is a floor, not a term: a benchmark loop issues launches asynchronously, so
the host prepares the next launch while the GPU runs this one, and only when the GPU's part is
shorter does the GPU wait for the host. That floor is what small problems measure (ANCHORS.md:
"these points measure launch latency and cache, not DRAM"), and it differs between an eager torch
op and a Triton kernel launched from Python.

Where L2 changes that
---------------------
The reference formulas count every read and write as a trip to DRAM. They are right for large
problems and too pessimistic for small ones, because a byte re-read soon enough is still in L2.
The model keeps an LRU picture of a usable L2 of ``L2_USABLE_FRACTION`` x its size, U bytes:

* Between kernels (the naive sequence, split-row's second pass): a byte the previous kernel
  touched is re-read after that kernel's remaining traffic and this kernel's traffic so far. The
  first byte's reuse distance is the previous kernel's footprint, the last byte's this kernel's;
  the fraction of the re-reads whose distance is under U hit L2. An intermediate written for the
  next kernel and consumed from L2 is not DRAM traffic either (within the timed run: a dirty line
  is written back eventually, but by the benchmark's L2 flush, outside the timing).
* Within a kernel (the online kernel's second read of its row): the row comes back from L2 when
  the rows in flight fit in U. While one program re-reads its row, every other resident program
  streams its own: the earliest re-read waits for the rows in flight's inputs (resident programs x
  input bytes per row), the latest for all they touch (x the kernel's bytes per row, output
  included); as between kernels, the fraction of re-reads whose distance is under U hit.
* The problem's inputs are read from DRAM the first time (the benchmarks flush L2 between runs),
  and the output is counted as written to DRAM. So a prediction never moves fewer bytes than the
  useful 2MN (forward) or 3MN (backward), and its GB/s never exceeds the bandwidth.

So a small naive problem, whose intermediates fit, moves little more than the fused kernel's
bytes and is held back by its five launches and the L2's bandwidth; a large one moves exactly the
formula's 8MN + 4M.

The ~4x argument
----------------
For large rows every term but bytes / bandwidth vanishes, and the naive softmax's 8MN + 4M over
the fused kernel's 2MN tends to 4 as N grows: the predicted fused/naive speedup. A measured ratio
can exceed 4 (ANCHORS.md: 4.85 on an H200 at M=4096, N=16384) because the model assumes every
kernel streams at the copy bandwidth, and the naive kernels don't: the subtract and divide
broadcast a per-row value and are not vectorised, reaching about 2.7 TB/s where the copy reaches
4.3. The model predicts what the bytes allow; a kernel that falls short of its bytes' time is the
thing to look at.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from traffic_model import knobs
from traffic_model.dtypes import canonical, itemsize
from traffic_model.gpus import GPU, gpu as find_gpu
from traffic_model.implementations import (
    FORWARD_IMPLEMENTATIONS,
    KernelPlan,
    check,
    is_backward,
    plans,
)


@dataclass(frozen=True)
class KernelPrediction:
    """One kernel: its formula bytes, the DRAM bytes the model expects, and the time each limit allows."""

    name: str
    read_bytes: int
    write_bytes: int
    dram_read_bytes: int
    dram_write_bytes: int
    l2_hit_bytes: int
    flops: float
    host_s: float
    launch_s: float
    dram_s: float
    l2_s: float
    compute_s: float

    @property
    def formula_bytes(self) -> int:
        return self.read_bytes + self.write_bytes

    @property
    def dram_bytes(self) -> int:
        return self.dram_read_bytes + self.dram_write_bytes

    @property
    def time_s(self) -> float:
        return max(self.host_s, self.launch_s + max(self.dram_s, self.l2_s, self.compute_s))

    @property
    def limit(self) -> str:
        """What sets this kernel's time: "host", "launch", "DRAM", "L2" or "compute"."""
        work = {"DRAM": self.dram_s, "L2": self.l2_s, "compute": self.compute_s}
        bound = max(work, key=work.get)
        if self.host_s >= self.launch_s + work[bound]:
            return "host"
        return "launch" if self.launch_s >= work[bound] else bound


@dataclass(frozen=True)
class Prediction:
    """The model's prediction for one implementation on one (M, N, dtype) and GPU."""

    algorithm: str
    M: int
    N: int
    dtype: str
    gpu: str
    bandwidth_gbs: float
    kernels: tuple[KernelPrediction, ...]

    @property
    def backward(self) -> bool:
        return is_backward(self.algorithm)

    @property
    def time_s(self) -> float:
        return sum(k.time_s for k in self.kernels)

    @property
    def us(self) -> float:
        return self.time_s * 1e6

    @property
    def dram_bytes(self) -> int:
        return sum(k.dram_bytes for k in self.kernels)

    @property
    def formula_bytes(self) -> int:
        """The bytes the reference formula counts (every access a trip to DRAM)."""
        return sum(k.formula_bytes for k in self.kernels)

    @property
    def useful_bytes(self) -> int:
        """Bytes that must move at least once: 2MN forward (x, y), 3MN backward (y, dy, dx)."""
        return (3 if self.backward else 2) * self.M * self.N * itemsize(self.dtype)

    @property
    def gbs(self) -> float:
        """Effective bandwidth, useful bytes over time (ANCHORS.md's convention), in GB/s."""
        return self.useful_bytes / self.time_s / 1e9 if self.time_s else 0.0

    def speedup_over(self, other: Prediction) -> float:
        """How many times faster this prediction is than ``other``."""
        return other.time_s / self.time_s


def default_splits(M: int, N: int, device: GPU) -> int:
    """Splits per row for the split-row algorithm when none is given: enough programs to fill
    the GPU (``sms x ONLINE_PROGRAMS_PER_SM``), no slice narrower than ``SPLIT_MIN_CHUNK``."""
    wanted = math.ceil(device.sms * knobs.ONLINE_PROGRAMS_PER_SM / max(M, 1))
    return max(1, min(wanted, N // knobs.SPLIT_MIN_CHUNK))


def resolve_gpu(gpu: str | GPU = "H100", bandwidth_gbs: float | None = None) -> GPU:
    """The GPU to model: a named one, with ``bandwidth_gbs`` (a measured copy) as its ceiling if given."""
    device = find_gpu(gpu)
    return device if bandwidth_gbs is None else device.with_bandwidth(bandwidth_gbs)


def host_overhead_s(launcher: str) -> float:
    """The host's floor under one kernel launched by "torch" (an eager op) or "triton"."""
    return {"torch": knobs.TORCH_HOST_OVERHEAD_S, "triton": knobs.TRITON_HOST_OVERHEAD_S}[launcher]


def reuse_fraction(first_distance: float, last_distance: float, capacity: float) -> float:
    """Fraction of re-reads whose LRU reuse distance, spread evenly from ``first_distance`` to
    ``last_distance``, is at most ``capacity``."""
    low, high = sorted((first_distance, last_distance))
    if high <= capacity:
        return 1.0
    if low > capacity:
        return 0.0
    return (capacity - low) / (high - low)


def _kernel(plan, *, hit_cross, keep_scratch, M, N, device, bandwidth, flops_per_element):
    usable = device.l2_usable_bytes
    rows_in_flight = min(M, plan.programs_per_sm * device.sms)
    first, last = plan.inner_row_bytes, plan.footprint_bytes / M
    hit_inner = reuse_fraction(rows_in_flight * first, rows_in_flight * last, usable)
    inner_hit = round(plan.inner_reread_bytes * hit_inner)
    cross_hit = round(plan.cross_read_bytes * hit_cross)
    scratch_kept = round(plan.scratch_write_bytes * keep_scratch)
    dram_reads = plan.read_bytes - inner_hit - cross_hit
    dram_writes = plan.write_bytes - scratch_kept
    flops = flops_per_element * M * N * plan.flop_share
    return KernelPrediction(
        name=plan.name,
        read_bytes=plan.read_bytes,
        write_bytes=plan.write_bytes,
        dram_read_bytes=dram_reads,
        dram_write_bytes=dram_writes,
        l2_hit_bytes=inner_hit + cross_hit + scratch_kept,
        flops=flops,
        host_s=host_overhead_s(plan.launcher),
        launch_s=knobs.LAUNCH_OVERHEAD_S,
        dram_s=(dram_reads + dram_writes) / bandwidth,
        l2_s=(plan.read_bytes + plan.write_bytes) / (knobs.L2_BANDWIDTH_RATIO * bandwidth),
        compute_s=flops / (device.fp32_tflops * 1e12),
    )


def predict(
    algorithm: str,
    M: int,
    N: int,
    dtype="float32",
    gpu: str | GPU = "H100",
    bandwidth_gbs: float | None = None,
    *,
    splits: int | None = None,
) -> Prediction:
    """Predict ``algorithm`` (one of ``IMPLEMENTATIONS``) on M rows of N columns of ``dtype``.

    ``gpu`` names a GPU of ``GPUS`` (or is a ``GPU``); ``bandwidth_gbs``, a copy bandwidth you
    measured, replaces its ceiling. ``splits`` is the split-row algorithms' S (default: see
    ``default_splits``); the other algorithms ignore it.
    """
    check(algorithm)
    if M < 0 or N < 0:
        raise ValueError(f"need M >= 0 and N >= 0, got M={M}, N={N}")
    name = canonical(dtype)
    device = resolve_gpu(gpu, bandwidth_gbs)
    if splits is None:
        splits = default_splits(M, N, device)
    kernel_plans: tuple[KernelPlan, ...] = plans(algorithm, M, N, itemsize(name), splits=splits)
    usable = device.l2_usable_bytes
    footprints = [p.footprint_bytes for p in kernel_plans]
    flops_per_element = (
        knobs.BACKWARD_FLOPS_PER_ELEMENT if is_backward(algorithm) else knobs.FORWARD_FLOPS_PER_ELEMENT
    )
    kernels = []
    for i, plan in enumerate(kernel_plans):
        hit_cross = reuse_fraction(footprints[i - 1], footprints[i], usable) if i else 0.0
        keep_scratch = (
            reuse_fraction(footprints[i], footprints[i + 1], usable) if i + 1 < len(kernel_plans) else 0.0
        )
        kernels.append(
            _kernel(
                plan,
                hit_cross=hit_cross,
                keep_scratch=keep_scratch,
                M=M,
                N=N,
                device=device,
                bandwidth=device.bandwidth_gbs * 1e9,
                flops_per_element=flops_per_element,
            )
        )
    return Prediction(algorithm, M, N, name, device.key, device.bandwidth_gbs, tuple(kernels))


def speedups(
    M: int,
    N: int,
    dtype="float32",
    gpu: str | GPU = "H100",
    bandwidth_gbs: float | None = None,
    *,
    implementations=FORWARD_IMPLEMENTATIONS,
    splits: int | None = None,
) -> dict[str, dict[str, float]]:
    """``result[a][b]``: how many times faster implementation a is predicted to be than b."""
    predictions = {
        name: predict(name, M, N, dtype, gpu, bandwidth_gbs, splits=splits) for name in implementations
    }
    return {a: {b: pa.speedup_over(pb) for b, pb in predictions.items()} for a, pa in predictions.items()}
