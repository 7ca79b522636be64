"""The launch table: a ``Plan`` turned into the kernel launches that run it, and run.

``launches(plan, ...)`` is the one place that knows each kernel's arguments and launch options;
``softmax_rows`` / ``softmax_backward_rows`` run them, and tools that compile or time plans
(benchmarks/resource_usage.py, benchmarks/sweep_plans.py) take the same ``Launch`` records (a
cooperative record launched again takes fresh exchange words, ``exchange_buffer``: time
``softmax_rows``, not a record, to time what a call costs).
Every kernel names its constexprs alike: ``BLOCK_M``/``BLOCK`` (columns a step or program holds),
``TAIL``, ``TAIL2``, ``PASS``, ``LANES``, ``STAGES``, ``BLOCKS``, ``SLOTS``, ``LOG``,
``MULTIPLE_OF``, ``WINDOW`` (``window_elements``), ``ASM`` (compiled, not interpreted).
"""

from __future__ import annotations

import collections
import contextlib
import math
import warnings
from typing import NamedTuple

import numpy as np
import torch

import triton

try:
    from triton import knobs
except ImportError:  # a Triton without knobs: no relaunch (see _launches_plainly)
    knobs = None

from ._inputs import compute_dtype
from .exchange_buffer import Lease, current_device_index, current_raw_stream
from .hardware import kernels_interpreted
from .kernels import backward as bwd
from .kernels import cooperative as coop
from .kernels import forward as fwd
from .kernels import spatial
from .policy import (COOPERATIVE_PREFETCH_LINE_BYTES, Plan, cdiv, exchange_words, for_rows,
                     keeps_caps_through_window, next_power_of_2, reads_in_window, row_pass,
                     window_columns)

LAUNCHES: collections.Counter = collections.Counter()
"""Kernel launches by plan kernel and direction ("cooperative_forward", ...), counted so that
tests can assert which path really ran."""


class Launch(NamedTuple):
    """One kernel launch: ``kernel[grid](*args, **constexprs, num_warps=, num_stages=)``, and
    ``maxnreg=max_registers`` where that is set. (A named tuple: one is built per call, and a
    tuple builds in a third of a frozen dataclass's time.)"""

    kernel: object
    grid: tuple[int, ...]
    args: tuple
    constexprs: dict
    num_warps: int = 4
    num_stages: int = 1
    max_registers: int = 0
    exchange: Lease | None = None
    """A cooperative launch's exchange words: its last two arguments (``Lease.arguments``)."""

    def __call__(self, just_made: bool = False):
        """Launch; returns what Triton's launch returns (its compiled kernel, when compiled).
        A cooperative launch runs through its lease (``Lease.launch``; ``just_made``: launched
        by the call that made the record, with nothing run since)."""
        lease = self.exchange
        if lease is None:
            return self._launch(self.args)
        return lease.launch(lambda words, offset: self._launch((*self.args[:-2], words, offset)),
                            just_made)

    def _launch(self, args: tuple):
        options = dict(maxnreg=self.max_registers) if self.max_registers else {}
        return self.kernel[self.grid](*args, **self.constexprs, num_warps=self.num_warps,
                                      num_stages=self.num_stages, **options)


