"""The implementations the model predicts, and each kernel's bytes sorted by where they can come from.

``reference.traffic`` says how many elements each kernel of an algorithm reads and writes. To
predict time the model needs one more thing: which of those bytes could be served by the L2 cache
instead of DRAM. A ``KernelPlan`` sorts a kernel's bytes into

* cold reads: the problem's inputs (x forward; y and dy backward) the first time they are read.
  The benchmarks flush L2 before each run, so these always come from DRAM;
* inner re-reads: a kernel reading rows it has already read itself (the online kernel's second
  pass). They hit L2 when the rows in flight fit (``traffic_model.model``);
* cross reads: data the previous kernel touched (an intermediate it wrote, or an input it read);
* output writes: the result, which always goes to DRAM;
* scratch writes: intermediates for a later kernel, which need never reach DRAM if consumed from L2.

For the lab's algorithms the sorting is read off the reference counts by a rule, so the model
never restates a formula: the first kernel's reads up to the size of the inputs are cold and the
rest inner re-reads (whose per-row working set is the inputs' row); every later kernel's reads are
cross reads; the last kernel's writes up to the size of the output are output, all other writes
scratch. ``torch.softmax`` has no reference formula; its plans are built from reference kernels,
named and documented below, and are an approximation of PyTorch's CUDA kernels.
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
class KernelPlan:
    """One kernel's DRAM-formula bytes, sorted by where each could be served from (see module)."""

    name: str
    read_bytes: int
    write_bytes: int
    cold_read_bytes: int = 0
    inner_reread_bytes: int = 0
    inner_row_bytes: int = 0
    programs_per_sm: int = 1
    cross_read_bytes: int = 0
    output_write_bytes: int = 0
    scratch_write_bytes: int = 0
    flop_share: float = 0.0
    launcher: str = "triton"

    @property
    def footprint_bytes(self) -> int:
        """Distinct bytes the kernel touches: what an LRU cache must hold to keep all of it."""
        return self.read_bytes - self.inner_reread_bytes + self.write_bytes


def plans(implementation: str, M: int, N: int, itemsize: int, *, splits: int = 1) -> tuple[KernelPlan, ...]:
    """The kernels ``implementation`` launches for M rows of N columns of ``itemsize`` bytes."""
    check(implementation)
    if M * N == 0:
        return ()
    if implementation == "torch":
        return _torch_forward(M, N, itemsize)
    if implementation == "torch_backward":
        return _torch_backward(M, N, itemsize)
    return from_traffic(traffic_formula(implementation, M, N, splits=splits), itemsize)


def launcher(implementation: str) -> str:
    """Who launches the kernels: "torch" (eager ops: the naive algorithms, torch.softmax) or
    "triton" (the lab's kernels); their host overheads differ (``traffic_model.knobs``)."""
    return "torch" if implementation.removesuffix("_backward") in ("naive", "torch") else "triton"


def from_traffic(
    traffic: Traffic, itemsize: int, *, programs_per_sm: int | None = None
) -> tuple[KernelPlan, ...]:
    """Sort a reference ``Traffic``'s bytes by the rule in the module docstring. ``programs_per_sm``
    (resident programs, for the rows in flight) defaults to ``ONLINE_PROGRAMS_PER_SM``."""
    if programs_per_sm is None:
        programs_per_sm = knobs.ONLINE_PROGRAMS_PER_SM
    M, N = traffic.M, traffic.N
    input_bytes = (2 if traffic.algorithm.endswith("_backward") else 1) * M * N * itemsize
    output_bytes = M * N * itemsize
    row_reads = sum(k.reads for k in traffic.kernels) or 1
    last = len(traffic.kernels) - 1
    result = []
    for i, kernel in enumerate(traffic.kernels):
        reads, writes = kernel.bytes(itemsize)
        output = min(writes, output_bytes) if i == last else 0
        if i == 0:
            cold = min(reads, input_bytes)
            inner, cross = reads - cold, 0
            inner_row = cold // M if inner else 0
        else:
            cold, inner, inner_row, cross = 0, 0, 0, reads
        result.append(
            KernelPlan(
                name=kernel.name,
                read_bytes=reads,
                write_bytes=writes,
                cold_read_bytes=cold,
                inner_reread_bytes=inner,
                inner_row_bytes=inner_row,
                programs_per_sm=programs_per_sm,
                cross_read_bytes=cross,
                output_write_bytes=output,
                scratch_write_bytes=writes - output,
                flop_share=kernel.reads / row_reads,
                launcher=launcher(traffic.algorithm),
            )
        )
    return tuple(result)


def _torch_forward(M: int, N: int, itemsize: int) -> tuple[KernelPlan, ...]:
    """torch.softmax forward as one kernel.

    Rows narrower than ``TORCH_ROW_CACHE_BYTES`` are held in registers or shared memory: the fused
    kernel's traffic. Wider rows are read ``TORCH_FORWARD_WIDE_READS`` times (max, sum of
    exponentials, output), the re-reads hitting L2 when the rows in flight fit.
    """
    (fused,) = traffic_formula("fused", M, N).kernels
    if N * itemsize < knobs.TORCH_ROW_CACHE_BYTES:
        kernel = KernelTraffic("torch.softmax, row cached on chip", fused.reads, fused.writes)
    else:
        kernel = KernelTraffic(
            f"torch.softmax, {knobs.TORCH_FORWARD_WIDE_READS} reads of each row",
            knobs.TORCH_FORWARD_WIDE_READS * fused.reads,
            fused.writes,
        )
    traffic = Traffic("torch", M, N, (kernel,))
    return from_traffic(traffic, itemsize, programs_per_sm=knobs.TORCH_BLOCKS_PER_SM)


def _torch_backward(M: int, N: int, itemsize: int) -> tuple[KernelPlan, ...]:
    """torch's softmax backward as two kernels, as ``softmax_backward_cuda_out`` launches them.

    First an elementwise ``tmp = dy * y`` (the naive backward's first kernel), then a row kernel
    computing ``dx = tmp - y * sum(tmp)``: for rows narrower than ``TORCH_ROW_CACHE_BYTES`` it reads tmp
    and y once and writes dx (the fused backward kernel's traffic); for wider rows it reads tmp
    once more for the sum, a re-read that hits L2 when the rows in flight fit. So torch moves at
    least 6MN for the 3MN a fused backward moves, whatever N is.
    """
    multiply = traffic_formula("naive_backward", M, N).kernels[0]
    (row_kernel,) = traffic_formula("fused_backward", M, N).kernels
    row_bytes = N * itemsize
    wide = row_bytes >= knobs.TORCH_ROW_CACHE_BYTES
    first, _ = from_traffic(Traffic("torch_backward", M, N, (multiply, row_kernel)), itemsize)
    reads, writes = row_kernel.bytes(itemsize)
    tmp_bytes = multiply.bytes(itemsize)[1]
    reread = tmp_bytes if wide else 0
    total_reads = multiply.reads + row_kernel.reads
    second = KernelPlan(
        name="softmax backward row kernel" + (", tmp read twice" if wide else ", row cached on chip"),
        read_bytes=reads + reread,
        write_bytes=writes,
        inner_reread_bytes=reread,
        inner_row_bytes=row_bytes if wide else 0,
        programs_per_sm=knobs.TORCH_BLOCKS_PER_SM,
        cross_read_bytes=reads,
        output_write_bytes=writes,
        flop_share=row_kernel.reads / total_reads,
        launcher="torch",
    )
    return (first, second)
