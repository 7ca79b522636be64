"""Predict the time of each softmax implementation from the bytes it moves.

Why bytes over bandwidth
------------------------
A kernel's time is set by whichever resource it exhausts first: the DRAM (bytes / bandwidth), the
arithmetic units (operations / peak rate), or, when it does almost nothing, the cost of launching
it. Softmax does about five operations per element, and a GPU does tens of operations in the time
it fetches one byte, so every softmax kernel waits on memory: its time is, to first order, the
bytes it moves divided by the bandwidth. Fusion wins by moving fewer bytes.

Per kernel the model takes::

    GPU time = LAUNCH_S + max(memory time,
                              all bytes it moves / its rate through the L2,
                              operations / fp32 peak,
                              rows x a per-row floor)
    memory time = (t_DRAM^P + t_SMs^P + t_programs^P)^(1/P)       (P = LOADED_LATENCY_EXPONENT)
    t_DRAM = DRAM bytes / bandwidth,  t_SMs = bytes / the kernel's rate per SM x SMs,
    t_programs = each program's bytes / one program's rate (too few programs to fill the GPU)

The bandwidth is the copy bandwidth measured in the same run (``bandwidth_gbs``), the one input a
user brings. A well-built kernel moves bytes through the L2 at ``L2_BANDWIDTH_RATIO`` (1.5) times
that, so DRAM limits it unless its re-reads hit; kernels measured below what their bytes allow
(torch's register and shared-memory forwards, the naive sequence's broadcasts and reductions, the
lab's online and cooperative forwards) get a rate in elements a second per SM
(``knobs.KERNEL_SPEEDS``), because they are latency-bound and follow the SMs, not the DRAM. The
per-row floor binds only for row kernels with little work per row; a program's rate only where too
few rows fill the GPU. A kernel that falls short of its bytes' time is a fact about the kernel; the
model records it, with the evidence, rather than pretending every kernel streams.

Why the memory limits meet softly: loaded latency
-------------------------------------------------
A latency-bound kernel keeps only so many bytes in flight per SM, and moves them at its bytes in
flight over the memory's latency (Little's law): a rate per SM, its ``t_SMs``. That latency is
not fixed. As the DRAM's load nears its bandwidth, requests queue and every one waits longer, so a
kernel near both limits runs slower than either alone: the model adds the two times as a P-norm,
which is the larger of them where one dominates and 2^(1/P) = 1.26 times either where they are
equal. On a GPU with less bandwidth the same kernel loads its DRAM more and keeps less of its SM
rate: torch's shared-memory forward moves 0.65-0.73 of an H200's copy and 0.77-0.86 of an H100's,
whose SMs are the same (the rates of ``knobs.KERNEL_SPEEDS`` are therefore the unloaded ones).
A program's rate where too few rows fill the GPU is the same kind of limit, and meets the DRAM's
the same way.

A cooperative row's programs wait for each other (``implementations``). Where one row's programs
take every SM (one resident program an SM, a row as wide as the GPU), the GPU runs one row at a
time and nothing overlaps the row's start, exchange and drain: each row then costs the fixed
time of a launch, ``LAUNCH_S``, not just the kernel (``launches``).

The model predicts GPU time: what a benchmark that keeps the GPU busy measures (``do_bench``
issues the next call while it flushes the L2 for it). The host's cost of issuing a call (5.8 µs
for an eager torch op, 50 µs for the lab's Python dispatcher in results/h200/host_overhead.log)
shows only where a call's GPU time is shorter than that; ``traffic_model.validate`` reports such
points apart.

Where L2 changes that
---------------------
The reference formulas count every read and write as a trip to DRAM. They are right for large
problems and too pessimistic for small ones, because a byte re-read soon enough is still in L2.
The model keeps an LRU picture of a usable L2, ``L2_USABLE_FRACTION`` of its size:

* Between kernels (the naive sequence, split-row's second pass): a byte the previous kernel
  touched is re-read after that kernel's remaining traffic and this kernel's traffic so far. The
  first byte's reuse distance is the previous kernel's footprint, the last byte's this kernel's;
  the fraction of the re-reads whose distance is under the usable L2 hit. An intermediate written
  for the next kernel and consumed from L2 is not DRAM traffic either.
* Within a kernel (a ``Reread``: torch's three-pass forward, its backward's second read of tmp,
  the lab's online and cooperative kernels): the distance runs over a span of bytes per program
  times the programs in flight (resident programs x SMs, at most all of them), from the kernel's
  access order (``implementations``). The lab's kernels load their first pass evict-last and read
  it again while they write the output, whose dirty lines take ``L2_DIRTY_FRACTION`` of the L2.
* The problem's inputs are read from DRAM the first time (the benchmarks flush L2 between runs),
  and the output is counted as written to DRAM.

``isolated=True`` predicts instead what a profiler counts when it runs each kernel alone after
flushing the L2 (Nsight Compute's default): nothing carries over between kernels, and the dirty
lines still in L2 when a kernel ends are not counted as its writes.

The ~4x argument
----------------
For large rows every term but bytes / bandwidth vanishes, and the naive softmax's 8MN + 4M over
the fused kernel's 2MN tends to 4 as N grows: the bytes' fused/naive speedup. Measured ratios are
higher (4.8 to 5.4 on an H200 from N = 4096) because three of the five eager kernels run below
the copy bandwidth: with their measured speeds the model predicts that too. ``bytes_only=True`` in
``predict`` gives the bytes' argument alone (every kernel streams, only the launch cost added).
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.dtypes import canonical, format_of
from reference.traffic import useful_bytes
from triton_impl import policy

from traffic_model import knobs
from traffic_model.gpus import GPU, gpu as find_gpu
from traffic_model.implementations import (
    FORWARD_IMPLEMENTATIONS,
    KernelPlan,
    algorithm_of,
    check,
    is_backward,
    lab_plan,
    plans,
)

FORWARD_FLOPS_PER_ELEMENT = 5
"""Operations per element of a forward softmax: compare (max), subtract, exp, add (sum), divide.
An H100 does about 67e12 / 3.0e12 = 22 fp32 operations in the time it fetches one byte: the compute
term is there to show that it never binds."""
BACKWARD_FLOPS_PER_ELEMENT = 4
"""dy * y, the row sum's add, dy - sum, and the multiply by y."""

