"""The implementations the model predicts, the kernels each launches, and where each byte can come from.

Implementations
---------------
* the reference algorithms (``reference.traffic``): ``naive`` (eager, five kernels), ``fused`` (a
  row on chip: the ideal that the seeds' "about 4x" argues about), ``online`` (two reads of each
  row), ``split`` (a row shared by S programs in two launches through a workspace);
* ``cooperative``: the lab's default for rows too wide for one program, a row held on chip by
  several programs that exchange partial results (``triton_impl/kernels/cooperative.py``);
* ``torch``: an approximation of torch.softmax's CUDA kernels (below);
* ``ours``: whatever the lab's dispatcher runs. It is resolved through ``triton_impl.policy`` (the
  one statement of the dispatch rules; it needs neither torch nor triton), so the model predicts
  the dispatcher's choice by construction, for the GPU it models;

and the ``_backward`` of each. The lab's kernels are named by the policy and by the reference
differently, once, in ``POLICY_ALGORITHMS``.

Where bytes come from
---------------------
``reference.traffic`` says how many elements each kernel reads and writes. To predict time the
model needs one more thing: which of those bytes the L2 could serve. A ``KernelPlan`` sorts a
kernel's bytes into

* cold reads: the problem's inputs (x forward; y and dy backward) the first time they are read.
  The benchmarks flush the L2 before each call, so these come from DRAM;
* inner re-reads (``Reread``): a kernel reading again what it read itself (the online kernels'
  second pass, the cooperative kernel's extra blocks, torch's three-pass forward and its
  backward's second read of tmp), with the span of the reuse distance per program in flight,
  from the kernel's access order. The share whose distance fits the usable L2 hits (``model``);
* cross reads: data the previous kernel touched (an intermediate it wrote, or an input it read);
* output writes: the result, which always goes to DRAM;
* scratch writes: intermediates for a later kernel, which need never reach DRAM if consumed from L2.

For the reference algorithms the sorting is read off the reference counts by a rule, so that the
model never restates a formula: the first kernel's reads up to the size of the inputs are cold and
the rest inner re-reads; every later kernel's reads are cross reads; the last kernel's writes up
to the size of the output are output, all other writes scratch. torch.softmax has no reference
formula: its kernels are built from reference kernels after what Nsight Compute saw it run
(``traffic_model/evidence/probe_kernels.json``), and the facts about torch that this takes are
written down here, each with what showed it.

Each plan also names its kernel's ``kind``, the key of its measured speed in ``knobs`` where it has
one, and, for kernels that give each row (or slice) a program, how many programs it launches.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.dtypes import format_of
from reference.traffic import (
    BACKWARD_ALGORITHMS,
    STAT_ITEMSIZE,
    FORWARD_ALGORITHMS,
    KernelTraffic,
    Traffic,
    traffic_formula,
)
from triton_impl import policy

POLICY_ALGORITHMS = {
    "single_block": "fused",
    "cooperative": "cooperative",
    "online": "online",
    "split": "split",
}
"""The model's algorithm for each row kernel of the lab's dispatch policy (``policy.ROW_KERNELS``;
the model predicts (M, N) problems of contiguous rows, not the spatial kernel's): the
lab's single-block kernel is the reference's fused algorithm (a row on chip, 2MN), where the row
fits; the others share their names."""

FORWARD_IMPLEMENTATIONS = (*FORWARD_ALGORITHMS, "cooperative", "torch", "ours")
BACKWARD_IMPLEMENTATIONS = tuple(f"{name}_backward" for name in FORWARD_IMPLEMENTATIONS)
IMPLEMENTATIONS = FORWARD_IMPLEMENTATIONS + BACKWARD_IMPLEMENTATIONS

LABELS = {
    "naive": "naive eager softmax, five kernels",
    "fused": "fused kernel, a row on chip (the lab's single_block where the row fits)",
    "online": "online kernel, two reads of each row (forced; chosen for some float32 rows)",
    "split": "split-row kernels, partial (max, sum) through a workspace (forced only)",
    "cooperative": "cooperative kernel, a row on chip across several programs",
    "torch": "torch.softmax (approximation: its kernel by row width)",
    "ours": "the lab's dispatcher (triton_impl.policy's choice)",
}
LABELS |= {f"{name}_backward": f"backward of the {text}" for name, text in LABELS.items()}


def check(implementation: str) -> str:
    """``implementation`` if the model knows it; ``ValueError`` listing the known ones otherwise."""
    if implementation not in IMPLEMENTATIONS:
        raise ValueError(
            f"unknown implementation {implementation!r}; expected one of {', '.join(IMPLEMENTATIONS)}"
        )
    return implementation


def is_backward(implementation: str) -> bool:
    return check(implementation) in BACKWARD_IMPLEMENTATIONS


def with_direction(algorithm: str, backward: bool) -> str:
    """The model's name of ``algorithm`` (a forward name) in a direction: "fused" -> "fused_backward"."""
    return check(f"{algorithm}_backward" if backward else algorithm)


# ----------------------------------------------------------------------------------------------
# The lab's kernels: the policy's plan

FORCED = {"cooperative": "cooperative", "online": "online", "split": "split"}
"""The model's lab algorithms that name a policy kernel to force (``policy.Forcing``); "fused" is
the ideal at any N (the policy's single_block stops at 32768 columns), "ours" forces nothing."""


def lab_plan(implementation: str, M: int, N: int, dtype, device: policy.DeviceDescription,
             splits: int | None = None) -> policy.Plan | None:
    """The dispatch policy's plan behind a lab implementation: for "ours" what the dispatcher
    chooses, for "cooperative", "online" and "split" that kernel forced (with ``splits`` programs a
    row if given); None for the others. ``ValueError`` from the policy if the forcing cannot run."""
    base = implementation.removesuffix("_backward")
    backward = implementation.endswith("_backward")
    if base == "ours":
        return policy.choose(M, N, dtype, device, backward=backward)
    if base not in FORCED:
        return None
    forcing = policy.Forcing(FORCED[base], splits=splits if base in ("split", "cooperative") else None)
    return policy.choose(M, N, dtype, device, backward=backward, forcing=forcing)


def algorithm_of(implementation: str, plan: policy.Plan | None) -> str:
    """The model algorithm that ``implementation`` runs: for "ours" the plan's kernel's (itself when
    there is no plan: an empty problem runs nothing)."""
    if implementation.removesuffix("_backward") != "ours" or plan is None:
        return implementation
    return with_direction(POLICY_ALGORITHMS[plan.kernel], implementation.endswith("_backward"))


ONLINE_RESIDENT_PER_SM = {4: 1, 2: 2}
"""Programs of the online forward resident per SM (what fits, not what the policy aims at: its
``*_PROGRAMS_PER_SM`` are targets for the grid), by item size (probe_kernels.json: float32 125
registers x 512 threads, one program an SM by registers; bfloat16 64 registers, two)."""
ONLINE_ONE_STEP_RESIDENT_PER_SM = {8192: 3, 16384: 2, 32768: 1}
"""Programs of the online forward in one step of the row (``policy.ONLINE_ONE_STEP_COLS``: 16
warps, folded lanes) resident per SM, by its block, by registers: 40, 64 and 125 a thread of 512
threads, compiled for sm_90 (``benchmarks/resource_usage.py``). Not probed with Nsight."""


def _one_step(plan: policy.Plan, N: int) -> bool:
    """Whether an online plan reads its row in one step, folded: the policy's own choice for
    float32 rows (``policy.ONLINE_ONE_STEP_COLS``), whose speed class streams (``knobs``)."""
    return plan.block_n >= N and plan.lanes < plan.block_n


ONLINE_BACKWARD_RESIDENT_PER_SM = 1
"""The online backward's pipeline holds three 64 KiB stages of y and dy in shared memory, whatever
the dtype (probe_kernels.json, float32: occupancy limit 1 by shared memory and by registers)."""
SPLIT_RESIDENT_PER_SM = 3
"""Split-row programs resident per SM: 512 threads, 32-35 registers (probe_kernels.json: occupancy
limit 3 for ``split_partials``, 4 for ``split_forward``)."""
COOPERATIVE_RESIDENT_PER_SM = {(4, False, 1): 5, (2, False, 1): 9, (4, True, 1): 3, (2, True, 1): 5,
                               (4, False, 4): 2, (2, False, 4): 4, (4, True, 4): 1, (2, True, 4): 2}
"""(item size, backward, blocks a program holds: 1 or several) -> cooperative programs resident per
SM, by registers, as Nsight on an H100 reads them for the policy's default plans of 8192-column
blocks (evidence/probe_cooperative_h100_2026-11-24.json, ``probe_kernels.py --cooperative``; the
occupancy limit by registers). One block a program (N = 65536 and 1M), 128 threads: forward
float32 91 registers (5 an SM), bfloat16 held as words 56 (9), backward float32 168 (3), bfloat16
96 (5). Four blocks (N = 4M): forward float32 64 registers x 512 threads (2), bfloat16 125 x 128
(4), backward float32 100 x 512 (1), bfloat16 50 x 512 (2). The residency sets how far back a
program's re-reads lie, and how many rows run at once (``model.launches``). Plans of two or three
blocks a program take the entries of four; their backward, capped since
``policy.COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS``, fits more an SM than those by its sm_90
registers (float32 two where they say one; bfloat16 four at two blocks and three at three,
float16 three, where they say two), not probed: the model keeps the entries of four only for
plans without a cap (``cooperative_resident_per_sm``). Since d1d0980 float32's plans of four blocks
take ``policy.COOPERATIVE_WIDE_ROW_PLAN``'s (two blocks of 16384, capped at 64 registers: two
programs an SM forward, one backward, as their entries say), which that function reads from the
cap; float32's entries of four are the forced blocks' of 8192.

The first probe (evidence/probe_cooperative_h100.json, before the published words and the 16
warps of dae982f) read fewer: one block 4 / 5 / 3 / 3, four blocks 3 / 3 / 1 / 2; its float32
forward of four blocks, 162 x 128, three an SM, 49.5 MiB of chunks, re-read from DRAM. That entry
was made two from the 16-warp plan's sm_90 registers (results/h200/wide_4m_2026-11-24/
resources_sm90.log) and committed before Nsight counted the plan: set beside the runs that timed
it (results/h100/run_7d7cdd7_2026-11-24/, results/h200/run_c4b7a6c_2026-11-24/), the float32
forward at N = 4M, M = 4-128 moved from 18-22% slow in the model to -0.7 to +4.3%, and the model
is within 4.4% of every byte count of the second probe. The other entries, entered with that
probe, move no point of any run across its tolerance. The runs before dae982f timed three an SM:
there the model is now fast (tests/test_traffic_model_hardware.py recounts them)."""


REGISTERS_PER_SM = 65536
THREADS_PER_SM = 2048
"""32-bit registers of a multiprocessor, what its resident threads share, and the most threads
resident at once, on sm_80 and sm_90 (sm_86 and sm_89 hold 1536 threads). ptxas fits a program to
the registers whatever its cap: at most REGISTERS_PER_SM // threads a thread, so that at least one
program is resident."""


def cooperative_resident_per_sm(plan: policy.Plan, itemsize: int, backward: bool) -> int:
    """Cooperative programs of ``plan`` resident per SM: ``COOPERATIVE_RESIDENT_PER_SM``, but where
    the plan's programs hold several blocks under a register cap (``Plan.max_registers``:
    ``policy.COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS`` and
    ``policy.COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS``), as many as the cap lets the registers
    hold: a cap bounds what ptxas may take. Entered from the caps' sm_90 compiles (results/h200/
    few_blocks_caps_2026-11-24/registers_sm90.log: float32 at two and three blocks 128 / 126
    registers x 256 threads, two an SM; bfloat16 64 at two blocks, four, and 80 at three, three;
    float16 80, three; at four blocks, float16 54 x 512, two, as the entry of four says:
    results/h200/wide_4m_candidates_2026-11-24/registers_sm90.log), after the runs of 207c364
    had timed those plans with the model at the entries of four (one an SM for float32, two for
    16-bit). The runs of 5ee49c5 timed them again after it was committed (tests/
    test_traffic_model_hardware.py, ``RUNS_OF_5EE49C5``). Since 6b77a26 the 16-bit forward of two
    blocks read as words takes a cap of 80 too (``policy.COOPERATIVE_PAIRED_OTHERS_BLOCKS``), six
    an SM here: at N = 2M the model's times are the same with it as without (the runs of 6b77a26
    count no miss it moves)."""
    several = plan.blocks_per_program > 1
    if several and plan.max_registers:
        threads = 32 * plan.num_warps
        registers = min(plan.max_registers, REGISTERS_PER_SM // threads)
        return max(1, min(REGISTERS_PER_SM // (registers * threads), THREADS_PER_SM // threads))
    return COOPERATIVE_RESIDENT_PER_SM.get((itemsize, backward, 4 if several else 1), 1)


def _kind(algorithm: str) -> str:
    """The speed class (``knobs``) of a lab kernel: the split kernels run the online loops."""
    backward = algorithm.endswith("_backward")
    if algorithm.removesuffix("_backward") in ("online", "split"):
        return "online_backward" if backward else "online_forward"
    return "stream"


# ----------------------------------------------------------------------------------------------
# Kernel plans


@dataclass(frozen=True)
class Reread:
    """Bytes a kernel reads a second time, and how far back it touched them.

    Their reuse distance (bytes the GPU touches between the two accesses) is spread evenly from
    ``first_bytes`` to ``last_bytes`` per program in flight; the share under the L2 the re-read
    can count on hits. ``while_writing``: the kernel streams its output between the two reads,
    and its dirty lines take ``knobs.L2_DIRTY_FRACTION`` of the L2 (the lab's evict-last re-reads).
    """

    bytes: int
    first_bytes: float
    last_bytes: float
    while_writing: bool = False


@dataclass(frozen=True)
class KernelPlan:
    """One kernel's formula bytes, sorted by where each could be served from (module docstring)."""

    name: str
    read_bytes: int
    write_bytes: int
    rereads: tuple[Reread, ...] = ()
    resident_per_sm: int = 1
    cross_read_bytes: int = 0
    output_write_bytes: int = 0
    scratch_write_bytes: int = 0
    flop_share: float = 0.0
    kind: str = "stream"
    programs: int | None = None
    """Programs the kernel launches when each handles a row or a slice of one (row kernels: the
    rows in flight, the per-program limit); None for grids that always fill the GPU."""
    programs_per_row: int = 0
    """Programs of a row that wait for each other (the cooperative kernel's); 0 where none do."""

    @property
    def inner_reread_bytes(self) -> int:
        return sum(r.bytes for r in self.rereads)

    @property
    def footprint_bytes(self) -> int:
        """Distinct bytes the kernel touches: what an LRU cache must hold to keep all of it."""
        return self.read_bytes - self.inner_reread_bytes + self.write_bytes


NAIVE_KINDS = {
    "max": "naive_reduce",
    "sum": "naive_reduce",
    "subtract max": "naive_broadcast",
    "divide": "naive_broadcast",
    "dy - sum": "naive_broadcast",
}
"""The eager kernels below the copy bandwidth (``knobs.KERNEL_SPEEDS``); the others (exp, the
backward's products) are vectorised elementwise kernels that stream at it."""


def plans(algorithm: str, M: int, N: int, itemsize: int, plan: policy.Plan | None = None,
          ) -> tuple[KernelPlan, ...]:
    """The kernels ``algorithm`` (a model algorithm, not "ours") launches for M rows of N columns of
    ``itemsize`` bytes; ``plan`` is the policy's plan for the lab's cooperative, online and split
    kernels (``lab_plan``)."""
    check(algorithm)
    if M * N == 0:
        return ()
    base = algorithm.removesuffix("_backward")
    backward = algorithm.endswith("_backward")
    if base == "torch":
        return _torch_backward(M, N, itemsize) if backward else _torch_forward(M, N, itemsize)
    if base == "cooperative":
        return _cooperative(M, N, itemsize, plan, backward)
    if base == "naive":
        return from_traffic(traffic_formula(algorithm, M, N), itemsize, kinds=NAIVE_KINDS)
    if base == "fused":
        return from_traffic(traffic_formula(algorithm, M, N), itemsize)
    per_sm = (SPLIT_RESIDENT_PER_SM if base == "split" else
              ONLINE_BACKWARD_RESIDENT_PER_SM if backward else
              ONLINE_RESIDENT_PER_SM.get(itemsize, ONLINE_RESIDENT_PER_SM[4]))
    traffic = traffic_formula(algorithm, M, N, splits=plan.splits if base == "split" else 1)
    kind = _kind(algorithm)
    if base == "online" and not backward and _one_step(plan, N):
        per_sm, kind = ONLINE_ONE_STEP_RESIDENT_PER_SM.get(plan.block_n, 1), "online_one_step"
    return from_traffic(traffic, itemsize, resident_per_sm=per_sm, programs=M * plan.splits,
                        kinds={k.name: kind for k in traffic.kernels}, evict_last=True)


def from_traffic(traffic: Traffic, itemsize: int, *, resident_per_sm: int = 1,
                 kinds: dict | None = None, programs: int | None = None,
                 evict_last: bool = False) -> tuple[KernelPlan, ...]:
    """Sort a reference ``Traffic``'s bytes by the rule in the module docstring.

    A first kernel's re-reads (the online kernels') walk the row backwards over what the first
    pass loaded evict-last while the output is written: their reuse distance runs from nothing to
    a row's inputs per program in flight (``evict_last``). ``kinds`` maps kernel names to speed
    classes (default "stream"); ``programs`` is every kernel's grid when it is a row kernel's.
    """
    M = traffic.M
    backward = traffic.algorithm.endswith("_backward")
    input_bytes = (2 if backward else 1) * M * traffic.N * itemsize
    output_bytes = M * traffic.N * itemsize
    row_reads = sum(k.reads for k in traffic.kernels) or 1
    last = len(traffic.kernels) - 1
    result = []
    for i, kernel in enumerate(traffic.kernels):
        reads, writes = kernel.bytes(itemsize)
        output = min(writes, output_bytes) if i == last else 0
        rereads: tuple[Reread, ...] = ()
        cross = 0
        if i == 0:
            inner = reads - min(reads, input_bytes)
            if inner:
                rereads = (Reread(inner, 0.0, input_bytes / M, while_writing=evict_last),)
        else:
            cross = reads
        result.append(KernelPlan(
            name=kernel.name,
            read_bytes=reads,
            write_bytes=writes,
            rereads=rereads,
            resident_per_sm=resident_per_sm,
            cross_read_bytes=cross,
            output_write_bytes=output,
            scratch_write_bytes=writes - output,
            flop_share=kernel.reads / row_reads,
            kind=(kinds or {}).get(kernel.name, "stream"),
            programs=programs,
        ))
    return tuple(result)


# ----------------------------------------------------------------------------------------------
# The cooperative kernel


def cooperative_traffic(M: int, N: int, plan: policy.Plan, backward: bool,
                        itemsize: int = 4) -> Traffic:
    """The cooperative kernel's DRAM traffic, in elements, for the policy's ``plan``.

    Built from the fused kernel's counts (``reference.traffic``: every element read and written
    once) plus what the cooperative exchange adds, read off ``triton_impl/kernels/cooperative.py``:

    * re-reads: a program holds its first block in registers (its last, ``Plan.hold_last``) and
      reloads its other blocks after the exchange, so the columns outside the programs' held
      blocks are read twice (x forward; y and dy backward);
    * the workspace: each program publishes a word per block it holds (``EXCHANGE_WORD_BYTES``:
      a float32 (max, sum) pair forward, a float32 sum backward; a float64 pair takes two) and
      reads every word of its row at least once: P x B words written and P x P x B read a row,
      for P programs of B blocks. Counted here in float32 stats (``STAT_ITEMSIZE``), two a word.
    """
    programs, blocks, block = plan.splits, plan.blocks_per_program, plan.block_n
    held_at = (blocks - 1) * block if plan.hold_last else 0  # the held block's first column
    held = sum(min(block, max(0, N - p * blocks * block - held_at)) for p in range(programs))
    tensors = 2 if backward else 1
    stats = policy.exchange_words(M, plan, backward, itemsize) * EXCHANGE_WORD_BYTES // STAT_ITEMSIZE
    (fused,) = traffic_formula("fused_backward" if backward else "fused", M, N).kernels
    kernel = KernelTraffic(
        "cooperative backward" if backward else "cooperative softmax",
        reads=fused.reads + tensors * M * (N - held),
        writes=fused.writes,
        stat_reads=stats * programs,
        stat_writes=stats,
    )
    return Traffic("cooperative_backward" if backward else "cooperative", M, N, (kernel,))


EXCHANGE_WORD_BYTES = 8
"""Bytes of a word of the cooperative kernel's workspace (an int64: what one block publishes)."""


def _cooperative(M: int, N: int, itemsize: int, plan: policy.Plan, backward: bool,
                 ) -> tuple[KernelPlan, ...]:
    """Zero the workspace (its words), then the cooperative kernel.

    Every run committed so far timed the zeroing as a launch of its own (``torch.zeros``); since
    2026-11-24 a cooperative launch zeroes the words of the launch before it itself
    (``triton_impl/exchange_buffer.py``: the same bytes, and no launch of their own where the
    launch before on the stream used as many words or more). The model keeps the launch it was
    held to until a run of the new code is recounted (tests/test_traffic_model_hardware.py):
    dropped now, it would move the misses of runs timed with the launch.

    Its re-reads are a program's blocks but the one it holds (its first; its last where
    ``Plan.hold_last``), loaded evict-last before the exchange and
    read again after it. Programs of a row start together (consecutive program ids), so while a
    program waits for its row every resident program is loading its own chunk: the reuse distance
    of the re-reads is a whole chunk of inputs per resident program, against the usable L2 (no
    output is written in that window). Nsight on an H100 (evidence/probe_cooperative_h100.json,
    N = 4M): the float32 forward's 4-warp plan before dae982f, 3 programs of 128 KiB an SM,
    49.5 MiB, misses (4-8% of its re-reads hit at M = 32-64; 32-44% at M = 4-8); the backward, 1
    program of 256 KiB an SM, 33 MiB, hits (88%); bfloat16 hits (76-88%). The forward's 16 warps
    since hold 2 an SM, 33 MiB, whose re-reads the model has hit: the runs that timed it agree
    (``COOPERATIVE_RESIDENT_PER_SM``), and so does Nsight since (evidence/
    probe_cooperative_h100_2026-11-24.json: 90-92% of them hit from M = 32; the model within 4.4%
    of every case). The workspace's slots
    are read right after they are written: those reads stay in the L2 (Nsight counts no DRAM read beyond the inputs where a program holds
    one block).

    A row's programs wait for each other (``programs_per_row``): where they take every SM, rows run
    one at a time (``model.launches``). The forward is its own speed class, "cooperative"
    (``knobs.KERNEL_SPEEDS``: each block is the online forward's step); the backward streams.
    """
    workspace = policy.exchange_words(M, plan, backward, itemsize) * EXCHANGE_WORD_BYTES
    zeroing = KernelPlan("zero the workspace", 0, workspace, output_write_bytes=workspace)
    (kernel,) = cooperative_traffic(M, N, plan, backward, itemsize).kernels
    reads, writes = kernel.bytes(itemsize)
    tensors = 2 if backward else 1
    reread = (kernel.reads - tensors * M * N) * itemsize
    chunk = plan.blocks_per_program * plan.block_n * itemsize * tensors
    slots = kernel.stat_reads * STAT_ITEMSIZE
    rereads = (Reread(slots, 0.0, 0.0),) + ((Reread(reread, chunk, chunk),) if reread else ())
    resident = cooperative_resident_per_sm(plan, itemsize, backward)
    output = M * N * itemsize
    return zeroing, KernelPlan(
        name=kernel.name,
        read_bytes=reads,
        write_bytes=writes,
        rereads=rereads,
        resident_per_sm=resident,
        output_write_bytes=output,
        scratch_write_bytes=writes - output,
        flop_share=1.0,
        kind="cooperative_backward" if backward else "cooperative",
        programs=M * plan.splits,
        programs_per_row=plan.splits,
    )


# ----------------------------------------------------------------------------------------------
# torch.softmax: facts about its CUDA kernels (probe_kernels.json: the kernel Nsight saw, fp32, M = 4096)

TORCH_WARP_MAX_COLS = 2048
"""Widest row (elements) torch's forward gives one warp (``softmax_warp_forward``, row in
registers): seen at N = 1024 and 2048, ``cunn_SoftMaxForwardReg`` from N = 2176."""
TORCH_REG_MAX_COLS = 9216
"""Widest row of torch's register-cached forward (``cunn_SoftMaxForwardReg``, 1024 threads): seen up
to N = 9216, ``cunn_SoftMaxForwardSmem`` from 9344."""
TORCH_REG_TWO_BLOCKS_MAX_COLS = 6144
"""Widest row of ``cunn_SoftMaxForwardReg`` with 2 blocks per SM: 28-30 registers a thread up to
N = 6144, 34-38 from N = 6272 (1 block)."""
TORCH_BACKWARD_WARP_MAX_COLS = 1024
"""Widest row torch's backward gives one warp (``softmax_warp_backward``): seen at N = 1024,
``cunn_SoftMaxBackwardSmem`` at 4096."""
TORCH_ROW_CACHE_BYTES = 48 * 1024
"""Row size from which torch stops keeping the row on chip: the default 48 KiB of shared memory a
block. Seen: fp32 N = 12160 ``cunn_SoftMaxForwardSmem``, 12288 (48 KiB) ``cunn_SoftMaxForward``;
backward N = 8192 ``cunn_SoftMaxBackwardSmem``, 16384 ``cunn_SoftMaxBackward``."""
TORCH_FORWARD_WIDE_READS = 3
"""Reads of a row too wide to cache (max, sum of exponentials, output): Nsight at N = 262144 fp32
counted 1610.6 MB read, 3.00 x the input."""
TORCH_BLOCKS_PER_SM = 2
"""Blocks of ``cunn_SoftMaxForward`` resident per SM: 1024 threads, 32 registers (probe: occupancy
limit 2 by threads and by registers)."""
TORCH_BACKWARD_BLOCKS_PER_SM = 3
"""Blocks of ``cunn_SoftMaxBackward`` resident per SM: 512 threads, 40 registers (probe: 3)."""


def torch_forward_kernel(N: int, itemsize: int) -> tuple[str, str]:
    """(name, kind) of the kernel torch.softmax's forward runs for rows of N elements."""
    if N <= TORCH_WARP_MAX_COLS:
        return "softmax_warp_forward, row in registers", "torch_warp"
    if N <= TORCH_REG_MAX_COLS:
        if N <= TORCH_REG_TWO_BLOCKS_MAX_COLS:
            return "cunn_SoftMaxForwardReg, row in registers", "torch_reg"
        return "cunn_SoftMaxForwardReg, row in registers, 1 block per SM", "torch_reg_one_block"
    if N * itemsize < TORCH_ROW_CACHE_BYTES:
        return "cunn_SoftMaxForwardSmem, row in shared memory", "torch_smem"
    return f"cunn_SoftMaxForward, {TORCH_FORWARD_WIDE_READS} reads of each row", "torch_rows"


def _torch_forward(M: int, N: int, itemsize: int) -> tuple[KernelPlan, ...]:
    """torch.softmax forward as one kernel, chosen by row width (``torch_forward_kernel``).

    Rows it caches on chip move the fused kernel's bytes. Wider rows are read
    ``TORCH_FORWARD_WIDE_READS`` times in order (max, sum of exponentials, output): the second read
    of an element comes one pass after the first, a reuse distance of one row per row in flight;
    the third between one and two rows (the last pass also writes).
    """
    (fused,) = traffic_formula("fused", M, N).kernels
    name, kind = torch_forward_kernel(N, itemsize)
    if kind != "torch_rows":
        kernel = KernelTraffic(f"torch.softmax: {name}", fused.reads, fused.writes)
        return from_traffic(Traffic("torch", M, N, (kernel,)), itemsize, kinds={kernel.name: kind})
    passes = TORCH_FORWARD_WIDE_READS
    row = N * itemsize
    tensor = M * row
    rereads = tuple(Reread(tensor, row, row if p < passes - 1 else 2 * row) for p in range(1, passes))
    return (KernelPlan(
        name=f"torch.softmax: {name}",
        read_bytes=passes * tensor,
        write_bytes=tensor,
        rereads=rereads,
        resident_per_sm=TORCH_BLOCKS_PER_SM,
        output_write_bytes=tensor,
        flop_share=1.0,
        kind=kind,
        programs=M,
    ),)


def _torch_backward(M: int, N: int, itemsize: int) -> tuple[KernelPlan, ...]:
    """torch's softmax backward as two kernels, as ``softmax_backward_cuda_out`` launches them.

    First an elementwise ``tmp = dy * y`` (the naive backward's first kernel), then a row kernel
    computing ``dx = tmp - y * sum(tmp)``: for rows narrower than ``TORCH_ROW_CACHE_BYTES`` it reads
    tmp and y once and writes dx (the fused backward's traffic); for wider rows
    (``cunn_SoftMaxBackward``) it reads tmp once for the sum and again with y to write dx, a re-read
    whose reuse distance runs from one pass over tmp to one over tmp, y and dx per row in flight.
    So torch moves at least 6MN for the 3MN a fused backward moves, whatever N is.
    """
    multiply = traffic_formula("naive_backward", M, N).kernels[0]
    (row_kernel,) = traffic_formula("fused_backward", M, N).kernels
    row_bytes = N * itemsize
    first, _ = from_traffic(Traffic("torch_backward", M, N, (multiply, row_kernel)), itemsize)
    reads, writes = row_kernel.bytes(itemsize)
    tmp_bytes = multiply.bytes(itemsize)[1]
    if N <= TORCH_BACKWARD_WARP_MAX_COLS:
        name, kind, rereads = "softmax_warp_backward, row in registers", "torch_warp_backward", ()
    elif row_bytes < TORCH_ROW_CACHE_BYTES:
        name, kind, rereads = "cunn_SoftMaxBackwardSmem, row in shared memory", "torch_smem_backward", ()
    else:
        name, kind = "cunn_SoftMaxBackward, tmp read twice", "torch_rows_backward"
        rereads = (Reread(tmp_bytes, row_bytes, 3 * row_bytes),)
    second = KernelPlan(
        name=f"softmax backward: {name}",
        read_bytes=reads + sum(r.bytes for r in rereads),
        write_bytes=writes,
        rereads=rereads,
        resident_per_sm=TORCH_BACKWARD_BLOCKS_PER_SM,
        cross_read_bytes=reads,
        output_write_bytes=writes,
        flop_share=row_kernel.reads / (multiply.reads + row_kernel.reads),
        kind=kind,
        programs=M if rereads else None,
    )
    return (first, second)
