"""Every tunable number of the traffic model, in one place, so that it can be calibrated.

The model's structure (bytes from ``reference.traffic``, an L2 that can absorb re-reads, a
roofline per kernel) is fixed; these constants are the parts that a measurement can move. Each
docstring says what the number stands for, where its value came from, and which measurement would
calibrate it. ``ANCHORS.md`` is the project's file of measured figures (H100/H200, 2026-11-22).

The model reads them when it predicts, so a calibration can set them at run time
(``traffic_model.knobs.LAUNCH_OVERHEAD_S = 4e-6``) before it edits the values here.
"""

from __future__ import annotations

LAUNCH_OVERHEAD_S = 6e-6
"""Seconds each kernel adds on the GPU whatever it moves: the launch itself, the ramp up to full
bandwidth, the tail of the last wave of programs.

ANCHORS.md's seeds' grid (H200, M=4096, fp32) fixes it: the tutorial kernel took 13.9 µs at
N=1024, where its 33.5 MB take 7.9 µs at the copy bandwidth, leaving 6 µs. Calibrate with the
time of one kernel over a range of small sizes: the intercept of time against bytes."""

TORCH_HOST_OVERHEAD_S = 7e-6
"""Seconds the host needs to issue one eager torch operation (Python, dispatcher, driver).

A benchmark loop issues launches asynchronously, so the host's cost overlaps the GPU's work and
sets a floor under each kernel's time instead of adding to it: a kernel takes
``max(host, LAUNCH_OVERHEAD_S + work)``. ANCHORS.md: the five-kernel naive softmax took 35.5 µs
at M=4096, N=256 (fp32, H200), 7.1 µs a kernel, and torch.softmax 7.8 µs. Calibrate with the
time of a tiny eager op in the same loop."""

TRITON_HOST_OVERHEAD_S = 11.5e-6
"""Seconds the host needs to launch one Triton kernel from Python (argument binding, the launcher).

The floor under the lab's Triton kernels, as ``TORCH_HOST_OVERHEAD_S`` is under torch's.
ANCHORS.md: the tutorial's kernel took 11.5 µs at M=4096, N=256 (fp32, H200), where its 8.4 MB
need 2 µs: the host, not the GPU, sets that time. This is why torch.softmax beats a Triton kernel
on small problems. Calibrate with the time of the lab's kernel at the smallest sizes."""

DATASHEET_BANDWIDTH_FRACTION = 0.9
"""Fraction of the datasheet DRAM bandwidth that a streaming kernel reaches in practice.

Used only for GPUs without a measured copy bandwidth. A device-to-device copy moved 3019 GB/s on
an H100 SXM (datasheet 3350: 0.90) and 4268 GB/s on an H200 (datasheet 4800: 0.89), ANCHORS.md.
Calibrate by measuring a copy (bytes read + written over time) and passing it as the bandwidth."""

L2_USABLE_FRACTION = 0.5
"""Fraction of the L2 cache that data reused across or within kernels can count on.

An LRU cache of C bytes keeps a re-read byte only if fewer than C other bytes were touched in
between; real L2s hold less than their size for this: Ampere and Hopper split L2 into two
partitions joined by a crossbar, lines are shared with other traffic and replacement is not LRU.
Evidence for about half: in ANCHORS.md's Nsight count (H200, 50 MB L2), the fused kernel's DRAM
writes fall short of its output by 28.5 MB, the dirty lines still in L2 when it ends: 0.57 of the
L2. Calibrate from the problem size at which the naive softmax's measured DRAM traffic leaves the
8MN + 4M formula."""

L2_BANDWIDTH_RATIO = 2.0
"""L2 bandwidth as a multiple of the DRAM bandwidth.

Every byte a kernel reads or writes passes through L2, DRAM-sourced or not, so a kernel whose
re-reads all hit L2 is limited by the L2's bandwidth instead of the DRAM's. Public
microbenchmarks put Hopper's L2 at several TB/s (about 2x an H100's DRAM, 1.5x an H200's);
2 is a round middle. Calibrate with a kernel that re-reads an L2-sized buffer."""

FORWARD_FLOPS_PER_ELEMENT = 5
"""Arithmetic operations per element of a forward softmax: compare (max), subtract, exp, add
(sum), divide. The exp runs on the special-function units at a quarter of the FMA rate, so an
honest count in FMA slots is nearer 8; both are far below what would make softmax compute bound:
an H100 does about 67e12 / 3.0e12 = 22 fp32 operations in the time it fetches one byte, 88 per
float32 element. The compute term exists to show that it never binds, not to be precise."""

BACKWARD_FLOPS_PER_ELEMENT = 4
"""Arithmetic operations per element of a softmax backward: dy * y, the row sum's add, the
subtraction dy - sum, and the final multiply by y."""

ONLINE_PROGRAMS_PER_SM = 4
"""Programs of the lab's multi-block (online) kernel resident on one SM at once.

The online kernel reads each row twice; the second read hits L2 when the rows in flight
(resident programs x bytes of input per row) fit in usable L2. A Triton program of 4 to 8 warps
leaves room for 4 to 8 per SM by thread count, fewer once registers run out. Calibrate from the
kernel's occupancy (``kernel.n_regs``, warps) or from the N at which its GB/s drops."""

TORCH_BLOCKS_PER_SM = 2
"""Thread blocks of torch's row-per-block softmax kernels resident on one SM.

torch launches blocks of up to 1024 threads for rows too wide for its warp-level kernel, and an
A100 or H100 SM holds 2048 threads: two blocks, two rows in flight per SM."""

TORCH_ROW_CACHE_BYTES = 48 * 1024
"""Row size (bytes) from which torch.softmax stops keeping the row on chip between its passes.

PyTorch's CUDA softmax (aten/src/ATen/native/cuda/SoftMax.cu) caches the row in registers or in
shared memory when ``dim_size`` is below ``sharedMemPerBlock / sizeof(scalar_t)``; the default
per-block shared memory is 48 KiB. Wider rows go to the kernels that re-read them from global
memory. Alignment conditions (16-byte pointers, N divisible by the vector width) are ignored."""

TORCH_FORWARD_WIDE_READS = 3
"""How many times torch's forward reads a row too wide to cache: once for the max, once for the
sum of exponentials, once to write the output (``cunn_SoftMaxForward``). With none of the re-reads
in L2 that is 3MN + MN = 4MN, half of the fused 2MN: ANCHORS.md's torch fp32 forward falls to
about half of the copy bandwidth from N = 65536 on, on both GPUs."""

SPLIT_MIN_CHUNK = 1024
"""Narrowest slice of a row (elements) that the model lets one split-row program own when it
chooses the number of splits itself; see ``traffic_model.model.default_splits``."""