class Relaunch:
    """A launch that ran (single-block, or cooperative; forward or backward), made repeatable on
    other rows, ``(x, y)`` or ``(y, dy, dx)``, of the same shapes, strides, dtypes and device,
    without Triton's per-call work. It reads only their pointers: a caller may pass the tensors
    the rows view from their first element (``ops.KnownLaunch.rows_are_operands``).

    ``kernel[grid](...)`` binds the arguments, computes their specialisation (dtypes, which
    integers are 1 or multiples of 16, which pointers are 16-byte aligned) and looks the compiled
    kernel up: about half of a small call's launch (results/h100/host_overhead.log, "the launch
    record alone" against "compiled kernel called directly"). The caller keys a ``Relaunch`` by
    shape, strides, dtype and device, which fix every integer argument but a cooperative
    launch's ``stale_offset`` (below); what is left of the
    specialisation is the pointers' alignment, the device and Triton's launch settings
    (``_launches_plainly``), checked on each call: a call that differs returns False having
    launched nothing, and takes Triton's launch. The alignment is matched to the byte within 16,
    since a cooperative plan also depends on whether rows start on a 4-byte word
    (``_word_aligned``). A cooperative launch leases its exchange words each call
    (``exchange_buffer.Lease``; always multiples of 16 bytes and at offsets that are multiples
    of 16 words, as Triton specialised them). It launches through Triton's C launch function
    (``direct_launcher``) or its ``CompiledKernel[grid]`` launcher (if either ever fails before
    launching, ``RELAUNCH_WORKS`` turns every relaunch off and the caller launches the usual way).
    """

    __slots__ = ("launcher", "direct", "rest", "constexprs", "alignment", "row_strides", "device",
                 "cooperative", "word_count", "counted")

    def __init__(self, record: Launch, compiled, device: int, counted: str, operands: int):
        """``operands``: how many of the record's first arguments are the rows (2 forward, 3
        backward), the tensors a call passes anew."""
        given = dict(zip(record.kernel.arg_names, record.args)) | dict(record.constexprs)
        values = [given[name] for name in record.kernel.arg_names]
        self.launcher, self.direct = direct_launcher(compiled, (*record.grid, 1, 1)[:3], device)
        if record.exchange is None:
            self.rest, self.constexprs = tuple(values[operands:]), ()
        else:  # the exchange words (the last two arguments before the constexprs): leased
            self.rest = tuple(values[operands:len(record.args) - 2])
            self.constexprs = tuple(values[len(record.args):])
        self.alignment = tuple(t.data_ptr() % 16 for t in record.args[:operands])
        # the rows' strides, which its integer arguments hold: rows made otherwise than the
        # first call's must match them (``ops._rows_or_operands``)
        self.row_strides = tuple(t.stride(0) for t in record.args[:operands])
        self.device = device
        self.cooperative = record.exchange is not None
        self.word_count = record.exchange.count if self.cooperative else 0
        self.counted = counted

    def __call__(self, *rows: torch.Tensor) -> bool:
        global RELAUNCH_WORKS
        first = rows[0]
        if (not RELAUNCH_WORKS or tuple(t.data_ptr() % 16 for t in rows) != self.alignment
                or first.device.index != self.device
                or current_device_index() != self.device or not _launches_plainly()):
            return False
        try:
            if self.cooperative:
                Lease(self.word_count, first.device).launch(
                    lambda words, offset: self.launcher(*rows, *self.rest, words, offset,
                                                        *self.constexprs), True)
            else:
                self.launcher(*rows, *self.rest)
        except TypeError:  # a Triton whose launcher takes other arguments: it launched nothing
            RELAUNCH_WORKS = False  # (no launch hook ran: _launches_plainly excludes them)
            return False
        LAUNCHES[self.counted] += 1
        return True


RELAUNCH_WORKS = True

DIRECT_LAUNCH_TRITON = "3.6."
"""The Triton release whose C launch function ``direct_launcher`` calls with its arguments in
the order that release's ``CompiledKernel[grid]`` passes them."""


DIRECT_LAUNCH_FORMAT = "iiiKKppOOOOOO"
"""How that C function parses the arguments before the kernel's (Triton 3.6's
``_BASE_ARGS_FORMAT``): ``p`` and ``O`` accept any object, so a reordering would not raise;
the format is checked as well as the release."""


def _launch_format() -> str | None:
    try:
        from triton.backends.nvidia import driver
    except ImportError:
        return None
    return getattr(driver, "_BASE_ARGS_FORMAT", None)


