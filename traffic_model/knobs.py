"""The traffic model's calibrated numbers: each a physical quantity, with the measurement that set it.

Everything else the model uses is either computed (bytes from ``reference.traffic``, the lab's
plans from ``triton_impl.policy``) or a fact read off a profiler or a datasheet (the GPUs in
``traffic_model.gpus``; which kernel torch.softmax runs at each width and how many of its blocks
fit on an SM, in ``traffic_model.implementations``). The knobs are the few numbers that only a
timing can set. A prediction also takes the copy bandwidth measured beside the timings it is
compared with (``bandwidth_gbs``): that is the model's main input, not a knob.

Where the evidence lives (all from one NVIDIA H200, 132 SMs, 60 MiB of L2, torch 2.11, triton
3.6, 2026-11-22):

* ``results/h200/speed_of_light.json``: ``do_bench`` medians with the L2 flushed, and the copy
  bandwidth of the same run (4246 GB/s): the bandwidth grid (M·N = 2^27), the seeds' grid
  (M = 4096), wide rows (N = 1M, 4M, M = 1..128) and small problems;
* ``results/h200/ncu_traffic.json``: Nsight Compute's DRAM bytes per case, kernels summed;
* ``traffic_model/evidence/probe_kernels.json``: Nsight Compute per kernel (launch
  configuration, occupancy, DRAM bytes, time), collected by ``benchmarks/probe_kernels.py``.

One knob was set by comparing two GPUs: ``LOADED_LATENCY_EXPONENT``, from the same kernels timed
on the H200 and on an H100 (``results/h100/speed_of_light.json``, copy 3002 GB/s, 2026-11-22).
So the H100 run is no longer out of sample for that knob; the H200 run of the current code
(``results/h200/rerun_2026-11-22/``), which set nothing, is. Every other knob was set on the H200
run above.

``python -m traffic_model.validate results/h200`` sets the model beside all of them, and
``tests/test_traffic_model_hardware.py`` holds it to them, to the H100 run, to the H200 rerun and
to the runs of 2026-11-23 (``results/h100/run_2026-11-23``, ``results/h200/run_2026-11-23``,
and the runs of 56635ff beside them: later kernels, committed after the last change here, out of
sample), with only the copy bandwidth of each run changed. The model reads the knobs when it predicts, so
a calibration can try a value at run time (``knobs.LAUNCH_S = 4e-6``) before it edits it here.

The kernel speeds (``KERNEL_SPEEDS``) are rates per SM, not fractions of the copy: the kernels
that need one are latency-bound (too few bytes in flight per SM to cover the memory latency), so
their speed follows the SMs, not the DRAM. torch's bfloat16 register kernel moved 1282 GB/s on the
H200 and on an H100 (bandwidth grid, N = 4096) whose copy is 29% slower: a fraction of each copy
would differ by 40%. Not quite the SMs alone either: where such a kernel loads the DRAM near its
bandwidth, the memory's latency grows and the kernel slows (``LOADED_LATENCY_EXPONENT``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ----------------------------------------------------------------------------------------------
# The GPU

LAUNCH_S = 5.5e-6
"""Seconds each kernel costs on the GPU whatever it moves: the launch, the ramp to full bandwidth
and the tail of the last wave.

