"""How many elements each softmax algorithm moves through DRAM: the formulas.

A softmax over M rows of N columns is memory bound on every GPU: it does a handful of flops per
element, and a GPU can do hundreds of flops in the time it takes to fetch one element from DRAM.
So the time it takes is, to first order, the bytes it moves divided by the memory bandwidth, and
the whole game of "fusing" softmax is to move fewer bytes.

The naive, eager softmax written as five tensor operations::

    x_max = x.max(dim=1)           # read MN,     write M
    z = x - x_max[:, None]         # read MN + M, write MN
    numerator = exp(z)             # read MN,     write MN
    denominator = numerator.sum(1) # read MN,     write M
    y = numerator / denominator    # read MN + M, write MN

reads 5MN + 2M and writes 3MN + 2M elements: 8MN + 4M in all. A fused kernel that holds a row
on chip reads each input once and writes each output once: 2MN. The ratio (8MN + 4M) / 2MN tends
to 4 for wide rows, which is the "about 4x" a fused softmax buys on a bandwidth-bound GPU.

When a row is too wide to hold on chip, the online kernel reads it twice (once to find the row's
max and normaliser, once to write the output): 3MN. Split-row, for a few very wide rows, shares
each row among S programs that exchange partial (max, sum) pairs through a small float32 workspace.

The backward, dx = y * (dy - sum(dy * y)), must read y and dy and write dx: 3MN for the fused
kernel. The eager chain of four operations (dy * y, sum, dy - sum, y * (dy - sum)) moves
9MN + 2M; a row too wide for one program is read twice (5MN); split-row exchanges one partial sum
per chunk instead of a (max, sum) pair.

These formulas are not trusted on their own: ``reference.counting.count_traffic`` runs each NumPy
algorithm on instrumented memory (``reference.memory.Dram``), counts every element each kernel
reads and writes, and the tests check that the counts equal these formulas for many (M, N),
splits and block sizes. Everything else in the project (the traffic model, the benchmarks'
GB/s) takes its byte counts from here.

Counts are in elements. Row data (x, y, dy, dx and the naive algorithm's intermediates, which
torch keeps in the input's dtype) count in ``reads`` / ``writes``; the split-row kernels' partial
results, kept in float32 whatever the input dtype, count in ``stat_reads`` / ``stat_writes``.
(The reference's float64 path keeps its partials in float64 so as to lose nothing; the element
counts are the same, and STAT_ITEMSIZE describes the float32 workspace of the GPU kernels.)
"""

from __future__ import annotations

from dataclasses import dataclass

from ._inputs import check_choice, check_positive, check_size
from .dtypes import FORMATS, format_of

FORWARD_ALGORITHMS = ("naive", "fused", "online", "split")
BACKWARD_ALGORITHMS = ("naive_backward", "fused_backward", "online_backward", "split_backward")
ALGORITHMS = FORWARD_ALGORITHMS + BACKWARD_ALGORITHMS

STAT_ITEMSIZE = FORMATS["float32"].itemsize
"""Bytes per element of the float32 workspace that split-row kernels exchange partials through."""


@dataclass(frozen=True)
class KernelTraffic:
    """Elements one kernel (one pass over memory) reads from and writes to DRAM."""

    name: str
    reads: int
    writes: int
    stat_reads: int = 0
    stat_writes: int = 0

    def bytes(self, itemsize: int) -> tuple[int, int]:
        """(bytes read, bytes written) when row data has ``itemsize`` bytes per element."""
        return (
            self.reads * itemsize + self.stat_reads * STAT_ITEMSIZE,
            self.writes * itemsize + self.stat_writes * STAT_ITEMSIZE,
        )