def direct_launcher(compiled, grid: tuple[int, int, int], device: int) -> tuple:
    """(a function launching ``compiled`` on ``grid`` with the kernel's arguments, whether it
    calls Triton's C launch function directly).

    Triton's ``compiled[grid](*args)`` asks torch for the current device and stream, builds the
    launch's metadata for hooks, and its launcher allocates scratch memory where a kernel needs
    some, before it calls the C function: 9.1 µs a call of an H200's host, against 5.2 for the C
    function called directly with the same arguments (8 x 256 float32; results/h200/
    host_autograd_2026-11-24/direct_launch.log). Directly, then, where the Triton is the release
    whose argument order this follows (``DIRECT_LAUNCH_TRITON``), the kernel needs no scratch
    memory and runs one CTA a program; the hooks are None (a relaunch is made and run only
    without them: ``_launches_plainly``); else through ``compiled[grid]``."""
    run = getattr(compiled, "run", None)
    if (not triton.__version__.startswith(DIRECT_LAUNCH_TRITON) or run is None
            or type(run).__name__ != "CudaLauncher" or _launch_format() != DIRECT_LAUNCH_FORMAT
            or getattr(run, "global_scratch_size", 1) or getattr(run, "profile_scratch_size", 1)
            or getattr(run, "num_ctas", 0) != 1):
        return compiled[grid], False
    launch_function = run.launch
    middle = (compiled.function, run.launch_cooperative_grid, run.launch_pdl, None, None,
              compiled.packed_metadata, None, None, None)

    def launcher(*arguments, compiled=compiled):  # (holds the kernel its function belongs to)
        launch_function(*grid, current_raw_stream(device), *middle, *arguments)

    return launcher, True


def _launches_plainly() -> bool:
    """Whether Triton launches as it does by default. Not with a debug or instrumented build
    (Triton keys its cache on them, and a relaunch would keep the first call's binary), nor with
    launch hooks (a hook's error must not read as the launcher's), nor pre-run hooks."""
    if knobs is None:
        return False
    runtime = knobs.runtime
    return not (runtime.debug or knobs.compilation.instrumentation_mode
                or getattr(runtime.launch_enter_hook, "calls", runtime.launch_enter_hook)
                or getattr(runtime.launch_exit_hook, "calls", runtime.launch_exit_hook))


def _workspace(M: int, slots: int, like: torch.Tensor, pairs: int) -> torch.Tensor:
    """Partial results for ``slots`` per row: (max, normaliser) pairs forward, sums backward; in
    the compute dtype of ``like`` (float32, or float64 for float64: ``reference.dtypes``)."""
    return torch.empty((pairs, M, slots), dtype=compute_dtype(like.dtype), device=like.device)


def _word_aligned(rows: torch.Tensor) -> bool:
    """Whether ``rows`` (16-bit) read as 32-bit words from their own starts (``Plan.paired``): N
    even, and every row starting 4-byte aligned. (Rows of odd N read as words only through a
    window, ``window_elements``.)"""
    return (rows.shape[1] % 2 == 0 and rows.data_ptr() % 4 == 0
            and (rows.stride(0) % 2 == 0 or rows.shape[0] == 1))


def window_elements(plan: Plan, rows: tuple[torch.Tensor, ...]) -> int:
    """``WINDOW`` of a single-block or cooperative launch (``kernels/row_math.py``,
    ``row_window``): the elements of a 16-byte vector where the rows are read from a 16-byte
    boundary (the one before each row's start in the cooperative kernel, the one that begins
    its body in the single-block ones; ``policy.reads_in_window``), which needs every tensor to
    shift its rows alike (one row stride, or one row) from a 16-byte aligned start, the plan's
    programs to hold the row as the window reads it (``policy.window_columns``: a plan built by
    hand may not),
    and the shifted row's last column to fit the kernels' 32-bit column numbers, unless the plan
    says otherwise (``Plan.windowed``); else 0, each row read from its own start."""
    M, N = rows[0].shape
    itemsize = rows[0].element_size()
    backward = len(rows) == 3
    covered = window_columns(N, itemsize, backward, plan.kernel)
    if (not plan.windowed or not reads_in_window(N, itemsize, backward, plan.kernel)
            or plan.columns_held < covered or covered >= 2 ** 31
            or any(t.data_ptr() % 16 for t in rows)
            or (M > 1 and len({t.stride(0) for t in rows}) > 1)):
        return 0
    return 16 // itemsize