Set by: the intercept of time against bytes. torch.softmax on problems of 4 KB to 1 MB takes 5.9 to
7.3 µs (speed_of_light.json, latency section); the naive five-kernel softmax at M = 4096, N = 256
takes 28.8 µs, 5.8 µs a kernel (seeds' grid); our fused kernel on the bandwidth grid takes
259-264 µs where its 1074 MB take 253 µs at the copy bandwidth."""

L2_USABLE_FRACTION = 0.75
"""Fraction of the L2 that a re-read can count on: a byte read again hits while the bytes the GPU
touched since its first read (its reuse distance) are under this fraction of the L2.

Set by: torch's three-pass forward, which re-reads each row twice with 264 rows in flight: 100%,
94%, 63% and 2% of its re-reads hit at rows of 64, 96, 128 and 256 KiB (probe_kernels.json);
0.75 of 60 MiB gives 100%, 91%, 68% and 0%. The same fraction serves data handed from one
kernel to the next (the naive sequence's intermediates)."""

L2_DIRTY_FRACTION = 0.35
"""Fraction of the L2 held by dirty lines (written, not yet in DRAM) while a kernel streams its
output.

Set by: every kernel in ncu_traffic.json and probe_kernels.json that writes more than the L2
writes 17-28 MB less than its output (mean 22 MB, 0.35 of 60 MiB): a profiler that flushes the L2
after each kernel never sees those lines reach DRAM (``isolated`` predictions leave them out; in
a benchmark loop they are written back during the next kernel, so timing counts every write).
The same lines take their share of the L2 from a kernel that re-reads while it writes: the lab's
online and cooperative kernels load a row evict-last and read it again as they write the output,
and can count on ``L2_USABLE_FRACTION - L2_DIRTY_FRACTION`` (0.40) of the L2. The probe measured
0.46 for the online forward and 0.33 for its backward (re-read hits x row bytes, constant over
rows of 256 KiB to 4 MiB)."""

L2_BANDWIDTH_RATIO = 1.5
"""Bytes per second a kernel can move through the L2 (hits and misses together), as a multiple of
the copy bandwidth: the limit of a kernel whose re-reads all hit.

Set by: torch's three-pass forward at N = 12288, 16384 and 24576 (float32; its re-reads hit) moves
its 4MN bytes through the L2 at 6.2-6.4 TB/s, 1.46-1.50 x the 4.25 TB/s copy (probe_kernels.json),
where its 2MN of DRAM traffic would allow 2x."""

REREAD_DRAM_FRACTION = 0.95
"""Fraction of the copy bandwidth that the DRAM traffic of a kernel re-reading its own data
reaches: its L2 hits and DRAM misses share one stream of requests.

Set by: torch's three-pass forward where its re-reads miss, 4.04-4.18 TB/s of DRAM traffic
(probe_kernels.json, float32, N = 65536 and 262144), and the online forward at N = 262144 to 1M,
3.83-3.90 TB/s counting all its writes: 0.95 of the 4.25 TB/s copy."""

LOADED_LATENCY_EXPONENT = 3
"""How sharply a latency-bound kernel meets the DRAM's limit: the model adds the DRAM's time and the
kernel's time at its rate per SM (or one program's, where too few fill the GPU) as a P-norm with
this P (``model.loaded``), not as their maximum: such a kernel moves its bytes in flight once per
memory latency (Little's law), and that latency grows as the DRAM's load nears its bandwidth. Where
the two times are equal the kernel takes 2^(1/3) = 1.26 times either.

Set by: the H100 against the H200, the same kernels on the same SMs at 29% less copy
(results/h100/speed_of_light.json, results/h200/speed_of_light.json). torch's shared-memory
forward (M = 4096, N = 9344-12160, float32) moves 0.65-0.73 of the H200's copy and 0.77-0.86 of
the H100's; a hard limit at the lower of its SM rate and the copy put the H100 at the H200's
rate, 12-22% fast. With the rates of ``KERNEL_SPEEDS`` refit on the H200 for each P, the mean
error over the 202 H100 points above the L2 whose kernels have a rate per SM (torch.softmax and
the naive sequence on the seeds' and bandwidth grids, our cooperative forward) is 10.1% with the
hard limit, 5.6% at P = 2, 3.8% at 3, 4.1% at 4 and 6.0% at 6 (3.65% at 3.5: the integer is
kept); the H200's own is 3.0-3.3% at every P."""

# ----------------------------------------------------------------------------------------------
# Kernels that cannot stream at the bandwidth their bytes allow


@dataclass(frozen=True)
class KernelSpeed:
    """What holds one kind of kernel below the bandwidth its bytes allow, as measured.

    ``elements_per_sm``: G elements a second per SM the kernel moves (every element it reads or
    writes, L2 hits included), by item size ("*": any), when the GPU is full and its memory
    unloaded (``LOADED_LATENCY_EXPONENT`` slows it as the DRAM loads). Elements, because a
    latency-bound kernel issues a number of loads, whatever their width: torch's register kernel
    moves the same elements a second in float32 and bfloat16. ``dram_only``: the rate holds for
    the kernel's DRAM traffic alone (its L2 hits come back faster). ``row_s``: the least seconds a
    row costs. ``program_gbs``: (DRAM, L2-hit) GB/s of one program alone on an SM, the limit when
    too few rows fill the GPU. ``l2_ratio``: its limit through the L2 as a multiple of the copy
    (``L2_BANDWIDTH_RATIO`` for the others), by item size.
    """

    elements_per_sm: dict = field(default_factory=dict)
    dram_only: bool = False
    row_s: float = 0.0
    program_gbs: tuple[float, float] | None = None
    l2_ratio: dict = field(default_factory=dict)


TORCH_ROW_PROGRAM_GBS = (40.0, 130.0)
"""(DRAM, L2-hit) GB/s of one block of torch's row kernels (three-pass forward, backward), alone."""

ONLINE_FORWARD_ELEMENTS_PER_SM = {4: 13.3, 2: 17.5}
"""The online forward's rate per SM, which the cooperative forward shares (below)."""

KERNEL_SPEEDS = {
    "naive_broadcast": KernelSpeed({"*": 5.45}, dram_only=True),
    "naive_reduce": KernelSpeed({"*": 7.43}, dram_only=True),
    "torch_warp": KernelSpeed({2: 10.7}),
    "torch_warp_backward": KernelSpeed({2: 16.4}),
    "torch_reg": KernelSpeed({"*": 5.04}, row_s=9.9e-9),
    "torch_reg_one_block": KernelSpeed({"*": 3.66}),
    "torch_smem": KernelSpeed({4: 6.78, 2: 8.78}),
    "torch_rows": KernelSpeed(program_gbs=TORCH_ROW_PROGRAM_GBS, l2_ratio={2: 1.0}),
    "torch_rows_backward": KernelSpeed(program_gbs=TORCH_ROW_PROGRAM_GBS),
    "online_forward": KernelSpeed(ONLINE_FORWARD_ELEMENTS_PER_SM, program_gbs=(60.0, 105.0)),
    "online_backward": KernelSpeed(program_gbs=(103.0, 103.0)),
    "cooperative": KernelSpeed(ONLINE_FORWARD_ELEMENTS_PER_SM),
}
"""The kernel kinds (``implementations``) measured below what their bytes allow; any other kind
streams at the bandwidth. Each number below is one kernel's work over its time where nothing else
limits it, on the H200 (132 SMs; 1 G elements/s per SM is 0.124 of its copy in float32): a rate X
at a DRAM load u = X / copy. The rate in the table is the kernel's unloaded rate, the one that
gives X at that load under ``LOADED_LATENCY_EXPONENT`` (P): X / (1 - u^P)^(1/P) for a kernel all
of whose bytes are DRAM's (torch_smem in float32: X = 5.8, u = 0.72, 6.78 in the table); for the
online forward, whose re-reads hit, the rate that gives its measured time. "*" rates were measured
in both dtypes and are the one rate nearest to both (torch_reg: 5.24 in float32, 4.87 in
bfloat16).

* ``naive_broadcast``: the naive sequence's subtract and divide broadcast a per-row value through
  torch's non-vectorised ``elementwise_kernel<128, 2>``: 537 MB in 192-200 µs, 0.62 of the copy
  (probe, 4096 x 16384 float32, each kernel alone). ``naive_reduce``: its max and sum, 268 MB each
  in 94.8 and 71.5 µs, 0.76 together. DRAM only: where the intermediates stay in L2 (small N of
  the seeds' grid) the sequence runs faster than these rates for all its bytes would allow.
* ``torch_warp``: ``softmax_warp_forward``, 0.61 of the copy in bfloat16 (bandwidth grid, N = 256
  and 1024). In float32 it streams (0.95-0.98 of the copy there), so the rate is bfloat16's
  alone: the same elements a second would be 1.2 of the copy in float32, and would slow it.
* ``torch_warp_backward``: ``softmax_warp_backward``, likewise: 0.75-0.85 of the copy in bfloat16
  (bandwidth grid, N = 256 and 1024: 0.80), streaming in float32.
* ``torch_reg``: ``cunn_SoftMaxForwardReg``, 2 blocks per SM: 0.60 of the copy in float32 and 0.30
  in bfloat16 at N = 4096 (bandwidth grid); and at least 9.9 ns a row (its fastest point, N = 2176
  on the seeds' grid: 4096 rows in 40.5 µs; Nsight 41.4 µs).
* ``torch_reg_one_block``: the same kernel from N = 6272, where its registers leave one block per
  SM: 0.40-0.47 of the copy (seeds' grid).
* ``torch_smem``: ``cunn_SoftMaxForwardSmem``: 0.68-0.76 (float32, seeds' grid, N = 9344-12160),
  0.52 (bfloat16, bandwidth grid, N = 16384).
* ``torch_rows``: the three-pass ``cunn_SoftMaxForward`` streams in float32; in bfloat16 it moves its
  4MN through the L2 at the copy, not 1.5x (N = 65536, 1074 MB in 253 µs), a limit that follows the
  DRAM: an H100 at 29% less copy measured 1540 GB/s there, which the ratio matches within 3% and
  an SM rate would miss by 27%.
* torch's row kernels alone (wide rows, N = 1M and 4M, M = 1..128): the three-pass forward
  takes 390 µs at M = 16 for 16.8 MB a block from DRAM (43 GB/s) and 253 µs at M = 1 where its
  re-reads hit (147); its backward row kernel 36 and 117: one pair for both, (40, 130), within
  20% of every wide-row point. A program's rate is its bytes in flight over the memory latency,
  and the latency grows as more programs load the memory system: it holds best at small M.
* ``online_forward``: the lab's online kernel, one 16-warp program per SM in float32, two in
  bfloat16, no software pipelining: 4.8-4.9 TB/s through the L2 whatever its hit rate (probe,
  N = 32768 and 65536), 1.16 of the copy; bfloat16 0.92 (bandwidth grid, N = 65536). Alone
  (wide rows, forced): 180 µs for 8.4 MB from DRAM and 4.2 MB re-read from L2 at N = 1M, M = 1,
  and 197 µs at M = 16 where most re-reads miss: 60 and 105 GB/s. The split kernels run the same
  loops.
* ``online_one_step`` (not in the table: it streams): the online forward as the policy chooses it
  for float32 rows of 6144 to 32768 columns, one step of the whole row folded into 2048 lanes,
  then the row read again from L2 (``policy.ONLINE_ONE_STEP_COLS``). Its 2MN from DRAM and its
  MN of re-reads moved 1.00 x the H200's copy and 1.00 x the H100's at N = 16384 (bandwidth
  grid; results/*/online_rule_2026-11-23/), which streaming predicts, where the rate of
  ``online_forward`` put it at 0.79.
* ``online_backward``: pipelined three 64 KiB stages deep: 1.3 of the copy in bfloat16 (bandwidth
  grid, N = 65536: 1342 MB through the L2 in 244 µs), which its DRAM bytes at
  ``REREAD_DRAM_FRACTION`` account for (241.5 µs predicted; within 3.3% at all four bandwidth
  points): it has no rate per SM. Alone it takes the same time whether its re-reads hit or not:
  203 µs at M = 1, N = 1M (21 MB through L2), 189-201 µs up to M = 16: 103 GB/s.
* ``cooperative``: the lab's cooperative forward runs the online forward's step on each block (a
  load, the maximum, the exponentials and their sum; the output's exponentials after the
  exchange) and takes its rate per SM rather than one of its own. Its bfloat16 forward is below
  the copy on both GPUs (bandwidth grid, N = 65536 and 262144: 0.86 of the H100's copy, 0.73 of
  the H200's in the rerun): fitted there alone on the H100, a rate of its own would be 18.8
  against the online forward's 17.5 (nothing was fitted on the rerun). The cooperative backward
  streams.
"""