@dataclass(frozen=True)
class Traffic:
    """The kernels an algorithm launches for an (M, N) problem, each with its traffic."""

    algorithm: str
    M: int
    N: int
    kernels: tuple[KernelTraffic, ...]

    @property
    def reads(self) -> int:
        return sum(k.reads for k in self.kernels)

    @property
    def writes(self) -> int:
        return sum(k.writes for k in self.kernels)

    @property
    def stat_reads(self) -> int:
        return sum(k.stat_reads for k in self.kernels)

    @property
    def stat_writes(self) -> int:
        return sum(k.stat_writes for k in self.kernels)

    @property
    def elements(self) -> int:
        """All elements moved, row data and workspace together."""
        return self.reads + self.writes + self.stat_reads + self.stat_writes

    def bytes(self, dtype) -> int:
        """All bytes moved for row data of ``dtype`` (an itemsize, or any dtype spelling that
        ``reference.dtypes.canonical`` takes: a name, a NumPy or a torch dtype; bfloat16 too)."""
        itemsize = dtype if isinstance(dtype, int) else format_of(dtype).itemsize
        return sum(sum(k.bytes(itemsize)) for k in self.kernels)


def useful_bytes(M: int, N: int, dtype, direction: str) -> int:
    """The bytes any softmax must move at least once, the fused formula's: 2MN forward (x in, y
    out), 3MN backward (y and dy in, dx out), of ``dtype``. Every GB/s the lab reports divides
    these by a time, whatever the implementation moved."""
    if direction not in ("forward", "backward"):
        raise ValueError(f"direction must be 'forward' or 'backward', got {direction!r}")
    return traffic_formula("fused" if direction == "forward" else "fused_backward", M, N).bytes(dtype)


def traffic_formula(algorithm: str, M: int, N: int, *, splits: int = 1) -> Traffic:
    """The analytic DRAM traffic of ``algorithm`` on M rows of N columns.

    ``splits`` (S) is the number of programs that share one row in the split-row algorithms; the
    others ignore it. The formula takes S as given; the kernels never run an empty chunk, so
    for them S is ``len(reference.forward.split_bounds(N, splits, block))``. Empty problems (M or N zero) move nothing: no kernel runs.
    """
    check_choice("traffic", algorithm, ALGORITHMS)
    M, N, splits = check_size("M", M), check_size("N", N), check_positive("splits", splits)
    MN, S = M * N, splits
    if MN == 0:
        return Traffic(algorithm, M, N, ())
    kernels = {
        "naive": (
            KernelTraffic("max", reads=MN, writes=M),
            KernelTraffic("subtract max", reads=MN + M, writes=MN),
            KernelTraffic("exp", reads=MN, writes=MN),
            KernelTraffic("sum", reads=MN, writes=M),
            KernelTraffic("divide", reads=MN + M, writes=MN),
        ),
        "fused": (KernelTraffic("fused softmax", reads=MN, writes=MN),),
        "online": (KernelTraffic("online softmax (two reads of x)", reads=2 * MN, writes=MN),),
        "split": (
            KernelTraffic("partial (max, sum) per chunk", reads=MN, writes=0, stat_writes=2 * M * S),
            KernelTraffic("combine and normalise", reads=MN, writes=MN, stat_reads=2 * M * S * S),
        ),
        "naive_backward": (
            KernelTraffic("dy * y", reads=2 * MN, writes=MN),
            KernelTraffic("sum", reads=MN, writes=M),
            KernelTraffic("dy - sum", reads=MN + M, writes=MN),
            KernelTraffic("y * (dy - sum)", reads=2 * MN, writes=MN),
        ),
        "fused_backward": (KernelTraffic("fused backward", reads=2 * MN, writes=MN),),
        "online_backward": (
            KernelTraffic("online backward (two reads of y, dy)", reads=4 * MN, writes=MN),
        ),
        "split_backward": (
            KernelTraffic("partial sum per chunk", reads=2 * MN, writes=0, stat_writes=M * S),
            KernelTraffic("combine and write dx", reads=2 * MN, writes=MN, stat_reads=M * S * S),
        ),
    }[algorithm]
    return Traffic(algorithm, M, N, kernels)
