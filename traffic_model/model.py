"""Predict the time of each softmax implementation from the bytes it moves.

Why bytes over bandwidth
------------------------
A kernel's time is set by whichever resource it exhausts first: the DRAM (bytes / bandwidth), the
arithmetic units (operations / peak rate), or, when it does almost nothing, the cost of launching
it. Softmax does about five operations per element, and a GPU does tens of operations in the time
it fetches one byte, so every softmax kernel waits on memory: its time is, to first order, the bytes
it moves divided by the bandwidth. Fusion wins by moving fewer bytes.

Per kernel the model takes::

    work = max(DRAM bytes / DRAM rate,
               all bytes it reads and writes / its throughput through L2,
               operations / fp32 peak,
               rows x a per-row floor, each program's bytes / a program's rate)
    GPU time = LAUNCH_OVERHEAD_S + work

The DRAM rate is the copy bandwidth measured in the same run (``bandwidth_gbs``), times a
kernel's ``KERNEL_DRAM_EFFICIENCY``, or less for latency-bound kernels (``KERNEL_DRAM_RATE``). The
throughput through L2 is, for a well-built kernel, ``L2_BANDWIDTH_RATIO`` (1.5) times the copy, so
that it is limited by DRAM unless its re-reads hit; kernels measured below that (torch's
register- and shared-memory-cached forwards, the lab's online kernels) get their measured rate,
``knobs.KERNEL_THROUGHPUT``. Those are latency-bound, so their rates are absolute (scaled by the SM
count, not by the DRAM). The last two terms bind only for row kernels with little work per row
(``KERNEL_ROW_TIME_S``) or too few rows to fill the GPU (``PROGRAM_BANDWIDTH_GBS``). A kernel that
falls short of its bytes' time is a fact about the kernel; the model records it, with the
evidence, rather than pretending every kernel streams.

The host issues each launch (``TORCH_HOST_OVERHEAD_S``, ``TRITON_HOST_OVERHEAD_S``) while the GPU
runs: the model keeps a host clock beside the GPU's, starting ``BENCHMARK_HIDDEN_HOST_S`` behind
(the benchmark's L2 flush runs while the host issues the call), and a kernel starts when both the
GPU is free and the host has issued it. So host cost shows only where a call's launches outrun
the flush and the GPU: never for the eager sequences measured here.

Where L2 changes that
---------------------
The reference formulas count every read and write as a trip to DRAM. They are right for large
problems and too pessimistic for small ones, because a byte re-read soon enough is still in L2.
The model keeps an LRU picture of a usable L2 of a fraction of its size, U bytes:

* Between kernels (the naive sequence, split-row's second pass; U = ``L2_CROSS_KERNEL_FRACTION``
  of the L2): a byte the previous kernel
  touched is re-read after that kernel's remaining traffic and this kernel's traffic so far. The
  first byte's reuse distance is the previous kernel's footprint, the last byte's this kernel's;
  the fraction of the re-reads whose distance is under U hit L2. An intermediate written for the
  next kernel and consumed from L2 is not DRAM traffic either.
* Within a kernel (a ``Reread``: torch's three-pass forward, its backward's second read of tmp,
  the lab's online kernels; U = ``L2_USABLE_FRACTION`` of the L2): the distance runs over a
  span of bytes per row times the rows in flight (resident programs x SMs, at most M), from the kernel's access order (implementations).
  The lab's online kernels load their first pass evict-last and re-read the row backwards, so
  their span starts at zero and is measured against ``L2_EVICT_LAST_FRACTION`` of the L2.
* The problem's inputs are read from DRAM the first time (the benchmarks flush L2 between runs),
  and the output is counted as written to DRAM.

``isolated=True`` predicts instead what a profiler counts when it runs each kernel alone after
flushing the L2 (Nsight Compute's default): nothing carries over between kernels, and the
``L2_DIRTY_FRACTION`` of the L2 still dirty when a kernel ends is not counted as its writes.
That is what ``results/h200/ncu_traffic.json`` holds; ``traffic_model.validate`` compares them.

The ~4x argument
----------------
For large rows every term but bytes / bandwidth vanishes, and the naive softmax's 8MN + 4M over
the fused kernel's 2MN tends to 4 as N grows: the bytes' fused/naive speedup. Measured ratios are
higher (4.9 to 5.3 on an H200 from N = 4096) because three of the five eager kernels run below
the copy bandwidth (``KERNEL_THROUGHPUT``): with their measured speeds the model predicts that
too. ``bytes_only=True`` in ``predict`` gives the bytes' argument alone (every kernel streams).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

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
    """One kernel: its formula bytes, the DRAM bytes the model expects, and the time each limit allows.

    ``time_s`` is the kernel's share of the call: the GPU's time (``gpu_s``) plus ``wait_s``, the
    time the GPU waited for the host to issue it (zero unless the host falls behind).
    """

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
    kind: str = "stream"
    wait_s: float = 0.0
    rows_s: float = 0.0
    programs_s: float = 0.0

    @property
    def formula_bytes(self) -> int:
        return self.read_bytes + self.write_bytes

    @property
    def dram_bytes(self) -> int:
        return self.dram_read_bytes + self.dram_write_bytes

    @property
    def work_s(self) -> float:
        return max(self.dram_s, self.l2_s, self.compute_s, self.rows_s, self.programs_s)

    @property
    def gpu_s(self) -> float:
        return self.launch_s + self.work_s

    @property
    def time_s(self) -> float:
        return self.wait_s + self.gpu_s

    @property
    def limit(self) -> str:
        """What sets this kernel's time: "host", "launch", "DRAM", "L2" (its throughput through
        L2, ``KERNEL_THROUGHPUT``), "compute", "rows" (``KERNEL_ROW_TIME_S``) or "programs" (too
        few programs, ``PROGRAM_BANDWIDTH_GBS``)."""
        if self.wait_s > self.gpu_s:
            return "host"
        work = {"DRAM": self.dram_s, "L2": self.l2_s, "compute": self.compute_s, "rows": self.rows_s,
                "programs": self.programs_s}
        bound = max(work, key=work.get)
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
    isolated: bool = False

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
    def dram_read_bytes(self) -> int:
        return sum(k.dram_read_bytes for k in self.kernels)

    @property
    def dram_write_bytes(self) -> int:
        return sum(k.dram_write_bytes for k in self.kernels)

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
    """Splits per row for the split-row algorithm when none is given, as the lab's dispatcher
    chooses them: about ``SPLIT_PROGRAMS_PER_SM`` programs per SM, no slice narrower than
    ``SPLIT_MIN_CHUNK`` (then as many splits as chunks of that rounded size)."""
    block = min(knobs.SPLIT_MIN_CHUNK, 1 << max(N - 1, 0).bit_length())
    wanted = math.ceil(device.sms * knobs.SPLIT_PROGRAMS_PER_SM / max(M, 1))
    splits = max(1, min(wanted, math.ceil(N / block)))
    chunk = math.ceil(math.ceil(N / splits) / block) * block
    return max(1, math.ceil(N / chunk))


def resolve_gpu(gpu: str | GPU = "H100", bandwidth_gbs: float | None = None) -> GPU:
    """The GPU to model: a named one, with ``bandwidth_gbs`` (a measured copy) as its ceiling if given."""
    device = find_gpu(gpu)
    return device if bandwidth_gbs is None else device.with_bandwidth(bandwidth_gbs)


def host_overhead_s(launcher: str) -> float:
    """The host's time to issue one kernel launched by "torch" (an eager op) or "triton"."""
    return {"torch": knobs.TORCH_HOST_OVERHEAD_S, "triton": knobs.TRITON_HOST_OVERHEAD_S}[launcher]


