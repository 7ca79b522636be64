"""Every tunable number of the traffic model, in one place, each with the measurement that set it.

The model's structure (bytes from ``reference.traffic``, an L2 that can absorb re-reads, a
roofline per kernel) is fixed; these constants are the parts that a measurement can move. Each
docstring says what the number stands for, its value's evidence, and how to re-measure it.

Evidence, all on one NVIDIA H200 (132 SMs, 60 MiB L2), torch 2.11, triton 3.6, 2026-11-22:

* ``results/h200/ncu_traffic.json``: Nsight Compute DRAM bytes and time per case (kernels summed);
* ``results/h200/speed_of_light.json``: ``do_bench`` medians (L2 flushed) and the copy bandwidth
  of the same run, 4246 GB/s, for the bandwidth grid (M·N = 2^27), the seeds' grid, wide rows,
  small problems;
* ``traffic_model/evidence/probe_kernels.json``: Nsight Compute per kernel (launch configuration,
  registers, occupancy limits, DRAM bytes, time), collected by ``python -m traffic_model.probe``.
  It also records torch's device properties: L2 62914560 bytes (60 MiB), 48 KiB of shared memory
  per block, 2048 threads and 65536 registers per SM;
* ``results/h200/host_overhead.log``: host microseconds per call.

``traffic_model/HARDWARE.md`` (``python -m traffic_model.validate results/h200``) sets the
calibrated model beside all of them. The model reads the knobs when it predicts, so a calibration
can set them at run time (``traffic_model.knobs.LAUNCH_OVERHEAD_S = 4e-6``) before it edits them here.
"""

from __future__ import annotations

# --------------------------------------------------------------------------------------------
# Fixed costs: the GPU's per kernel, the host's per launch, and what the benchmark hides

LAUNCH_OVERHEAD_S = 5.5e-6
"""Seconds each kernel adds on the GPU whatever it moves: the launch, the ramp up to full
bandwidth, the tail of the last wave.

Evidence (speed_of_light.json): a tiny torch.softmax (latency section, <= 1 MB) takes 5.9 to 7.3 µs
between its CUDA events; the naive five-kernel softmax at M=4096, N=256 takes 28.8 µs, 5.8 µs a
kernel; our fused kernel on the bandwidth grid (fp32 forward, 1074 MB) takes 259-264 µs where
the bytes take 253 µs at the copy bandwidth. Re-measure: the intercept of time against bytes."""

TORCH_HOST_OVERHEAD_S = 5.8e-6
"""Seconds the host needs to issue one eager torch operation (Python, dispatcher, driver).

host_overhead.log: torch.softmax 5.8 µs per call. The benchmark hides it (see
``BENCHMARK_HIDDEN_HOST_S``); it shows only where a sequence of launches outruns the GPU."""

TRITON_HOST_OVERHEAD_S = 14.7e-6
"""Seconds the host needs to launch one of the lab's Triton kernels from Python.

host_overhead.log: ``launch.softmax_rows`` (the Triton launch itself) 14.7 µs per call. The lab's
dispatcher path around it (argument checks, the plan, the output) costs more: 50.3 µs eager,
56.1 µs through the custom op (same log). That per-call cost is not a kernel's and is not
modelled: where it shows in a measurement the point is reported as host-bound (HARDWARE.md)."""

BENCHMARK_HIDDEN_HOST_S = 55e-6
"""Host seconds per call that the benchmark hides behind its own L2 flush.

``triton.testing.do_bench`` zeroes a 256 MiB buffer before every timed call, a memset of about
63 µs at the copy bandwidth; it records the start event after the memset, so the host issues the
call's launches while the GPU is still flushing. A call whose host work (launches) takes less
than this shows only its GPU time; beyond it the GPU waits and the excess adds to the measured
time. Evidence: the naive softmax's five eager launches (5 x 5.8 µs) never show (its small-N time
is five GPU floors, 28.8 µs at N=256). Set it to 0 to model one call issued to an idle GPU."""

# --------------------------------------------------------------------------------------------
# The L2

L2_USABLE_FRACTION = 0.75
"""Fraction of the L2 that data re-read under the default (LRU-like) replacement can count on.

The model gives each re-read a reuse distance, the bytes the GPU touches between the two accesses,
and lets it hit when the distance is under this fraction of the L2. Evidence (probe_kernels.json):
torch's three-pass forward (``cunn_SoftMaxForward``, 2 blocks of 1024 threads per SM, 264 rows in
flight) re-reads every row twice: all of the re-reads hit at 64 KiB rows, 94% at 96 KiB, 63% at
128 KiB, 2% at 256 KiB. A usable 45 MiB of the 60 MiB (0.75) puts those at 100%, 91%, 68%
and 0%. torch's backward row kernel (3 blocks of 512 threads per SM) gets 39% at 64 KiB
rows, the model 41%."""

