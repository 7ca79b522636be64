"""The dispatcher: which kernel, block sizes, warps and grid for an (M, N) problem.

``make_plan`` returns a ``Plan``, a plain record that users and benchmarks can print, compare and
force (every field can be overridden by passing ``kernel=``, ``block_n=``, ``splits=``, ``lanes=`` or
``persistent=``). All the heuristics' numbers live in this module.

The choice, and why
-------------------
single_block  when a row fits on chip (up to ``SINGLE_BLOCK_MAX_COLS`` float32 values per row, half
              that in the backward which holds y and dy): the fewest bytes, 2MN forward. For small N
              a program takes ``BLOCK_M`` rows at once so that each holds ``TILE_ELEMENTS`` values
              and every load is a full 16-byte vector. Where it measured faster (see
              ``PERSISTENT_FROM_COLS``) the grid is persistent: as many programs as fit on the GPU
              at once, read off the compiled kernel's registers and shared memory.
split         for rows too wide to hold when there are too few of them to fill the GPU with one
              program per row (``SPLIT_MAX_ROWS_PER_SM``): each row is cut into ``splits`` chunks
              so about ``SPLIT_PROGRAMS_PER_SM`` programs run per multiprocessor.
online        otherwise: ``ONLINE_BLOCK`` columns at a time, no limit on N, one program per row.

The multi-block kernels fold each step of ``block_n`` columns into ``lanes`` running pairs (forward)
or partial sums (backward); see ``kernels.row_math.online_update``. ``lanes = block_n`` (a pair per
column of the step, the default: the form that was measured) costs two exps per element in the
forward's first pass; ``lanes`` = threads x 16-byte vector (``folded_lanes``) costs 1 + lanes/block_n.

The numbers were chosen from ``benchmarks/sweep_plans.py`` on an H200 (results/ has the sweep).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import torch
import triton

from .hardware import DeviceInfo, device_info
from .kernels import backward as bwd
from .kernels import forward as fwd

KERNELS = ("single_block", "online", "split")

SINGLE_BLOCK_MAX_COLS = 32768
"""Widest row (float32 values on chip) the forward single-block kernel holds; the backward holds
two such tiles (y and dy) and so stops at half."""
TILE_ELEMENTS = 2048
"""Values one single-block program holds when rows are narrow: BLOCK_M = TILE_ELEMENTS // BLOCK_N
rows at once (measured best from N=256 to 1024 on an H200, float32 and bfloat16)."""
VECTORS_PER_THREAD = 2
"""16-byte vectors each thread loads per row tile; with the tile size it sets num_warps."""
PERSISTENT_FROM_COLS = {2: 32768}
"""Itemsize -> row width from which the single-block grid is persistent, with a pipelined loop
that loads the next row while this one is reduced. Measured: for bfloat16 rows of 32768 (one
program per SM) it gave 3596 against 3134 GB/s; everywhere else one program per tile was faster
(by 3-10%), so the other widths launch one program per tile."""
PERSISTENT_STAGES = 3
ONLINE_BLOCK = {4: 16384, 2: 8192}
"""Itemsize -> columns per step of the online forward (measured best at N=65536)."""
ONLINE_BACKWARD_STEP_BYTES = 65536
"""Bytes of y and dy together per step of the online backward, whose loops are software-pipelined
``ONLINE_BACKWARD_STAGES`` deep (three 64 KiB stages fit in shared memory). Measured at N=65536:
bfloat16 3325 against 2774 GB/s unpipelined; float32 2842 against 2778. Compiled for sm_90
(benchmarks/resource_usage.py) only the float32 loop is pipelined through shared memory: the
bfloat16 one compiles to the same PTX at any ``num_stages`` (no cp.async), so what gained there was
not pipelining; and the float32 one spills 112 bytes at 3 stages (none at 2)."""
ONLINE_BACKWARD_STAGES = 3
ONLINE_WARPS = 16
ONLINE_PROGRAMS_PER_SM = 1
"""Programs per SM of the online kernel's persistent grid, when forced (``persistent=True``): each
walks rows so that the rows in flight might stay in L2 for the second read. Measured on an H200
it did not pay (fp32 N=65536: 3071 against 3196 GB/s with one program per row; bf16: 2092
against 2875), because the written outputs pass through L2 too; so the default grid is one
program per row."""
SPLIT_PROGRAMS_PER_SM = 2
"""Split-row cuts each row so that about this many programs per SM share the rows."""
SPLIT_MAX_ROWS_PER_SM = 0.5
"""Split-row is chosen while M <= this * SMs; above it, one program per row already fills the GPU
(measured at N=1M: M=64 split 55% against online 51% of copy; M=128 split 58% against 62%)."""
SPLIT_BLOCK = 4096
"""Columns per step of the split kernels, small so that a few rows still make many chunks."""
MAX_WARPS = 32
FOLD_BY_DEFAULT = False
"""Whether multi-block plans fold each step into ``folded_lanes`` pairs rather than one per column.
Off until measured: compiled for sm_90 the folded online forward (fp32, 16384 columns, 16 warps)
has 72 exp2 per thread against 128 at the same 125-128 registers (benchmarks/resource_usage.py),
but no GPU has timed it yet (benchmarks/sweep_plans.py --wide-only does)."""


@dataclass(frozen=True)
class Plan:
    """How one softmax launch will run; ``grid`` is the launch grid of its (main) kernel.

    ``persistent``: the grid is smaller than the work, and each program loops over row tiles.
    """

    kernel: str
    block_m: int
    block_n: int
    num_warps: int
    num_stages: int
    splits: int
    chunk: int
    grid: tuple[int, ...]
    persistent: bool = False
    lanes: int = 0
    """Multi-block kernels: the running pairs (sums) a step's ``block_n`` columns fold into, a power
    of two dividing ``block_n``; 0 for single_block, which holds whole rows."""

    def describe(self) -> str:
        parts = [self.kernel, f"block {self.block_m}x{self.block_n}", f"{self.num_warps} warps"]
        if self.num_stages > 1:
            parts.append(f"{self.num_stages} stages")
        if self.lanes and self.lanes < self.block_n:
            parts.append(f"folded into {self.lanes} lanes")
        if self.kernel == "split":
            parts.append(f"{self.splits} splits of {self.chunk}")
        if self.persistent:
            parts.append("persistent")
        return ", ".join(parts) + f", grid {self.grid}"


def _single_block_max_cols(backward: bool) -> int:
    return SINGLE_BLOCK_MAX_COLS // 2 if backward else SINGLE_BLOCK_MAX_COLS


def _check_overrides(kernel, block_n, splits, lanes, N, backward):
    if kernel is not None and kernel not in KERNELS:
        raise ValueError(f"unknown kernel {kernel!r}; choose one of {KERNELS} (or None for auto)")
    if block_n is not None and (block_n < 1 or block_n & (block_n - 1)):
        raise ValueError(f"block_n must be a power of two, got {block_n}")
    if splits is not None and splits < 1:
        raise ValueError(f"splits must be at least 1, got {splits}")
    if lanes is not None and (lanes < 1 or lanes & (lanes - 1)):
        raise ValueError(f"lanes must be a power of two, got {lanes}")
    if kernel == "single_block":
        limit = _single_block_max_cols(backward)
        if triton.next_power_of_2(N) > limit:
            raise ValueError(
                f"single_block holds a whole row on chip, up to {limit} columns "
                f"{'in the backward' if backward else ''}; N={N} needs kernel='online' or 'split'"
            )
        if block_n is not None and block_n < N:
            raise ValueError(f"single_block needs block_n >= N to hold the row, got {block_n} < {N}")
        if lanes is not None:
            raise ValueError("lanes applies to the multi-block kernels ('online', 'split'); "
                             "single_block holds whole rows and folds nothing")


def _persistent_programs(kernel, n_tiles: int, num_warps: int, info: DeviceInfo, warmup) -> int:
    """Programs that fit on the GPU at once, from the compiled kernel's registers and shared memory."""
    if info.interpreted:
        return min(n_tiles, info.sm_count)
    compiled = warmup()
    compiled._init_handles()
    threads = 32 * num_warps
    per_sm = min(
        info.regs_per_sm // max(compiled.n_regs * threads, 1),
        info.smem_per_sm // compiled.metadata.shared if compiled.metadata.shared else 32,
        info.max_threads_per_sm // threads,
        32,
    )
    return min(n_tiles, max(per_sm, 1) * info.sm_count)