def reuse_fraction(first_distance: float, last_distance: float, capacity: float) -> float:
    """Fraction of re-reads whose LRU reuse distance, spread evenly from ``first_distance`` to
    ``last_distance``, is at most ``capacity``."""
    low, high = sorted((first_distance, last_distance))
    if high <= capacity:
        return 1.0
    if low >= capacity:
        return 0.0
    return (capacity - low) / (high - low)


def reread_hits(plan: KernelPlan, M: int, device: GPU) -> int:
    """Bytes of ``plan``'s re-reads that the L2 serves: each ``Reread``'s share whose reuse
    distance (its span per row x the rows in flight) is under the usable L2."""
    rows_in_flight = min(M, plan.programs_per_sm * device.sms)
    hits = 0.0
    for r in plan.rereads:
        fraction = knobs.evict_last_fraction(plan.kind) if r.evict_last else knobs.L2_USABLE_FRACTION
        capacity = fraction * device.l2_bytes
        hits += r.bytes * reuse_fraction(
            rows_in_flight * r.first_row_bytes, rows_in_flight * r.last_row_bytes, capacity
        )
    return round(hits)


def _kernel(plan, *, hit_cross, keep_scratch, M, N, device, bandwidth, flops_per_element, isolated,
            bytes_only, itemsize_):
    inner_hit = reread_hits(plan, M, device)
    cross_hit = round(plan.cross_read_bytes * hit_cross)
    scratch_kept = round(plan.scratch_write_bytes * keep_scratch)
    dram_reads = plan.read_bytes - inner_hit - cross_hit
    dram_writes = plan.write_bytes - scratch_kept
    if isolated:
        dram_writes = max(0, dram_writes - round(knobs.L2_DIRTY_FRACTION * device.l2_bytes))
    flops = flops_per_element * M * N * plan.flop_share
    through = None if bytes_only else knobs.throughput(plan.kind, itemsize_)
    ratio = knobs.L2_BANDWIDTH_RATIO if bytes_only else knobs.l2_ratio(plan.kind, itemsize_)
    through_bytes_s = ratio * bandwidth if through is None else knobs.absolute_gbs(through, device.sms) * 1e9
    efficiency = 1.0 if bytes_only else knobs.dram_efficiency(plan.kind)
    dram_rate = None if bytes_only else knobs.KERNEL_DRAM_RATE.get(plan.kind)
    dram_bytes_s = efficiency * bandwidth
    if dram_rate is not None:
        dram_bytes_s = min(dram_bytes_s, knobs.absolute_gbs(dram_rate, device.sms) * 1e9)
    rows_s = 0.0 if bytes_only else M * knobs.KERNEL_ROW_TIME_S.get(plan.kind, 0.0)
    programs_s = 0.0
    rates = knobs.PROGRAM_BANDWIDTH_GBS.get(plan.kind)
    if plan.programs and rates and not bytes_only:
        slots = plan.programs_per_sm * device.sms
        waves = math.ceil(plan.programs / slots)
        hits = inner_hit + cross_hit
        programs_s = waves * ((dram_reads + dram_writes) / rates[0] + hits / rates[1]) / plan.programs / 1e9
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
        dram_s=(dram_reads + dram_writes) / dram_bytes_s,
        l2_s=(plan.read_bytes + plan.write_bytes) / through_bytes_s,
        compute_s=flops / (device.fp32_tflops * 1e12),
        kind=plan.kind,
        rows_s=rows_s,
        programs_s=programs_s,
    )