L2_CROSS_KERNEL_FRACTION = 0.6
"""Fraction of the L2 that data passed from one kernel to the next (the naive sequence's
intermediates, the input it reads again, split-row's second read) can count on.

The same LRU picture as ``L2_USABLE_FRACTION``, with the reuse distances spread between the two
kernels' footprints. Evidence (speed_of_light.json, seeds' grid): the naive sequence's time from
N = 1024 to 3072 (tensors of 17 to 50 MB, where the hand-off between kernels partly fits) is
matched within 8% at 0.6, against up to 13% too fast at 0.75 and 15-20% too slow at 0.3-0.4. It
is smaller than within a kernel because both kernels sweep the rows in the same order: the first
rows the previous kernel wrote are the oldest in L2 when the next kernel wants them first. Nsight
cannot count it (it flushes the L2 between kernels)."""

L2_EVICT_LAST_FRACTION = {"online_forward": 0.46, "online_backward": 0.33, "split": 0.46}
"""Fraction of the L2 that the lab's online kernels' second read finds its row in, by kernel.

Their first pass loads with ``evict_last`` and their second walks the row backwards with
``evict_first``, so the last blocks read are re-read first: the reuse distance of a row's data
runs from nothing to (rows in flight x input bytes per row), and the re-read hits while that is
under this capacity. Evidence (probe_kernels.json, online forward forced, M·N = 2^27): hit fraction
x row bytes is constant, 209-218 KiB for float32 rows from 256 KiB to 4 MiB (one program per SM:
125 registers x 512 threads), 105-126 KiB for bfloat16 (two per SM): the second read sees
about 28 MiB of the L2 (0.46 of 60 MiB). Nsight in ncu_traffic.json agrees (82% hits at 256 KiB,
21% at 1 MiB). The online backward, software-pipelined three 64 KiB stages deep since 0dd4cc5,
reads y and dy: hit fraction x input bytes per row is 142-163 KiB (probe, rows of 512 KiB to
2 MiB of y and dy, one program per SM), about 20 MiB (0.33). (Its earlier unpipelined version,
which ncu_traffic.json measured, found 33 MiB: 50% hits at 512 KiB.)"""

L2_DIRTY_FRACTION = 0.35
"""Fraction of the L2 still dirty (written, not yet in DRAM) when a kernel that streams its
output ends.

A profiler that flushes the L2 between kernels (Nsight Compute's default) does not count those
bytes as the kernel's writes. Evidence (ncu_traffic.json, probe_kernels.json): every kernel that
writes more than the L2 writes 17 to 28 MB less than its output, mean 22 MB (0.35 of 62.9 MB);
outputs under that (M=4096, N=1024: 16.8 MB) write almost nothing. In a benchmark loop the
previous call's dirty lines, and do_bench's flush, are written back during the next kernel,
so the model counts all of a kernel's writes when it predicts time; only ``isolated`` predictions
(what Nsight counts) leave these bytes out."""

L2_BANDWIDTH_RATIO = 1.5
"""Bytes per second a kernel can move through L2 (hits and misses alike), as a multiple of the
copy bandwidth: the ceiling of a kernel whose re-reads all hit.

Evidence (probe_kernels.json): torch's three-pass forward at N = 12288, 16384 and 24576 (fp32,
re-reads all or nearly all in L2) moves its 4MN through L2 at 6.2-6.4 TB/s, 1.46-1.50 x the
4.25 TB/s copy, while its DRAM traffic (2MN) would allow 2x."""

# --------------------------------------------------------------------------------------------
# Kernels below the bandwidth their bytes allow

