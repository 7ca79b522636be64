"""The implementations the model predicts, and each kernel's bytes sorted by where they can come from.

``reference.traffic`` says how many elements each kernel of an algorithm reads and writes. To
predict time the model needs one more thing: which of those bytes could be served by the L2 cache
instead of DRAM. A ``KernelPlan`` sorts a kernel's bytes into

* cold reads: the problem's inputs (x forward; y and dy backward) the first time they are read.
  The benchmarks flush L2 before each run, so these always come from DRAM;
* inner re-reads (``Reread``): a kernel reading rows it has already read itself (the online
  kernels' second pass, torch's three-pass forward, torch's backward re-reading tmp), with the
  span of their reuse distance per row in flight, from the kernel's access order. The share whose
  distance fits the usable L2 hits (``traffic_model.model``);
* cross reads: data the previous kernel touched (an intermediate it wrote, or an input it read);
* output writes: the result, which always goes to DRAM;
* scratch writes: intermediates for a later kernel, which need never reach DRAM if consumed from L2.

For the lab's algorithms the sorting is read off the reference counts by a rule, so the model
never restates a formula: the first kernel's reads up to the size of the inputs are cold and the
rest inner re-reads (whose per-row working set is the inputs' row); every later kernel's reads are
cross reads; the last kernel's writes up to the size of the output are output, all other writes
scratch. ``torch.softmax`` has no reference formula; its plans are built from reference kernels,
named and documented below, after the kernels Nsight Compute saw it run
(``traffic_model/evidence/probe_kernels.json``).

Each plan also carries its kernel's ``kind``, the key of its measured speed in ``knobs``
(``KERNEL_THROUGHPUT`` and the others), and, for row kernels, its number of ``programs``.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.traffic import (
    BACKWARD_ALGORITHMS,
    FORWARD_ALGORITHMS,
    KernelTraffic,
    Traffic,
    traffic_formula,
)

from traffic_model import knobs

FORWARD_IMPLEMENTATIONS = (*FORWARD_ALGORITHMS, "torch")
BACKWARD_IMPLEMENTATIONS = (*BACKWARD_ALGORITHMS, "torch_backward")
IMPLEMENTATIONS = FORWARD_IMPLEMENTATIONS + BACKWARD_IMPLEMENTATIONS

LABELS = {
    "naive": "naive eager softmax, five kernels",
    "fused": "fused single-block kernel, a row on chip",
    "online": "online multi-block kernel, two reads of each row",
    "split": "split-row kernels, partial (max, sum) through a workspace",
    "torch": "torch.softmax (approximation: on-chip row, else three passes)",
    "naive_backward": "naive eager backward, four kernels",
    "fused_backward": "fused backward kernel, a row on chip",
    "online_backward": "online backward, two reads of y and dy",
    "split_backward": "split-row backward, partial sums through a workspace",
    "torch_backward": "torch softmax backward (approximation: dy * y, then a row kernel)",
}


def check(implementation: str) -> str:
    """``implementation`` if the model knows it; ``ValueError`` listing the known ones otherwise."""
    if implementation not in IMPLEMENTATIONS:
        raise ValueError(
            f"unknown implementation {implementation!r}; expected one of {', '.join(IMPLEMENTATIONS)}"
        )
    return implementation


def is_backward(implementation: str) -> bool:
    return check(implementation) in BACKWARD_IMPLEMENTATIONS


@dataclass(frozen=True)
class Reread:
    """Bytes a kernel reads a second time, and how far back it touched them.

    The reuse distance (bytes the GPU touches between the two accesses) of these bytes is spread
    evenly from ``first_row_bytes`` to ``last_row_bytes`` times the rows in flight; the model
    lets the share under the usable L2 hit. ``evict_last``: the first access loaded them with an
    evict-last hint and the distance counts only other evict-last loads, against the capacity
    ``L2_EVICT_LAST_FRACTION`` (the lab's online kernels; see ``knobs``).
    """

    bytes: int
    first_row_bytes: float
    last_row_bytes: float
    evict_last: bool = False


@dataclass(frozen=True)
class KernelPlan:
    """One kernel's DRAM-formula bytes, sorted by where each could be served from (see module),
    with the kernel's ``kind`` (its speed: ``knobs.KERNEL_THROUGHPUT``)."""

    name: str
    read_bytes: int
    write_bytes: int
    cold_read_bytes: int = 0
    rereads: tuple[Reread, ...] = ()
    programs_per_sm: int = 1
    cross_read_bytes: int = 0
    output_write_bytes: int = 0
    scratch_write_bytes: int = 0
    flop_share: float = 0.0
    launcher: str = "triton"
    kind: str = "stream"
    programs: int | None = None
    """Programs (blocks) the kernel launches when each handles one row or a slice of one (the row
    kernels), for the per-program limit; None for grids that always fill the GPU."""

    @property
    def inner_reread_bytes(self) -> int:
        return sum(r.bytes for r in self.rereads)

    @property
    def footprint_bytes(self) -> int:
        """Distinct bytes the kernel touches: what an LRU cache must hold to keep all of it."""
        return self.read_bytes - self.inner_reread_bytes + self.write_bytes


NAIVE_KINDS = {
    "max": "naive_reduce_max",
    "sum": "naive_reduce_sum",
    "subtract max": "naive_broadcast",
    "divide": "naive_broadcast",
    "dy - sum": "naive_broadcast",
}
"""The eager kernels below the copy bandwidth (``knobs.KERNEL_THROUGHPUT``); the others (exp, the
backward's products) are vectorised elementwise kernels that stream at it."""


def kernel_kind(algorithm: str, kernel_name: str) -> str:
    """The speed class of one kernel of a reference algorithm."""
    base = algorithm.removesuffix("_backward")
    if base == "naive":
        return NAIVE_KINDS.get(kernel_name, "stream")
    if base == "online":
        return "online_backward" if algorithm.endswith("_backward") else "online_forward"
    if base == "split":
        return "split"
    return "stream"


def plans(implementation: str, M: int, N: int, itemsize: int, *, splits: int = 1) -> tuple[KernelPlan, ...]:
    """The kernels ``implementation`` launches for M rows of N columns of ``itemsize`` bytes."""
    check(implementation)
    if M * N == 0:
        return ()
    if implementation == "torch":
        return _torch_forward(M, N, itemsize)
    if implementation == "torch_backward":
        return _torch_backward(M, N, itemsize)
    base = implementation.removesuffix("_backward")
    programs = {"online": M, "split": M * splits}.get(base)
    per_sm = SPLIT_PROGRAMS_RESIDENT if base == "split" else None
    return from_traffic(
        traffic_formula(implementation, M, N, splits=splits), itemsize, programs=programs, programs_per_sm=per_sm
    )


SPLIT_PROGRAMS_RESIDENT = 3
"""Split-row programs resident per SM: 512 threads, 32-35 registers (probe_kernels.json: occupancy
limit 3 for ``split_partials``, 4 for ``split_forward``)."""


def launcher(implementation: str) -> str:
    """Who launches the kernels: "torch" (eager ops: the naive algorithms, torch.softmax) or
    "triton" (the lab's kernels); their host overheads differ (``traffic_model.knobs``)."""
    return "torch" if implementation.removesuffix("_backward") in ("naive", "torch") else "triton"


def from_traffic(
    traffic: Traffic,
    itemsize: int,
    *,
    programs_per_sm: int | None = None,
    kinds: dict | None = None,
    programs: int | None = None,
) -> tuple[KernelPlan, ...]:
    """Sort a reference ``Traffic``'s bytes by the rule in the module docstring.

    A first kernel's re-reads are the lab's online kernels': the second pass walks the row
    backwards over what the first loaded evict-last, so their reuse distance runs from nothing to
    the rows in flight's inputs (``Reread`` with ``evict_last``). ``programs_per_sm`` (resident
    programs, for the rows in flight) defaults to ``knobs.ONLINE_PROGRAMS_PER_SM``; ``kinds``
    maps kernel names to speed classes (default ``kernel_kind``); ``programs`` is every kernel's
    grid when it is a row kernel's (``KernelPlan.programs``).
    """
    if programs_per_sm is None:
        programs_per_sm = knobs.online_programs_per_sm(itemsize, traffic.algorithm.endswith("_backward"))
    M, N = traffic.M, traffic.N
    input_bytes = (2 if traffic.algorithm.endswith("_backward") else 1) * M * N * itemsize
    output_bytes = M * N * itemsize
    row_reads = sum(k.reads for k in traffic.kernels) or 1
    last = len(traffic.kernels) - 1
    result = []
    for i, kernel in enumerate(traffic.kernels):
        reads, writes = kernel.bytes(itemsize)
        output = min(writes, output_bytes) if i == last else 0
        rereads: tuple[Reread, ...] = ()
        if i == 0:
            cold = min(reads, input_bytes)
            inner, cross = reads - cold, 0
            if inner:
                rereads = (Reread(inner, 0.0, cold / M, evict_last=True),)
        else:
            cold, cross = 0, reads
        kind = (kinds or {}).get(kernel.name) or kernel_kind(traffic.algorithm, kernel.name)
        result.append(
            KernelPlan(
                name=kernel.name,
                read_bytes=reads,
                write_bytes=writes,
                cold_read_bytes=cold,
                rereads=rereads,
                programs_per_sm=programs_per_sm,
                cross_read_bytes=cross,
                output_write_bytes=output,
                scratch_write_bytes=writes - output,
                flop_share=kernel.reads / row_reads,
                launcher=launcher(traffic.algorithm),
                kind=kind,
                programs=programs,
            )
        )
    return tuple(result)


def torch_forward_kernel(N: int, itemsize: int) -> tuple[str, str]:
    """(name, kind) of the kernel torch.softmax's forward runs for rows of N elements
    (``knobs``: the thresholds and what Nsight saw)."""
    if N <= knobs.TORCH_WARP_MAX_COLS:
        return "softmax_warp_forward, row in registers", "torch_warp"
    if N <= knobs.TORCH_REG_MAX_COLS:
        if N <= knobs.TORCH_REG_TWO_BLOCKS_MAX_COLS:
            return "cunn_SoftMaxForwardReg, row in registers", "torch_reg"
        return "cunn_SoftMaxForwardReg, row in registers, 1 block per SM", "torch_reg_one_block"
    if N * itemsize < knobs.TORCH_ROW_CACHE_BYTES:
        return "cunn_SoftMaxForwardSmem, row in shared memory", "torch_smem"
    return f"cunn_SoftMaxForward, {knobs.TORCH_FORWARD_WIDE_READS} reads of each row", "torch_rows"


def _torch_forward(M: int, N: int, itemsize: int) -> tuple[KernelPlan, ...]:
    """torch.softmax forward as one kernel, chosen by row width (``torch_forward_kernel``).

    Rows it caches on chip (registers or shared memory) move the fused kernel's bytes. Wider rows
    are read ``TORCH_FORWARD_WIDE_READS`` times in order (max, sum of exponentials, output): the
    second read of an element comes one pass after the first, a reuse distance of one row per
    row in flight; the third between one and two rows (the last pass also writes).
    """
    (fused,) = traffic_formula("fused", M, N).kernels
    name, kind = torch_forward_kernel(N, itemsize)
    if kind != "torch_rows":
        kernel = KernelTraffic(f"torch.softmax: {name}", fused.reads, fused.writes)
        (plan,) = from_traffic(Traffic("torch", M, N, (kernel,)), itemsize, kinds={kernel.name: kind})
        return (plan,)
    passes = knobs.TORCH_FORWARD_WIDE_READS
    row = N * itemsize
    reread = M * N * itemsize
    rereads = tuple(
        Reread(reread, row, row if p < passes - 1 else 2 * row) for p in range(1, passes)
    )
    return (
        KernelPlan(
            name=f"torch.softmax: {name}",
            read_bytes=passes * M * N * itemsize,
            write_bytes=M * N * itemsize,
            cold_read_bytes=M * N * itemsize,
            rereads=rereads,
            programs_per_sm=knobs.TORCH_BLOCKS_PER_SM,
            output_write_bytes=M * N * itemsize,
            flop_share=1.0,
            launcher="torch",
            kind=kind,
            programs=M,
        ),
    )


def _torch_backward(M: int, N: int, itemsize: int) -> tuple[KernelPlan, ...]:
    """torch's softmax backward as two kernels, as ``softmax_backward_cuda_out`` launches them.

    First an elementwise ``tmp = dy * y`` (the naive backward's first kernel), then a row kernel
    computing ``dx = tmp - y * sum(tmp)``: for rows narrower than ``TORCH_ROW_CACHE_BYTES`` it reads
    tmp and y once and writes dx (the fused backward kernel's traffic); for wider rows
    (``cunn_SoftMaxBackward``) it reads tmp once for the sum and again with y to write dx, a
    re-read whose reuse distance runs from one pass over tmp to one over tmp, y and dx per row in
    flight. So torch moves at least 6MN for the 3MN a fused backward moves, whatever N is.
    """
    multiply = traffic_formula("naive_backward", M, N).kernels[0]
    (row_kernel,) = traffic_formula("fused_backward", M, N).kernels
    row_bytes = N * itemsize
    first, _ = from_traffic(Traffic("torch_backward", M, N, (multiply, row_kernel)), itemsize)
    reads, writes = row_kernel.bytes(itemsize)
    tmp_bytes = multiply.bytes(itemsize)[1]
    total_reads = multiply.reads + row_kernel.reads
    if N <= knobs.TORCH_BACKWARD_WARP_MAX_COLS:
        name, kind, rereads = "softmax_warp_backward, row in registers", "torch_warp_backward", ()
    elif row_bytes < knobs.TORCH_ROW_CACHE_BYTES:
        name, kind, rereads = "cunn_SoftMaxBackwardSmem, row in shared memory", "torch_smem_backward", ()
    else:
        name, kind = "cunn_SoftMaxBackward, tmp read twice", "torch_rows_backward"
        rereads = (Reread(tmp_bytes, row_bytes, 3 * row_bytes),)
    second = KernelPlan(
        name=f"softmax backward: {name}",
        read_bytes=reads + sum(r.bytes for r in rereads),
        write_bytes=writes,
        rereads=rereads,
        programs_per_sm=knobs.TORCH_BACKWARD_BLOCKS_PER_SM,
        cross_read_bytes=reads,
        output_write_bytes=writes,
        flop_share=row_kernel.reads / total_reads,
        launcher="torch",
        kind=kind,
        programs=M if rereads else None,
    )
    return (first, second)


def lab_dispatch(M: int, N: int, itemsize: int, *, backward: bool = False, sms: int = 132) -> tuple[str, int]:
    """(model algorithm, splits) of what the lab's dispatcher (``triton_impl.dispatch``, as of
    commit 0dd4cc5) runs for M rows of N columns: restated here without torch, so that measured
    "ours" points can be set beside the right algorithm. ``tests/test_traffic_model_hardware.py``
    checks it against the dispatcher where triton_impl imports."""
    suffix = "_backward" if backward else ""
    max_cols = 32768 // 2 if backward else 32768
    if _next_power_of_2(N) <= max_cols:
        return "fused" + suffix, 1
    if M <= 0.5 * sms:
        block = min(knobs.SPLIT_MIN_CHUNK, _next_power_of_2(N))
        wanted = _cdiv(knobs.SPLIT_PROGRAMS_PER_SM * sms, M)
        splits = max(1, min(wanted, _cdiv(N, block)))
        chunk = _cdiv(_cdiv(N, splits), block) * block
        return "split" + suffix, _cdiv(N, chunk)
    return "online" + suffix, 1


def _cdiv(a: int, b: int) -> int:
    return (a + b - 1) // b


def _next_power_of_2(n: int) -> int:
    return 1 << max(n - 1, 0).bit_length()