def edge_lanes(window: int, block_m: int, num_warps: int) -> int:
    """``EDGES`` of a single-block forward launch through a ``window``: the columns of each row's
    edge tile (``kernels/row_math.py``, ``row_edges``), its two partial vectors' 2 * window,
    widened to a value a thread of the program's 32 * num_warps where a program holds one row.

    Why: the row's pair goes to its edges through a scalar there (``row_math.per_row``), so
    that the compiler loads them once, not again in the body's layout, either way (compiled
    for sm_90, bfloat16 4097 in 4 warps, 1 scalar load a thread; a value a thread without the
    scalar spilled 20504 bytes); with the edges a value a thread the forward also ran faster,
    the same plans in the same lease on an H200, bfloat16 8191 / 8194 / 12289 / 16383 92.7 /
    92.9 / 75.2 / 86.2% of copy against 88.6 / 88.9 / 71.5 / 83.0% with the edges' own 16
    columns, 3001 91.6 against 86.5% (results/h200/forward_body_tile_2026-11-29/, second and
    third calls). Not in tiles of several rows:
    compiled for sm_90, bfloat16 rows of 509 two a program in 2 warps, edges of 32 columns,
    spilled 3152 bytes (where 16 spill none)."""
    return max(2 * window, 32 * num_warps if block_m == 1 else 1)