KERNEL_THROUGHPUT = {
    "torch_warp": {2: 0.61},
    "torch_warp_backward": {2: 0.80},
    "torch_reg": {4: 0.60, 2: 0.30},
    "torch_reg_one_block": {4: 0.44, 2: 0.30},
    "torch_smem": {4: 0.72, 2: 0.52},
    "online_forward": {4: 1.16, 2: 0.92},
    "online_backward": {4: 1.16, 2: 1.3},
    "split": {"*": 1.16},
}
"""Bytes per second a kernel moves through L2 (every byte it reads or writes, wherever from), for
kernels that fall short of the DRAM; by itemsize ("*": any). A kernel not listed, or an itemsize
not listed, gets ``L2_BANDWIDTH_RATIO`` x the copy: it is limited by DRAM.

The values are fractions of the H200's copy bandwidth (``KERNEL_SPEED_REFERENCE``), but they are
absolute rates, scaled by the number of SMs, not by the DRAM: these kernels are latency-bound (few
bytes in flight per SM), so their rate is set by the SMs and the memory latency. ANCHORS.md shows
it: torch's bfloat16 ``cunn_SoftMaxForwardReg`` moved 1285 GB/s on an H200 and 1280 on an H100
whose copy is 29% slower; as fractions of each copy they would differ by 40%.

Each value is a kernel's measured time against its bytes where nothing else limits it:

* torch.softmax's forward kernels (the kernel by row width is in ``implementations``):
  ``softmax_warp_forward`` at the copy in float32, 0.61 in bfloat16 (speed_of_light.json,
  bandwidth grid, N = 256 and 1024); ``cunn_SoftMaxForwardReg`` (row in registers) 0.61 in
  float32 at N = 4096 with 2 blocks per SM and 0.40-0.47 from N = 6272 (the seeds' grid), where
  its registers (34-38 a thread, probe) leave 1 block per SM; 0.30 in bfloat16 (N = 4096);
  ``cunn_SoftMaxForwardSmem`` (row in shared memory) 0.68-0.76 in float32 (seeds' grid, N =
  9344-12160), 0.52 in bfloat16 (N = 16384); the three-pass ``cunn_SoftMaxForward`` is L2-bound
  (``KERNEL_L2_RATIO``).
* torch's backward: ``softmax_warp_backward`` in bfloat16 0.75-0.92 (N = 256, 1024); the rest at
  the copy.
* the lab's online kernels (one 16-warp program per SM in float32, no software pipelining in
  the forward): 4.8-4.9 TB/s through L2 whatever the hit rate (probe: N = 32768 and 65536 fp32
  forward; ncu_traffic.json: backward), 1.16 x copy; the bfloat16 forward 3.7-4.2 TB/s (0.92).
  The split kernels share the online kernels' loops (same value, not measured apart). The
  pipelined online backward in bfloat16 (three 64 KiB stages of y and dy in flight per SM):
  1.3, from the bandwidth grid's N = 65536 (1342 MB through L2 in 244 µs; no Nsight count).
"""

KERNEL_L2_RATIO = {"torch_rows": {2: 1.0}}
"""``L2_BANDWIDTH_RATIO`` for kernels whose L2-side limit is lower but still follows the GPU's
bandwidth (a fraction of the run's copy, like the ratio), by itemsize.

torch's three-pass forward in bfloat16 moves its 4MN through L2 at the copy bandwidth, not 1.5x:
N = 65536, 1074 MB in 253 µs on the H200 (bandwidth grid, where 68% of its re-reads hit); on the
H100 (ANCHORS.md) 1540 GB/s at that N, which a fraction of the copy matches (3%) and an
absolute rate does not (+27%)."""

KERNEL_DRAM_RATE = {
    "naive_reduce_max": 0.67,
    "naive_reduce_sum": 0.88,
    "naive_broadcast": 0.62,
}
"""The rate at which a latency-bound kernel moves its DRAM bytes (what it reads from L2 comes back
faster), as a fraction of the H200's copy, absolute and scaled by SMs (``KERNEL_SPEED_REFERENCE``).

The naive sequence's kernels (probe_kernels.json, 4096 x 16384 fp32, each kernel alone, nothing in
L2): the max reduction 94.8 µs and the sum 71.5 µs for 268 MB (0.67, 0.88 of the copy); the
subtract and divide, which broadcast a per-row value through the non-vectorised
``elementwise_kernel<128, 2>``, 192-200 µs for 537 MB (0.61-0.63; ANCHORS.md's "2.7 TB/s"); the exp
and the backward's products, vectorised, run at the copy (not listed). Scalar loads, few bytes in
flight: where the intermediates stay in L2 (small N of the seeds' grid) the sequence runs faster
than these rates for all its bytes would allow, so the limit is on the DRAM bytes."""

KERNEL_DRAM_EFFICIENCY = {
    "online_forward": 0.95,
    "online_backward": 0.95,
    "split": 0.95,
    "torch_rows": 0.95,
}
"""Fraction of the copy bandwidth a kernel's DRAM traffic reaches when DRAM limits it (default 1).

* The online kernels mix DRAM misses with L2 hits and reach 0.95 of copy on their DRAM bytes
  (probe_kernels.json, online forward fp32 at N = 262144 to 1048576, where few re-reads hit:
  3.83-3.90 TB/s of DRAM traffic counting all writes).
* torch's three-pass forward where its re-reads miss: 4.04-4.18 TB/s of DRAM traffic
  (probe_kernels.json, fp32, N = 65536 and 262144): 0.95."""