def _with_host_clock(kernels: list[KernelPrediction]) -> tuple[KernelPrediction, ...]:
    """Each kernel's wait for the host: the host issues launches one after another, starting
    ``BENCHMARK_HIDDEN_HOST_S`` before the GPU is free; a kernel starts when both are ready."""
    host = -knobs.BENCHMARK_HIDDEN_HOST_S
    gpu = 0.0
    result = []
    for k in kernels:
        host += k.host_s
        wait = max(0.0, host - gpu)
        gpu += wait + k.gpu_s
        result.append(replace(k, wait_s=wait))
    return tuple(result)


def predict(
    algorithm: str,
    M: int,
    N: int,
    dtype="float32",
    gpu: str | GPU = "H100",
    bandwidth_gbs: float | None = None,
    *,
    splits: int | None = None,
    isolated: bool = False,
    bytes_only: bool = False,
) -> Prediction:
    """Predict ``algorithm`` (one of ``IMPLEMENTATIONS``) on M rows of N columns of ``dtype``.

    ``gpu`` names a GPU of ``GPUS`` (or is a ``GPU``); ``bandwidth_gbs``, a copy bandwidth you
    measured, replaces its ceiling. ``splits`` is the split-row algorithms' S (default: see
    ``default_splits``); the other algorithms ignore it. ``isolated``: DRAM bytes as a profiler
    counts them, each kernel alone on a flushed L2 (module docstring). ``bytes_only``: every
    kernel streams at the bandwidth (no ``KERNEL_THROUGHPUT`` or ``KERNEL_DRAM_EFFICIENCY``),
    the bytes' argument alone.
    """
    check(algorithm)
    if M < 0 or N < 0:
        raise ValueError(f"need M >= 0 and N >= 0, got M={M}, N={N}")
    name = canonical(dtype)
    device = resolve_gpu(gpu, bandwidth_gbs)
    if splits is None:
        splits = default_splits(M, N, device)
    size = itemsize(name)
    kernel_plans: tuple[KernelPlan, ...] = plans(algorithm, M, N, size, splits=splits)
    usable = knobs.L2_CROSS_KERNEL_FRACTION * device.l2_bytes
    footprints = [p.footprint_bytes for p in kernel_plans]
    flops_per_element = (
        knobs.BACKWARD_FLOPS_PER_ELEMENT if is_backward(algorithm) else knobs.FORWARD_FLOPS_PER_ELEMENT
    )
    kernels = []
    last = len(kernel_plans) - 1
    for i, plan in enumerate(kernel_plans):
        hit_cross = reuse_fraction(footprints[i - 1], footprints[i], usable) if i and not isolated else 0.0
        keep_scratch = (
            reuse_fraction(footprints[i], footprints[i + 1], usable) if i < last and not isolated else 0.0
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
                isolated=isolated,
                bytes_only=bytes_only,
                itemsize_=size,
            )
        )
    return Prediction(
        algorithm, M, N, name, device.key, device.bandwidth_gbs, _with_host_clock(kernels), isolated
    )


def speedups(
    M: int,
    N: int,
    dtype="float32",
    gpu: str | GPU = "H100",
    bandwidth_gbs: float | None = None,
    *,
    implementations=FORWARD_IMPLEMENTATIONS,
    splits: int | None = None,
    bytes_only: bool = False,
) -> dict[str, dict[str, float]]:
    """``result[a][b]``: how many times faster implementation a is predicted to be than b."""
    predictions = {
        name: predict(name, M, N, dtype, gpu, bandwidth_gbs, splits=splits, bytes_only=bytes_only)
        for name in implementations
    }
    return {a: {b: pa.speedup_over(pb) for b, pb in predictions.items()} for a, pa in predictions.items()}