def row_multiple(N: int, strides: tuple[int, ...], itemsize: int) -> int:
    """The largest power of two that divides N and every row stride, up to the elements of a
    16-byte vector (16 // itemsize): N = 1000 float32 gives 4, N = 4100 bfloat16 4, an odd N 1.
    A stride of 0 (an expanded row) is a multiple of anything."""
    common = math.gcd(N, *strides)
    return min(common & -common, 16 // itemsize)


def known_multiple_of(N: int, strides: tuple[int, ...], itemsize: int) -> int:
    """``MULTIPLE_OF`` for every kernel (``kernels/row_math.known_multiple``): 1 where N and every
    row stride are multiples of 16, which Triton's own specialisation shows the compiler; else
    ``row_multiple``."""
    if N % 16 == 0 and all(stride % 16 == 0 for stride in strides):
        return 1
    return row_multiple(N, strides, itemsize)


def exchange_vector(slots: int, num_warps: int) -> int:
    """The length of the vector in which a cooperative program reads its row's ``slots`` words
    (``kernels/cooperative.py``: ``wait_for``, ``all_published``): a power of two, and at least
    a word for every thread. Whether every word is published decides whether the program helps,
    whose block reductions every thread must enter or none; a vector of 32 words or fewer is
    reduced within each warp, by shuffles, from each warp's own reads, so warps could decide
    apart. Spread over every warp, the reduction goes through shared memory behind a barrier
    and every thread reads the one answer. The words past ``slots`` are masked: not read. On an
    H200 no plan was slower for it, and at N = 262144 every one faster, by 1.6-3.5 points of
    copy (results/h200/uniform_wait_2026-11-23/)."""
    return max(next_power_of_2(slots), 32 * num_warps)


def _spatial_launch(plan: Plan, tensors: tuple[torch.Tensor, ...], log: bool) -> Launch:
    """The launch of a spatial plan over (A, N, B) tensors of any strides
    (``kernels/spatial.py``)."""
    A, N, B = tensors[0].shape
    kernel = spatial.spatial_backward if len(tensors) == 3 else spatial.spatial_forward
    n_b_tiles = -(-B // plan.block_m)
    return Launch(kernel, (A * n_b_tiles,), (*tensors, N, B, n_b_tiles,
                                             *(s for t in tensors for s in t.stride())),
                  dict(BLOCK_N=plan.block_n, BLOCK_B=plan.block_m, ONE_PASS=plan.passes == 1,
                       LOG=log), num_warps=plan.num_warps, num_stages=plan.num_stages)


def launches(plan: Plan, rows: tuple[torch.Tensor, ...], log: bool) -> tuple[Launch, ...]:
    """The launches of ``plan`` over (M, N) row matrices of unit column stride (over (A, N, B)
    tensors of any strides for a spatial plan): ``(x, y)`` forward, ``(y, dy, dx)`` backward (the
    last is written). Allocates the workspaces the plan needs; a cooperative launch leases its
    exchange words (``exchange_buffer.Lease``: a record launched again takes fresh ones)."""
    if plan.kernel == "spatial":
        return (_spatial_launch(plan, rows, log),)
    backward = len(rows) == 3
    M, N = rows[0].shape
    strides = tuple(t.stride(0) for t in rows)
    options = dict(num_warps=plan.num_warps, num_stages=plan.num_stages,
                   max_registers=plan.max_registers)
    itemsize = rows[0].element_size()
    multiple_of = known_multiple_of(N, strides, itemsize)
    vectors = (row_multiple(N, strides, itemsize) == 16 // itemsize
               and all(t.data_ptr() % 16 == 0 for t in rows))
    if plan.kernel == "single_block":
        window = window_elements(plan, rows)
        wide = vectors or window > 0  # every row read in 16-byte vectors
        plan = for_rows(plan, True, wide)
        needed = window_columns(N, itemsize, backward, plan.kernel) if window else N
        if plan.columns_held < needed:
            raise ValueError(f"a single-block plan holds {plan.columns_held} columns a row "
                             f"({plan.describe()}); these rows need {needed}: widen its block_n "
                             "or tail")
        options.update(num_warps=plan.num_warps, max_registers=plan.max_registers)
        kernel = bwd.single_block_backward if backward else fwd.single_block_forward
        constexprs = dict(BLOCK_M=plan.block_m, BLOCK=plan.block_n, TAIL=plan.tail, LOG=log,
                          STAGES=plan.num_stages, MULTIPLE_OF=multiple_of, REREAD=plan.reread,
                          WINDOW=window,
                          ONE_TILE=M > 0 and plan.block_m > 1
                          and plan.grid[0] == cdiv(M, plan.block_m))
        if backward:
            if plan.tail2 or plan.row_threads:
                raise ValueError("Plan.tail2 and Plan.row_threads are the single-block forward's: "
                                 "the backward holds a row as a block and a tail, its warps "
                                 "along the columns")
            constexprs.update(HELD_AS_LOADED=plan.held_as_loaded, ASM=not kernels_interpreted())
        else:
            constexprs.update(TAIL2=plan.tail2,
                              PASS=row_pass(plan.row_threads, itemsize, wide),
                              EDGES=edge_lanes(window, plan.block_m, plan.num_warps))
        return (Launch(kernel, plan.grid, (*rows, M, N, *strides), constexprs, **options),)
    if plan.kernel == "online":
        kernel = bwd.online_backward if backward else fwd.online_forward
        return (Launch(kernel, plan.grid, (*rows, M, N, *strides),
                       dict(BLOCK=plan.block_n, LANES=plan.lanes, LOG=log, STAGES=plan.num_stages,
                            MULTIPLE_OF=multiple_of), **options),)
    if plan.kernel == "cooperative":
        window = window_elements(plan, rows)
        capped = window > 0 and keeps_caps_through_window(plan, rows[0].dtype, backward)
        plan = for_rows(plan, window > 0 or all(_word_aligned(t) for t in rows),
                        vectors or capped)
        options.update(num_warps=plan.num_warps, max_registers=plan.max_registers)
        slots = plan.splits * plan.blocks_per_program
        lease = Lease(exchange_words(M, plan, backward, itemsize), rows[0].device)
        constexprs = dict(BLOCK=plan.block_n, BLOCKS=plan.blocks_per_program,
                          SLOTS=exchange_vector(slots, plan.num_warps), PATIENCE=plan.patience,
                          LOG=log, ASM=not kernels_interpreted(), MULTIPLE_OF=multiple_of,
                          PREFETCH=COOPERATIVE_PREFETCH_LINE_BYTES if plan.prefetch else 0,
                          WINDOW=window)
        if backward:
            if plan.hold_last:
                raise ValueError("Plan.hold_last is the cooperative forward's: the backward holds "
                                 "its first block")
            kernel = coop.cooperative_backward
        else:
            kernel = coop.cooperative_forward
            constexprs.update(PAIRED=plan.paired, HOLD_LAST=plan.hold_last,
                              PAIRED_OTHERS=plan.paired_others)
        return (Launch(kernel, plan.grid, (*rows, N, *strides, plan.splits, *lease.arguments()),
                       constexprs, **options, exchange=lease),)
    workspace = _workspace(M, plan.splits, rows[0], 1 if backward else 2)
    common = dict(BLOCK=plan.block_n, STAGES=plan.num_stages, MULTIPLE_OF=multiple_of)
    if backward:
        partials, final = bwd.split_grad_partials, bwd.split_backward
        first = Launch(partials, plan.grid, (*rows[:2], workspace, N, *strides[:2], plan.chunk),
                       dict(common, LANES=plan.lanes, LOG=log), **options)
    else:
        partials, final = fwd.split_partials, fwd.split_forward
        first = Launch(partials, plan.grid, (rows[0], workspace, N, strides[0], plan.chunk),
                       dict(common, LANES=plan.lanes), **options)
    return (first, Launch(final, plan.grid, (*rows, workspace, N, *strides, plan.chunk),
                          dict(common, SLOTS=next_power_of_2(plan.splits), LOG=log), **options))


@contextlib.contextmanager
def _interpreter_quiet():
    """Under the Triton interpreter, keep its NumPy warnings from the caller: it computes masked
    lanes too (-inf - -inf, whose NaN the mask then drops), takes maxima of rows that are all
    NaN, and converts one-element arrays to loop bounds. Compiled kernels warn nothing: ``_run``
    enters this only under the interpreter."""
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Conversion of an array with ndim > 0",
                                DeprecationWarning)
        warnings.filterwarnings("ignore", "All-NaN slice encountered", RuntimeWarning)
        yield


def _run(plan: Plan, rows: tuple[torch.Tensor, ...], log: bool, direction: str) -> tuple:
    """Launch ``plan``; returns its launch records and, compiled, what each launch returned."""
    if kernels_interpreted():
        records = launches(plan, rows, log)
        with _interpreter_quiet():
            for launch in records:
                launch(just_made=True)
        compiled = []
    elif rows[0].is_cuda and rows[0].device.index != torch.cuda.current_device():
        # Triton launches on the current device: make it the tensors' (as torch's own ops do),
        # before the records lease words on its stream
        with torch.cuda.device(rows[0].device):
            records = launches(plan, rows, log)
            compiled = [launch(just_made=True) for launch in records]
    else:  # compiled: nothing to quiet, and a context manager costs a microsecond a call
        records = launches(plan, rows, log)
        compiled = [launch(just_made=True) for launch in records]
    LAUNCHES[f"{plan.kernel}_{direction}"] += 1
    return records, compiled


RELAUNCHED_KERNELS = ("single_block", "cooperative")
"""The plans whose launch a repeated call makes again without Triton's binding (``Relaunch``),
forward and backward: one launch, its integer arguments fixed by the shapes and strides. (Not
the online and split kernels' launches, nor the spatial kernel's: their calls are not the small
ones.)"""


def _run_repeatable(plan: Plan, rows: tuple[torch.Tensor, ...], log: bool, direction: str,
                    relaunch: bool) -> Relaunch | None:
    """Launch ``plan`` on ``rows`` (``_run``); with ``relaunch``, return a ``Relaunch`` of the
    launch when it can make one (compiled kernels of ``RELAUNCHED_KERNELS``), else None."""
    records, compiled = _run(plan, rows, log, direction)
    device = rows[0].device.index
    if (relaunch and plan.kernel in RELAUNCHED_KERNELS and compiled and compiled[0] is not None
            and RELAUNCH_WORKS and device == current_device_index()
            and not getattr(records[0].kernel, "pre_run_hooks", None) and _launches_plainly()):
        try:
            return Relaunch(records[0], compiled[0], device, f"{plan.kernel}_{direction}",
                            len(rows))
        except (AttributeError, TypeError, KeyError):  # another Triton's compiled kernel
            return None
    return None


def softmax_rows(plan: Plan, x: torch.Tensor, y: torch.Tensor, log: bool, *,
                 relaunch: bool = False) -> Relaunch | None:
    """y = softmax(x) (or log-softmax) along dim 1; x, y are (M, N) with unit column stride, or
    (A, N, B) of any strides for a spatial plan. ``relaunch``: see ``_run_repeatable``."""
    return _run_repeatable(plan, (x, y), log, "forward", relaunch)


def softmax_backward_rows(plan: Plan, y: torch.Tensor, dy: torch.Tensor, dx: torch.Tensor,
                          log: bool, *, relaunch: bool = False) -> Relaunch | None:
    """dx from the forward output y and gradient dy, all (M, N) with unit column stride, or
    (A, N, B) of any strides for a spatial plan. ``relaunch``: see ``_run_repeatable``."""
    return _run_repeatable(plan, (y, dy, dx), log, "backward", relaunch)