CROSS_WHILE_WRITING = False


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
    launch_s: float
    dram_s: float
    l2_s: float
    compute_s: float
    kind: str = "stream"
    sm_s: float = 0.0
    rows_s: float = 0.0
    programs_s: float = 0.0
    programs: int | None = None
    """Programs of a row kernel (None: a grid that fills the GPU), and how many fit at once."""
    resident: int = 0

    @property
    def fills_gpu(self) -> bool:
        """Whether the kernel launches at least as many programs as the GPU holds at once."""
        return self.programs is None or self.programs >= self.resident

    @property
    def formula_bytes(self) -> int:
        return self.read_bytes + self.write_bytes

    @property
    def dram_bytes(self) -> int:
        return self.dram_read_bytes + self.dram_write_bytes

    @property
    def memory_s(self) -> float:
        """The DRAM's, the SMs' and the programs' limits met softly (module docstring)."""
        return loaded(self.dram_s, self.sm_s, self.programs_s)

    @property
    def work_s(self) -> float:
        return max(self.memory_s, self.l2_s, self.compute_s, self.rows_s)

    @property
    def time_s(self) -> float:
        return self.launch_s + self.work_s

    @property
    def limit(self) -> str:
        """What sets this kernel's time: "launch", "DRAM", "SMs" (its rate per SM), "L2" (its rate
        through the L2), "compute", "rows" (a row's least time) or "programs" (too few programs, one
        program's rate): the largest term."""
        work = {"DRAM": self.dram_s, "SMs": self.sm_s, "L2": self.l2_s, "compute": self.compute_s,
                "rows": self.rows_s, "programs": self.programs_s}
        bound = max(work, key=work.get)
        return "launch" if self.launch_s >= work[bound] else bound