def _single_block_plan(M, N, dtype, info, backward, log, block_n, persistent):
    itemsize = torch.finfo(dtype).bits // 8
    block_n = block_n or triton.next_power_of_2(N)
    block_m = min(max(TILE_ELEMENTS // block_n, 1), triton.next_power_of_2(M))
    vector = 16 // itemsize
    num_warps = min(max(block_m * block_n // (32 * VECTORS_PER_THREAD * vector), 1), MAX_WARPS)
    n_tiles = triton.cdiv(M, block_m)
    if persistent is None:
        persistent = block_n >= PERSISTENT_FROM_COLS.get(itemsize, float("inf")) and not backward
    if not persistent:
        return Plan("single_block", block_m, block_n, num_warps, 1, 1, N, (n_tiles,))
    stages = PERSISTENT_STAGES
    kernel = bwd.single_block_backward if backward else fwd.single_block_forward
    meta = dict(BLOCK_M=block_m, BLOCK_N=block_n, LOG=log, NUM_STAGES=stages,
                num_warps=num_warps, num_stages=stages, grid=(1,))
    pointers = (dtype,) * (3 if backward else 2)
    strides = (N,) * len(pointers)
    programs = _persistent_programs(
        kernel, n_tiles, num_warps, info, lambda: kernel.warmup(*pointers, M, N, *strides, **meta))
    return Plan("single_block", block_m, block_n, num_warps, stages, 1, N, (programs,), True)


def folded_lanes(block_n: int, num_warps: int, dtype: torch.dtype) -> int:
    """Lanes for the folded form: one 16-byte vector per thread, so that each thread folds its own
    column of the [block_n // lanes, lanes] tile and no step needs a cross-thread reduction."""
    return min(block_n, 32 * num_warps * (16 // dtype.itemsize))


def _multi_block_plan(kernel, M, N, dtype, info, backward, block_n, splits, lanes, persistent):
    itemsize = torch.finfo(dtype).bits // 8
    if kernel == "split":
        default_block, stages = SPLIT_BLOCK, 1
    elif backward:
        default_block = ONLINE_BACKWARD_STEP_BYTES // (2 * itemsize)
        stages = ONLINE_BACKWARD_STAGES
    else:
        default_block, stages = ONLINE_BLOCK[itemsize], 1
    block_n = block_n or min(default_block, triton.next_power_of_2(N))
    num_warps = min(max(block_n // (32 * VECTORS_PER_THREAD * (16 // itemsize)), 1), ONLINE_WARPS)
    if lanes is None:
        lanes = folded_lanes(block_n, num_warps, dtype) if FOLD_BY_DEFAULT else block_n
    elif lanes > block_n:
        raise ValueError(f"lanes ({lanes}) cannot exceed block_n ({block_n}): each step folds "
                         f"block_n columns into lanes pairs")
    if kernel == "online":
        programs = min(M, ONLINE_PROGRAMS_PER_SM * info.sm_count) if persistent else M
        return Plan("online", 1, block_n, num_warps, stages, 1, N, (programs,), programs < M,
                    lanes)
    if splits is None:
        wanted = triton.cdiv(SPLIT_PROGRAMS_PER_SM * info.sm_count, M)
        splits = max(1, min(wanted, triton.cdiv(N, block_n)))
    chunk = triton.cdiv(triton.cdiv(N, splits), block_n) * block_n
    splits = triton.cdiv(N, chunk)  # rounding the chunk up may leave fewer, never empty, chunks
    return Plan("split", 1, block_n, num_warps, 1, splits, chunk, (M, splits), False, lanes)


@functools.lru_cache(maxsize=4096)
def _cached_plan(M, N, dtype, device, backward, log, kernel, block_n, splits, lanes,
                 persistent) -> Plan:
    return plan_for(M, N, dtype, device_info(device), backward=backward, log=log, kernel=kernel,
                    block_n=block_n, splits=splits, lanes=lanes, persistent=persistent)


def plan_for(M: int, N: int, dtype: torch.dtype, info: DeviceInfo, *, backward: bool = False,
             log: bool = False, kernel: str | None = None, block_n: int | None = None,
             splits: int | None = None, lanes: int | None = None,
             persistent: bool | None = None) -> Plan:
    """``make_plan`` for a described device (``DeviceInfo``) rather than a present one, unchecked
    and uncached: what tools that plan for a GPU they do not have (benchmarks/resource_usage.py)
    call. A persistent single-block plan sizes its grid from the compiled kernel, so needs the GPU
    unless ``info.interpreted``."""
    if kernel is None:
        if triton.next_power_of_2(N) <= _single_block_max_cols(backward):
            kernel = "single_block"
        elif M <= SPLIT_MAX_ROWS_PER_SM * info.sm_count:
            kernel = "split"
        else:
            kernel = "online"
    if kernel == "single_block":
        return _single_block_plan(M, N, dtype, info, backward, log, block_n, persistent)
    return _multi_block_plan(kernel, M, N, dtype, info, backward, block_n, splits, lanes,
                             persistent)


def make_plan(M: int, N: int, dtype: torch.dtype, device: torch.device, *, backward: bool = False,
              log: bool = False, kernel: str | None = None, block_n: int | None = None,
              splits: int | None = None, lanes: int | None = None,
              persistent: bool | None = None) -> Plan:
    """The plan for M rows of N columns (N >= 1, M >= 1).

    ``kernel``, ``block_n``, ``splits``, ``lanes`` (online and split: the pairs each step folds
    into) and ``persistent`` (single_block and online: a grid of programs that loop over rows,
    sized to what fits on the GPU) force the choice; None is auto.
    """
    _check_overrides(kernel, block_n, splits, lanes, N, backward)
    return _cached_plan(M, N, dtype, torch.device(device), backward, log, kernel, block_n, splits,
                        lanes, persistent)