KERNEL_SPEED_REFERENCE = (4246.0, 132)
"""(copy GB/s, SMs) of the GPU the kernel speeds were measured on: the H200 of speed_of_light.json.
``KERNEL_THROUGHPUT`` and ``KERNEL_DRAM_RATE`` are fractions of this copy, and a GPU with S SMs gets
them x S / 132 in GB/s whatever its own bandwidth."""

KERNEL_ROW_TIME_S = {"torch_reg": 9.9e-9, "torch_reg_one_block": 19.8e-9}
"""Least GPU time per row for kernels that give each row one block and do little per row: the
block's load, reductions (block-wide barriers) and store do not overlap within a row, so a row
costs a fixed latency however few bytes it has.

``cunn_SoftMaxForwardReg`` (1024 threads a row, 2 blocks per SM): 9.9 ns a row from its fastest
point, N = 2176 on the seeds' grid (4096 rows in 40.5 µs of kernel, speed_of_light.json; Nsight
41.4 µs); twice that with 1 block per SM (not binding where measured)."""

PROGRAM_BANDWIDTH_GBS = {
    "online_forward": (60.0, 105.0),
    "online_backward": (103.0, 103.0),
    "split": (60.0, 105.0),
    "torch_rows": (43.0, 147.0),
    "torch_rows_backward": (36.0, 117.0),
}
"""(DRAM, L2-hit) GB/s one program (block) of a row kernel reaches on its own: the limit when a
problem has too few rows to fill the GPU (the wide rows: M = 1 .. 128). A kernel's time is at
least each program's bytes at these rates, for the programs of one wave; kinds not listed have
enough programs (rows x splits, or elementwise grids) that it never binds.

Evidence (speed_of_light.json, wide section, N = 1M and 4M): the online forward (forced) with
one program takes 180 µs for 8.4 MB from DRAM and 4.2 MB re-read from L2 at N = 1M (731 µs at
4M), and 197 µs at M = 16 where most re-reads miss: 60 and 105 GB/s per program. The online
backward, software-pipelined, takes the same time per program whether its re-reads hit or not:
203 µs at M = 1 (21 MB through L2), 189-201 µs up to M = 16 at N = 1M, 809 µs at M = 1 and 4M:
103 GB/s either way. torch's three-pass forward: 390 µs at M = 16 for 16.8 MB a block from DRAM
(43 GB/s), 253 µs at M = 1 where the re-reads hit (147 for hits); its backward row kernel 36 and
117 GB/s likewise. A program's rate is its bytes in flight over the memory latency (Little's law),
a latency that rises as more programs load the memory system, so these are upper bounds that
hold best at small M."""

# --------------------------------------------------------------------------------------------
# Occupancy: rows in flight of the kernels that re-read rows

ONLINE_PROGRAMS_PER_SM = {4: 1, 2: 2}
"""Programs of the lab's online forward resident per SM, by itemsize.

probe_kernels.json: ``online_forward`` float32 uses 125 registers x 512 threads (one program per
SM by registers), bfloat16 64 registers (two)."""

ONLINE_BACKWARD_PROGRAMS_PER_SM = 1
"""Programs of the lab's online backward resident per SM: its pipeline holds three 64 KiB stages
of y and dy in shared memory whatever the dtype (probe_kernels.json, float32: occupancy limit 1
by shared memory and by registers, 90 x 512)."""

TORCH_BLOCKS_PER_SM = 2
"""Blocks of torch's three-pass forward (``cunn_SoftMaxForward``) resident per SM: 1024 threads
and 32 registers each (probe_kernels.json: occupancy limit 2 by threads and by registers)."""

TORCH_BACKWARD_BLOCKS_PER_SM = 3
"""Blocks of torch's backward row kernel (``cunn_SoftMaxBackward``) resident per SM: 512 threads
and 40 registers each (probe_kernels.json: occupancy limit 3 by registers)."""

# --------------------------------------------------------------------------------------------
# torch.softmax's kernels by row width (probe_kernels.json: the kernel Nsight saw, fp32, M = 4096)

TORCH_WARP_MAX_COLS = 2048
"""Widest row (elements) torch's forward gives one warp (``softmax_warp_forward``, row in
registers): seen at N = 1024 and 2048, ``cunn_SoftMaxForwardReg`` from N = 2176."""

TORCH_REG_MAX_COLS = 9216
"""Widest row (elements) of torch's register-cached forward (``cunn_SoftMaxForwardReg``, 1024
threads): seen up to N = 9216, ``cunn_SoftMaxForwardSmem`` from 9344."""