@dataclass(frozen=True)
class Prediction:
    """The model's prediction for one implementation on one (M, N, dtype) and GPU.

    ``algorithm`` is what was asked for; ``runs`` the model algorithm predicted (for "ours", the
    dispatcher's kernel: "fused" where it runs single_block); ``plan`` the dispatch policy's plan
    for the lab's kernels (None for the others)."""

    algorithm: str
    runs: str
    M: int
    N: int
    dtype: str
    gpu: str
    bandwidth_gbs: float
    kernels: tuple[KernelPrediction, ...]
    plan: policy.Plan | None = None
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
        return useful_bytes(self.M, self.N, self.dtype, "backward" if self.backward else "forward")

    @property
    def gbs(self) -> float:
        """Effective bandwidth, useful bytes over time, in GB/s (the benchmarks' convention)."""
        return self.useful_bytes / self.time_s / 1e9 if self.time_s else 0.0

    def speedup_over(self, other: Prediction) -> float:
        """How many times faster this prediction is than ``other``."""
        return other.time_s / self.time_s


def loaded(*times: float) -> float:
    """Times of limits that load one memory system, met softly: their P-norm
    (``knobs.LOADED_LATENCY_EXPONENT``), the longest alone where it dominates."""
    longest = max(times)
    if not longest:
        return 0.0
    p = knobs.LOADED_LATENCY_EXPONENT
    return longest * sum((t / longest) ** p for t in times) ** (1 / p)


def launches(plan: KernelPlan, M: int, device: GPU) -> int:
    """Fixed costs (``LAUNCH_S``) a kernel pays: one, or one a row where a cooperative row's
    programs take every SM, so that the GPU runs its rows one at a time (module docstring)."""
    if plan.programs_per_row and plan.resident_per_sm * device.sms // plan.programs_per_row == 1:
        return M
    return 1


def resolve_gpu(gpu: str | GPU = "H100", bandwidth_gbs: float | None = None) -> GPU:
    """The GPU to model: a named one, with ``bandwidth_gbs`` (a measured copy) as its ceiling if given."""
    device = find_gpu(gpu)
    return device if bandwidth_gbs is None else device.with_bandwidth(bandwidth_gbs)


def reuse_fraction(first_distance: float, last_distance: float, capacity: float) -> float:
    """Fraction of re-reads whose LRU reuse distance, spread evenly from ``first_distance`` to
    ``last_distance``, is at most ``capacity``."""
    low, high = sorted((first_distance, last_distance))
    if high <= capacity:
        return 1.0
    if low >= capacity:
        return 0.0
    return (capacity - low) / (high - low)


def reread_capacity(device: GPU, while_writing: bool) -> float:
    """Bytes of L2 a re-read can count on: the usable fraction, less the dirty lines of the output
    when the kernel writes between the two reads (``knobs``)."""
    fraction = knobs.L2_USABLE_FRACTION - (knobs.L2_DIRTY_FRACTION if while_writing else 0.0)
    return fraction * device.l2_bytes


def reread_hits(plan: KernelPlan, M: int, device: GPU) -> int:
    """Bytes of ``plan``'s re-reads that the L2 serves: each ``Reread``'s share whose reuse
    distance (its span per program x the programs in flight) is under the L2 it can count on."""
    in_flight = min(plan.programs or M, plan.resident_per_sm * device.sms)
    hits = 0.0
    for r in plan.rereads:
        hits += r.bytes * reuse_fraction(in_flight * r.first_bytes, in_flight * r.last_bytes,
                                         reread_capacity(device, r.while_writing))
    return round(hits)


def kernel_speed(kind: str) -> knobs.KernelSpeed:
    """The measured limits of a kernel kind (``knobs.KERNEL_SPEEDS``; none for a streaming kind)."""
    return knobs.KERNEL_SPEEDS.get(kind, STREAMING)


STREAMING = knobs.KernelSpeed()


def _by_itemsize(table: dict, itemsize: int):
    return table.get(itemsize, table.get("*"))


def _kernel(plan: KernelPlan, *, hit_cross: float, keep_scratch: float, M: int, N: int, device: GPU,
            flops_per_element: float, isolated: bool, bytes_only: bool, itemsize: int,
            ) -> KernelPrediction:
    bandwidth = device.bandwidth_gbs * 1e9
    inner_hit = reread_hits(plan, M, device)
    cross_hit = round(plan.cross_read_bytes * hit_cross)
    scratch_kept = round(plan.scratch_write_bytes * keep_scratch)
    dram_reads = plan.read_bytes - inner_hit - cross_hit
    dram_writes = plan.write_bytes - scratch_kept
    if isolated:
        dram_writes = max(0, dram_writes - round(knobs.L2_DIRTY_FRACTION * device.l2_bytes))
    dram_bytes = dram_reads + dram_writes
    flops = flops_per_element * M * N * plan.flop_share
    speed = STREAMING if bytes_only else kernel_speed(plan.kind)
    dram_rate = bandwidth * (knobs.REREAD_DRAM_FRACTION if plan.rereads and not bytes_only else 1.0)
    l2_rate = bandwidth * (_by_itemsize(speed.l2_ratio, itemsize) or knobs.L2_BANDWIDTH_RATIO)
    sm_s = 0.0
    elements = _by_itemsize(speed.elements_per_sm, itemsize)
    if elements is not None:
        moved = dram_bytes if speed.dram_only else plan.read_bytes + plan.write_bytes
        sm_s = moved / (elements * 1e9 * itemsize * device.sms)
    rows_s = M * speed.row_s
    programs_s = 0.0
    if plan.programs and speed.program_gbs and plan.programs < plan.resident_per_sm * device.sms:
        from_dram, from_l2 = speed.program_gbs
        hits = inner_hit + cross_hit
        programs_s = (dram_bytes / from_dram + hits / from_l2) / plan.programs / 1e9
    return KernelPrediction(
        name=plan.name,
        read_bytes=plan.read_bytes,
        write_bytes=plan.write_bytes,
        dram_read_bytes=dram_reads,
        dram_write_bytes=dram_writes,
        l2_hit_bytes=inner_hit + cross_hit + scratch_kept,
        flops=flops,
        launch_s=knobs.LAUNCH_S * (1 if bytes_only else launches(plan, M, device)),
        dram_s=dram_bytes / dram_rate,
        l2_s=(plan.read_bytes + plan.write_bytes) / l2_rate,
        compute_s=flops / (device.fp32_tflops * 1e12),
        kind=plan.kind,
        sm_s=sm_s,
        rows_s=rows_s,
        programs_s=programs_s,
        programs=plan.programs,
        resident=plan.resident_per_sm * device.sms,
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
    isolated: bool = False,
    bytes_only: bool = False,
) -> Prediction:
    """Predict ``algorithm`` (one of ``IMPLEMENTATIONS``) on M rows of N columns of ``dtype``.

    ``gpu`` names a GPU of ``GPUS`` (or is a ``GPU``); ``bandwidth_gbs``, a copy bandwidth you
    measured, replaces its ceiling. The lab's kernels ("ours", "cooperative", "online", "split")
    run the plan ``triton_impl.policy`` chooses for that GPU's SMs; ``splits`` forces the programs
    a row of "split" or "cooperative" (the others ignore it). ``isolated``: DRAM bytes as a
    profiler counts them, each kernel alone on a flushed L2 (module docstring). ``bytes_only``:
    every kernel streams at the bandwidth (no measured kernel rates), the bytes' argument alone.
    """
    check(algorithm)
    if M < 0 or N < 0:
        raise ValueError(f"need M >= 0 and N >= 0 rows and columns, got M={M}, N={N}")
    name = canonical(dtype)
    device = resolve_gpu(gpu, bandwidth_gbs)
    plan = lab_plan(algorithm, M, N, name, device.description, splits) if M and N else None
    runs = algorithm_of(algorithm, plan)
    size = format_of(name).itemsize
    kernel_plans = plans(runs, M, N, size, plan)
    usable = reread_capacity(device, CROSS_WHILE_WRITING)
    footprints = [p.footprint_bytes for p in kernel_plans]
    flops_per_element = BACKWARD_FLOPS_PER_ELEMENT if is_backward(algorithm) else FORWARD_FLOPS_PER_ELEMENT
    kernels = []
    last = len(kernel_plans) - 1
    for i, kernel_plan in enumerate(kernel_plans):
        hit_cross = reuse_fraction(footprints[i - 1], footprints[i], usable) if i and not isolated else 0.0
        keep = reuse_fraction(footprints[i], footprints[i + 1], usable) if i < last and not isolated else 0.0
        kernels.append(_kernel(kernel_plan, hit_cross=hit_cross, keep_scratch=keep, M=M, N=N,
                               device=device, flops_per_element=flops_per_element, isolated=isolated,
                               bytes_only=bytes_only, itemsize=size))
    return Prediction(algorithm, runs, M, N, name, device.key, device.bandwidth_gbs, tuple(kernels),
                      plan, isolated)


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