TORCH_REG_TWO_BLOCKS_MAX_COLS = 6144
"""Widest row of ``cunn_SoftMaxForwardReg`` that still fits 2 blocks per SM: 28-30 registers a
thread up to N = 6144, 34-38 from N = 6272 (1 block); the seeds' grid's step from 2445 to 1642
GB/s between those two N."""

TORCH_BACKWARD_WARP_MAX_COLS = 1024
"""Widest row torch's backward gives one warp (``softmax_warp_backward``): seen at N = 1024,
``cunn_SoftMaxBackwardSmem`` at 4096."""

TORCH_ROW_CACHE_BYTES = 48 * 1024
"""Row size (bytes) from which torch.softmax stops keeping the row on chip between its passes.

PyTorch's CUDA softmax caches the row in shared memory when it fits the default 48 KiB per block
(less the reduction's few bytes); wider rows go to the kernels that re-read them. Seen: fp32 N =
12160 ``cunn_SoftMaxForwardSmem``, 12288 (48 KiB) ``cunn_SoftMaxForward``; backward N = 8192
``cunn_SoftMaxBackwardSmem``, 16384 ``cunn_SoftMaxBackward``."""

TORCH_FORWARD_WIDE_READS = 3
"""How many times torch's forward reads a row too wide to cache: once for the max, once for the
sum of exponentials, once to write the output (``cunn_SoftMaxForward``). Nsight at N = 262144
(fp32): 1610.6 MB read = 3.00 x the input."""

# --------------------------------------------------------------------------------------------
# Arithmetic, datasheets, split-row

DATASHEET_BANDWIDTH_FRACTION = 0.9
"""Fraction of the datasheet DRAM bandwidth that a streaming kernel reaches in practice.

Used only for GPUs without a measured copy bandwidth. A device-to-device copy moved 3019 GB/s on
an H100 SXM (datasheet 3350: 0.90) and 4246-4268 GB/s on an H200 (datasheet 4800: 0.89).
Calibrate by measuring a copy (bytes read + written over time) and passing it as the bandwidth."""

FORWARD_FLOPS_PER_ELEMENT = 5
"""Arithmetic operations per element of a forward softmax: compare (max), subtract, exp, add
(sum), divide. Far below what would make softmax compute bound: an H100 does about 67e12 / 3.0e12
= 22 fp32 operations in the time it fetches one byte. The compute term exists to show that it
never binds, not to be precise."""

BACKWARD_FLOPS_PER_ELEMENT = 4
"""Arithmetic operations per element of a softmax backward: dy * y, the row sum's add, the
subtraction dy - sum, and the final multiply by y."""

SPLIT_PROGRAMS_PER_SM = 2
"""Programs per SM the lab's dispatcher aims at when it splits rows (``triton_impl.dispatch``);
the model's default number of splits follows it (``traffic_model.model.default_splits``)."""

SPLIT_MIN_CHUNK = 4096
"""Narrowest slice of a row (elements) that the model lets one split-row program own when it
chooses the number of splits itself: the dispatcher's 4096-column step."""


def l2_ratio(kind: str, itemsize: int) -> float:
    table = KERNEL_L2_RATIO.get(kind, {})
    return table.get(itemsize, table.get("*", L2_BANDWIDTH_RATIO))


def throughput(kind: str, itemsize: int) -> float | None:
    """``KERNEL_THROUGHPUT`` of a kernel kind at an itemsize (None: limited by DRAM alone)."""
    table = KERNEL_THROUGHPUT.get(kind, {})
    return table.get(itemsize, table.get("*"))


def dram_efficiency(kind: str) -> float:
    return KERNEL_DRAM_EFFICIENCY.get(kind, 1.0)


def absolute_gbs(fraction: float, sms: int) -> float:
    """A ``KERNEL_THROUGHPUT`` / ``KERNEL_DRAM_RATE`` fraction as GB/s on a GPU with ``sms`` SMs."""
    gbs, reference_sms = KERNEL_SPEED_REFERENCE
    return fraction * gbs * sms / reference_sms


def evict_last_fraction(kind: str) -> float:
    return L2_EVICT_LAST_FRACTION.get(kind, L2_EVICT_LAST_FRACTION["online_forward"])


def online_programs_per_sm(itemsize: int, backward: bool = False) -> int:
    if backward:
        return ONLINE_BACKWARD_PROGRAMS_PER_SM
    return ONLINE_PROGRAMS_PER_SM.get(itemsize, ONLINE_PROGRAMS_PER_SM[4])
