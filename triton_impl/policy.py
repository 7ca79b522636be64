"""The dispatch policy: which kernel, block, warps and grid run an (M, N) softmax, and why.

One function, ``choose(M, N, dtype, device, backward=..., forcing=...)``, maps a problem and a
described device to a ``Plan``. It needs neither torch nor triton (only the dtype table of
``reference.dtypes``), so ``triton_impl`` runs it and ``traffic_model`` imports it to predict
exactly what the dispatcher does. Every number below carries the measurement that set it.

The choice
----------
single_block  a row fits on chip (up to ``SINGLE_BLOCK_MAX_COLS`` float32 values per row, half that
              in the backward, which holds y and dy): the fewest bytes, 2MN forward, 3MN backward.
              For narrow rows a program takes ``BLOCK_M`` rows so that each holds
              ``TILE_ELEMENTS`` values (``SINGLE_BLOCK_MAX_ROWS`` caps it at one width) and
              every load is a full 16-byte vector.
cooperative   wider rows: each row is cut into chunks of ``block_n`` columns, one program per chunk,
              each chunk loaded once into registers. The programs of a row publish their partial
              (max, sum) pairs, wait for each other, merge, and write from registers: 2MN forward
              and 3MN backward at any width (``kernels/cooperative.py`` explains the exchange and why
              it cannot hang). Rows wider than one chunk per multiprocessor give each program
              several chunks, re-read from L2 in the second pass.
online        one program per row, ``block_n`` columns at a time, two passes over the row: 3MN
              from DRAM at worst, 2MN where the second read hits L2. Forced, or chosen for
              float32 forward rows of 6144 to 32768 columns that fill 3/4 of their power of
              two, in one step of the whole row (``ONLINE_ONE_STEP_COLS``). The previous
              default for wide rows.
split         (forced only) a row shared by ``splits`` programs in two launches through a workspace.

Those four read rows whose elements are contiguous. A softmax along a dim that is not the
innermost (``inner`` > 1: the dims after it hold more than one element, as the channels of an
NCHW tensor) has its rows interleaved: element n of row (a, b) lies at a*N*inner + n*inner + b in
torch's contiguous layout, which is also the layout of the output it returns. There:

spatial       a program holds a tile of ``block_m`` rows side by side (b, the contiguous dims) by
              ``block_n`` positions of the softmax dim, and reduces across the tile's first axis:
              the input read in place and the output written in torch's layout, 2MN forward and
              3MN backward when the tile holds the whole softmax dim, else ``block_n`` positions
              a step in two passes, as online. The default for every such softmax but one
              (``SPATIAL_TRANSPOSED_BELOW_SMS``), and forcible on interleaved rows only.
transposed    a row kernel (forced, or chosen where few spatial tiles would leave the GPU idle)
              run on a contiguous copy of the rows, its output copied back into torch's layout
              (``Plan.transposed``): 4MN more than the row kernel's own.

``Forcing`` is the one record of what a caller forces (``kernel``, ``block_n``, ``splits``),
validated in one place; ``choose`` then checks it against the problem. Experiments that need more
(fold lanes, persistent grids, other warps) build a ``Plan`` themselves with
``dataclasses.replace`` and run it through ``triton_impl.launch``.
"""

from __future__ import annotations

import dataclasses
import math
import numbers
from dataclasses import dataclass
from typing import NamedTuple

from reference._inputs import next_power_of_2
from reference.dtypes import format_of
from reference.tolerance import blocked

ROW_KERNELS = ("single_block", "cooperative", "online", "split")
"""The kernels of rows whose elements are contiguous; all but single_block handle any N."""
KERNELS = (*ROW_KERNELS, "spatial")
"""Every kernel a plan can name, and a caller force."""

SINGLE_BLOCK_MAX_COLS = 32768
"""Widest row (float32 values on chip) the forward single-block kernel holds; the backward holds
two such tiles (y and dy) and so stops at half. A capacity, not a timing: at ``MAX_WARPS`` warps
it is 32 values a thread, and the single-block sweeps (results/h200/sweep_single_block.json, the
bandwidth grid, forward to N = 32768) measured the kernel up to it; wider rows go to the cooperative
kernel, and no wider single block was timed."""
TILE_ELEMENTS = 2048
"""Values one single-block program holds when rows are narrow: BLOCK_M = TILE_ELEMENTS // BLOCK_N
rows at once (measured best from N=256 to 1024 on an H200, float32 and bfloat16; at 256, later
sweeps found four rows faster: ``SINGLE_BLOCK_MAX_ROWS``). Where ``NARROW_ROWS_BY_WARPS`` applies,
float32 rows take four rows a program, one warp each, instead."""
SINGLE_BLOCK_MAX_ROWS = {256: 4}
"""Row width -> most rows a single-block tile of rows that wide holds (else ``TILE_ELEMENTS``
decides). At N = 256 (eight rows of ``TILE_ELEMENTS``) four rows and four warps were the
fastest variant in every H200 sweep of M*N = 2^27 rows of 256, forward: bfloat16 96.6 / 95.6 /
96.0% of copy against 93.3 / 92.4 / 92.7% for eight rows and four warps (three sweeps, two
sessions), float32 99.2% against 98.5% for eight rows and eight warps; in the A/B of the
committed rule, two rounds, bfloat16 96.2 / 96.1% against 92.7 / 92.6%, float32 99.4 / 99.4%
against 98.4 / 98.4% (results/h200/narrow_and_backward_2026-11-23/, few_warps_2026-11-22/). On
an H100, in an A/B of two rounds (results/h100/narrow_and_backward_2026-11-23/), bfloat16
98.2 / 98.1% against 97.7 / 97.5%, float32 99.5 / 99.6% against 99.8 / 99.8%, the backward
level. Narrower rows keep ``TILE_ELEMENTS``: four rows there were far slower on that H100
(N = 32 float32 forward 56% of copy against 99%, N = 128 bfloat16 91% against 98%)."""
VECTORS_PER_THREAD = 2
"""16-byte vectors each thread loads per row tile of an online program and of a single-block
backward; with the tile size it sets num_warps. A single-block program counts its rows' real
columns, not its power-of-two block: a row of 4224 float32 padded to 8192 takes 16 warps, not 32,
so that the threads the masked half would idle stay free for other programs. Swept on an H100,
M = 4096 (``benchmarks/sweep_plans.py --kernel single_block --rows 4096``; results/h100/
sweep_single_block_seeds*.json): float32 forward at N = 4224 75.8% of copy with 32 warps against
88.7% with 16. At powers of two the plans are those of before, which the bandwidth sweep
(M*N = 2^27, sweep_single_block_bandwidth.json) found within 1.2% of the best variant at every
point but one: bfloat16 forward at 32768, whose persistent grid (set on an H200, below) gave 91.5%
against 93.2% for one program per row."""
FORWARD_VECTORS_PER_THREAD = 8
"""The same for a single-block forward from ``FORWARD_FEW_WARPS_FROM_COLS``: 8 vectors (32 float32
values) of a row's real columns a thread, so a quarter of the backward's warps. Swept at M = 4096,
float32 forward, the 17 widths of the seeds' grid where we trailed a peer (``sweep_plans.py
--kernel single_block --rows 4096 --no-persistent``; results/h200/few_warps_2026-11-22/
sweep_single_block_tail.json, results/h100/few_warps_2026-11-22/sweep_single_block_tail_{1,2}.json,
two runs): with the tail rule (``block_and_tail``) the plan moved at least 0.977 of the best
variant's bandwidth at every width on the H200 (0.996 on average), 0.992 and 0.96 on the H100
(0.998 and 0.992); the plans of 2 vectors a thread, at least 0.944 (0.971 on average) on the H200
and 0.916 and 0.925 (0.982) on the H100, with up to 32 warps where 4 or 8 were best."""
FORWARD_FEW_WARPS_FROM_COLS = 512
"""Row width from which a single-block forward takes ``FORWARD_VECTORS_PER_THREAD``. Narrower rows
keep ``VECTORS_PER_THREAD``: at N = 256 (eight rows a tile) 8 warps, one a row, moved 98.5% of an
H200's copy against 96.3% with 4 (bandwidth grid, M = 524288; results/h200/few_warps_2026-11-22/
sweep_single_block_tail_bandwidth.json), where at N = 1024 (two rows a tile) 4 warps moved 98.1%
against 95.8% with 8."""
SINGLE_BLOCK_HELD_AS_LOADED_FROM_COLS = 16384
"""Row width from which a 16-bit single-block backward holds y and dy as loaded across the row
sum and converts them again for dx (``Plan.held_as_loaded``; ``row_math.to_compute_again``), as
the cooperative backward does. Compiled for sm_90 (bfloat16, 16384 columns, 32 warps) it takes 31
registers a thread against 45, so two programs fit on an SM instead of one (8192 columns, 16
warps: 32 against 46). Measured in A/B rounds of M*N = 2^27 (results/h200/
narrow_and_backward_2026-11-23/, results/h100/narrow_and_backward_2026-11-23/): at 16384 columns
an H200 moved 100.0 / 99.8% of copy against 93.0 / 92.9% (the committed rule: 100.1 / 99.8%
against 93.4 / 93.2%) and an H100 99.5 / 99.4% against 100.3 / 100.3%; at 8192 both GPUs lost
0.6-0.9 points with it, so narrower rows convert once. float16 takes it too, and gained one point
on that H200 (92.9 / 93.1% against 92.1 / 92.0%): its second conversion is inline PTX, not the
shift of bfloat16's."""
EIGHT_BYTE_ROWS_BACKWARD_WARPS = {8192: 4}
"""Block -> warps of a 16-bit single-block backward whose rows are not whole 16-byte vectors but
are read in 8-byte vectors or wider (N % 8 == 4: four values a load where a 16-byte vector holds
eight; any such N through a window, ``reads_in_window``), one row a program, on a Hopper GPU with
a fast DRAM (``FAST_DRAM_FROM_GBS``), from 2^27 // N rows. A 16-byte vector's rows take 8 warps
at a block of 8192, which here left half a program's loads of each thread in flight. Rows of
other N read in narrower loads (not through a window: tensors of two row strides, or not
16-byte aligned) take the rule's warps (``Plan.uncapped_warps``, ``for_rows``); rows of
N % 8 == 4 keep 4 however they are read (timed from their own starts in 8-byte vectors only).

Timed on an H200, bfloat16 at M = 2^27 // N, two interleaved rounds a call, every output
NaN-poisoned and checked against float64 first (results/h200/widths_2026-11-29/), of copy, the
policy's 8 warps -> 4: 4100 75.8 / 76.7 / 75.7 -> 90.4 / 90.6 / 90.4% (three calls), 6148 91.2
-> 99.7%. Before the window the same swap lost or tied where the rows are 4-byte words (N % 8
== 2: 4098 71.5 -> 70.6%, 6146 88.8 -> 89.3%) or odd (4097 59.7 -> 54.2%, 6145 75.4 -> 63.8%).
Through the window (results/h200/single_block_window_2026-11-29/fifth_call/), 8 -> 4 warps,
bfloat16 4097 / 4098 / 6145 / 6146 73.7 / 73.1 / 90.8 / 89.9 -> 90.3 / 90.0 / 100.4 / 100.5%,
float16 75.5 / 73.9 / 91.1 / 90.0 -> 94.8 / 91.7 / 100.6 / 100.3%. Rows of whole vectors ran at
99.7-100% with 8 (5120, 6144). At a block of 4096 the policy's 4 warps stand (2052 89.7%, 3076
99.8%). Untimed: the H100; other M; a block of 16384 (8196-16380 columns)."""

EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS = {512: 2}
"""Block -> warps of a 16-bit single-block backward whose tile holds several rows of N % 8 == 4,
read from their own starts in 8-byte vectors rather than through a window, on a Hopper GPU with
a fast DRAM, from 2^27 // N rows (``_rows_past_vectors``): four rows of 512 in 2 warps where the
rule gives 4 through the window (N = 268-508: the body of 260 fits a tile of 256, and from 516
the body's tile, 512, would not hold the row from its start). One row a program keeps the
window (bfloat16 1500 / 2500 / 4100 / 6004 / 12292 at 96.5-100.5% of copy in the widths scan,
results/h200/widths_scan_2026-11-29/).

Timed at N = 300 alone, bfloat16, on an H200 (results/h200/narrow_rows_2026-11-29/, two
interleaved rounds, every output NaN-poisoned and checked against float64 first), of copy: the
policy's 4 x 512 in 4 warps through the window 77.6%, from the rows' own starts 88.6%; in 2
warps 80.1% through the window, 99.8% from their own starts (2 x 512 in 2 warps 98.8%;
torch.compile 99.8% in the widths scan). Untimed: other N of the rule, float16, other blocks (N
of 12 and 516-1020; those of 20-252 are ``NARROW_ROWS_BACKWARD_FROM_OWN_STARTS``'), other M, the
H100."""

NARROW_ROWS_BACKWARD_FROM_OWN_STARTS = {8: {32: (32, 2), 64: (16, 2), 128: (8, 4), 256: (4, 1)},
                                        4: {64: (16, 2), 128: (8, 1)}}
"""The alignment of 16-bit rows in bytes (8: N % 8 == 4; 4: N % 4 == 2) -> {their power of two,
the tile: (rows a program, warps)} of a single-block backward whose rows are each read from
their own start, in 8- or 4-byte vectors, on a Hopper GPU with a fast DRAM from 2^27 // N rows
(``_rows_past_vectors``): N of 20-28, 36-60, 68-124 and 132-252 (N % 8 == 4), 34-62 and 66-126
(N % 4 == 2), as ``EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS``' wider rows are. Through the window the
rule's plans held the row's body and its edges a tile of their own, 16-128 rows a program in 4
warps (one warp of four rows of 256 at 132-252), and ran at 45.7-99.7% of copy, under 90% at
20-100 and 140, where torch.compile, reading the rows from their own starts, ran at 74-100%
(bfloat16, the widths section and sweeps; results/h200/router_widths_2026-11-30/).

Swept on an H200, bfloat16 backward at M = 2^27 // N, two interleaved rounds, every output
NaN-poisoned and checked against float64 first (that folder's ``second_call/`` and
``third_call/``), of copy, the policy's plan through the window -> this layout from the rows' own
starts (torch.compile): N % 8 == 4, 20 45.8 -> 100.0% (100.1%), 28 46.8 -> 99.5% (99.8%), 36 58.3
-> 97.0% (97.7%), 60 77.2 -> 98.0% (99.2%), 100 89.4 -> 99.5% (98.7%), 124 97.7 -> 99.6% (98.5%),
140 81.5 -> 97.3% (97.2%), 196 94.0 -> 100.0% (99.8%); N % 4 == 2, 34 55.1 -> 69.2% (85.8%), 42
57.4 -> 83.0% (94.9%), 50 66.8 -> 88.9% (95.0%), 62 78.5 -> 98.5% (100.0%), 66 82.0 -> 85.7%
(77.5%), 74 77.9 -> 91.4% (84.1%), 90 85.8 -> 97.5% (88.5%). The rows' alignment decides the
warps of a tile of 128: eight rows of 128 in 4 warps ran 99.5 / 99.6% at 100 / 124 and 52-58%
at 66 / 74, in 1 warp 96.4 / 98.7% and 85.7 / 91.4%. The first form of the rule (eight-byte rows
in tiles of 64 and 128, d45433c) against main in one call (``third_call/``), of copy: 36 58.3 ->
97.6%, 44 59.8 -> 99.1%, 52 69.0 -> 99.3%, 60 77.4 -> 99.2%, 68 84.0 -> 86.3%, 76 78.7 -> 91.4%,
84 83.1 -> 96.2%, 92 86.1 -> 99.2%, 100 89.2 -> 99.8%, 108 92.8 -> 100.1%, 116 95.5 -> 100.1%,
124 97.7 -> 99.8%; the forward, unchanged, within 0.5 points. The second form (1e62989) against
the first in one call (``fourth_call/``), of copy: 20 45.7 -> 100.0%, 28 46.8 -> 99.1%, 34 55.1
-> 68.7%, 42 57.4 -> 81.8%, 50 66.6 -> 84.5%, 62 78.8 -> 98.4%, 66 82.2 -> 85.3%, 74 77.3 ->
90.4%, 90 85.6 -> 97.5%, 122 97.0 -> 98.6%, 126 97.7 -> 99.0%, 140 82.5 -> 97.3%, 196 94.1 ->
100.0%, 252 99.7 -> 99.6%; the forward within 0.8 points. Eight-byte rows of 68-76 take two
warps (``FEW_WARPS_BACKWARD_EIGHT_BYTE_ROWS``). float16, swept: sixteen rows of 64 ran 85.7 /
96.3% at 44 / 60 in 2 warps, 99.7 / 100.4% in 4 (bfloat16 at 36: 97.0% in 2, 91.2% in 4); the
table, one for both 16-bit dtypes, keeps bfloat16's. Untimed: float16 but in those sweeps, rows
of N % 4 == 2 in tiles of 32 and 256, odd N (from their own starts one warp of eight rows of 64
ran 80.5% at 57 against the window's 74.1%), other M, the H100."""

NARROW_ROWS_BACKWARD_HEADS_AND_TAILS = {4: {(32, 2): (32, 2), (32, 8): (16, 1), (32, 16): (16, 2),
                                            (64, 16): (8, 1)},
                                        2: {(16, 1): (64, 2), (16, 4): (16, 1), (16, 8): (16, 2),
                                            (32, 0): (16, 1), (32, 8): (16, 1), (64, 0): (8, 1)}}
"""The alignment of 16-bit rows in bytes (4: N % 4 == 2; 2: odd N) -> {(head, tail): (rows a
program, warps)} of a single-block backward whose rows are each read from their own start, in
4-byte words or value by value, and held as the power of two under N and the power of two that
covers the rest (``head_and_tail``: 34 as 32 + 2; (32, 0) and (64, 0): odd rows of 25-31 and
49-63 in their power of two), on a Hopper GPU with a fast DRAM from 2^27 // N rows
(``_rows_past_vectors``): N = 34, 38, 42, 46, 74 and 78 (N % 4 == 2), in place of
``NARROW_ROWS_BACKWARD_FROM_OWN_STARTS``' power of two (64 or 128, 16 or 8 rows a program in 2
or 1 warps), and odd N of 17-31, 37-39 and 49-63, in place of the window's body tile (16,
32 or 64; 32-128 rows a program in 4 warps). Rows of N % 4 == 2 whose head and tail tied or
lost in the sweep keep their plans: 66 (64 + 2: 85.7% against 85.6%), 70 (64 + 8: 88.4% against
87.8%, within noise) and 82 (64 + 32: 89.5% against the policy's 94.9%); so do 50-62, whose
head and tail would be their power of two.

Swept on an H200, bfloat16 backward at M = 2^27 // N, two interleaved rounds, every output
NaN-poisoned and checked against float64 first (results/h200/narrow_backward_tails_2026-11-30/
``first_call/``, ``third_call/``), of copy, the policy's plan -> this layout (torch.compile): 34
68.2 -> 87.2% (85.3%), 38 74.8 -> 90.8% (79.5%), 42 79.3 -> 89.4% (94.1%), 46 77.4 -> 90.5%
(92.2%), 74 90.6 -> 93.7% (83.6%), 37 58.6 -> 66.5% (46.6%), 19 43.3 -> 60.9% (56.4%), 25 41.1
-> 57.9% (69.5%), 57 74.1 -> 80.5% (67.4%). Each best layout leaves a thread 10-20 columns of y
and of dy; the same head and tail in the other rows and warps swept ran down to 27-56 points
below it (34-46, 74 and 37; four rows a program in one warp the slowest).

The first form of the table (N % 4 == 2, and 37-39) against the plans before it in one call
(``second_call/``), bfloat16, of copy: 34 68.8 -> 87.2%, 38 74.9 -> 90.6%, 42 80.8 -> 89.4%, 46
85.9 -> 90.5%, 74 89.9 -> 94.1%, 78 92.2 -> 95.2%, 37 58.7 -> 66.6%, 39 61.2 -> 69.6%; float16,
swept, 34 69.9 -> 91.8%. The second (odd 19, 25-31, 49-63; ``fourth_call/``): 19 43.4 ->
61.4%, 25 41.2 -> 57.6%, 29 47.3 -> 65.4%, 31 50.3 -> 69.1%, 49 65.4 -> 73.4%, 51 67.8 -> 75.7%,
57 73.5 -> 79.9%, 63 79.5 -> 83.5%. Untimed: float16 past that, other M, the H100.

Swept again once a program of one tile had no loop (``row_math.tile_step``;
results/h200/narrow_codegen_2026-12-01/ ``fourth_call/``, bfloat16, two rounds, torch.compile in
the same rounds), of copy: 37 as 32 + 8, eight rows in one warp -> sixteen, 67.7 -> 75.5%
(torch.compile 46.3%; 39 rides on it); 45 and 57 kept their plans (the fastest swept, or within
1.3 points). Odd 17, 21 and 23, which no entry took and which lost 5.8 and 6.6 points at 21 and
23 without the loop (``sixth_call/``), swept (``seventh_call/``): the policy's plan (128 rows of
16 in four warps, through the window) -> 17 as 16 + 1, 64 rows in two warps, 34.7 -> 69.2%, 21
and 23 as 16 + 8, 16 rows in two warps, 41.8 -> 65.5% and 45.4 -> 68.9% (the fastest variants;
torch.compile 56.3 / 65.5 / 64.3%, ahead of the policy's plan by 19-24 points)."""

WINDOWED_BACKWARD_HEADS_AND_TAILS = {2: {(32, 16): (32, 4), (128, 16): (8, 4)},
                                     4: {(128, 32): (8, 4)}}
"""The alignment of 16-bit rows in bytes (2: odd N; 4: N % 4 == 2) -> {(head, tail) of N
(``head_and_tail``): (rows a program, warps)} of a single-block backward of rows read through
the window, whose head and tail hold the row's body (``window_columns``: 40 columns at most of
41-47, 136 of 137-143, 152 of 146-158) in place of its power of two (``_body_tile``: 64 and
256), on a Hopper GPU with a fast DRAM from 2^27 // N rows: odd N of 41-47 and 137-143, N % 4
== 2 of 146-158. Swept as ``NARROW_ROWS_BACKWARD_HEADS_AND_TAILS`` (same calls), bfloat16, of
copy, the policy's plan -> this layout (torch.compile): 45 60.7 -> 79.1% (57.9%; 32 x 64 in 4
warps before), 137 78.1 -> 99.6% (82.8%; 4 x 256 in one warp before; 4 rows of 128 + 16 in 2
warps 99.4%), 150 82.8 -> 99.0% (98.9%; 4 x 256 in one warp before). 77 (64 + 16 through the
window, 16 rows in 4 warps) ran 89.5% against the policy's 88.5%: it keeps its plan. The tails
were timed as ``head_and_tail`` gives them, not narrowed to the body (8 would hold 137's).
The first form (odd N) against the plans before it in one call (``second_call/``), bfloat16, of
copy: 45 60.8 -> 78.9%, 47 64.1 -> 81.5%, 137 78.2 -> 99.4%, 143 79.9 -> 99.2%; float16, swept,
45 61.2 -> 78.9%, 137 79.5 -> 99.3%; the second (N % 4 == 2; ``fourth_call/``): 146 83.9 ->
99.4%, 150 85.3 -> 99.4%, 158 87.4 -> 99.2%. Untimed: float16 past those, 41 and 43, 139 and
141, 154, other M, the H100."""

NARROW_ROWS_FORWARD_FROM_OWN_STARTS = {8: {(32, 4): (16, 1), (32, 16): (16, 2), (64, 4): (16, 1),
                                           (64, 16): (16, 2), (64, 32): (16, 2)},
                                       4: {(32, 2): (16, 1), (32, 8): (32, 2), (32, 16): (32, 2),
                                           (64, 0): (32, 4), (64, 2): (16, 1), (64, 8): (8, 1),
                                           (64, 16): (8, 1), (64, 32): (8, 1)},
                                       2: {(16, 1): (32, 1), (16, 4): (32, 1), (16, 8): (64, 2),
                                           (32, 0): (16, 4), (32, 1): (32, 1), (32, 4): (16, 1)}}
"""The alignment of 16-bit rows in bytes (as ``NARROW_ROWS_BACKWARD_FROM_OWN_STARTS``'; 2:
odd N) -> {(head, tail): (rows a program, warps)} of a single-block forward whose rows are each
read from their own start in 8-, 4- or 2-byte loads and held as the power of two under N and
the power of two that covers the rest (``head_and_tail``; (64, 0): 4-byte rows of 50-62 in
their power of two; (32, 0): odd rows of 29-31, and of 25-27 before
``NARROW_ROWS_FORWARD_THREE_TILES``, which takes them first), on a Hopper GPU with a fast DRAM
from 2^27 // N rows (``_rows_past_vectors``): every N % 8 == 4 or N % 4 == 2 of 33-95 but 52
and 60 (N % 8 == 4, which a head and tail would pad no less than their power of two does, and
whose plans before ran at 85-93%), and odd N of 17-35. Before, the rule held each row in its power
of two, 16-32 rows a program in 4 warps from the rows' own starts (N % 8 == 4), or through the
window its body's tile (16 rows of 32 or 64 in one warp, 8 rows of 128 in 2 warps at 90 and 94) or a
tile and a tail of 16 (``WINDOWED_TAILED_ROW_TILES``, 74-86) (N % 4 == 2), and ran at 35-78% of copy
where whole vectors run at 92-99%: the padding of 36 to 64 or 66 to 128, masked, costs a thread its
loads.

Swept on an H200, bfloat16 forward at M = 2^27 // N, two interleaved rounds, every output
NaN-poisoned and checked against float64 first (results/h200/narrow_forward_2026-11-30/), of
copy, the policy's plan -> this layout (torch.compile): 36 65.2 -> 85.2% (47.4%), 44 77.4 ->
82.1% (57.0%), 68 59.7 -> 89.1% (43.1%), 76 66.0 -> 88.7% (48.0%), 34 35.4 -> 78.3% (32.5%), 42
35.0 -> 70.8% (39.8%), 66 53.3 -> 75.1% (24.5%), 90 61.4 -> 72.4% (40.5%), 58 in its power of
two 47.4 -> 67.0% (55.0%) (``first_call/``); 38 39.1 -> 76.2% (36.2%), 70 56.0 -> 82.8%
(31.5%), 74 64.8 -> 77.8% (27.5%), 84 71.7 -> 80.9% (52.4%), 92 77.6 -> 83.5% (57.0%)
(``third_call/``). Rows of one head take different tiles: 68 ran 80.5% in sixteen rows of 2
warps, 76 87.4% in one; 90 ran 59.9% in sixteen rows of one warp. A head and tail gained
nothing at 20 (16 + 4: 76.2% against 75.6%) nor 140 (128 + 16: 77.2 against 76.5%), nor whole
powers of two at 100, 126 and 196 (within 1.7 points).

Each form of the table against the plans before it in one call, of copy: the first
(``second_call/``) 34 35.4 -> 77.7%, 36 65.0 -> 85.2%, 42 34.6 -> 70.2%, 44 77.3 -> 81.6%, 46
38.0 -> 73.8%, 66 52.5 -> 74.3%, 68 59.0 -> 88.8%, 76 65.0 -> 88.3%, 82 61.9 -> 67.3%, 86 62.0
-> 69.8%, 90 61.2 -> 71.1%, 94 63.2 -> 73.6% (float16, swept: the rule's plans 85.0 / 82.0 /
89.5 / 79.5 / 77.3 / 70.1% at 36 / 44 / 68 / 34 / 66 / 90, the layouts before it 68.2 / 80.1 /
62.2 / 35.5 / 53.0% at 36 / 44 / 68 / 34 / 66); the second (more heads and tails,
``fourth_call/``) 38 39.0 -> 75.5%, 70 56.0 -> 82.9%, 74 64.6 -> 78.4%, 78 64.8 -> 80.3%, 84
71.7 -> 78.3%, 92 77.5 -> 82.0%; the third ((64, 0), ``fifth_call/``) 50 41.1 -> 58.4%, 54 43.9
-> 62.5%, 58 46.8 -> 65.9%, 62 49.6 -> 69.9%; the widths left alone and the backward within 0.7
points. Odd N (the fourth form), swept alone (``sixth_call/``), the policy's 64 rows of 32 in 4
warps -> this layout (torch.compile): 17 21.1 -> 57.8% (22.3%), 19 23.5 -> 50.1% (23.7%), 21
25.8 -> 44.6% (27.4%), 23 28.2 -> 48.4% (28.6%). Odd N of 25-31 (32, 0), read through the
window before (sixteen rows of its body's tile of 32 in one warp) and behind torch.compile, which
holds eight rows of 32 in two warps from their own starts (results/h200/narrowest_rows_2026-12-01/
``first_call/inductor.tgz``), swept from their own starts (``second_call/``), the window's
plan -> sixteen rows of 32 in four warps, the fastest variant (torch.compile): 25 26.3 -> 32.8%
(30.9%), 27 28.4 -> 35.4% (33.4%), 31 32.3 -> 40.4% (38.1%); against the plans before in one
call (``third_call/``): 25 26.3 -> 32.8%, 27 28.3 -> 35.1%, 29 30.3 -> 37.6%, 31 32.1 -> 40.0%
(23 and 33, outside it, within 0.2 points). Every width stays under 90% of copy
(torch.compile 22.3-57.0%). Untimed: float16 past those, the widths that ride on a timed one,
other M, the H100.

Once a program of one tile had no loop (``row_math.tile_step``), the odd rows were swept again
(results/h200/narrow_codegen_2026-12-01/ ``third_call/`` to ``fifth_call/``, bfloat16, two
rounds), of copy, the plans then -> the layouts above: 19 (32 rows in two warps) 54.6 / 54.5 ->
60.7 / 60.8%, 21 and 23 (16 rows in one warp) 46.2 / 49.9 -> 53.3 / 56.5% (64 rows in two), 33
(sixteen rows of eight threads, ``FAST_DRAM_SHORT_ROW_LAYOUTS``) 59.7 -> 67.6% (32 + 1, 32 rows in
one warp), 35 (the same) 63.0 -> 66.7% (32 + 4, 16 rows in one warp); 17 and 25-31 kept their
layouts (17 64 rows in two warps 63.5% against 62.5%; 25 as 16 + 8 + 4, 64 rows in one warp,
53.4% against 36.9%, a third tile no table here gives); 37-55 kept sixteen rows of eight
threads (the fastest swept at 37, 39, 45, 51, 53, 55), and 57-63 too, though eight rows of 64
in one warp ran 56.8 / 58.6 / 62.0% against 48.7 / 48.3 / 49.7% at 57 / 59 / 63: their head
and tail, 64 + 0, is that of 49-55, where it lost (51 64.1 -> 51.8%)."""
NARROW_ROWS_FORWARD_THREE_TILES = {2: {(16, 8, 4): (64, 1)}}
"""The alignment of 16-bit rows in bytes (``_row_alignment``; 2: odd N) -> {(block, tail, tail2):
(rows a program, warps)} of a single-block forward whose rows are each read from their own start
and held as three tiles (``three_tiles`` with ``NARROW_ROWS_THIRD_TILE``: odd 25 and 27 as 16 + 8
+ 4), on a Hopper GPU with a fast DRAM from 2^27 // N rows (``_past_vector_rows``), before
``NARROW_ROWS_FORWARD_FROM_OWN_STARTS``, which held them in their power of two (32 + 0: sixteen
rows in four warps) at 37-40% of copy.

Swept on an H200 (bfloat16, two interleaved rounds; results/h200/capacity_2026-12-01/
``second_call/``), of copy, that plan -> 64 rows of 16 + 8 + 4 in one warp (torch.compile): 25
36.9 -> 46.6% (30.9%), 27 39.8 -> 49.8% (33.3%); an earlier sweep had 25 at 36.9 -> 53.4%
(narrow_codegen_2026-12-01/``third_call/``). No other layout of 29 and 31 (a third tile would
pad them as much as their power of two) ran more than 0.7 points above their plans (42.6 and
45.4%). Against 94a7667's plans in one call, twice (``fourth_call/``, ``sixth_call/``): 25 37.0
-> 46.7 / 46.8%, 27 39.5 / 39.7 -> 49.2 / 49.4%; 29 and 31, unchanged, within 0.1 points.
Untimed: float16, the H100, other M."""
NARROW_ROWS_THIRD_TILE = 4
"""The narrowest tile of ``NARROW_ROWS_FORWARD_THREE_TILES``' rows (``three_tiles``' granule)."""


FEW_WARPS_BACKWARD_EIGHT_BYTE_ROWS = {128: (76, 2), 512: (340, 1)}
"""Tile -> (the widest N, warps) of the rows of N % 8 == 4 read from their own starts (16-bit,
``EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS``, ``NARROW_ROWS_BACKWARD_FROM_OWN_STARTS``) that fill
their tile sparsely enough to run fewer warps, ``FEW_WARPS_BACKWARD_COLUMNS`` // tile rows a
program: N = 268-340 as two rows of 512 in one warp (fill 0.52-0.66), where four rows of 512 in
two warps left a thread 8 values of y and dy a row; N = 68-76 as eight rows of 128 in two warps
(fill 0.53-0.59) where wider rows take four. The timings of 512 are in
``FEW_WARPS_BACKWARD_WHOLE_ROWS``' docstring (results/h200/narrow_backward_2026-11-30/); of 128,
swept on an H200 (bfloat16, results/h200/router_widths_2026-11-30/, of copy, eight rows in 4 /
2 / 1 warps): 68 86.3 / 94.9 / 78.3%, 76 91.7 / 98.5 / 84.0%, 100 99.5 / 97.9 / 96.4%, 124 99.6 /
98.0 / 98.7% (84 in 4 warps 96.2%; 2 untimed)."""

FEW_WARPS_BACKWARD_COLUMNS = 1024
FEW_WARPS_BACKWARD_TILE_COLUMNS = {(4, 16): 256}
"""(Item size, body tile) -> the columns of tiles a program of ``FEW_WARPS_BACKWARD_WINDOWED``
holds where not ``FEW_WARPS_BACKWARD_COLUMNS``: float32 bodies of 16 (N = 17-19), 16 rows in one
warp, where the rule's 64 rows took four warps.

Swept on an H200 once a single-block program of one tile had no loop (``row_math.tile_step``;
results/h200/narrow_codegen_2026-12-01/ ``third_call/``, two rounds, every output NaN-poisoned
and checked against float64 first, torch.compile in the same rounds), of copy, 64 rows in four
warps -> 16 rows in one warp (torch.compile): 17 96.4 -> 100.9% (89.8%), 19 98.4 -> 101.3%
(90.8%). The float32 bodies of 8 (N = 9-11) that took 32 rows in one warp here are read from
their own starts since (``FAST_DRAM_SHORT_ROWS_BACKWARD_FROM_OWN_STARTS``)."""
FEW_WARPS_BACKWARD_WINDOWED = {2: {64: (64, 2), 256: (256, 1), 512: (512, 1), 1024: (1024, 1),
                                   2048: (1408, 1), 4096: (2704, 2)},
                               4: {16: (16, 1), 32: (32, 4), 256: (192, 1)}}
"""Item size -> {body tile (``_body_tile``): (the widest body it takes (``window_columns``), warps)}
of a single-block backward read through a window whose rows fill their tile sparsely enough to run
fewer warps than the rule's, each program ``FEW_WARPS_BACKWARD_COLUMNS`` of tiles or one row (four
rows of 256, two of 512, one of 1024, 2048 or 4096): 16-bit rows not whole 16-byte vectors on a
Hopper GPU with a fast DRAM, from 2^27 // N rows (``_fast_hopper_problem``), and not those read
from their own starts (``EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS``,
``NARROW_ROWS_BACKWARD_FROM_OWN_STARTS``: N % 8 == 4 of 132-252 hold their tile of 256 in the
same one warp), in one warp up to bodies of 1408 (N up to 1415), in two in tiles of 4096 up to
bodies of 2704; float32 bodies of up to 192 columns (N = 133-195) in one warp, and bodies of
32 (N = 21-35 past vectors) in tiles of 1024, 32 rows in four warps, where the rule's
``TILE_ELEMENTS`` took 64 (in four warps at 21-31, eight at 33-35): at 21-31 the rule changes the
rows a program, not the warps; bodies of 16 (N = 17-19) 16 rows in one warp
(``FEW_WARPS_BACKWARD_TILE_COLUMNS``), where that rule took 128 in eight warps and then 64 in
four. (9-15 are read from their own starts: ``FAST_DRAM_SHORT_ROWS_BACKWARD_FROM_OWN_STARTS``.)
Launched on rows that cannot be read through a window, the plan keeps its warps, its tile the row's
power of two (``for_rows``: bfloat16 257 as 4 x 512, 1025 as 1 x 2048); compiled for sm_90 none
spills (1025: 217 registers; from their own starts one warp of 2048 217, two of 4096 229; through
the window 154-166 and 158-165), not timed. A backward holds y and dy: in one warp a thread holds 64
values of 1024 columns, where the rule's 4 warps a tile left it 16, too few loads in flight to hide
the DRAM's latency across so many small programs.

Timed on an H200, bfloat16 at M = 2^27 // N, two interleaved rounds a call, every output
NaN-poisoned and checked against float64 first (results/h200/window_tiles_2026-11-29/
ninth_call/), of copy, the policy's plan -> one warp: 137 (4 x 256, 4 warps) 56.5 -> 78.1%, 390
(4 x 512, 4 warps) 89.8 -> 99.2% (2 x 512), 642 (2 x 1024, 4 warps) 86.1 -> 99.4% (1 x 1024).
The rule against the plans before it, in one call (results/h200/narrow_warps_2026-11-29/
first_call/, widths of M·N about 2^27, the L2 flushed), of copy: 137 56.6 -> 77.8%, 257 / 258 /
262 90.8 / 91.4 / 92.1 -> 98.0 / 98.1 / 98.7%, 390 90.0 -> 99.1%, 642 86.3 -> 99.2%, 770 / 777
94.3 / 95.2 -> 98.9 / 99.1%; 514 and 1001-1026 99.4-99.6 -> 98.8-99.2%, within the 0.6 points
the unchanged forward moved between the two trees. float16, swept later (``sixth_call/``), the
plans before -> the rule's: 137 58.4 -> 79.4%, 390 90.4 -> 99.2%, 642 87.6 -> 99.7%, the rule's
the best of every layout of 1 and 4 warps timed there. Sixteen rows of 64 in two warps (16-bit
odd N of 65-71; rows of 33-63 take ``NARROW_ROWS_BACKWARD_HEADS_AND_TAILS`` and
``WINDOWED_BACKWARD_HEADS_AND_TAILS``), swept at 69 (results/h200/narrow_backward_tails_2026-11-30/
``third_call/``, bfloat16): 84.5 -> 90.9% of copy (32 rows in 4 warps before; 16 rows in 4
warps 86.0%; torch.compile 65.1%); against the plans before in one call (``fourth_call/``): 65
80.6 -> 82.1%, 69 84.0 -> 91.3%, 71 85.3 -> 86.5%. Untimed: the H100, other M.

float32 bodies of 16 and 32, swept on an H200 (results/h200/narrow_float32_2026-12-01/
``second_call/``, two rounds, torch.compile in the same rounds), of copy, the rule's plan -> 64 rows
of 16 or 32 rows of 32 in four warps (the fastest variant; torch.compile): 19 90.0 -> 96.3% (97.8%,
sixteen rows in two warps; 93.8%), 25 97.0 -> 101.5% (102.3%; 100.8%), 31 97.7 -> 101.1% (101.6%;
101.4%). Against the plans before in one call (``third_call/``): 13 73.1 -> 84.1%, 15 80.9 -> 93.5%,
17 87.2 -> 99.6%, 18 89.4 -> 101.5%, 19 90.9 -> 101.1%, 21 97.6 -> 102.5%, 22 99.9 -> 102.7%, 25
99.6 -> 102.5%, 26 101.0 -> 102.4%, 29 98.9 -> 102.4%, 30 101.1 -> 102.3%, 31 98.7 -> 102.3%, 33 /
34 / 35 102.1 / 102.0 / 102.1 -> 102.3 / 102.1 / 102.1%. In a later call whose two trees held the
same backward plans at these widths (``sixth_call/``) 13 ran 70.5 and 81.2% and 14 87.9 and 85.9%:
the gain at 13 above lies within that spread; 15, 17 and 18 moved -0.7 to 0.0 there. Untimed: 14, 23
and 27 (riding on 13-15 and 21-31), the H100, other M.

float32, swept in a later call (``fourth_call/``), the policy's four rows of 256 in 4 warps ->
in one warp: 133 83.2 -> 101.8%, 137 83.3 -> 101.7%, 150 91.3 -> 101.4% (in 2 warps 101.7 /
101.9 / 101.5%); then against the plans before, in one call (``fifth_call/``): 133 / 137 / 150
/ 175 86.2 / 87.7 / 91.5 / 98.9 -> 101.6 / 101.7 / 101.5 / 101.4%, 193 101.3 -> 101.4%, and
wider bodies lost 0.5-0.9 points (201 / 222 / 255 / 257 / 259 101.7 / 102.2 / 101.9 / 101.9 /
101.7 -> 101.2 / 101.3 / 101.1 / 101.2 / 101.1%; the unchanged forward within 0.3 points at
all but one), so they keep 4 warps. float32 tiles of 512 and 1024 keep their plans: 261-389
ran 100.1-102.0% in the third call.

Tiles of 2048 and 4096 (before them the table was ``ONE_WARP_BACKWARD_TILES``, one warp its only
plan), bfloat16 on an H200: swept (results/h200/narrow_backward_2026-11-30/ ``second_call/``,
``third_call/``, two rounds), 1, 2 and 4 warps, of copy: a tile of 2048 in one warp 1033 95.8 / 89.7
/ 86.9%, 1044 96.6 / 90.6 / 87.8%, 1156 99.6 / 95.6 / 91.0%, 1301 100.1 / 99.2 / 96.9%, 1404 100.4 /
100.0 / 99.2%, from 1502 a tie within 0.3 points; a tile of 4096 in two warps 2060 92.6 / 92.1 /
88.5%, 2101 93.1 / 94.3 / 89.5%, 2300 94.9 / 97.4 / 92.5%, 2501 95.6 / 99.9 / 96.9%, 2700 92.7 /
100.3 / 99.5%, from 3001 a tie; one warp spills 56 bytes at every tile of 4096, hence two warps even
where one ran faster (2060). float16 the same way (1036 97.8 / 90.6 / 87.3%, 2057 92.0 / 96.7 /
90.8%). Against the plans before, in one call (``fourth_call/``): 1033 87.1 -> 96.0%, 1100 88.8 ->
97.9%, 1301 96.8 -> 99.8%, 1404 / 1412 99.0 / 99.2 -> 100.1 / 100.2%, 2057 88.8 -> 92.4%, 2100 89.4
-> 92.9%, 2300 93.2 -> 97.1%, 2501 96.8 -> 99.0%, 2700 99.3 -> 99.9%; 1502, 2712 and 3001,
unchanged, moved -0.4 to -0.1. Untimed: the H100, other M."""

FEW_WARPS_BACKWARD_WHOLE_ROWS = {2: {512: (304, 1), 1024: (608, 1), 2048: (1208, 2)},
                                 4: {512: (508, 4)}}
"""Item size -> {tile: (the widest N, warps)} of rows of whole 16-byte vectors, not a power of
two, whose single-block backward on a Hopper GPU with a fast DRAM from 2^27 // N rows runs
fewer warps or fewer rows a program than the rule's, as ``FEW_WARPS_BACKWARD_WINDOWED``' rows do
(``FEW_WARPS_BACKWARD_COLUMNS`` // tile rows a program, or one): 16-bit rows that fill their tile by
0.59 or less, in one warp in tiles of 512 and 1024 (264-304, 520-608) and in two in one of 2048
(1032-1208); float32 rows held in 512 (260-508) two a program in the rule's four warps. The plans
before, 4 x 512 and 2 x 1024 in 4 warps, left a thread 8 values of y and dy a row at these fills
(before the tile of 2048 the table was ``ONE_WARP_BACKWARD_WHOLE_ROWS``, one warp its only
plan).

Timed on an H200 (results/h200/windowed_tails_2026-11-30/``fourth_call/``, M = 2^27 // N,
every output NaN-poisoned and checked against float64 first), bfloat16, one warp at every whole
-vector N of 129-1023 against the plans before in one call, of copy: 264 86.5 -> 99.8%, 280 87.8
-> 100.1%, 520 92.3 -> 100.0%, 600 95.1 -> 99.9%; fuller tiles and tiles of 256 lost 0.3-2.3
points (136 92.3 -> 90.7%, 144 94.4 -> 92.1%, 200 100.2 -> 99.4%, 400 100.4 -> 99.8%, 776 100.5
-> 100.2%, 1000 100.5 -> 100.2%, 1016 100.5 -> 99.7%) and keep their plans; 137, 256 and 512,
unchanged, moved 0.0-0.4. A sweep there (two rounds): at 264 two rows of 512 in two warps 90.0%,
at 600 one or two rows of 1024 in two warps 100.2 / 100.4% against one warp's 100.2%.

A tile of 2048, bfloat16 on an H200, swept (results/h200/narrow_backward_2026-11-30/
``second_call/``, ``third_call/``, two rounds), 2 / 1 / 4 warps, of copy: 1032 98.9 / 97.2 / 94.8%,
1040 99.3 / 97.6 / 95.3%, 1064 99.9 / 98.4 / 95.8%, 1104 100.6 / 99.2 / 97.7%, 1152 101.4 / 100.7 /
99.6%, 1208 100.8 / 100.6 / 100.1%, from 1280 a tie within 0.3 points; in a tile of 4096 the rule's
4 warps stay the fastest (2056 98.0% against 94.2 / 94.7%; 2400 99.8% against 99.5 / 98.2%). float16
1032 99.1 / 98.3 / 96.7%. The rows of N % 8 == 4 of ``FEW_WARPS_BACKWARD_EIGHT_BYTE_ROWS``, swept
the same way, two rows of 512 in 1 / 2 warps against the plan's four in 2: 268 99.1 / 94.3 / 89.3%,
276 98.9 / 96.0 / 90.1%, 292 98.8 / 98.0 / 92.9%, 308 99.3 / 99.3 / 95.9%, 316 99.8 / 99.8 / 96.7%,
340 99.7 / 100.0 / 98.8%, at 300, which the plan before already ran at 99.2%, 99.1 / 98.7%; from 372
within 0.7 points; float16 284 100.2 / 98.8 / 91.1%. Against the plans before, in one call
(``fourth_call/``): 268 89.0 -> 99.6%, 292 92.7 -> 99.6%, 316 96.7 -> 99.6%, 340 99.0 -> 99.9%, 1032
94.5 -> 98.5%, 1064 95.7 -> 99.4%, 1152 99.0 -> 100.9%, 1208 99.4 -> 100.1%; 264, 348, 600, 1216 and
2056, unchanged, moved -0.4 to +0.2. Untimed: float16 but for the sweeps, fills of 0.60-0.75 in
tiles of 512 and 1024, the H100, other M.

float32 rows held in 512 ran 97.2% (260) and 98.2% (268) of an H200's copy in four a program,
against torch.compile's 102.1-102.2% (results/h200/narrow_float32_2026-12-01/ ``fourth_call/``,
two rounds); two a program in four warps ran 103.4 / 103.3%, eight 103.3 / 103.1%. Against the
plans before in one call (``fifth_call/``), of copy: 260 97.7 -> 102.1%, 264 101.7 -> 102.2%, 268
98.4 -> 102.3%, 276 99.3 -> 102.2%, 284 99.7 -> 102.1%, 292 100.2 -> 102.0%, 300 101.5 -> 102.1%,
316 101.4 -> 101.9%, 340 101.7 -> 101.7%, 372 / 404 / 452 / 508 101.1 / 101.4 / 101.2 / 101.0 ->
101.5 / 101.6 / 101.4 / 101.4%; 256, 261 and 390 (not the rule's) and the forward moved -0.3 to
+0.4 points; in a later call (``sixth_call/``) 260 97.4 -> 102.2% and 268 98.0 -> 102.3%.
Untimed: the H100, other M."""

TINY_ROWS_BACKWARD = {4: (5, 7), 2: (9, 15)}
TINY_ROWS_BACKWARD_COLUMNS = 256
"""Item size -> (narrowest, widest N) of the single-block backward of tiny rows that are not
whole 16-byte vectors, on a Hopper GPU with a fast DRAM from 2^27 // N rows
(``_fast_hopper_problem``), held ``TINY_ROWS_BACKWARD_COLUMNS`` of tiles a program in one warp,
each row in its power of two through the window: float32 rows of 5-7 columns (32 rows of 8 a
program), 16-bit rows of 9-15 (16 of 16). Before, the rule's tiles of the rows' bodies held 2048
values a program in 8 or 4 warps (512 rows of 4, 256 of 8).

Swept on an H200 at M = 2^27 // N, two interleaved rounds, every output NaN-poisoned and checked
against float64 first (results/h200/short_rows_2026-11-30/ ``seventh_call/``, 1-64
rows a program in 1-8 warps), of copy, the plan before -> one warp of 256 columns: float32 5 24.7
-> 51.1%, 7 31.7 -> 67.5%; bfloat16 9 9.7 -> 22.5%, 15 16.1 -> 37.3% (torch.softmax 42.7 / 46.2
/ 25.1 / 35.7%); the best tile of the body (4 for float32 5 and 7) 46.9 / 62.8%. The rule's first form
(float32 5-15, 16-bit 9-31) against the plans before it in one call (``eighth_call/``), of copy:
float32 5 24.6 -> 51.3%, 6 28.6 -> 61.7%, 7 31.9 -> 70.2%, bfloat16 9 9.6 -> 22.7%, 12 13.2 ->
30.0%, 15 16.0 -> 37.5%, but float32 9 / 11 78.1 / 88.0 -> 57.5 / 68.7% (13 / 15 73.1 / 80.8 ->
77.5 / 84.4%) and bfloat16 17 / 21 / 26 / 31 39.1 / 47.9 / 43.1 / 50.4 -> 14.7 / 18.0 / 22.1 /
26.1%, so tiles of 16 (float32) and 32 (16-bit) keep their plans; the forward, unchanged, moved
within 0.5 points. Against torch.softmax in the sixth call (float32 5 / 7 42.7 / 45.9%,
bfloat16 9 / 15 25.1 / 35.7%) ours is ahead but at bfloat16 9. Untimed: float16, other M, the
H100."""

BODY_TILE_MAX_WARPS = 8
"""The most warps of a single-block program whose tile holds a row's body alone, its edges a tile
of their own (``window_columns``: rows of N just past a power of two that are not whole 16-byte
vectors, 4100 bfloat16 in 4096 columns, 8193 float32 in 8192), whose rule would give more: the
backward's, and the forward's of ``_forward_body_tile``. The plans of ``SINGLE_BLOCK_TILES``,
measured on rows exactly as wide as their tile, do not apply. The forward's timings are
``FORWARD_BODY_TILE_COLS``'s (float32 16386: 8 warps 95.3%, the rule's 16 78.3%); the
backward's:

Timed on an H200, M = 2^27 // N, two interleaved rounds a call, every output NaN-poisoned and
checked against float64 first (results/h200/body_tile_2026-11-29/), of copy: float32 8193 /
8194 / 8195 in the rule's 32 warps 93.0 / 91.5 / 92.8%, in 16 warps 100.9 / 101.0 / 100.9%, in 8
100.9-101.0%; float32 4097 / 4099 in the rule's 16 warps 101.3 / 101.2%, in 8 100.9 / 100.8%;
bfloat16 4100 / 4097 in 16 warps 89.2 / 88.7%, in the rule's 8 99.7 / 99.5%; the tile of
``SINGLE_BLOCK_TILES`` read again lost 4-17 points where its warps were more (bfloat16 4100 /
4097 / 2049 / 1025: 92.1 / 91.4 / 94.1 / 82.3%, float32 1025 85.2%)."""

WINDOWED_ROW_TILES = {(2, 32): (16, 1, 0), (2, 64): (16, 1, 0), (2, 128): (8, 2, 0),
                      (2, 256): (4, 1, 0), (2, 512): (2, 1, 0), (2, 1024): (1, 1, 0),
                      (2, 2048): (1, 1, 0), (4, 32): (16, 2, 0), (4, 128): (4, 2, 16),
                      (4, 256): (4, 4, 32)}
"""(item size, tile) -> (rows a program, warps, ``Plan.row_threads``) of a single-block forward
that reads rows past vectors through a window (``_windowed_row_tiles``), its tile holding
the row's body (``window_columns``): 16-bit rows of an odd N, of N % 4 == 2 up to
``WINDOWED_WORD_ROWS_MAX_TILE`` or of N % 8 == 4 in ``WINDOWED_EIGHT_BYTE_ROWS_TILES``, in one
warp of about 1024 columns of tiles laid out whole (``Plan.row_threads`` 0: 16 rows of 64, four
of 256, two of 512, one of 1024), or of 2048, tiles of 128 eight rows in two warps and of 32
sixteen rows in one warp; float32 rows (N % 4 of 1-3) four rows of 256, a warp each, of
128 (68-131; but odd 69-105 and N % 4 == 2 of 70-110, ``FAST_DRAM_SHORT_ROW_LAYOUTS``'), half
a warp each, in two warps,
and of 32 (34; the other rows of 21-35 are ``FAST_DRAM_SHORT_ROW_LAYOUTS``' and
``FAST_DRAM_SHORT_ROW_TILES``') sixteen rows laid out whole in two warps. Through
the window in more warps a row, the compiler loads the edges again in the body's layout, every
thread all of them
(``FORWARD_BODY_TILE_COLS``); a row's warp loads its body in 16-byte vectors and its edges once
(compiled for sm_90, bfloat16 509 in 2 rows of a warp each: 2 vector loads and 1 scalar load a
thread, 40 registers). Several rows in one tile of the whole layout compiled to thousands of
bytes of spills (509: 2 rows in 1 warp, 2992 bytes) and ran at 1% of copy until their pairs met
their edges in the edges' layout (``kernels/row_math.py``, ``per_row_of_plain_rows``): none
spills since (509: 35 exp2, 62 registers; 137 as 8 x 128 + 16, 127 registers).

Until the 16-bit tiles left rows by warps for one warp this table was ``WINDOWED_ROWS_BY_WARPS``
(and ``WINDOWED_TAILED_ROW_TILES`` ``WINDOWED_TAILED_ROWS_BY_WARPS``), the names the results
READMEs written before then use.

The 16-bit tiles of 32-512 in one or two warps, swept on an H200 (results/h200/
plain_rows_2026-11-29/, M = 2^27 // N, two interleaved rounds, every output NaN-poisoned and
checked against float64 first), then timed against the plans before them in one call each,
bfloat16, of copy (``second_call/``, ``fourth_call/``): tiles of 64, 16 rows in one warp, 47
24.8 -> 39.6%, 63 27.7 -> 50.9%, 66 30.7 -> 52.8%, 71 19.1 -> 56.6%; of 128, 8 rows in two
warps, 75 20.1 -> 52.7%, 101 26.5 -> 68.3%, 127 32.8 -> 80.2%, 131 30.4 -> 82.3%, 135 31.3 ->
83.2% (in one warp 131 ran 78.5%, in the sweep); of 256, 4 rows in one warp (two rows of a warp
each before), 175 47.4 -> 72.1%, 204 69.0 -> 81.7%, 231 61.7 -> 86.2%, 257 68.0 -> 90.1%, 260
52.8 -> 93.2%; of 512, 2 rows in one warp, 300 62.4 -> 81.0%, 390 78.3 -> 89.7%, 455 85.7 ->
92.1%, 516 68.7 -> 95.0%; of 32, 16 rows in one warp, swept (``fifth_call/``), the policy's
32 x 64 in 4 warps from the rows' own starts against it, 35 16.0 -> 36.8%, 39 17.7 -> 40.5%
(eight rows 34.4 / 38.0%); float16, the plan after alone in a sweep (``third_call/``): 257 90.2%,
300 82.7%, 390 91.1%. In the sweeps four rows of 512 ran 89.2 / 93.6% at 390 / 455 against two
rows' 90.2 / 91.8%, two warps at 150-204 lost 2-7 points to one. Untimed: the H100, other M.

The table before (two rows of 256 or 512 a program, a warp each), timed on an H200, M = 2^27 //
N, two interleaved rounds, every output NaN-poisoned and checked against float64 first
(results/h200/forward_window_2026-11-29/), of copy, the policy's plans
from the rows' own starts before (4 x 512, 2 x 1024, 1 x 2048 columns in 4 warps) against
these, in the same call, bfloat16: 509 68.4 -> 91.3%, 777 72.4 -> 84.6%, 1001 82.0 -> 94.6%,
1025 53.6 -> 95.0% (1 x 2048 before), 2001 79.2 -> 90.5%; float16 509 69.3 -> 92.8%, 1001 81.9
-> 94.7%. Two rows of a warp each ran 91.2% at 1001 and 87.1% at 2001; one row in one warp
76.4% at 509. Rows of N % 4 == 0, which their own starts read in 8-byte vectors, lost or tied
(1500 through the window 82.6%, from its own starts 95.8% in 4 warps; 300 62.1% either way);
N % 4 == 2 (4-byte words) and tiles of 256 were timed later (``WINDOWED_WORD_ROWS_MAX_TILE``).
Untimed: the H100, other M. At 3001 (2048 + 1024) the best variant through the window, two
rows of two warps each, ran 84.1% against the policy's 80.3%; at 4100 and 6001 none was ahead.

A later call timed tiles of 256 (two rows of a warp each, bfloat16, results/h200/
window_tiles_2026-11-29/), the policy's 4 x 512 in 4 warps from the rows' own starts ->
through the window, of copy: 257 43.4 -> 68.1% (four rows 67.7%, eight 65.7%, one row in one
warp 39.8%), 258 51.1 -> 67.9%, 262 52.0 -> 68.5%. torch.compile ran 60.8% at 257 in the widths
scan; 16-bit rows of 257-263 columns are short for any layout: 514 bytes a row.

float32, in a later call (``seventh_call/``): the policy's 4 x 512 (4 x 256 at 137) in 4 warps
from the rows' own starts -> through the window, rows of 256 a warp each, of copy: 257 80.2 ->
98.0% (four rows; two 97.5%, eight 96.9%; torch.compile 97.8% in the sixth call's scan), 137
62.3 -> 77.7% (two rows 77.8%; torch.compile 93.5%). At 262, a tile of 512, two rows ran 89.3%
against 82.1%, but float32 rows of 390-642 columns ran at 96.8-98.0% from their own starts in
that scan, so float32 tiles of 512 keep their plans (untimed through the window there). The
rule then, against the plans before it in the same call (``eighth_call/``), float32, of copy:
133 60.7 -> 75.5%, 137 62.3 -> 77.0%, 150 73.0 -> 83.2%, 201 83.2 -> 97.6%, 222 93.5 -> 98.2%,
255 93.9 -> 97.8%, 257 80.4 -> 97.7%, 258 92.8 -> 98.1%, 259 80.2 -> 97.7%.

float32 tiles of 128 (rows of 69-131 columns past vectors), timed on an H200 (results/h200/
evict_last_forward_2026-11-30/): at 130 the plan before, four rows of 256 a warp each from
their own starts (``FAST_DRAM_LARGE_NARROW_ROWS_BY_WARPS``), ran 75.1% in a sweep of the
variants laid out rows by warps (``tenth_call/``), four rows of 128 through the window in two
warps 100.5% (eight rows in four warps 100.5%, from their own starts at best 99.4%). The rule
against the plans before it in one call (``eleventh_call/``), of copy: 101 49.6 -> 93.7%, 106
78.4 -> 95.9%, 113 52.7 -> 98.5%, 118 83.9 -> 100.4%, 125 55.8 -> 100.2%, 127 56.6 -> 100.4%,
129 94.4 -> 100.3%, 130 75.2 -> 100.3%, 131 95.0 -> 100.3% (before: 16 rows of 128 in four warps
from their own starts up to 127). Rows of 69-99 ride on it untimed (the plan before there was
101-127's); compiled for sm_90 every width of the rule takes 35 registers, two vector loads and
one scalar load a thread. Untimed: the H100, other M."""

WINDOWED_TAILED_ROW_TILES = {(2, 128): (16, 1, 0, 64, 16), (2, 256): (8, 1, 0, 128, 16),
                             (2, 512): (4, 1, 0, 256, 16), (4, 256): (4, 2, 16, 128, 64),
                             (4, 512): (2, 2, 32, 256, 128)}
"""(item size, body tile) -> (rows a program, warps, ``Plan.row_threads``, tile, tail) of a
single-block forward that reads rows past vectors through a window, several rows a program
(``_windowed_row_tiles``), where the row's body (``window_columns``) fits the tile and its
tail: 16-bit bodies a vector or two past a power of two as that power of two + 16, in one warp
laid out whole: of up to 80 columns (the odd N of 73-87; the others but 80, whole vectors,
take ``NARROW_ROWS_FORWARD_FROM_OWN_STARTS``' head and tail) sixteen rows of 64 + 16, of up to
144 (137-151; 144, whole vectors, takes the same tiles through ``ONE_WARP_WHOLE_ROWS_COLUMNS``)
eight of 128 + 16, of up to 272 (265-279) four of 256 + 16; float32 bodies of up to 192
(133-195, N % 4 != 0) as 128 + 64, four rows in 2 warps, 16 threads a row, and of up to 384
(261-387) as 256 + 128, two rows in 2 warps, a warp each. Rows whose body needs the whole power
of two keep ``WINDOWED_ROW_TILES``' (16-bit tiles of 128-512 and float32 tiles of 256), or
their own starts (float32 tiles of 512: 390-642 at 96.8-98.0% of copy
in the H200's widths scan, results/h200/window_tiles_2026-11-29/sixth_call/).

16-bit, on an H200 (results/h200/plain_rows_2026-11-29/, the same method as
``WINDOWED_ROW_TILES``'), of copy: bfloat16 137, swept, 8 x (128 + 16) 76.5%, four rows
76.2%, 8 x (128 + 32) 52.0%, 4 x 256 in one warp 58.4%; timed against the plan before in one
call (``second_call/``), 137 37.4 -> 76.0%, 150 40.5 -> 71.5%; float16 137, swept, 76.4%.
Wider tails through the window lost in the sweeps (bfloat16 137 as 8 x (128 + 32) 52.0%, 268
as 4 x (256 + 64) 65.7%, float16 66 as 16 x (64 + 32) 40.3%). Sweeps (``sixth_call/``): float16
66 16 x (64 + 16) 61.7% against the policy's 16 x 64 53.1%, bfloat16 268 4 x (256 + 16) 83.4%
against 2 x 512 74.4%; then the tiles of 64 + 16 and 256 + 16 against the plans before (16 x 64
or 8 x 128 in two warps; 2 x 512) in one call (results/h200/windowed_tails_2026-11-30/
``first_call/``), bfloat16, of copy: 75 52.6 -> 64.8%, 78 54.4 -> 64.6%, 79 55.1 -> 65.0%, 81
56.4 -> 62.5%, 82 56.8 -> 61.8%, 83 57.5 -> 61.3%, 86 59.3 -> 61.8%, 87 60.0 -> 61.8%, 265 74.9
-> 83.2%, 268 74.9 -> 83.1%, 270 75.6 -> 84.2%, 271 75.1 -> 83.3%, 274 75.6 -> 81.9%, 275 76.3
-> 80.7%, 278 76.4 -> 81.7%, 279 76.8 -> 81.1% (71, 259 and 263, plans unchanged, within 1.0
point; the backward, unchanged, within 0.5). Untimed: float16 but the sweep at 66, the H100,
other M.

Swept on an H200, float32, M = 2^27 // N, two interleaved rounds, every output NaN-poisoned and
checked against float64 first (results/h200/narrow_warps_2026-11-29/second_call/), of copy: 137,
the policy's four rows of 256 a warp each 77.4%, four rows of 128 + 64 in 2 warps 95.0% (of 256
in 2 warps, 16 threads a row, 84.7%); 262, the policy's 4 x 512 in 4 warps from the rows' own
starts 82.0%, two rows of 256 + 128 a warp each 98.3% (of 512 89.7%; two of 256 + 8 in one warp,
laid out as one tile, 98.3%)."""

ONE_WARP_FORWARD_COLUMNS = 1024
"""The columns of heads a single-block forward program of one warp holds, its rows' tails
beside them (``ONE_WARP_WHOLE_ROWS_COLUMNS``: 1024 // head rows a program)."""

ONE_WARP_WHOLE_ROWS_COLUMNS = (128, 1536)
"""The bounds, the narrowest out and the widest in, of N at which a single-block forward of
16-bit rows of whole 16-byte vectors, N not a power of two, on a Hopper GPU with a fast DRAM
from 2^27 // N rows (``_one_warp_whole_rows``), holds each row as its head and tail
(``head_and_tail``: 136 as 128 + 8, 280 as 256 + 32, 600 as 512 + 128, 200 as 256, 1032 as
1024 + 8) in one warp laid out whole, ``ONE_WARP_FORWARD_COLUMNS`` // head rows a program
(the head is 1024 at most within the bounds): 1024 to 1536 columns of tiles (8 x (128 + 64)
at 168-192, 1024 + 512 at 1536). In 4 warps, the plans before (the row's power of two, 4 x 256
to 2 x 1024, and 1 x 2048 at 1032-1152), a tile of a few rows left most threads a value or two
of each row and its sums crossed warps through shared memory. Rows of 1160-1536 columns took
this plan already (one row a program of 1024 and a tail of a pass, ``_tailed``). Rows of
1544-2040 columns, whose head and tail are their power of two, keep their plans (in one warp
0.2-0.6 points slower, below).

Swept on an H200 (results/h200/plain_rows_2026-11-29/seventh_call/, M = 2^27 // N, two
interleaved rounds, every output NaN-poisoned and checked against float64 first), bfloat16, of
copy, the policy's plan before against the best in one warp: 136 66.9 -> 93.8% (8 x (128 + 8);
8 x (128 + 32) 92.9%), 200 86.9 -> 95.1% (4 x 256), 280 70.8 -> 94.0% (4 x (256 + 64); 256 + 32
93.9%), 400 88.0 -> 97.0% (2 x 512), 600 76.1 -> 95.9% (2 x (512 + 128)), 776 87.2 -> 96.6%
(1 x 1024). Then against the plans before in one call (``eighth_call/``), of copy: 136 66.7 ->
93.2%, 144 71.3 -> 86.8%, 200 86.9 -> 95.5%, 248 93.6 -> 95.6%, 264 64.0 -> 94.7%, 280 70.8 ->
92.7%, 400 87.7 -> 96.0%, 520 70.0 -> 93.9%, 600 76.1 -> 95.1%, 776 93.4 -> 96.3%; 504 95.6 /
95.5%, 1000 and 1016 96.4 -> 95.8%, within what the unchanged plans moved between the two trees
(256, 512, 1024, 1032: 0.0-0.5 points). Past 1024 (results/h200/windowed_tails_2026-11-30/
``first_call/``, the same method), 1 x 2048 in 4 warps before, of copy: 1032 78.9 -> 95.2%,
1040 80.4 -> 95.7%, 1048 79.8 -> 95.5%, 1056 80.8 -> 93.5%; 1 x 2048 in one warp against 4,
1544 96.2 / 96.0%, 1800 96.1 / 95.5%, 2040 96.0 / 95.6%; 1280 (1024 + 256 in one warp before
too) 96.8% in both trees; the backward, unchanged, within 0.6 points. Untimed: float16 (the
same tiles as bfloat16, whose windowed plans ran alike in both); rows of 128 columns or fewer;
the H100; other M. The powers of two keep ``SINGLE_BLOCK_TILES``' measured plans."""

WINDOWED_WORD_ROWS_MAX_TILE = 1024
"""The widest body tile (``WINDOWED_ROW_TILES``) at which 16-bit rows of N % 4 == 2, read in
4-byte words from their own starts, go through the window one warp a row as odd N do (but those
that ``NARROW_ROWS_FORWARD_FROM_OWN_STARTS`` reads from their own starts: 34-94). Timed on
an H200 (results/h200/window_tiles_2026-11-29/, two interleaved rounds, every output
NaN-poisoned and checked against float64 first), bfloat16, the policy's plan from the rows' own
starts -> the table's through the window, of copy: 258 51.1 -> 67.9%, 262 52.0 -> 68.5%, 514
63.0 -> 92.0% (2 x 1024 in 4 warps before), 770 84.2 -> 96.0%, 1002 94.3 -> 94.9%, 1026 68.7 ->
95.3% (1 x 2048 before); at 2002 one warp ran 94.8% against 95.4% from its own start (two
warps 95.8%), so a tile of 2048 keeps its plan. N % 8 == 4 (8-byte vectors from their own
starts) tied: 300 62.4% from its own starts, 62.2% through the window. Untimed: float16, the
H100, other M."""

WINDOWED_EIGHT_BYTE_ROWS_TILES = (128, 512)
"""The (narrowest, widest) body tile (``WINDOWED_ROW_TILES``) at which 16-bit rows of
N % 8 == 4, read in 8-byte vectors from their own starts, go through the window as odd N do;
in the narrowest only rows wider than it, which their own starts hold in twice its columns
(132: 4 x 256 in 4 warps there). On an H200 (results/h200/plain_rows_2026-11-29/, the same
method as ``WINDOWED_ROW_TILES``'), bfloat16, of copy: 300, swept, the policy's 4 x 512 in 4
warps from the rows' own starts 62.2%, through the window two rows of 512 in one warp 80.9%
(four 75.6%; the same 4 x 512 in 4 warps 23.4%); then against the plans before in one call, 260
52.8 -> 93.2%, 300 62.4 -> 81.0%, 516 68.7 -> 95.0%, 132 46.1 -> 82.7% (46.0 -> 82.7% again in
``fifth_call/``); but 100, in a tile of 128 (16 x 128 in 4 warps from its own starts), 82.8 ->
67.0%, and 68, in a tile of 64 (16 x 128 from its own starts), 60.9 -> 54.6%. Wider rows of
N % 8 == 4 keep their own starts (1500: 95.8% there, 82.6% through the window in a warp a
row)."""

FORWARD_BODY_TILE_COLS = (2048, 16384)
"""The (narrowest, widest) body tile (``_body_tile``) of a single-block forward that reads its rows
through a window, one row a program, its tiles the row's body (``_forward_body_tile``): float32 the
body's power of two in the rule's warps up to ``BODY_TILE_MAX_WARPS``; 16-bit rows a power of two
and a tail where those hold fewer columns, in as few warps as hold them at ``FEW_WARPS_TAIL_VALUES``
a thread (``_body_tiles``; timed later, see below). Rows that are not whole 16-byte vectors, on a
Hopper GPU with a fast DRAM, from 2^27 // N rows, where read from their own starts they load value
by value (an odd N) or their plan there holds more columns than the body's tile (a power of two and
a tail: 4098 bfloat16 as 4096 + 1024, not 4096), and 16-bit rows of an even N from
``FORWARD_EVEN_16BIT_FROM_TILE``. Narrower 16-bit rows of an odd N are ``WINDOWED_ROW_TILES``'. Of
float32 rows of an odd N, those whose body's tile is ``FORWARD_ODD_FLOAT32_FROM_TILE`` or wider,
among them those the online kernel took in one step (``ONLINE_ONE_STEP_COLS``: 6145-8191 and
12289-16383 columns; ``default_kernel``), and since 3f9e5cd the online kernel's rows of N % 4 == 2
too (6146-8190, 12290-16382). float64 rows (all of an odd N) take it only where their plan from
their own starts holds more columns than the body's tile (2049, 4097, 8193: a power of two and a
tail there; untimed), as since e55afc5; the others keep their plans. Rows whose body's tile would be
wider than 16384 take the cooperative kernel (``FAST_DRAM_PAST_VECTORS_COOPERATIVE``), and so, since
4e4536a, 16-bit rows of 12297-16377 columns, whose body 8192 + 4096 cannot hold.

The 16-bit body as a power of two and a tail, timed on an H200 (results/h200/
window_tiles_2026-11-29/, two interleaved rounds, every output NaN-poisoned and checked against
float64 first), bfloat16, the body's power of two -> the tiles, of copy: 2057 75.4 -> 94.5%
(2048 + 512 in 2 warps; in 4, 2048 + 1024, 79.5%), 3001 92.6 -> 95.1% (2048 + 1024 in 4; in the
rule's 2, 94.9% in the widths below), 6001 81.9 -> 95.7% (4096 + 2048 in 4), 10001 64.4 -> 86.2%
(8192 + 2048 in 8), 12289 75.4 -> 91.9% (8192 + 4096 in 8). Three tiles lost (widths before and
after, ``fourth_call/``, ``fifth_call/``): 6500 as 4096 + 2048 + 1024 72.0% against 94.9% from
its own start, 13001 and 13002 as 8192 + 4096 + 2048 63.4 / 63.1% against 78.1 / 77.6% as
16384; so a body that needs three takes its power of two. In the same widths the policy before
-> after: 3001 91.8 -> 94.9% (2 warps), 2050 92.1 -> 95.8% (2048 in 2 warps), 2057 74.9 ->
93.9%, 6001 81.5 -> 95.0%, 10001 64.2 -> 85.4%, 12289 75.4 -> 91.5%.

Before, no policy forward read a window but those: the compiler loaded the edges again in the
body's layout, every thread all of them (compiled for sm_90, bfloat16 4097 in 4 warps: 9 scalar
loads and 42 exp2 a thread, 95 registers), and through the window the policy's plans of 1001,
4100 and 3001 ran at 49.8 / 63.0 / 62.4% of copy against 81.7 / 94.4 / 80.4% from their own
starts (results/h200/single_block_window_2026-11-29/). A program of one row now loads its edges
once (``kernels/row_math.py``, ``per_row``: 1 scalar load, 35 exp2, 56 registers).

Timed on an H200 (results/h200/forward_body_tile_2026-11-29/, M = 2^27 // N, two interleaved rounds,
every output NaN-poisoned and checked against float64 first), the policy's plan from the rows'
own starts -> through the window in the rule's warps (the best of 4, 8 and 16 where another),
of copy:

- bfloat16, odd N: 2057 64.8 -> 75.3%, 3001 80.0 -> 92.7%, 4097 67.5 -> 95.1%, 6001 80.9 ->
  82.1%, 8191 67.2 -> 93.0% (8 warps 93.4%), 10001 63.3 -> 65.4% (16384 columns in 8 warps),
  12289 41.6 -> 75.4%, 16383 44.2 -> 86.2%; float16 2057 / 4097 / 8194 / 12289 / 16383 64.9 /
  67.3 / 61.4 / 41.6 / 44.1 -> 78.4 / 95.2 / 93.8 / 75.4 / 85.3%.
- bfloat16, even N held in more columns from its own start: 4098 81.0 -> 95.1%, 8194 62.0 ->
  93.0%, 4100 95.2% either way; float32 2050 / 4098 / 8194 / 16386 95.9 / 95.1 / 95.2 / 75.2
  -> 96.7 / 95.9 / 95.7 / 95.3% (the best of the warps: 97.4 / 95.9 / 96.5 / 95.3%).
- Left from their own starts, where the body's tile is as wide or wider than the plan's
  columns: bfloat16 3002 94.8% (92.3% through the window), 6002 87.8% (82.3%), 6004 85.3%
  (82.7%), 10002 69.1% (65.3%), 12292 77.1% (75.3%); float32 16390 75.4% (a tile of 32768,
  71.0%).

float32 rows of an odd N, in a later call (results/h200/rows_past_vectors_2026-11-29/), the
policy's plan -> through the window in the rule's warps (the best of 4, 8 and 16 where
another): 2057 95.7 -> 97.2% (2 warps 97.8%), 3001 91.9 -> 96.2% (8 warps 96.8%), 6001 95.8 ->
97.4%, 4097 96.0% (already through the window: an odd N held in 4096 + 512 from its own start);
and from the online kernel in one step: 8191 80.9 -> 96.0% (16 warps 96.6%), 12289 61.3 ->
95.9%, 16383 69.0 -> 95.6%. 24577, a tile of 32768: 60.1 -> 72.1% in 8 warps, 86.7% in 16; left
to the online kernel, past the widest tile.

Untimed: the H100, other M, float16's even N, float32's odd N of 6145-8189 here (timed since in
the cooperative kernel, ``FAST_DRAM_PAST_VECTORS_FILLED_BLOCKS``, which takes them), 16-bit
rows of 16385-32767 columns, which keep their persistent plan but where the body's tile is 16384
(16386, untimed, takes it as 16383 was timed)."""
FORWARD_ODD_FLOAT32_FROM_TILE = 4096
"""The narrowest body tile at which a float32 forward of an odd N reads through the window
(``FORWARD_BODY_TILE_COLS``): timed from 2057 (a tile of 4096) up; odd rows of 1029-2047
columns, a tile of 2048, keep their plans (untimed through the window).

float32 rows of N % 4 == 2 that fill their power of two of 8192 or 16384 by 3/4 or more, which
took the online kernel in one step from their own starts (``ONLINE_ONE_STEP_COLS``), read
through the window as the odd ones do (6146-8190 and 12290-16382 columns;
``_forward_body_tile``). Swept at 13002 on an H200 (results/h200/wide_16bit_forward_2026-11-30/
``third_call/``, M = 2^27 // N, two rounds, every output NaN-poisoned and checked against
float64 first), of copy: the online kernel 81.9%, one single-block program of 16384 through the
window in 8 warps 96.2%; the cooperative kernel 97.8% in blocks of 4096, 99.7% in blocks of 8192
at 96 registers (not taken: untimed against the plans before). Against the plans before, in one
call (``fourth_call/``), of copy: 6146 80.3 -> 96.2%, 7002 86.3 -> 95.6%, 8190 92.1 -> 95.0%,
12290 81.9 -> 96.8%, 13002 81.9 -> 96.2%, 14002 82.5 -> 96.0%, 15002 82.7 -> 96.0%, 16382 84.1 ->
95.3%; 10002, 12292 and 13001, unchanged, moved -0.1 to +0.2. Untimed: the H100, other M.
On a fast DRAM these rows, and the odd ones of 6145-8191 and 12289-16383, now take the cooperative
kernel (``FAST_DRAM_PAST_VECTORS_COOPERATIVE``), and this plan where single_block is forced."""

OWN_STARTS_FLOAT32_WORD_ROW_WARPS = {16384: 32}
"""Body tile -> warps of the single-block forward of ``FORWARD_ODD_FLOAT32_FROM_TILE``'s float32
rows of N % 4 == 2 (those the online kernel took in one step), where the launch cannot read them
through the window (a row stride past N, a start off a 16-byte boundary) and holds each row
from its own start in its power of two (``Plan.uncapped_warps``, ``for_rows``). Swept at 13002
on an H200 (results/h200/wide_16bit_forward_2026-11-30/``third_call/``, two rounds), from the
rows' own starts, 16384 columns in 8 / 16 / 32 warps: 73.1 / 72.3 / 95.9% of copy (the online
kernel, which took them before 3f9e5cd: 81.9%). Untimed: a tile of 8192 (6146-8190, the rule's
warps), other N, the H100."""

FORWARD_EVEN_16BIT_FROM_TILE = 8192
"""The narrowest body tile from which a 16-bit forward of an even N past vectors (N % 8 of 2, 4
or 6: 4- or 8-byte loads from their own starts) reads through the window
(``FORWARD_BODY_TILE_COLS``) where its plan from their own starts holds more columns than the
body's tiles there (``_body_tiles``), or as many where those are a power of two and a tail or
the rows load as 4-byte words (N % 4 == 2; ``_forward_body_tile``). Timed on an H200 (results/h200/window_tiles_2026-11-29/, two interleaved rounds, every
output NaN-poisoned and checked against float64 first), bfloat16, the policy's plan from the
rows' own starts -> the body's tiles through the window, of copy: 6002 87.5 -> 95.1%, 6004
85.7 -> 95.6% (4096 + 2048 in 4 warps either way), 10002 69.3 -> 85.8% (8192 + 2048 in 8),
12292 77.1 -> 91.6% (16384 -> 8192 + 4096 in 8); in a later call (widths before and after,
``fifth_call/``) 13002 47.8 -> 77.6% (16384 either way: 4-byte words from
its own start). Rows of N % 8 == 4 whose body's tile is the power of two their own starts
hold lost there: 6500 94.9 -> 85.8%, 7500 94.1 -> 90.6% (8192 in 4 warps either way, 8-byte
vectors from their own starts), and keep their plans (``_forward_body_tile``); as two tiles
both ways they gained (6004, above) or lost under a point (4500, 4096 + 1024: 95.3 -> 94.5%).
Narrower even rows keep the rule of held columns: 1500 lost through the window
(``WINDOWED_ROW_TILES``), 3002 lost in a tile of 4096 (92.3% against 94.8%), and narrower
tiles were not timed there."""

SINGLE_BLOCK_TILES = {
    ("forward", 4, 256): (4, 4, 0, True), ("forward", 4, 512): (4, 8, 0, True),
    ("forward", 4, 1024): (2, 8, 0, True), ("forward", 4, 2048): (1, 8, 0, True),
    ("forward", 4, 4096): (1, 16, 0, True), ("forward", 2, 2048): (1, 4, 0, True),
    ("forward", 2, 4096): (1, 8, 0, True), ("forward", 2, 8192): (1, 4, 0, True),
    ("backward", 4, 256): (4, 8, 0, True), ("backward", 4, 512): (4, 16, 0, True),
    ("backward", 4, 1024): (2, 16, 0, True), ("backward", 4, 2048): (1, 16, 0, True),
    ("backward", 4, 8192): (1, 32, 0, True), ("backward", 2, 256): (4, 4, 0, True),
    ("backward", 2, 512): (4, 8, 0, True), ("backward", 2, 1024): (2, 8, 0, True),
    ("backward", 2, 2048): (1, 8, 0, True), ("backward", 2, 4096): (1, 16, 0, True),
    ("backward", 2, 16384): (1, 32, 0, True)}
"""(direction, item size, row width) -> (rows a program, warps, ``Plan.max_registers``,
``Plan.reread``) of a single-block program of rows exactly that wide (a whole power of two, as
measured) on a Hopper GPU (compute capability 9), from ``SINGLE_BLOCK_TILES_FROM_ELEMENTS``.
The rows a program are the rule's everywhere; what changes is that the program reads its tiles
again for the output (``kernels/forward.py``: evict-last for the reductions, evict-first for the
output, from the L2) and the warps it takes: two 16-byte vectors a thread forward (float32;
bfloat16 at 2048 and 4096; 8192 takes four warps), one backward (two at 32 warps). Holding
nothing across the reductions, a program takes fewer registers, and more of them share an SM.

Swept at M*N = 2^27 with ``sweep_plans.py --kernel single_block --policy-read-again --warps 4 8
16 32 --repeat 3`` (the policy's plan, and the same read again at its rows and at one row, in
4-32 warps; results/h200/read_again_2026-11-24/sweep/, results/h100/read_again_2026-11-24/
sweep/), points of copy gained against the policy's plan then, H200 / H100:

- forward float32 256 / 512 / 1024 / 2048 / 4096: +1.5 / +0.6, +1.4 / +1.1, +2.4 / +1.7,
  +4.0 / +0.4, +3.3 / +0.1 (at 4096 against the tile of two rows in 16 warps at 64 registers
  that it replaces: 97.3 -> 100.7% of the H200's copy; four vectors a thread gained more on the
  H200 at 512, +3.4, and less on the H100, +0.4);
- forward bfloat16 2048 / 4096 / 8192: +1.0 / +0.6, +2.9 / +0.7, +2.0 / +0.4 (at 4096 and 8192
  on the H200 against the tiles it replaces, of two rows in 8 warps at 80 registers and of one
  in 16; 96.1 -> 99.0% of copy at 4096). Read again, rows of 256, 512, 1024 and 16384 lost on the
  H200 (-4.0 to -8.1 points at the best warps) where the H100 gained 0.4-1.1, and keep the
  rule's plan (16384 that of ``FAST_DRAM_SINGLE_BLOCK_FORWARD_TILES``);
- backward bfloat16 / float16 at 256 +1.4 / +1.0 and +1.2 / +0.9, 512 +1.9 / +0.7 and +1.8 /
  +1.3, 1024 +1.6 / +0.8 and +1.6 / +1.1, 2048 +2.0 / +1.0 and +1.8 / +1.1, 4096 +1.4 / +1.4
  and +2.4 / +1.5, 16384 +1.7 / +1.3 and +8.1 / +0.5 (float16 on the H200: 93.1 -> 101.2%); at
  8192 one vector a thread (32 warps) lost 7.1 / 5.9 points on the H200 and two (16 warps) tied;
- backward float32 256 / 512 / 1024 / 2048 / 8192: +1.4 / +0.7, +2.6 / +1.1, +2.5 / +1.1,
  +3.0 / +1.1, +1.4 / +0.8; at 4096 one vector a thread (32 warps) moved -1.7 / +1.9 and two
  +0.3 / -0.1, at 16384 every variant lost (-2.2 / -3.3 at the best): both held, as the rule
  has them.

The outputs are the same bits either way (the tests hold it). Found beside torch.compile,
whose backward of the naive code reads y and dy twice in one program a row, with the trip count
of its loop known at compile time: the explorations in results/h200/read_again_2026-11-24/
explore/ (a loop whose trip count is known only at run time lost up to 36 points there; reading
again without the cache hints gained nothing). Only these widths and 2^27 elements were timed.
Forward tiles measured before, which these replace: float32 at 4096, two rows in 16 warps at 64
registers, 100.2 / 97.1% of an H100's / H200's copy against 99.4 / 96.2% for the rule
(results/h*/forward_tiles_2026-11-24/), and on a fast DRAM bfloat16 at 4096 and 8192
(``FAST_DRAM_SINGLE_BLOCK_FORWARD_TILES``'s history)."""
FAST_DRAM_SINGLE_BLOCK_FORWARD_TILES = {(2, 16384): (1, 8, 80, False)}
"""(item size, row width) -> (rows a program, warps, ``Plan.max_registers``, ``Plan.reread``), as
``SINGLE_BLOCK_TILES``'s, of a 16-bit single-block forward of rows exactly that wide on a Hopper
GPU whose DRAM delivers ``FAST_DRAM_FROM_GBS`` or more, from ``SINGLE_BLOCK_TILES_FROM_ELEMENTS``,
where ``SINGLE_BLOCK_TILES`` has none; since the cooperative kernel is the default there
(``FAST_DRAM_COOPERATIVE_FORWARD_COLS``), the tile of single_block forced. A single-block program
issues its whole row's loads, then
reduces with nothing in flight, then writes: the more programs an SM holds, the likelier one of
them is loading. By Little's law the bytes in flight a DRAM needs grow with its bandwidth, so a
faster DRAM needs more programs an SM, or more threads loading, for the same fraction of its
peak. Compiled for sm_90 a 16-bit block of 16384 columns in 8 warps takes 128 registers a
thread, two programs an SM; capped at 80, three (bfloat16: no spill; float16: 8 bytes).
Measured at M*N = 2^27, every variant's median of three rounds (``sweep_plans.py``), in
fractions of copy:

- 16384, one row in 8 warps at 80 registers: on an H200 (4.8 TB/s; results/h200/
  words_and_caps_2026-11-23/, two sweeps) bfloat16 94.1 / 93.5% against 91.3 / 91.6% uncapped,
  float16 92.8% against 92.0%; on an H100 (3.35 TB/s; results/h100/words_and_caps_2026-11-23/)
  it lost, bfloat16 97.6% against 98.2%, float16 96.8% against 98.3%.
- (replaced by ``SINGLE_BLOCK_TILES``) 4096, two rows in 8 warps at 80: on an H200, bfloat16
  96.2 / 96.1 / 96.1 / 96.4% in four calls against 94.1 / 93.6 / 93.7 / 93.8% for one row in 4
  warps (results/h200/single_block_16bit_caps_2026-11-23/, forward_tiles_2026-11-24/1/),
  float16 95.1% against 94.0% (95.6% at 64 registers); on an H100 (results/h100/
  forward_tiles_2026-11-24/2/) level, bfloat16 97.5% against 97.9%, float16 97.9% against
  97.8%.
- (replaced by ``SINGLE_BLOCK_TILES``) 8192, one row in 16 warps: on an H200, bfloat16 96.0 /
  96.7% in two calls against 95.1 / 95.6% in 4 warps, float16 96.2 / 96.9% against 94.4 /
  94.1% (results/h200/forward_tiles_2026-11-24/1/, 3/); on an H100 level, bfloat16 98.0%
  against 98.3%, float16 98.1% against 97.9%.

Other widths were not swept so."""
READ_AGAIN_ROW_TILES = {4: ((1024, 0), (1024, 128), (1024, 256), (4096, 1024), (4096, 2048),
                            (8192, 1024))}
"""Itemsize -> the (block, tail) of the single-block forward tiles that read their rows again
for the output (``Plan.reread``) on a Hopper GPU whose DRAM is not fast (``FAST_DRAM_FROM_GBS``:
the H100's; the H200 holds them, below) from ``NARROW_ROWS_BY_WARPS_FROM_ROWS`` rows to fewer than
``SINGLE_BLOCK_TILES_FROM_ELEMENTS`` elements (the seeds' M = 4096, where ``SINGLE_BLOCK_TILES``
does not reach), in the rule's rows and warps, where a program holds one row or rows of one warp
each (``Plan.row_threads``); ``ONE_ROW_TILES``'s read again on both. Float32 rows of:

- 513-1024 columns, four a program of one warp each (``NARROW_ROWS_BY_WARPS``), and 1025-1280,
  two of one warp and a tail of 128 or 256 (``ONE_WARP_TAIL_VALUES``);
- 2817-3072 (2048 and a tail of 1024 in 4 warps, where one warp would hold it elsewhere:
  ``ONE_ROW_TILES``, where the timings are), 4609-6143 (4096 and a tail of 1024 or 2048, in 4
  warps; from 6144 the online kernel) and 8193-9216 (8192 and a tail widened to 1024, in 8
  warps), one a program.

Timed at M = 4096 only: from there to 2^27 elements (4096 x 32767 reads a row of 4096 again in 4
warps, where 32768 rows take ``SINGLE_BLOCK_TILES``'s 16) the tiles are the same, the timings are
not. Of the widths they cover, 513-639 and 2817-2943 were not timed on the H100
(``ONE_ROW_TILES``' 2817-2879 on the H200). The timings, the
policy's plan read again in its own rows and warps against it, points of copy, H200 / H100:

- 4609-9216, in a sweep (``sweep_plans.py --kernel single_block --policy-read-again --rows 4096
  --warps 2 4 8 16 --repeat 7``; results/h200/read_again_2026-11-24/seeds/sweep/, results/h100/
  read_again_2026-11-24/seeds/sweep/): 4736 +4.8 / +0.9, 4864 +4.3 / +2.0, 5248 +2.2 / +0.8,
  5504 +3.8 / +0.9, 8320 +2.7 / +0.5; and in an A/B of every one-row plan in 4 warps or more
  against the policy before, seven interleaved rounds (``ab.py --rows 4096 --n ...``;
  results/*/read_again_2026-11-24/seeds/ab_seeds.log): 4736-6016 (eight widths) +2.2 to +4.4 /
  +0.3 to +1.7, 8320-9088 (four) +2.6 to +3.1 / +0.4 to +1.0.
- 384-4096, in a sweep beside QuACK (``sweep_plans.py ... --policy-read-again --warps 4
  --repeat 7 --peers quack``) and an A/B against 5395be2's policy at every width of the seeds'
  grid where the plans differ, nine interleaved rounds (results/h200/read_again_seeds_2026-11-25/,
  results/h100/read_again_seeds_2026-11-25/). Four of one warp, 640 / 768 / 896 / 1024:
  A/B +2.2 / -1.3 / +1.7 / +3.0 on the H200, +8.3 / +5.9 / +4.8 / +4.8 on the H100 (sweep
  -0.9 / +2.2 / +5.9 / -, +13.2 / +6.1 / +7.4 / -); two of one warp and a tail, 1152 / 1280:
  A/B -1.0 / -0.3 and +1.2 / +2.3, sweep +5.1 / +3.1 and +1.0 / +0.7; the H200's 384 / 512
  +1.4 / +2.7 and 3200-4096 (eight widths) +0.2 to +3.9 in the A/B, 3200-4096 +0.2 to +2.1 in
  the sweep, where the H100 parted (+1.3 and +1.5 at 3200 and 3456, -0.3 to -1.4 at 3712-4096; -0.1 to
  -2.5 at 3712-4096 in the earlier A/B).
- two of one warp and a tail (1025-1280) parted in the A/B (H200 -1.0 / -0.3 at 1152 / 1280, H100
  +1.2 / +2.3) and gained on both in the sweep (+5.1 / +3.1 and +1.0 / +0.7): kept on both, as in
  the seeds' grid timed with it the H200's 1280 went from 0.950 to 1.007 x QuACK and 1152 from
  1.020 to 1.023 (results/h200/run_9d49946_2026-11-25/).

Left out where the GPUs parted or both lost: 4096 and a tail of 256 or 512 (4352, 4608: -0.7 /
-1.0, -0.8 / -2.3), 8192 and 2048 (9344-10112: -2.1 to -0.4 / -0.3 to +0.5), 8192 and 4096
(10368-12160: -17.3 to -8.7 / -3.1 to -0.3), two rows of 2048 (1920: -2.1 / -1.1 in the sweep),
two of one warp and a tail of 256 and 128 (1408: +0.2 / -2.2) or of 2048 and a tail (2304,
2432, 2816: -0.7 to -2.8 / -5.1 to +0.2). The H100's rows of 257-512 (four a program in 4
warps, not by warps) were not timed so. Calls of 7-15 us spread by 0.5-2.7%
(``speed_of_light.ROUNDS_TIMED``): the sweep and the A/B part by up to 6 points at 1152. 16-bit
rows were not timed so.

A fast DRAM (the H200) holds every tile of this table across its reductions (not ``ONE_ROW_TILES``'
2817-3072), and the tiles of 257-512 (four rows of one warp) and 3073-4096 (one of 4096), which it
alone read again (from 2026-11-25 to 2026-12-02); it read the rows of one warp of 513-1280 again
until ec9646b, the rest of these tiles until 2026-12-02. Timed on an H200 at M = 4096 beside QuACK
0.2.2, every output checked first (``sweep_plans.py --kernel single_block --rows 4096 --peers
quack``: ``--policy-read-again --warps 4 --repeat 21`` in results/h200/read_again_2026-12-02/, two
calls; the rows of one warp of 513-1280 ``--reread --no-persistent --rows-by-warps-only``, 4 warps
of four rows, 2 of two at 1152 and 1280, 9 and 21 rounds in results/h200/held_rows_2026-12-02/).
Calls of 7-51 us land in one of two modes about 0.5 us apart, each round of each variant on its own,
so the figures are each variant's fast mode (the median of its rounds within 0.3 us of its fastest);
held against read again, less time: 640-1280 0.5-3.5% (held faster in 7-8 of 9 rounds and 15-20 of
21, but at 768 in 11 of 21, its median 2.3% slower), 320-512 0.4-1.6% (8-16 of 21), 3200-4096
0.2-2.1% (10-17), 4736 and 5120 0.0 and 0.1% (7 and 12), 5248-6016 0.0-0.7% (12-19), 8320-9216
0.2-1.4% (12-20; no two modes seen in these rounds of 8 warps, the gaps between rounds 0.13-0.35 us,
and held's fast mode at 8320 in the first call one round: by its next-fastest, about 0.5%); by the
medians of all rounds the two parted by -2.9 to +2.0% at 320-512 and 3200-9216 (held slower, by
0.0-2.0%, at 3200, 3584, 3968, 4096, 4736, 5248, 6016, 9088 and 9216 in one call or the other). In
the seeds' sweep of 2026-11-25 read again had been ahead by fast mode at 640-1280 too (held -> read
again 640 9.46 -> 9.12, 768 10.30 -> 9.95 us); the held tiles take 3-8% less time since, QuACK and
read again within 2.6% of their times then: possibly 832fec9's program of one tile compiled without
its loop (these plans give a program one tile at M = 4096), not looked into. The H100, where read
again gained 1.0-8.3 points at 640-1280, was not timed again and keeps it. Untimed: M other than
4096 (the rule holds from ``NARROW_ROWS_BY_WARPS_FROM_ROWS`` rows to under 2^27 elements,
``_timed_rows_bounds``), the widths between those timed, 16-bit rows."""
SINGLE_BLOCK_TILES_FROM_ELEMENTS = 1 << 27
"""Fewest elements (M*N) of a problem whose single-block program takes the tiles of
``SINGLE_BLOCK_TILES`` and ``FAST_DRAM_SINGLE_BLOCK_FORWARD_TILES``: where they were swept.
Smaller problems keep the rule's plan (before f2c383a the 16384-column cap applied at any
M; below 2^27 it was never timed, capped or not). Timed against the rule's plan in five
interleaved rounds at 2^24 to 2^26 elements (results/*/run_f2c383a_2026-11-24/parts/tile_m.log),
the float32 tile lost 1.8 / 2.6 / 1.1 points of copy on an H200 and 1.7 / 0.8 / 0.0 on an H100:
at 2^24, the seeds' M = 4096, it runs 2048 programs of 16 warps, under 8 waves of two an SM,
where 2^27 elements run 62 (in the seeds' grid of 6c9e143 it moved 4.8% and 2.7% fewer GB/s
than the rule's plan in the run before: results/*/forward_tiles_2026-11-24/seeds_6c9e143/).
On the H200 the bfloat16 tile of 4096 gained 0.3 / 1.8 / 2.5 points there and that of 8192
0.0 / 1.0 / 0.0: a threshold of their own is open. (Those tiles are the ones the tiles read
again replaced; the tiles read again were not timed below 2^27 elements.)"""
FAST_DRAM_FROM_GBS = 4000
"""Peak DRAM bandwidth (``DeviceDescription.dram_gbs``, GB/s) from which a single-block forward
takes ``FAST_DRAM_SINGLE_BLOCK_FORWARD_TILES`` and ``FAST_DRAM_NARROW_ROWS_BY_WARPS``: between the
H100 SXM's 3350 (where those plans lost or were level) and the H200's 4800 (where they gained),
the only two measured."""
MAX_VALUES_PER_THREAD = 64
"""Most values of a padded single-block tile a thread holds (in the compute dtype's registers):
a forward with few warps per real column still takes enough warps for its padded block, but for
a row held in one warp (``ONE_WARP_TAIL_VALUES``). A
register budget, not a timing: 64 float32 values take a quarter of a thread's 255 registers (the
single-block sweeps of ``sweep_plans.py`` tried up to 72 a thread)."""
TAIL_FROM_COLS = TILE_ELEMENTS // 2
"""Row width from which a single-block forward may hold a row that is not a power of two as two
tiles, a power of two and a tail (``block_and_tail``, ``_tailed``); None: never. Wider than half a
tile, a row fills its program alone (but the rows of ``ROWS_BY_WARPS``, two a program); narrower
rows share one (``TILE_ELEMENTS``). Rows whose power
of two takes a persistent grid (``PERSISTENT_FROM_COLS``) keep it: tails were measured only
without one."""
FEW_WARPS_TAIL_VALUES = 48
"""Most values of its row a thread of a single-block forward holds where the policy takes fewer
warps than its rule so that a narrow tail fills one pass of the threads (``_tailed``). Swept at
M = 4096 on rows of whole 16-byte vectors (results/h100/tails_2026-11-23/ and
results/h200/tails_2026-11-23/, ``sw/``): float32 rows of 1152 and 1280 as 1024 + 128 and
1024 + 256 in 1 warp (36 and 40 values a thread) moved 73.4 / 67.1% and 78.0 / 69.8% of copy on
an H100 / H200, against 70.5 / 61.3% and 71.2 / 64.2% for 2048 columns in 4 warps; 2304 as
2048 + 256 in 2 warps (36) 83.7 / 77.5% (``padded/sw``) against 83.5 / 76.1%. bfloat16 rows of
1280, 1408 and 1536 take 1 warp (40 and 48 values a thread): against 2048 columns in 4 warps,
both GPUs gained 2-4 points (results/*/run_a0a363e_2026-11-23/parts/
sweep_few_warps_bfloat16.json). Other M and rows not read in whole vectors were not timed so."""
ONE_WARP_TAIL_VALUES = {4: 96}
"""Itemsize -> most values of its row a thread of one warp holds where a single-block forward
holds its row as a power of two and a tail (widened to one pass of the warp, a 16-byte vector a
lane) in a single warp (``_tailed``): float32 rows of 1025 to 1536 and 2049 to 3072 columns
(1537-2047 keep their power of two, ``head_and_tail``), rows QuACK 0.2.2 also gives one warp (32
threads a row up to 3072 columns). Such rows now go two to a program, up to three tiles each
(``ROWS_BY_WARPS``), but for those of 2817-3072 at the seeds' sizes on a Hopper GPU
(``ONE_ROW_TILES``); what follows was measured with one a program and two tiles. Timed at
M = 4096 against every other single-block variant of up to 96 values a thread
(``sweep_plans.py --kernel single_block --rows 4096 --warps 1 2 4 8 --max-values 96
--no-persistent --repeat 3``; results/h100/one_warp_2026-11-23/, results/h200/
one_warp_2026-11-23/): against the plans of before (4 warps, or 2 at 2304), one warp moved, of
the copy bandwidth on an H100 / H200, 2048 + 1024 at 2688 85.8 / 79.8% against 82.3 / 73.8%,
at 2816 86.8 / 79.1% against 82.9 / 76.7%, at 2944 87.8 / 81.5% against 82.0 / 76.1%; 2048 + 128
at 2176 84.4 / 77.3% against 81.2 / 73.8%; 1024 + 512 at 1536 78.1 / 69.5% against 74.1 /
67.5%; and 0.1-2.1 points more at 1408, 2304, 2432 and 2560. Rows held as three tiles (2688 as
2048 + 512 + 128 in one warp) were slower than two at 2688 and 2816 and faster at 1408 and 1664,
one row a program. At 3072, timed after the rule was set
(results/*/run_d89cc4a_2026-11-23/parts/sweep_one_warp.json), its plan was the fastest variant on
both GPUs: 87.8 / 82.7% of copy (three tiles are now the rule for these rows, with
``ROWS_BY_WARPS``, where they were timed again). Past 96 values a thread (3200, 3328) no
variant was faster than 4096 columns in 4 warps by more than the rounds' spread; 16-bit rows
were not timed so (they keep ``FEW_WARPS_TAIL_VALUES``), nor other M."""
ROWS_BY_WARPS = 2
"""Rows a program of a single-block forward whose rows take one warp each (the rows of
``ONE_WARP_TAIL_VALUES``, but those of ``ONE_ROW_TILES``): one warp a row, laid out rows by
warps (``Plan.row_threads`` 32; ``kernels/row_math.py``, ``load_tile``), so that a program is
several warps and a row's max and sum stay within its warp, as in QuACK 0.2.2's programs of four
rows; the row as up to three tiles
of whole passes of the warp (``three_tiles``: 2688 as 2048 + 512 + 128, 1408 as 1024 + 256 +
128; on a fast DRAM those two as two tiles, ``FAST_DRAM_MERGED_TAILS``). Swept at M = 4096
against every variant so laid out of 1 to 8 warps, 1 to 32 rows a program
(``sweep_plans.py --kernel single_block --rows 4096 --warps 1 2 4 8 --max-values 96
--no-persistent --repeat 3 --rows-by-warps-only``; results/h100/rows_by_warps_2026-11-23/,
results/h200/rows_by_warps_2026-11-23/): two rows in two warps moved, of the copy bandwidth on
an H100 / H200, against the one-row, one-warp plans of before,
1152 73.9 / 65.0% against 76.1 / 64.7%, 1280 74.3 / 66.5% against 73.0 / 66.6%,
1408 80.5 / 72.0% against 76.2 / 69.7%, 1536 79.6 / 74.0% against 77.0 / 70.2%,
2176 82.9 / 76.0% against 82.7 / 75.8%, 2304 85.9 / 78.6% against 85.9 / 77.1%,
2432 87.0 / 79.8% against 85.8 / 77.6%, 2688 88.5 / 80.4% against 86.4 / 78.9%,
2944 86.4 / 82.0% against 87.9 / 81.9%: 0.9 / 1.3 points more on average, the widest losses
2.2 and 1.5 points on the H100 at 1152 and 2944. Four rows in four warps was the other
candidate: 0.3 / 0.9 points ahead on average, losses up to 2.7. Rows of 1024 columns and
fewer (several a program already, ``TILE_ELEMENTS``) and rows of 3200 to 5760 (two rows of 64
threads, or 128) gained at some widths and lost up to 3.6 points at others: they kept their
plans (rows of 513-1024, and 129-1024 on a fast DRAM, have since taken
``NARROW_ROWS_BY_WARPS`` and ``FAST_DRAM_NARROW_ROWS_BY_WARPS``, from more calls of more rounds).
16-bit rows were not swept so."""
ONE_ROW_TILES = {4: ((2048, 1024),)}
"""Itemsize -> the (block, tail) of rows one warp would hold as two tiles (``ONE_WARP_TAIL_VALUES``,
``ROWS_BY_WARPS``) that instead take one row a program in the rule's warps, and read it again for
the output (as ``READ_AGAIN_ROW_TILES``'s do: ``_reads_row_tile_again``), on a Hopper GPU from ``NARROW_ROWS_BY_WARPS_FROM_ROWS``
rows to fewer than ``SINGLE_BLOCK_TILES_FROM_ELEMENTS`` elements: float32 rows of 2817-3072
columns, 2048 + 1024 in 4 warps, where one warp held 96 values a thread (rows of 2561-2816 are
three tiles and keep one warp each). Timed at M = 4096 beside QuACK 0.2.2, nine interleaved
rounds, every output checked first (``sweep_plans.py --kernel single_block --rows 4096 --warps 4
--no-persistent --reread --repeat 9 --peers quack``; results/h100/one_row_tiles_2026-11-25/,
results/h200/one_row_tiles_2026-11-25/), of copy, two rows of one warp -> this, H100 at 2944 /
3072: 86.6 / 87.3 -> 88.4 / 88.8% (QuACK 89.5 / 86.3%); H200 at 2880 / 2944 / 3008 / 3072:
80.0 / 81.9 / 80.6 / 82.3 -> 81.3 / 81.5 / 83.8 / 84.1% (QuACK 80.5 / 82.5 / 77.4 / 77.9%).
The same tiles held (not read again) lost 2.6-5.0 points to the two rows; one tile of 4096 read
again in 4 warps gained about as much as this (+2.0 / +1.6 on the H100, +3.3 / +1.6 / +1.4 / +0.1
on the H200). At 2688 and 2816 (three tiles) this lost 1.1 and gained 0.1 on the H100. 16-bit rows,
other M and rows not read in whole vectors were not timed so. Timed again on an H200 on 2026-12-02
beside the tiles ``READ_AGAIN_ROW_TILES`` holds there (results/h200/read_again_2026-12-02/, 21
rounds, its fast mode): held took 4.6 / 3.7% more time at 2944 / 3072, slower in every round."""
FAST_DRAM_MERGED_TAILS = {4: ((1024, 256, 128), (2048, 512, 128), (2048, 512, 256))}
"""Itemsize -> the ``three_tiles`` (block, tail, tail2) whose two tails the forward's rows of one
warp each (``ROWS_BY_WARPS``) hold as one tile of twice the first tail, on a Hopper GPU with a
fast DRAM (``FAST_DRAM_FROM_GBS``): float32 rows of 1281-1408 columns as 1024 + 512, of
2561-2816 as 2048 + 1024, not read again (``ONE_ROW_TILES`` reads 2048 + 1024 again where it
takes one row a program, not here). A third tile is a third max, sum and set of shuffles a row;
the wider tail only masks more lanes, which load nothing.

Timed on an H200 at M = 4096, the seeds' grid's, two rows of one warp a program both ways, five
interleaved rounds a point in one call (``sweep_plans.py --kernel single_block --rows 4096
--warps 2 --block-m 2 --rows-by-warps-only --repeat 5``; results/h200/three_tiles_2026-12-02/),
three tiles -> two, of copy: 1281 61.4 -> 62.1%, 1344 65.8 -> 70.1%, 1408 66.9 -> 74.0%, 2561
59.6 -> 62.8%, 2624 81.3 -> 83.8%, 2688 81.4 -> 84.3%, 2700 80.3 -> 83.8%, 2752 79.8 -> 84.5%,
2816 82.1 -> 85.1%; in a call of seven rounds with the peers, 1408 67.6 -> 73.6% (QuACK 0.2.2
65.8%), 2688 81.0 -> 81.7% (79.5%), 2816 80.1 -> 82.7% (80.7%). At M = 2^27 // N, 1408 99.8 ->
100.3%, 2688 99.6 -> 100.2%. Left three: 2048 + 256 + 128 (2305-2432), where two tiles lost
(2305 71.2 -> 65.8%, 2368 81.7 -> 81.5%, 2432 82.1 -> 80.3%; 81.7 -> 82.1% in the call with
the peers). The H100 was not timed so, nor M below 4096 (a single row: one of one warp a
program) or between 4096 and 2^27 // N."""
NARROW_ROWS_BY_WARPS = {4: (1024,)}
FAST_DRAM_NARROW_ROWS_BY_WARPS = {4: (256, 512, 1024)}
NARROW_ROWS_BY_WARPS_ROWS = 4
NARROW_ROWS_BY_WARPS_FROM_ROWS = 4096
"""Itemsize -> the powers of two of the single-block forward rows held
``NARROW_ROWS_BY_WARPS_ROWS`` a program, one warp a row (``Plan.row_threads`` 32), on a Hopper
GPU (compute capability 9, where it was timed), from ``NARROW_ROWS_BY_WARPS_FROM_ROWS`` rows to
fewer than ``SINGLE_BLOCK_TILES_FROM_ELEMENTS`` // N: float32 rows of 513-1024 columns, and of
129-1024 where the DRAM delivers ``FAST_DRAM_FROM_GBS`` or more. QuACK 0.2.2 holds such rows
so. The plans of ``TILE_ELEMENTS`` hold four rows of 512 or two of 1024 in four warps laid along
the columns, so a row's max and sum cross warps through shared memory; one warp a row keeps them
in its shuffles.

Timed at M = 4096 four times a GPU, against the plans before in the same call: two sweeps of
five rounds (H100: one call, results/h100/forward_tiles_2026-11-24/1/nw1 then 1/nw; H200: two
calls, results/h200/forward_tiles_2026-11-24/1/nw and 2/nw), then a sweep and a confirming call
of nine (results/h100/narrow_rows_2026-11-24/, results/h200/narrow_rows_2026-11-24/, with the
peers). The times are bimodal, about 0.6 us apart, so each variant's figure is the first
quartile of its rounds. Gain of one warp a row, in that order:

- H100 (3.35 TB/s): 384 -5.4 / -1.8 / -0.7 / -0.3%, 512 -0.8 / -4.2 / +3.0 / -0.8%, 640 -1.7 /
  -0.8 / -3.1 / +2.5%, 768 +1.4 / -2.9 / +0.5 / +0.1%, 896 +1.2 / -3.3 / +0.2 / +0.1%, 1024
  +2.8 / +2.5 / +6.3 / +3.0% (1000, last call only: +0.9%).
- H200 (4.8 TB/s): 384 -0.4 / +5.0 / +4.5 / +5.9%, 512 +9.3 / +3.9 / +5.9 / 0.0%, 640 +9.5 /
  +2.4 / +3.5 / +1.7%, 768 +6.3 / +1.3 / +3.8 / +3.0%, 896 -0.3 / -0.6 / - / +2.6%, 1024 -3.0 /
  +1.6 / +1.6 / +6.2% (1000: +1.6%).

So the H100 takes it for rows whose power of two is 1024 only, for 1024's gain: its 640-896
ride on it untimed as a choice of their own (-3.3..+2.5%, mean -0.5%, no sign; 512 gained once
in four), and the H200 from 257 (from 129 since, below). At M = 4096 in the two last calls one
warp a row trailed QuACK by at most 0.06 us on the H100 and 0.45 us on the H200 (640, 9.92
against 9.47 us, in the sweep). The tile of four rows in four warps was the one of the last
sweep (every rows-by-warps tile of 2 and 4 warps) with the smallest worst loss over both GPUs;
other tiles were faster at single widths by up to 4-5% (H100 384 and 512, H200 640),
none at every width. At about 2^27 elements (the bandwidth grid's 1024, the widths section's
1000 and 1001, M = 2^27 // N; last call) the H100 gained 1.1 / 0.8 / -0.3% and the H200 lost
0.9 / 1.0 / 1.3%, so those problems keep their plans (but rows held in 256 on a fast DRAM:
``FAST_DRAM_LARGE_NARROW_ROWS_BY_WARPS``).

Rows of 129-256 were timed later, twice a GPU (two calls on the H200, one call running the
script twice on the H100), nine rounds, each figure the median of all its rounds' calls, against
the plan before (four rows of 256 laid along the columns of four warps) and the peers
(results/h100/rows_256_2026-11-24/, results/h200/rows_256_2026-11-24/). Gain of one warp a row,
first timing / second, M = 4096 but where given:

- H200: 160 - / +2.6%, 192 +1.0 / +2.5%, 256 +3.3 / 0.0%, 256 at M = 16384 +1.5 / +1.0%, at
  M = 65536 +0.6 / -0.9% (mean +1.3%).
- H100: 160 +2.4 / +3.4%, 192 -2.2 / -3.5%, 256 +1.2 / -1.6%, 256 at M = 16384 +0.6 / +0.8%,
  at M = 65536 +0.4 / +0.7%.

So a fast DRAM takes it from 129 columns and the H100 keeps its plans there. Rows of 129-159 and
257-383 take the rule untimed on a fast DRAM (160 and 384 the nearest timed). Fewer rows (the
latency section), rows between M = 4096 and 2^27 elements but 256 at M = 16384 and 65536, and
16-bit rows were not timed so."""
FAST_DRAM_LARGE_NARROW_ROWS_BY_WARPS = {4: (256, 512)}
"""Itemsize -> the powers of two of ``FAST_DRAM_NARROW_ROWS_BY_WARPS`` whose rows take one warp
each, ``NARROW_ROWS_BY_WARPS_ROWS`` a program, from 2^27 // N rows as well (no upper bound on M):
float32 rows held whole in 256 or 512 on a Hopper GPU with a fast DRAM
(``_fast_hopper_problem``): rows of whole 16-byte vectors, 132-252 and 260-508 columns, and rows
past vectors of 389-511 (those of 129-388 go through the window: ``WINDOWED_ROW_TILES``,
``WINDOWED_TAILED_ROW_TILES``; 256 and 512 have measured tiles). Rows held in 1024 lost there
(above).

Rows held in 512 ran at the copy in the plan they had at 300 (100.5%,
results/h200/evict_last_forward_2026-11-30/ ``fourth_call/``), but 300 was the exception: a
widths scan on an H200 (results/h200/narrow_float32_2026-12-01/, ``second_call/``, the plan before
at M = 2^27 // N, four rows of 512 laid along the columns of four warps) ran whole vectors of
260-356 at 82.9-95.0% of copy (300 100.4%), and 372-508 at 97.7-100.0%. Swept at 268
(``first_call/``, two rounds): 83.2% -> 99.6% in four rows by warps in four warps, the fastest
variant 100.0% (torch.compile 97.8%). The rule against the plans before in one call
(``third_call/``), of copy: whole vectors 260 82.8 -> 99.8%, 268 83.5 -> 99.8%, 292 86.8 ->
100.1%, 340 92.9 -> 99.8%, 388 98.2 -> 99.8%, 300 / 372 / 420 / 500 / 508 100.8 / 100.4 / 100.0
/ 100.1 / 99.9 -> 100.0 / 100.0 / 99.9 / 99.8 / 99.8%; past vectors 389 / 391 98.3 / 98.7 ->
100.0 / 99.8%, 401 / 402 / 451 99.5 / 99.7 / 99.5 -> 99.6 / 99.6 / 99.7%, 454 / 509 / 510 99.8 /
100.1 / 99.6 -> 99.1 / 99.5 / 98.7% (the forward widths the rules of that call left alone moved
-0.3 to +0.3 points). So the rule, which takes every row held in 512, accepts losses of 0.4-0.9
points where the plans before already ran at the copy (300, 372, 454, 509, 510) for gains of 7-17
points at 260-340; rows past vectors of 389-511 gained at 389 and 391 (+1.7, +1.1) and moved
within 0.2 at 401, 402, 451. Untimed: the other widths of 260-511, the H100, other M.

Swept on an H200 at M = 2^27 // N, twice in one call (two rounds each, every output NaN-poisoned
and checked against float64 first; results/h200/evict_last_forward_2026-11-30/
``seventh_call/``), of copy, the plan before (four rows of 256 laid along the columns of four
warps) -> four rows by warps in four warps: 160 85.5 / 85.3 -> 100.6 / 100.7%, 200 95.6 / 95.6
-> 100.3 / 100.2%, 232 96.0 / 96.2 -> 100.0 / 100.1%, the fastest variants swept within 0.4
points of it (1-8 rows, 1-8 warps, laid out by columns or rows by warps). The rule against the
plans before it in one call (``eighth_call/``), of copy: 160 85.0 -> 100.4%, 200 90.0 -> 100.0%,
232 96.1 -> 100.0%, 252 98.7 -> 99.9% (137 and 256, outside it, 95.2 -> 95.3% and 100.7 ->
101.1%). Untimed: the H100 (whose plans keep their bounds), the other widths (132-156 and
236-248 ride on those timed), M past 2^27 // N."""
FAST_DRAM_SHORT_ROW_LAYOUTS = {4: ((17, 35, 16, 8, (1, 3)), (36, 56, 16, 8, (0, 1, 2, 3)),
                                   (57, 105, 8, 16, (1, 3)), (79, 110, 4, 8, (2,))),
                               2: ((37, 55, 16, 8, (1, 3, 5, 7)),)}
"""Itemsize -> (narrowest N, widest N, rows a program, ``Plan.row_threads``, the residues of N
modulo a 16-byte vector's values taken: N % 4 for float32) of the single-block forward of short
rows held in their power of two from their own starts, laid out rows by warps (``row_threads``
threads a row, rows x threads / 32 warps), on a Hopper GPU with a fast DRAM from 2^27 // N rows
(``_fast_hopper_problem``), the first entry that takes N: float32 odd rows of 17-35 columns and
rows of 36-56 sixteen a program of eight threads each, odd rows of 57-105 eight of sixteen
threads, rows of N % 4 == 2 of 82-110 four of eight (one warp); 16-bit odd rows of 37-55
sixteen of eight (57-63 take ``FAST_DRAM_SHORT_ROW_TILES``' eight rows in one warp since).
Those of 66-78 (16, 8 or 4 rows of eight threads) and the 16-bit odd rows of 33 and 35 take
heads and tails from their own starts since a program of one tile lost its loop
(``FAST_DRAM_SHORT_ROW_HEADS_AND_TAILS``, ``NARROW_ROWS_FORWARD_FROM_OWN_STARTS``). Before, the
plans of ``TILE_ELEMENTS`` laid 64 rows of 32, 32 of 64 or 16 of 128 along the columns of four
warps, and rows read value by value (odd N) ran at 29-73% of copy.

Swept on an H200 at M = 2^27 // N, two interleaved rounds, every output NaN-poisoned and checked
against float64 first (results/h200/short_rows_2026-11-30/, ``first_call/`` to
``third_call/``), of copy, the plan before -> sixteen rows of eight threads: 17 42.1 -> 80.6%, 21
51.5 -> 87.5%, 27 64.9 -> 94.2%, 31 73.2 -> 97.8%, 33 29.3 -> 96.5%, 35 31.2 -> 99.1%, 39 34.2 ->
100.1%, 45 39.1 -> 99.3%, 47 47.8 -> 99.0%, 50 85.6 -> 88.0%, 51 43.5 -> 94.7%, 55 46.4 ->
94.5%, whole vectors 36 93.4 -> 100.7%, 48 100.3 -> 100.6%, 66 55.3 -> 83.7%; -> eight rows of
sixteen threads: 57 48.1 -> 95.0%, 59 49.3 -> 95.9%, 61 50.6 -> 96.8%, 63 52.1 -> 97.8%, 65 34.2
-> 95.6%, 67 35.1 -> 96.2% (sixteen rows of eight threads 88.0-92.1% there, eight of sixteen
62.3-93.4% at 35-55 and 72.0% at 66). Reading through the window lost to the rows' own starts at
every width where it was swept (35, 45, 50, 57, 63, 66); torch.softmax ran 34-80%. Whole vectors of 17-31 and past 56 keep
their plans (24 100.3%, sixteen rows of eight threads 92.1%; 60 99.4%, eight of sixteen 97.5%),
and so do rows of 18-34 and 58-62 of N % 4 == 2 (read in 8-byte vectors; below).

The rule's first form, eight rows of sixteen threads at 57-67 whatever N % 4, against the plans
before it in one call (``third_call/``), of copy: 33 29.4 -> 96.4%, 35 31.0 -> 98.7%, 37 32.6 ->
99.9%, 40 97.6 -> 100.8%, 49 42.1 -> 95.8%, 50 85.2 -> 88.4%, 54 87.8 -> 89.4%, 57 48.0 ->
94.3%, 63 52.2 -> 97.4%, 65 34.2 -> 95.1%, 67 35.1 -> 95.7%, but rows of N % 4 == 2, read in
8-byte vectors, lost: 58 90.8 -> 69.5%, 62 93.7 -> 73.0% (they keep their plans), 66 55.4 ->
72.2%. Its second form (``fourth_call/``), 66 as sixteen rows of eight threads, 17-31 whatever N %
4: 17 42.0 -> 80.9%, 19 46.8 -> 85.5%, 21 51.4 -> 88.5%, 23 55.2 -> 90.5%, 25 60.3 -> 92.2%, 27
64.6 -> 94.5%, 29 68.4 -> 96.2%, 31 72.2 -> 97.9%, 66 55.4 -> 83.8%, but 18 77.5 -> 49.1%, 22 83.9
-> 57.4%, 26 88.3 -> 64.3%, 30 94.0 -> 64.4%: rows of N % 4 == 2 there keep their plans; the
backward (the control) moved within 0.3 points. The third form (``fifth_call/``), odd rows only at
17-31: 18 / 22 / 26 / 30 77.4 / 84.2 / 88.5 / 93.6 -> 76.6 / 84.2 / 88.4 / 93.7% (their plans
before), 19 46.7 -> 85.5%, 33 29.5 -> 94.9%, 45 39.2 -> 99.1%, and rows of N % 4 == 2 at 34-54:
34 70.3 -> 66.2% (so it keeps its plan), 38 76.2 -> 77.8%, 42 79.6 -> 83.4%, 46 83.0 -> 85.7%, 50
85.5 -> 86.3%, 54 87.3 -> 88.1%; the backward, unchanged, moved -0.4 to +4.2 points (42: the
calls' spread at these rows of a few hundred bytes).

16-bit odd rows of 33-63 (2: their values read one by one, a thread's eight a pass), swept
beside the window's tiles and the head-and-tail layouts (results/h200/
narrow_backward_tails_2026-11-30/``third_call/``, bfloat16, two interleaved rounds), of copy, the
policy's plan (sixteen rows of the body's tile in one warp, through the window) -> sixteen rows
of eight threads (torch.compile): 37 38.1 -> 63.3% (20.8%), 45 37.2 -> 72.5% (25.2%), 57 46.6
-> 52.7% (31.9%); eight rows of eight threads in two warps 45.6 / 55.2 / 52.4%, a head and a
tail from the rows' own starts at most 49.1 / 51.9%. At 77 (64 + 16 through the window) the
policy's plan ran 65.1% against 64.3% for eight rows of sixteen threads: it keeps its plan.
Against the plans before in one call (``fourth_call/``): 33 34.3 -> 56.9%, 37 38.0 -> 62.8%, 45
37.0 -> 71.5%, 49 40.4 -> 65.4%, 51 41.6 -> 63.8%, 57 46.5 -> 52.6%, 63 50.6 -> 51.8%. Odd rows
of 17-31 have no such layout: a pass of eight threads of 16-byte vectors is 64 columns.
Untimed: the H100, other M, other 16-bit rows (whose rows-by-warps layouts ran at 8-14% in an
older sweep).

float32 odd rows of 69-105 were read through the window (four rows of 128 in two warps, sixteen
threads a row) until a widths scan on an H200 found them at 76.3-93.0% of copy (69, 75, 99;
results/h200/widths_scan_2026-12-01/). Swept (results/h200/narrow_float32_2026-12-01/
``first_call/``, ``second_call/``, two rounds), the window's plan -> eight rows of sixteen
threads from the rows' own starts: 69 76.0 -> 96.6%, 75 81.4 -> 98.3%, 81 85.1 -> 98.6%, 99 93.4
-> 99.7%, 105 96.0 -> 99.6% (torch.compile 55.4 / 56.1 / - / 74.1 / -%); at 127 the window's
plan ran 100.3% against 99.0%, so odd rows past 105 keep the window. Rows of N % 4 == 2 were
swept at 70 and 94 then: sixteen threads a row from the own starts did not win there, but at 70
eight rows of eight threads in two warps ran 93.4% against the window's 76.6% (the rule of
70-110, below). Against the plans before in one call (``third_call/``): 69 76.4 -> 96.7%, 75
81.4 -> 97.8%, 81 85.1 -> 98.6%, 87 88.1 -> 99.2%, 93 90.6 -> 99.5%, 99 93.0 -> 99.4%, 105 95.6
-> 99.5%; 107 and 127, outside it, 96.3 -> 96.6% and 100.3 -> 100.3%. Untimed: 71-73, 77-79,
83-85, 89-91, 95-97 and 101-103 (riding on those timed), the H100, other M.

float32 rows of N % 4 == 2 of 70-110, read through the window before (four rows of 128 in two
warps, sixteen threads a row), swept rows by warps from their own starts in one to four warps
(results/h200/narrowest_rows_2026-12-01/ ``first_call/``, ``third_call/``, two rounds), of copy,
the window's plan -> eight rows of eight threads in two warps / four rows of eight threads in one
warp: 70 76.8 -> 93.4 / 85.4%, 74 79.2 -> 92.4 / 89.9%, 78 81.9 -> 89.6 / 94.3%, 86 87.3 -> 87.0
/ 100.1%, 94 90.5 -> 84.5 / 99.7%, 98 93.1 -> 82.7 / 99.8%, 102 95.0 -> 82.9 / 99.4%, 110 97.6
-> 82.7 / 99.4%; at 118 and 126 the window's plan ran 100.0 and 100.5% against 99.0 and 99.1%
(so they keep it), and at 66 no layout beat sixteen rows of eight threads by more than 0.9
points. Against the plans before in one call (``second_call/``, ``fourth_call/``), of copy: 70
76.3 -> 92.7%, 74 79.8 -> 92.2%, 78 79.9 -> 94.4%, 82 84.8 -> 99.0%, 86 86.7 -> 99.8%, 90 87.7 ->
100.0%, 94 90.5 / 90.8 -> 99.8 / 99.7%, 98 88.4 -> 99.6%, 102 93.9 -> 99.3%, 106 95.3 -> 99.1%,
110 94.9 -> 99.1%; 66 and 114, outside it, 83.7 -> 83.7% and 98.4 -> 99.2% (the unchanged
backward within 0.1 points but 74, 97.9 -> 101.9%)."""
FAST_DRAM_SHORT_ROW_TILES = {4: ((13, 31, 32, 2, (1, 2, 3)),), 2: ((57, 63, 8, 1, (1, 3, 5, 7)),)}
"""Itemsize -> (narrowest N, widest N, rows a program, warps, the residues of N modulo a 16-byte
vector's values taken) of the single-block forward of rows past vectors held in their power of
two from their own starts, laid along the columns (Triton's layout of a [rows, columns] tile),
on a Hopper GPU with a fast DRAM from 2^27 // N rows (``_fast_hopper_problem``), the first entry
that takes N, where ``FAST_DRAM_SHORT_ROW_LAYOUTS`` leaves them: float32 rows of 13-15 and of
N % 4 == 2 at 18-30, 32 a program in two warps where ``TILE_ELEMENTS`` laid 128 rows of 16 or 64
of 32 in four; 16-bit odd rows of 57-63, eight a program in one warp.

Swept on an H200 (results/h200/narrow_float32_2026-12-01/ ``fifth_call/``, two rounds, every
output NaN-poisoned and checked against float64 first, torch.compile in the same rounds), of
copy, the plan before -> 32 rows in two warps (the fastest variant; torch.compile): 13 70.1 ->
74.6% (the same; 75.4%), 15 78.5 -> 82.1% (the same; 81.2%), 18 76.6 -> 84.4% (93.0%, 32 rows of
16 + 2 in four warps; 70.5%), 22 84.4 -> 93.4% (the same; 86.3%), 26 88.2 -> 99.8% (the same;
95.1%); through the window every layout ran slower at these widths. At 34 (N % 4 == 2, whose
body fills its tile of 32) the window won: ``WINDOWED_ROW_TILES``' sixteen rows of 32 in two
warps, 70.3 -> 99.1% (torch.compile 64.5%).

Against the plans before in one call (``sixth_call/``), of copy: 13 69.9 -> 73.6%, 14 96.0 ->
100.0%, 15 78.4 -> 81.0%, 18 76.9 -> 83.1%, 22 84.3 -> 89.9%, 26 87.8 -> 96.5%, 30 93.9 ->
99.3%, 34 70.8 -> 98.7%. The plans the rules leave alone moved -0.5 to +0.2 points (9, 11, 16,
17, 20, 21, 33, 35) but 31, 98.0 -> 95.4%, and the unchanged backward at 13 ran 70.5 -> 81.2%
in the same call: at these rows of a few dozen bytes one call's two runs of one plan can differ
by that much, so the gains at 13-30 rest on the sweep's interleaved rounds above (13 +4.5, 15
+3.6, 22 +9.0, 26 +11.6 points; 18 +7.8 in this rule's layout) more than on this call; that at
34 lies beyond any spread seen. 14 and 30 were timed in that call alone. Untimed: the H100,
other M.

16-bit odd rows of 57-63 were sixteen rows of eight threads in four warps
(``FAST_DRAM_SHORT_ROW_LAYOUTS``, as 37-55), which ran there at 48-50% of copy against 61-65% at
49-55. Swept on an H200 (bfloat16, two interleaved rounds; results/h200/capacity_2026-12-01/
``second_call/``), of copy, that plan -> eight rows of 64 in one warp (torch.compile): 57 48.5 ->
57.2% (31.9%), 59 48.1 -> 59.0% (33.1%), 61 49.0 -> 60.4% (34.0%), 63 49.6 -> 62.0% (35.2%); at
49-55 the same eight rows ran 50.1-55.6% against 61.3-65.2%, so they keep their layout (also so
in an earlier sweep, narrow_codegen_2026-12-01/``fifth_call/``: 56.8-62.0% against 48.3-49.7% at
57-63). Against 94a7667's plans in one call (``fourth_call/``): 57 48.6 -> 57.2%, 59 48.2 ->
58.5%, 61 49.1 -> 60.4%, 63 49.6 -> 61.8%, 55 (unchanged) 61.6 -> 61.4%; again (``sixth_call/``)
57 48.8 -> 57.0%, 63 49.6 -> 62.0%. Untimed: float16, the H100, other M."""
FAST_DRAM_SHORT_ROW_HEADS_AND_TAILS = {4: {(8, 1): (32, 2), (8, 4): (64, 2)},
                                       8: {(64, 2): (16, 1), (64, 8): (8, 1), (64, 16): (8, 1)}}
"""The alignment of float32 rows in bytes (``_row_alignment``; 4: odd N, 8: N % 4 == 2) ->
{(head, tail): (rows a program, warps)} of a single-block forward whose rows are each read from
their own start and held as the power of two under N and the power of two that covers the rest
(``head_and_tail``), on a Hopper GPU with a fast DRAM from 2^27 // N rows
(``_fast_hopper_problem``): 9 as 8 + 1, 32 rows in two warps, 11 as 8 + 4, 64 rows in two warps,
where ``TILE_ELEMENTS`` held 128 rows of 16 in four warps; N % 4 == 2 of 66-78, 66 as 64 + 2 in
16 rows, 70 as 64 + 8 and 74 and 78 as 64 + 16 in 8, one warp, where
``FAST_DRAM_SHORT_ROW_LAYOUTS`` held 16, 8 or 4 rows of 128 columns, 8 threads a row.

Swept on an H200 (results/h200/narrow_float32_2026-12-01/ ``seventh_call/``, two rounds, every
output NaN-poisoned and checked against float64 first, torch.compile in the same rounds), of
copy, the plan before -> this layout (torch.compile): 9 51.0 -> 78.0% (54.0%), 11 61.0 -> 71.9%
(51.9%; then 32 rows in one warp). In three calls, each against the plans before in the same
call (results/h200/narrowest_rows_2026-12-01/ ``first_call/``, ``third_call/``,
``fourth_call/``): 9 51.0 / 50.9 / 51.0 -> 75.8 / 77.8 / 76.6%, 11 60.4 / 60.8 / 60.9 -> 71.1 /
71.4 / 71.5% (10, outside it, 84.6-84.7% in both trees). Once a program of one tile had no
loop (``row_math.tile_step``; results/h200/narrow_codegen_2026-12-01/), 11 in one warp ran
66.5% against 71.2% with it, and swept again (``third_call/``), of copy, the plan then -> this
layout: 11 68.0 -> 71.3% (the fastest variant 71.4%), 66 81.1 -> 97.1% (64 + 16, eight rows in
one warp, 98.0%); and (``fifth_call/``; the fastest variant in brackets) 70 88.0 -> 97.2%
(97.6%), 74 86.3 -> 97.6% (97.6%), 78 95.0 -> 96.6% (97.1%). In that third call two variants
that launch the same kernel differed by up to 7.7 points, in both rounds (11's 32 rows of 16 in
two warps 65.4% against 71.4% for the variant named "block 8", which launches it too), so
gains of 1-3 points there (11 here, 78, the backward of 9) are within the sweep's own spread.
Both 9 and 11 stay under 90% of copy. Untimed: the H100, other M."""
FAST_DRAM_SHORT_ROWS_BACKWARD_FROM_OWN_STARTS = {8: {16: (32, 1)}, 4: {16: (64, 2)}}
"""The alignment of float32 rows in bytes (``_row_alignment``; 4: odd N, 8: N % 4 == 2) ->
{power of two: (rows a program, warps)} of a single-block backward whose rows are each read
from their own start and held in their power of two, on a Hopper GPU with a fast DRAM from
2^27 // N rows (``_fast_hopper_problem``): 10 and 14, 32 rows in one warp, and 9, 11, 13 and 15,
64 rows in two warps, where the window's plans held their bodies (of 8: 256 rows in eight warps;
of 16: 64 rows in four warps). torch.compile's backward, which led ours at these widths, holds
32 rows of 16 in two warps and reads each row from its own start (its generated code,
results/h200/narrowest_rows_2026-12-01/ ``first_call/inductor.tgz``).

Swept from the rows' own starts (results/h200/narrowest_rows_2026-12-01/ ``second_call/``,
``third_call/``, two rounds, every output NaN-poisoned and checked against float64 first,
torch.compile in the same rounds), of copy, the window's plan -> 32 rows in one warp (the fastest
variant; torch.compile): 10 91.7 -> 101.3% (101.4%; 101.4%; as 8 + 2 at most 90.8%), 14 85.3 ->
101.1% (101.8%; 100.7%); 13, the fastest variant, 75.4 -> 96.9% (torch.compile 100.8%). Against the
plans before in one call (``third_call/``, ``fourth_call/``), of copy: 10 85.3 / 84.8 -> (the
window's body of 8 in one warp, then this) 92.2 / 101.3%, 14 88.6 / 87.7 -> 101.2 / 101.2%, 13 83.1
/ 81.3 -> 100.8 / 100.5%, 15 91.9 / 91.2 -> 100.7 / 100.7%; 9 held as 8 + 1, 64 rows in four warps,
78.0 / 77.9 -> 92.0 / 91.9%; 11 kept the window (32 rows of its body in one warp, 94.8%).

Those odd rows lost when a program of one tile lost its loop (``row_math.tile_step``;
results/h200/narrow_codegen_2026-12-01/ ``second_call/``, of copy, with the loop -> without: 9
92.0 -> 91.0%, 11 92.5 -> 84.1%, 13 101.0 -> 90.5%, 15 100.8 -> 95.4%), and swept again without
it (``third_call/``), the plans then -> 64 rows of 16 in two warps (the fastest variant;
torch.compile): 9 90.8 -> 93.9% (93.9%; 94.7%), 11 82.6 -> 100.5% (100.5%; 96.7%), 13 88.7 ->
101.2% (101.5%; 100.6%), 15 93.9 -> 101.2% (101.6%; 101.1%). 9 stays behind torch.compile.
Untimed: the H100, other M."""
TWO_ROWS_A_PROGRAM = {4: (2048,)}
"""Itemsize -> the powers of two of the single-block forward rows held two a program, laid along
the columns of the warps that one such row takes (four), within the bounds of
``NARROW_ROWS_BY_WARPS`` (a Hopper GPU, ``NARROW_ROWS_BY_WARPS_FROM_ROWS`` rows to fewer than
2^27 // N): float32 rows of 1537-2048 columns, which the policy held one a program before. Each
thread holds two rows' values, twice the bytes in flight a program.

Timed at M = 4096 in one call a GPU, each plan twice a round at two places with QuACK between,
nine rounds, each figure the median of all its rounds' calls (results/h100/two_rows_2026-11-24/,
results/h200/two_rows_2026-11-24/). Gain of two rows a program, its two copies against the one-row
plan's two (the slower pair, then the faster):

- H100: 1600 +1.8 / +1.6%, 1664 +1.6 / +1.6%, 1792 +0.9 / +1.2%, 1920 +0.8 / +0.5%, 2048 0.0 /
  -0.2%; QuACK's time over ours at 1600 0.973-0.977 before, 0.990-0.993 with it.
- H200: 1600 +1.5 / +0.9%, 1664 -0.2 / +0.2%, 1792 +0.5 / +0.5%, 1920 0.0 / -0.2%, 2048 +2.3 /
  +2.2%.

Small, and at the edge of what one call tells apart (results/*/seeds_resolution_2026-11-24/:
one kernel timed four times in a call spread by 0.5-2.7%), but never behind by more than 0.2%,
and ahead at 1600-1920 on the H100, where a sweep of every layout had found it 1.9% ahead at
1664. Rows of 1537-1599, other M and 16-bit rows were not timed so."""
MAX_WARPS = 32
"""The hardware's limit: 1024 threads a program."""
MIN_SINGLE_BLOCK_WARPS = 4
"""Fewest warps of a single-block program. Fewer were timed once (bfloat16 rows of 1664, M = 4096:
2 warps 64.2% of copy, 4 warps 60.7%) and nowhere else, so the floor stays where the plans of
before had it."""
MAX_FORCED_BLOCK = 1 << 16
"""Widest block a caller may force on the multi-block kernels: twice the widest any sweep timed,
and far under the 2**20 elements Triton allows a tensor (a wider one fails inside Triton)."""
PERSISTENT_FROM_COLS = {2: 32768}
"""Itemsize -> row width from which the forward single-block grid is persistent: one program per SM
walking the rows, its pipelined loop loading the next row while this one is reduced. Measured on
an H200: for bfloat16 rows of 32768 it gave 3596 against 3134 GB/s with one program per row;
everywhere else one program per tile was faster (by 3-10%).

On a Hopper GPU with a fast DRAM, from 2^27 // N rows (``_fast_hopper_problem``), only rows of
exactly that width: narrower rows whose power of two it is (16-bit rows of whole vectors of
16392-16704, which the cooperative kernel leaves, ``FAST_DRAM_COOPERATIVE_FORWARD_MIN_FILL``) hold
a tile of 16384 and a tail (``_tailed``: 4096 in 16 warps). Timed on an H200 against the
persistent plan in one call (results/h200/whole_vector_window_2026-11-30/``fourth_call/``, M =
2^27 // N, every output NaN-poisoned and checked against float64 first), bfloat16, of copy: 16392
57.9 -> 84.6%, 16400 62.5 -> 85.7%, 16520 58.6 -> 85.1%, 16704 64.9 -> 86.4%; float16 swept there,
16392 / 16704 85.2 / 86.9% (16384 + 8 in 8 warps 88.4% at 16392, 64.2% as 16384 + 512 at 16704).
The cooperative kernel ran 84.2-85.2% at both (``third_call/``). Untimed: the H100."""
PERSISTENT_PROGRAMS_PER_SM = 1
PERSISTENT_STAGES = 3
"""The persistent grid of that measurement: one program per SM, its loop three stages deep."""

ONE_ROW_BY_WARPS_TILES = frozenset({(2, 8192, 4096, False), (2, 16384, 0, True)})
"""(item size, tile, tail, through a window) of the single-block forward plans of one row a
program that lay the row out rows by warps (``Plan.row_threads``: all the program's threads, each
tile whole passes of a 16-byte vector a thread; ``row_math.load_tile``): 16-bit rows of whole
vectors held as 8192 + 4096 (10241-12288 columns), and 16-bit rows past vectors whose body a tile
of 16384 holds through the window (``FORWARD_BODY_TILE_COLS``: 16378-16392 on a fast DRAM, the
cooperative kernel taking 12297-16377). Each thread reduces its own values of every pass first,
then the row's threads.

The arithmetic and the bytes are the same; the compiled code is not. Compiled for sm_90, bfloat16
rows of 8192 + 4096 columns in 8 warps in the plain layout from their own starts issue four of a
thread's six 16-byte loads and convert and compare the first values before the last two, which so
wait a round trip (results/h200/whole_vector_window_2026-11-30/: 70-77% of copy on an H200);
through the window all six were issued first (85-93%, 119fe00's ``WHOLE_VECTOR_WINDOW_TILES``),
and rows by warps from their own starts too, with 12 barriers rather than 18. The 16384 body
through the window: all nine loads, its edges' among them, before the first use, where the plain
layout issued the edges' after.

Timed on an H200 against the plans before in one call of two rounds (``eighth_call/``, M = 2^27 //
N, every output NaN-poisoned and checked against float64 first), bfloat16 forward, of copy, round
one / two: through the window before, 10248 86.0 / 85.5 -> 87.7 / 87.7%, 11000 88.6 / 88.0 -> 89.7
/ 90.0%, 11264 90.5 / 90.0 -> 92.1 / 92.6%, 12000 91.5 / 91.6 -> 93.5 / 93.9%, 12288 93.0 / 93.6 ->
94.7 / 94.6%; the plain 16384 body, 16378 85.6 / 85.6 -> 87.4 / 87.0%, 16383 85.9 / 86.0 -> 87.1 /
87.0%, 16390 85.7 / 85.7 -> 87.5 / 87.0%. Other tiles, rows by warps in the same trial
(``seventh_call/``, ``eighth_call/``): 2048 + 1024 gained at 2056 and 2064 (86 -> 91%) but not at
3000 (95.3 / 95.6 -> 95.3 / 94.8%); 2048 + 512 in 2 warps lost at 2500 (95.5 -> 93.9%); 8192 +
2048 at 8200 (93.7 -> 91.8%), 16384 + 4096 at 16392 and 16704 (84.5 / 86.8 -> 83.2 / 85.7%) and
8192 + 4096 past vectors through the window at 11250 (88.1 -> 87.5%) lost; rows of N % 8 == 4
(2100), read from their own starts in 8-byte loads, one element a thread a pass (``row_pass``),
fell to 19%: such rows keep the plain layout (only whole vectors and windows here, and ``for_rows``
drops the layout where the launch reads narrower). Untimed: the H100, float16, other M."""

SPATIAL_ONE_PASS_POSITIONS = 1024
"""Longest softmax dim (rounded up to a power of two) a spatial tile holds whole, in one pass;
longer ones step through it in two. Swept on an H100 (results/h100/spatial_sweep_2026-11-23): at
N = 1000 one pass of 16 or 32 rows by 1024 gave 0.95-0.98 of copy for float32 and 0.79-0.86 for
bfloat16, the best two-pass tile 0.60-0.66."""
SPATIAL_ONE_PASS_ROWS = 32
SPATIAL_TILE_VALUES = 1024
"""A one-pass tile holds at least 32 rows side by side where there are that many (one per lane of
a warp: 128 bytes of float32, 64 of bfloat16 at each position), more where the softmax dim is
short, up to 1024 values (21 classes: 32 rows by 32 positions; 8: 128 by 8). In that sweep
larger tiles of the same values per thread were slower (bfloat16, 21 classes: 64 x 32 with
2 warps 0.90 of copy, 128 x 32 with 4 warps 0.38)."""
SPATIAL_ONE_PASS_TILE_BYTES = {False: 131072, True: 65536}
"""Backward -> most bytes of each tensor a one-pass tile holds, a register budget: at N = 1000
the float32 backward of 32 rows (two tensors of 128 KB) gave 0.72 of copy, of 16 rows 0.98."""
SPATIAL_STEP_ROW_BYTES = 128
SPATIAL_STEP_POSITIONS = 64
"""A two-pass step: a 128-byte line of rows (fewer where that leaves too few tiles:
``SPATIAL_TILES_PER_SM``) by 64 positions of the softmax dim, the best step of that sweep at
N = 4096 and 32768, and the sum order ``summation_of(None, None)`` bounds."""
SPATIAL_THREAD_BYTES = 128
SPATIAL_SHORT_RUN_THREAD_BYTES = 32
"""Warps are as many as leave a thread this many bytes of each tensor (at most
``SPATIAL_MAX_WARPS``); the second where a one-pass tile has fewer than
``SPATIAL_ONE_PASS_ROWS`` rows, each position a short run of its own (four rows of bfloat16 by
512: 4 warps gave 0.82 / 0.95 of copy forward / backward, 2 warps 0.73 / 0.81). The sweep's
main finding: warps share a tile's positions and meet through shared memory to reduce across
them, so the fewest warps win; 16 warps on a 128 x 32 float32 tile of 21 classes gave 0.20 of
copy, 2 warps on 32 x 32 gave 0.95."""
SPATIAL_MAX_WARPS = 16
SPATIAL_TILES_PER_SM = 2
"""A two-pass tile narrows (down to one 16-byte vector of rows) while there are fewer tiles than
this many per SM: at (8, 32768, 512) float32, 8 rows a tile (512 tiles) gave 995 GB/s, 32 rows
(128 tiles) 950."""
SPATIAL_TRANSPOSED_BELOW_SMS = 1
"""A two-pass spatial plan with fewer tiles than this many per SM, however narrow, gives way to a
row kernel on a transposed copy (``Plan.transposed``): a softmax along dim 0 of a (1M, 4) tensor is
one tile of four rows, walked by one program, where the cooperative kernel spreads the four rows
over the GPU. Not swept: in the sweep's problems the spatial kernel beat the transposed copy at
every tile count they reached (128 tiles and up)."""

COOPERATIVE_PLAN = {(2, False): (8192, 4, 88), (4, False): (8192, 4, 96), (8, False): (4096, 4, 0),
                    (2, True): (8192, 4, 96), (4, True): (8192, 4, 0), (8, True): (4096, 8, 0)}
"""(itemsize, backward) -> (columns each cooperative program holds, warps, ``Plan.max_registers``).
Swept with the exchange of published words (``benchmarks/sweep_plans.py --kernel cooperative``,
M*N = 2^27): blocks of 8192 columns and 4 warps were the best at N = 65536 and 262144 on an H200
(results/h200/exchange_2026-11-23/int32_ticket/). The caps were swept again when rows went by
program id with helpers (``kernels/cooperative.py``), whose code made ptxas take more registers
than before unless capped (float32 forward 107 against 96, bfloat16 backward 126 against 92):
capped at 88 / 96 / 96 (bfloat16 forward / float32 forward / bfloat16 backward) none spills,
and on an H200 (results/h200/help_2026-11-23/) they measured 81.2 / 99.1 / 99.3% of copy at
N = 65536 against 74.9 / 99.0 / 83.8% uncapped; 80 registers, the bfloat16 forward's cap
before, now spills. The float32 backward takes the compiler's own choice (102.1% uncapped; 96
spills and halves it). The registers of a program set how many programs share a multiprocessor,
and so the bytes in flight while some of them wait (``benchmarks/resource_usage.py`` counts
them). float64 is unmeasured: half the columns.

All of it with one block a program. Where a program holds several (rows wider than one block an SM)
its loop keeps more live: compiled for sm_90 at N = 4M (``benchmarks/resource_usage.py``), the
bfloat16 forward capped at 80 registers spills 264 bytes (uncapped, 162 registers and none), and
the float32 backward with 4 warps takes 255 registers and spills 24 bytes. Such plans take no cap
(but the backward of two or three blocks and the 16-bit forward of two read as words,
``COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS``, float16's backward of four or more,
``COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS``, and float32's of four or more, which take the blocks
of ``COOPERATIVE_WIDE_ROW_PLAN``), and the backward half the values a thread (twice the warps), or,
from four blocks a program, the values of ``COOPERATIVE_SEVERAL_BLOCKS_VALUES``."""
COOPERATIVE_SEVERAL_BLOCKS_VALUES = {("float32", False): 16, ("float32", True): 16,
                                     ("bfloat16", True): 16, ("float16", True): 16}
"""(dtype, backward) -> values of a block each thread holds where a cooperative program holds at
least ``COOPERATIVE_SEVERAL_BLOCKS_FROM`` blocks (N = 4M on 132 SMs): 16 warps for a block of
8192 columns, where the plans of ``COOPERATIVE_PLAN`` take 4 (float32 forward) or 8 (backward,
which holds half its values a thread wherever a program has several blocks). Since d1d0980
float32's policy plans there take ``COOPERATIVE_WIDE_ROW_PLAN`` instead: its entries here reach
forced blocks and forced programs a row alone.

Timed at N = 4M in the same calls as the plans before (4 or 8 warps, the stores before), with
the warps replaced (three interleaved rounds; results/h100/wide_4m_2026-11-24/,
results/h200/wide_4m_2026-11-24/), of copy, before -> 16 warps with the re-read blocks stored
evict-first (``kernels/cooperative.py``; "alone": 16 warps without those stores):

- H100: float32 forward M = 8 / 32 72.9 / 79.2 -> 79.6 / 85.7%; float32 backward (M = 32)
  76.7 -> 82.2%; bfloat16 backward (M = 32) 75.5 -> 82.2%.
- H200: float32 forward M = 8 / 32 / 128 66.1 / 73.3 / 76.1 -> 69.3 (alone) / 76.6 / 77.7%;
  float32 backward M = 8 / 32 / 128 64.7 / 69.2 / 68.5 -> 68.3 (alone) / 73.4 (alone) / 74.2%;
  bfloat16 backward 63.1 / 69.9 / 72.7 -> 65.4 (alone) / 73.2 (alone) / 75.9%. (The H200's
  backward at M = 32 was not timed as landed: with the stores it was timed only with the held
  block loaded evict-first as well, 71.0 / 70.1%.)

float16's backward lost in 16 warps uncapped (H100, M = 32: 78.3 -> 62.1%; compiled for sm_90 it
takes 74 registers there, one program an SM, where bfloat16 takes 50, two) and gained once capped
to fit two (``COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS``). Left out where it lost: the 16-bit
forward, whose first block is held as words (H200: 74.3 -> 53.4%), and fewer blocks a program
(16 warps with the stores, against the plans before):
on an H100 at N = 3M (three blocks) 16 warps lost 2.4 points of copy for the float32 forward and
4.6 for the bfloat16 backward and gained 1.4 for the float32 backward; at N = 2M (two) they lost
13.8 / 6.9 points (float32 forward / bfloat16 backward) and gained 2.2 (float32 backward).
Compiled for sm_90 at N = 4M by ptxas 12.8 (results/h200/wide_4m_2026-11-24/resources_sm90.log)
the float32 forward takes 159 registers x 128 threads in 4 warps (three programs an SM) and
64 x 512 in 16 (two); the float32 backward 146 x 256 (one) and 100 x 512 (one); the bfloat16
backward 80 x 256 (three) and 50 x 512 (two). Why more warps pay
only at four blocks is not measured. float64 is untimed and keeps the rule before.

Tried since at N = 4M, M = 32 on an H100 and left out (results/h100/wide_4m_shape_2026-11-24/):
caps of registers that fit one more program an SM (float32 backward at 56 and 64, bfloat16
backward and float32 forward at 40; each spills 16-80 bytes) lost 12-19 points of copy against
83-85%; 32 or 64 programs a row in place of 128 lost 10-21 points, and 256 (two blocks each)
lost 10-13 but for the float32 backward, whose 256 programs a row never fit on the GPU at once
(one a multiprocessor): its waiting programs computed their peers' words (``kernels/
cooperative.py``), 352 ms against 0.65. And on an H200 at N = 2M-4M (M = 8 and 32; results/h200/
wide_blocks_2026-11-24/): one block a program holding its whole chunk (16384 columns at 2M, 128
programs a row; 32768 at 3M, 96 a row, and at 4M, 128; nothing re-read, none spilled) lost
0.3-18.2 points to the plans' blocks of 8192; one block of 8192 a program, 256 and 384
programs a row at 2M and 3M (M = 16 and 64), lost 4.3-31.1 points but for the bfloat16 forward
at 2M (within 0.9), and the float32 backward at 3M, whose rows did not fit the GPU at once,
ran 92-367 ms (results/h200/one_block_2m_3m_2026-11-24/)."""
COOPERATIVE_SEVERAL_BLOCKS_FROM = 4
"""Blocks a cooperative program holds from which ``COOPERATIVE_SEVERAL_BLOCKS_VALUES`` applies, and
``COOPERATIVE_WIDE_ROW_PLAN`` (counted in blocks of ``COOPERATIVE_PLAN``'s): four on 132 SMs at
N = 4M (on fewer SMs, narrower rows). Two and three blocks lost (above)."""
COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS = {("float16", True): 64}
"""(dtype, backward) -> ``Plan.max_registers`` of a cooperative plan whose programs hold at least
``COOPERATIVE_SEVERAL_BLOCKS_FROM`` blocks (16 warps, ``COOPERATIVE_SEVERAL_BLOCKS_VALUES``).
Compiled for sm_90 at N = 4M by ptxas 12.8 (results/h200/wide_4m_candidates_2026-11-24/
registers.py), float16's backward in 16 warps takes 74 registers uncapped (one program an SM) and
54 capped at 64, or 56 at 56 (two an SM, nothing spilled); at 48 it spills 16 bytes and still
fits two. Timed at N = 4M against the plan before (8 warps uncapped, 88 registers, two an SM) in
the same calls, three interleaved rounds, every output checked first, of copy:

- H200 (results/h200/wide_4m_candidates_2026-11-24/): M = 32 / 128 68.6 / 70.6 -> 77.8 / 80.0%
  (cand16.log; 56 within 0.1 point of 64, 48 69.4 / 71.3%); in an earlier call (cand4m.log)
  M = 8 / 32 61.8 / 68.6 -> 69.5 / 77.2%, and the 8 warps capped at 80 (three an SM, nothing
  spilled) 65.8 / 72.9%.
- H100 (results/h100/wide_4m_candidates_2026-11-24/): M = 8 / 32 / 128 71.9 / 78.6 / 80.5 ->
  76.6 / 84.1 / 86.0%; 56 within 0.1 point of 64, 48 71.5 / 78.2 / 80.1%.

Timed at four blocks on 132 SMs alone: the cap also reaches untimed plans, of more blocks (N = 8M),
of four on fewer SMs, and forced blocks (``Forcing.block_n``), where at worst it spills. On rows
not read in whole vectors ``for_rows`` drops it, and its 16 warps (``Plan.uncapped_warps``).
At N = 2M and 3M (two and three blocks) the same 16 warps at 64 lost to the plan of
``COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS`` (M = 32; H200 73.6 -> 65.4% and 76.0 -> 71.8%, H100
81.3 -> 73.0% and 82.8 -> 80.4%). Tried in the same calls at N = 4M on the H200 and left out:
the float32 backward in 8 warps capped at 128 or 112 (two an SM where the 16 warps fit one;
69.5 / 67.8% against 74.1% at M = 32), the bfloat16 backward in 8 warps capped at 64 (four an SM;
67.4% against 73.7%) or uncapped (73.7 / 63.9% against 73.7 / 66.3% at M = 32 / 8), the float32
forward in 8 warps capped at 80 or 128 (74.4 / 76.8% against 76.8%), and the bfloat16 forward
in 8 warps (75.9 / 65.2% against 75.7 / 64.1% at M = 32 / 8: within the calls' spread, untried
elsewhere) or in 8 capped at 80 (69.5 / 59.2%)."""
class WideRowPlan(NamedTuple):
    """What ``COOPERATIVE_WIDE_ROW_PLAN`` gives a plan: its ``Plan.block_n``, ``Plan.num_warps``,
    ``Plan.max_registers`` and ``Plan.hold_last``."""
    block_n: int
    num_warps: int
    max_registers: int
    hold_last: bool


COOPERATIVE_WIDE_ROW_PLAN = {("float32", False): WideRowPlan(16384, 16, 64, True),
                             ("float32", True): WideRowPlan(16384, 32, 64, False)}
"""(dtype, backward) -> the ``WideRowPlan`` (block, warps, register cap, hold last) of a cooperative
plan whose programs would hold at least ``COOPERATIVE_SEVERAL_BLOCKS_FROM`` blocks of
``COOPERATIVE_PLAN``'s (N > 3 x 132 x 8192 on 132 SMs; the block and the programs the policy's
own, neither forced; N a multiple of a 16-byte vector, the rows it was timed on): blocks of
16384 columns instead, half as many a program (two at N = 4M), no prefetch. Either
way a program holds one block across its row's wait and reads the others again from the L2
(``kernels/cooperative.py``); here it loads 64 KiB a block where it loaded 32, in half as many
steps, and holds half its chunk rather than a quarter. The forward holds its last block
(``kernels/cooperative.py``: which block a program holds), so that 16 warps fit 64 registers
without a spill (two programs an SM, as before); the backward holds its first (y and dy) in 32
warps at 64 (one an SM, as before, nothing spilled at N = 4M, 24 bytes at 8M; held last it took
63 and lost, below). Not the L2's bytes: Nsight on an H200 at 32 x 4M (the second launch of a
process, results/h200/held_last_2026-11-25/ncu/ncu.log) counted the forward's DRAM reads at
1.035 x its input before and 1.007 x now, the backward's at 1.005 and 1.000 x, while its time
went 330 -> 314 us and 516 -> 498 us: what gains is not measured (more bytes in flight a load,
fewer steps, are candidates).

Timed at N = 4M (and 8M, 3M) against the plans before, in the same calls, three interleaved
rounds, every output NaN-poisoned and checked against float64 first (results/h200/
held_last_2026-11-25/, results/h100/held_last_2026-11-25/; `d/d.log`), of copy, before ->
this plan:

- H200, float32 forward, M = 32 / 128 / 8: 76.1 / 78.4 / 72.4 -> 80.3 / 82.3 / 72.3% (another
  call, `c/c.log`: 76.0 / 78.7 / 72.0 -> 80.0 / 82.3 / 72.1%); backward 72.2 / 73.7 / 69.1 ->
  76.6 / 77.5 / 73.2%. N = 8M, M = 16: forward 66.0 -> 69.3%, backward 58.6 -> 63.7%.
- H100, float32 forward, M = 32 / 128 / 8: 84.3 / 84.7 / 79.9 -> 86.8 / 88.5 / 80.2%;
  backward 82.0 / 83.0 / 79.8 -> 83.9 / 84.7 / 81.0%. N = 8M, M = 16: forward 71.0 -> 73.9%,
  backward 65.7 -> 67.6%.

Left out, each against the policy's plan in its own call: the forward's block held first (it
spills) 66.7 / 67.8 / 63.5% on the H200, 72.4 / 73.1 / 70.0% on the H100; with the prefetch of
``COOPERATIVE_PREFETCHED_BLOCKS`` 74.1% against 80.3% (H200, M = 32, `a/a.log`); the backward's
last block held, in 32 warps 73.9% or in 16 capped at 128 74.9%, against 76.6% for its first in 32
(H200, M = 32, `c/c.log`). Blocks of 8192 held last lost too (H200, M = 32: forward 77.1 -> 75.7%;
the backward, which then fits two programs an SM, 74.2 -> 70.4%). At N = 3M, where programs hold
three blocks of 8192 (not this plan's rows), these blocks lost: H200 forward 80.5 -> 75.4%,
backward 77.5 -> 65.5%; H100 87.0 -> 85.2%, 80.8 -> 75.2%. The 16-bit plans were not changed:
blocks of 16384 lost for the bfloat16 forward (H200, M = 32: 8 warps at 80 registers held last,
three programs an SM, 71.3%; 16 warps at 64 59.1% held last, 60.9% held first; against 76.6%) and
tied or lost for its backward (74.5% held first, 72.5% last, against 74.5%). float16 and float64
are untimed and keep the rule before.

Rows whose N is a multiple of a vector but whose strides or addresses are not (a slice of a
wider tensor) still take this plan, and ``for_rows`` drops its cap for the rule's warps (8
forward, 16 backward): untimed. So compiled for sm_90 at N = 4M + 1 (an N that now keeps the
plan before), the forward took 243 registers, one program an SM, and the backward spilled 16
bytes."""
FAST_DRAM_WIDE_BLOCK_FORWARD = {2: WideRowPlan(16384, 4, 96, False)}
"""Item size -> the ``WideRowPlan`` (block, warps, register cap, hold last) of a cooperative
forward whose row has more than ``FAST_DRAM_WIDE_BLOCK_FROM_BLOCKS`` of ``COOPERATIVE_PLAN``'s
blocks, one a program (16-bit N of 131080-1081344 on 132 SMs), on a Hopper GPU with a fast DRAM
(``FAST_DRAM_FROM_GBS``), rows of whole 16-byte vectors, where the launch has at least
``FAST_DRAM_WIDE_BLOCK_PROGRAMS_PER_SM`` programs of this block an SM (the block and the programs
the policy's own, neither forced; ``_wide_block_forward``). A program holds 16384 columns as
words in 4 warps (64 words a thread) at 96 registers: five programs an SM, each loading 32 KiB,
as the float32 forward's blocks of 8192 do, where blocks of 8192 at 56 fit nine of 16 KiB. Half
as many programs wait for each other on a row, and each waits once for twice the bytes.

Swept on an H200 (results/h200/wide_block_2026-11-30/, M = 2^27 // N unless given, two
interleaved rounds, every output NaN-poisoned and checked against float64 first), of copy,
blocks of 8192 at 56 registers, float16's at 64 (the plans before) -> this plan:

- bfloat16: 196608 91.1 -> 94.5%, 262144 89.7 -> 94.4% (another call: 89.7 -> 93.9%), 393216
  85.7 -> 90.3%, 524288 83.9 -> 89.1%, 786432 82.1 -> 85.3%, 1M x 128 / 64 / 32 / 16 81.6 /
  77.2 / 70.9 / 60.7 -> 82.8 / 78.7 / 71.9 / 61.2%;
- float16: 262144 87.8 -> 93.9%, 1M x 128 79.7 -> 83.5%;
- left out: 1M x 8 (512 programs of this block, fewer than four an SM) 51.4 -> 50.6%; 131072
  95.6 -> 96.2% and 65536 97.1 -> 96.4% (rows of 16 blocks of 8192 or fewer); 2M x 64, whose
  programs hold two blocks of 8192, 82.6 -> 78.3% (one block of 16384 a program); rows through
  the window (not whole vectors; 32 bytes spilled at 96 registers compiled for sm_90), 262143
  81.0 -> 82.8% and 200001 84.9 -> 82.4% (84.9% at 112).

Timed in one call against the plans before (``fourth_call/``, bfloat16, of copy): 131080 90.8 ->
92.1%, 147464 (the last program holds 8 columns) 90.7 -> 92.0%, 163840 92.0 -> 93.9%, 196608
90.7 -> 94.1%, 262144 90.5 -> 93.9%, 393216 85.5 -> 89.8%, 524288 83.9 -> 89.0%, 1M 81.5 ->
82.5%, 1081344 80.2 -> 80.9%; unchanged plans (65536, 131072, 262143) and the backward moved
-0.5 to +0.4. Doubled likewise elsewhere, nothing gained (``fifth_call/``): the float32 forward
in blocks of 16384 (8 warps at 80 registers, three programs an SM) 90.5% against 90.1% at 1M x
128 and 82.1% against 82.6% at 1M x 32, the bfloat16 backward 86.7% against 87.4% at 1M x 128.

The cap is the one that fits five programs: at 100 registers (allocated as 104: four an SM)
262144 ran 91.6%, at 104 91.2%, at 112 89.8%, at 88 and 80 (spilling) 63.4 and 56.0%; in 8
warps at 56 or 64 (four an SM) 90.1 / 90.4%; blocks of 32768 in 8 warps at 96 or 112 83.7 /
82.2%. Untimed: the H100 (its bfloat16 forward ran 98.0% of its copy at 262144 in blocks of
8192, results/h100/run_6b77a26_2026-11-25/), log-softmax (the same kernel), rows whose strides
are not whole vectors, where ``for_rows`` drops the cap and keeps the 4 warps: compiled for
sm_90 at 262144 (bfloat16 and float16, x and y at the same stride), 243 registers at an odd
stride and 220 at N + 2 (words, not vectors), no spill, two programs an SM; in the rule's 8
warps 206 (one an SM) and 128 with 8 bytes spilled."""
FAST_DRAM_WIDE_BLOCK_FROM_BLOCKS = 16
"""See ``FAST_DRAM_WIDE_BLOCK_FORWARD``: rows of 16 blocks of 8192 (131072 columns) gained 0.6
points of copy, within the calls' spread, and rows of 8 lost 0.7."""
FAST_DRAM_WIDE_BLOCK_PROGRAMS_PER_SM = 4
"""See ``FAST_DRAM_WIDE_BLOCK_FORWARD``: 1M x 8 (fewer than four programs an SM, 512 on 132 SMs)
lost 0.8 points, 1M x 16 (1024) gained 0.5."""
COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS = {("float32", True, 2): 128, ("float32", True, 3): 128,
                                        ("bfloat16", True, 2): 64, ("bfloat16", True, 3): 80,
                                        ("float16", True, 2): 80, ("float16", True, 3): 80,
                                        ("bfloat16", False, 2): 80, ("float16", False, 2): 80}
"""(dtype, backward, blocks) -> ``Plan.max_registers`` of a cooperative plan whose programs hold
more than one block and fewer than ``COOPERATIVE_SEVERAL_BLOCKS_FROM`` (N = 2M and 3M on 132
SMs, blocks of 8192 columns, the backward in 8 warps). The forward takes none there but the
16-bit forward of two blocks read as words (``COOPERATIVE_PAIRED_OTHERS_BLOCKS``, where its
timings are; a forward of two blocks not read as words, N odd, takes none). The backward,
compiled for sm_90 by ptxas 12.8 (``benchmarks/resource_usage.py``; results/h200/
few_blocks_caps_2026-11-24/registers_sm90.log), uncapped -> capped, at two / three blocks:

- float32: 143 / 146 registers, one program an SM -> 128 / 126, two (8 / 16 bytes spilled);
- bfloat16: 74 / 80, three an SM -> 64 at two blocks, four (nothing spilled); at three the cap
  of 80 keeps 80 registers, and three an SM, yet ptxas compiles other code under it (a cap is a
  directive in the PTX, ``.maxnreg``), faster on both GPUs: why is not measured;
- float16: 92 / 88, two an SM -> 80, three (8 bytes spilled each). Below 80 at three blocks it
  spills 816-1024 bytes and runs at 24.7-32.0% of copy (caps of 64 and 72, both GPUs).

Timed against the uncapped plan in the same calls, every output checked first, of copy:

- float32, H100, M = 32 (a sweep of 4, 8 and 16 warps capped at 96-128 or not, three rounds;
  results/h100/few_blocks_backward_2026-11-24/): 2M 73.2 -> 85.0%, 3M 76.8 -> 80.2%. The
  fastest at 3M was 16 warps at 96 registers, 81.7%, which lost at 2M (74.1%). H200, three
  interleaved rounds (results/h200/few_blocks_backward_2026-11-24/): 2M, M = 16 / 32 / 64,
  62.8 / 64.9 / 65.9 -> 75.1 / 78.3 / 80.0%; 3M, M = 16 / 32, 63.4 / 64.5 -> 74.5 / 76.5%. 16
  warps at 96 took 63.4-71.3%, 4 warps uncapped 66.1-76.9%.
- 16-bit, caps of 64, 72 and 80 in three interleaved rounds (results/h200/few_blocks_caps_2026-11-24/,
  results/h100/few_blocks_caps_2026-11-24/), 2M at M = 16 / 32 / 64, 3M at M = 16 / 32:
  bfloat16 2M at 64, H200 62.8 / 70.3 / 73.3 -> 68.6 / 74.8 / 77.8%, H100 72.8 / 78.4 / 81.6 ->
  75.5 / 81.1 / 83.9% (80 on the H100 0.3-0.6 points ahead of 64, on the H200 2.4-3.1 behind);
  bfloat16 3M at 80, H200 71.2 / 77.0 -> 72.5 / 78.4%, H100 79.9 / 84.1 -> 81.6 / 87.4% (64
  lost 0.8-5.9 points against the uncapped plan); float16 at 80, 2M H200 57.1 / 60.2 / 61.4 ->
  66.7 / 73.1 / 76.1%, H100 65.4 / 68.7 / 70.7 -> 75.3 / 81.4 / 83.9%; 3M H200 61.4 / 63.7 ->
  69.9 / 75.8%, H100 72.6 / 75.4 -> 78.4 / 82.9%.

The forward was swept as well (M = 32; float32 in 4 and 8 warps capped at 64-128 or not,
bfloat16 at 64-112, three rounds): its plans were the fastest or within 0.7 points of the
fastest on the H200 (results/h200/few_blocks_caps_2026-11-24/), as the float32 forward's were
on the H100 (results/h100/few_blocks_backward_2026-11-24/)."""
COOPERATIVE_PREFETCHED_BLOCKS = 2
"""Blocks a cooperative program holds at which it asks the L2 for its second block as it loads
its first (``Plan.prefetch``; ``kernels/cooperative.py``, ``prefetch_blocks``, where the
measurements are): 132 x 8192 < N <= 264 x 8192 on 132 SMs. At three blocks and four it
lost."""
COOPERATIVE_PREFETCHED_DTYPES = ("float32", "bfloat16")
"""The dtypes whose prefetch was timed; float16 and float64 are not, and do without."""
COOPERATIVE_PREFETCH_LINE_BYTES = 128
"""A prefetch asks for one L2 line of this many bytes (the launch gives it to
``prefetch_blocks``): a block narrower than a line (forced) takes no prefetch."""
COOPERATIVE_PAIRED_MAX_REGISTERS = {"bfloat16": 56, "float16": 64}
"""16-bit dtype -> ``Plan.max_registers`` of a cooperative forward that holds its block as 32-bit
words of two values (``Plan.paired``; ``kernels/cooperative.py``, ``held_pair``), one block a
program. Held as float32, a bfloat16 block of 8192 columns takes 64 of a thread's registers and
the kernel 88 (``COOPERATIVE_PLAN``), five programs an SM; held as words, 32, and the kernel 56,
nine programs an SM. Compiled for sm_90 (4 warps) nothing spills at these caps, by the ptxas of
Triton's wheel (CUDA 12.8) or by torch's (13.0, which torch.compile's inductor puts in force for
the rest of a process: it sets TRITON_PTXAS_PATH); both compile the same instructions. At 56
float16, whose words are unpacked by conversions rather than shifts, spills 8 bytes.

That took masking the output by a mask computed after the wait (``store_held_output``). Before,
the load's mask stayed live across the wait, and the two ptxas parted: 12.8 fit 64 registers,
13.0 spilled 16 bytes there and took 72 uncapped (seven programs an SM), and the policy capped
by the ptxas in force. Measured in one call a GPU, each form by each ptxas in a process of its
own, bfloat16, M*N = 2^27, of copy at N = 65536 / 262144 / 1M (results/h200/
store_mask_2026-11-23/, round 1, round 2 within 0.2 points; results/h100/store_mask_2026-11-23/):

- H200: before, 12.8 at 64 94.9 / 85.4 / 76.3%, 13.0 uncapped 91.3 / 85.8 / 73.8%; now, 56
  95.9 / 87.9 / 79.5% (12.8 95.6 / 87.8 / 79.4%), 64 95.4 / 86.3 / 77.9%, uncapped (80
  registers) 86.5 / 82.7 / 70.4%. float16: 64 95.5 / 87.0 / 77.9%, 56 94.6 / 86.7 / 78.7%.
- H100: before, 12.8 at 64 97.7 / 96.9 / 91.4%, 13.0 uncapped 97.6 / 96.2 / 88.7%; now, 56
  97.9 / 97.2 / 94.2% (12.8 97.9 / 97.2 / 94.1%), 64 97.7 / 96.9 / 92.5%. float16: 64 97.5 /
  96.8 / 92.3%, 56 96.6 / 95.7 / 93.0%.

Why the wait costs so much: a bfloat16 program of this kernel spends 1.5-2.5 us of its 5-7 us
waiting for its row's pairs, and the same kernel with each block normalised alone moves 101% of
copy (results/h200/timeline_2026-11-23/). The words form's history: results/h200/
packed_words_2026-11-23/ (against the block held as float32, 95.0 / 84.7 / 78.4% of an H200's
copy against 83.1 / 74.5 / 69.5%) and results/*/ptxas_2026-11-23/ (the two ptxas)."""
COOPERATIVE_WINDOW_PAIRED_MAX_REGISTERS = 64
"""``Plan.max_registers`` of a paired cooperative forward of one block a program whose rows are
read through a window (N odd: ``reads_in_window``; ``kernels/row_math.py``, ``row_window``),
both 16-bit dtypes. The window's bounds and its edge columns take registers of their own:
compiled for sm_90 (4 warps, 8192 columns) the bfloat16 program spills 32 bytes at the 56 of
``COOPERATIVE_PAIRED_MAX_REGISTERS`` and none at 64. Timed on an H200, M*N = 2^27, two
interleaved rounds, every output NaN-poisoned and checked against float64 first
(results/h200/window_2026-11-29/), of copy, at 56 / 64 / 72 registers / uncapped: bfloat16
50257 80.8 / 89.1 / 85.6 / -, 65535 79.4 / 89.9 / 86.8 / 82.4%; float16 50257 80.8 / 89.1 /
86.1 / -, 65535 - / 90.1 / 87.2 / 82.2%. Held as loaded (not as words) at the 88 of
``COOPERATIVE_PLAN``: 73.5 / 75.9%; each element loaded alone, before the window: 49.4 / 52.0%
(bfloat16)."""
COOPERATIVE_PAIRED_OTHERS_BLOCKS = (2, 3)
"""Blocks a program of a paired cooperative forward (``Plan.paired``) holds at which it reads its
other blocks as words too, before the wait and after (``Plan.paired_others``): each is then
reduced as the held block is (``kernels/cooperative.py``, ``held_pair``: its max taken of the
words as they are, two values an instruction, ``words_max``) and written as it is
(``store_held_output``). Compiled for sm_90, a bfloat16 program of two blocks of 8192 columns
in 4 warps took 90 registers where it took 128 (five programs an SM, not four; capped at 80,
six, ``COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS``), of three 90 where 121.

Measured against the plans before in the same calls, three interleaved rounds, every output
NaN-poisoned and checked against float64 first (results/h200/issue_rate_2026-11-25/,
results/h100/issue_rate_2026-11-25/; the words' max alone in ``a/a.log``, with the other blocks
as words in ``b/b.log`` and ``c/c.log``), of copy:

- The words' max, one block a program (the plans of ``COOPERATIVE_PAIRED_MAX_REGISTERS``):
  bfloat16 at N = 65536 / 262144 / 1M (M = 2048 / 512 / 128), H200 92.5 / 85.1 / 78.9 ->
  96.1 / 89.6 / 81.5% (1M x 64 75.4 -> 77.3%), H100 95.8 / 95.5 / 92.5 -> 98.3 / 98.1 / 95.3%;
  float16 at 262144, H200 87.8 -> 88.4%, H100 97.7 -> 98.0%. Four blocks a program (N = 4M,
  M = 32 and 128, H200): within 0.4 points.
- Two blocks (N = 2M, M = 64), bfloat16: H200 74.2 -> 80.7% (at 80 registers 82.7%), H100
  88.2 -> 93.0% (92.8%); float16 H100 84.4 -> 91.0% (91.9%). The words' max alone, the
  other blocks read as loaded, lost there: H200 72.3%, H100 80.4%.
- Three blocks (N = 3M, M = 32): bfloat16 H200 75.6 -> 78.5%, H100 85.2 -> 86.2%; float16
  H100 84.6 -> 86.2%. Capped at 80 it lost 0.8-3.1 points of these.
- Four (N = 4M, where ``COOPERATIVE_SEVERAL_BLOCKS_FROM`` applies), left out: H200 bfloat16
  M = 32 / 128 76.8 / 80.5 -> 74.8 / 79.0%, float16 M = 32 76.5 -> 75.0%.

The words' max was timed in the form ``max.NaN.bf16x2`` / ``max.NaN.f16x2`` (a NaN wins), the
landed one in ``max.bf16x2`` (a NaN loses, as ``tl.max``'s): the same output, since any NaN of a
block makes its normaliser NaN either way; the runs of 6b77a26
(results/h100/run_6b77a26_2026-11-25/, results/h200/run_6b77a26_2026-11-25/) timed the landed form,
with the L2 flushed before each call where these A/B calls did not: there the H200's bfloat16
forward at 65536 / 262144 moved 96.3 / 88.4 -> 96.9 / 90.0% of copy against the run before, the
H100's 98.2 / 98.3 -> 98.6 / 98.0%. Untimed: float16 at two and three blocks on the H200 (its
one-block and four-block plans were), forced blocks and programs counts that give two or three
blocks a program, GPUs whose SM count gives other N two or three blocks (N = 1M is two on 108 SMs),
and rows of even N not read in whole vectors (the words kept, the cap of two blocks dropped by
``for_rows``)."""
FAST_DRAM_COOPERATIVE_FORWARD_COLS = {2: (12289, 32768)}
"""Item size -> (narrowest, widest) N of a forward whose rows a single-block program could hold
but that takes the cooperative kernel, in the plan it takes at N = 65536 (``COOPERATIVE_PLAN``:
blocks of 8192 columns in 4 warps, one a program, held as words, at most 56 registers for
bfloat16 and 64 for float16), where the rows fill their blocks of 8192 by
``FAST_DRAM_COOPERATIVE_FORWARD_MIN_FILL`` or more: on a Hopper GPU with a fast DRAM
(``FAST_DRAM_FROM_GBS``), from 2^27 // N rows (``SINGLE_BLOCK_TILES_FROM_ELEMENTS``), rows of
whole 16-byte vectors. So the 16-bit forward of 12296-16384 and 16712-32768 columns: narrower
rows are a single-block program's 8192 + 4096, read through the window
(``ONE_ROW_BY_WARPS_TILES``), which ran faster than the cooperative kernel at 11264-12288
(it took those from 213b82f to 2026-11-30).

Timed on an H200 against the policy's single-block plans in five interleaved rounds at M*N =
2^27 (results/h200/cooperative_16bit_2026-11-29/), of copy, single-block -> cooperative at 56 /
64 registers:

- bfloat16: 12288 81.7 -> 90.7 / 88.6%, 14336 86.3 -> 96.4 / 95.0%, 16384 93.6 -> 96.5 / 96.8%,
  20480 75.7 -> 94.3 / 92.0%, 24576 84.8 -> 96.6 / 96.6%, 32768 85.3 -> 96.8 / 96.6%;
- float16: 12288 82.0 -> 91.0 / 88.7%, 14336 87.9 -> 96.7 / 95.6%, 16384 93.0 -> 96.6 / 96.6%,
  20480 78.0 -> 94.5 / 92.2%, 24576 86.9 -> 96.2 / 96.1%, 32768 85.1 -> 96.8 / 96.7%;
- lost where the row fills its two blocks by less: 9216 (0.56) bfloat16 95.6 -> 74.7%, float16
  95.0 -> 75.3%; 10240 (0.63) 94.9 -> 80.4%, 95.0 -> 80.7%.

A later call (three rounds, the same results' ``fill.log``) timed fills of 0.69-0.75 against the
single-block plans, of copy, bfloat16 / float16, at 56 registers: 11264 (0.69) 76.4 -> 86.3% /
77.6 -> 86.5%, 11776 (0.72) 79.2 -> 88.4% / 79.4 -> 88.8%, 17408 (0.71, three blocks; a
persistent single-block plan) 67.1 -> 87.3% / 69.5 -> 87.7%: hence ``MIN_FILL`` 0.68, between
the least fill that gained (0.69) and the most that lost (0.63). The policy's plan itself, timed
again in the same way (``confirm.log``): bfloat16 16384 / 12288 / 20480 / 32768 96.7 / 91.3 /
94.9 / 96.5%; float16 (at 64 registers) 96.5 / 88.5 / 92.6 / 97.0%, where 56 registers ran
97.1 / 91.1 / 94.8 / 96.6% (two or three points more at the fills under 1, as in the five
rounds; not taken).

An earlier call of three rounds (results/h200/verify_2026-11-29/) swept the cooperative plans at
bfloat16 16384: blocks of 4096 (85.7% at best), 8192 and 16384 (one program a row: 96.7% in 4
warps at 80 registers), in 4, 8 and 16 warps, uncapped (83.8% at 8192) or at 56 or 80; the
policy's single-block plan 94.3%. Untimed then: fills of 0.67-0.68 of three blocks (16385-16711),
left to the single-block programs, and 16712-17407 (taken); fewer rows; the H100, whose
single-block 16-bit forward at 16384 ran at 97-99% of its copy in the runs of 6b77a26. Timed
since (results/h200/whole_vector_window_2026-11-30/): fills of 0.63-0.69 of two blocks
(10248-11256), the cooperative kernel 80-85%, the window of 119fe00's
``WHOLE_VECTOR_WINDOW_TILES`` 85-89% (``ONE_ROW_BY_WARPS_TILES`` since); and of three blocks,
16392 / 16704, the cooperative kernel 84.2 / 84.7%, 16384 + 4096 one row a program 84.8 / 86.6%
(``PERSISTENT_FROM_COLS``)."""
FAST_DRAM_PAST_VECTORS_COOPERATIVE = {2: (8192, None), 4: (4096, 0)}
"""Item size -> (block, ``Plan.max_registers``: None, the rule's) of a cooperative forward of rows
that are not whole 16-byte vectors, read through the window, where a single-block program could hold
them but their body's tile would be wider than ``FORWARD_BODY_TILE_COLS``'s widest (16-bit
16393-32767, float32 16389-32767 columns, all past vectors), or, 16-bit, where the cooperative
programs would fill their blocks as ``FAST_DRAM_COOPERATIVE_FORWARD_COLS`` asks of rows of whole
vectors and the single-block program would hold the body as its power of two, two tiles too few
(``_two_tiles_hold_body``: 12297-16377 columns), on a Hopper GPU with a fast DRAM, from 2^27 // N
rows (``_cooperative_past_vectors``). From their own starts, 16-bit rows of 16393-32767 took a
persistent single-block plan of 32768 columns (those of 12297-16377 a single-block 16384 through the
window) and float32 rows the online kernel (in one step from 24576 columns) or a single-block plan
of a power of two and a tail.

Timed on an H200 (results/h200/window_tiles_2026-11-29/, M = 2^27 // N, two interleaved rounds,
every output NaN-poisoned and checked against float64 first), the policy's plan before -> the
cooperative kernel through the window, uncapped, one block a program in 4 warps, of copy:

- float32, blocks of 4096: 20001 68.6 -> 98.9%, 24577 60.3 -> 98.3%, 24578 82.1 -> 98.5%, 32767
  64.9 -> 98.6% (blocks of 8192: 93.5-96.0%; one single-block program of 32768 columns through
  the window, 16 warps: 79.6 / 86.5 / 86.1 / 93.8%);
- bfloat16, blocks of 8192: 20001 41.0 -> 78.8%, 24577 45.6 -> 76.4%, 24578 50.3 -> 76.5%,
  32767 49.0 -> 79.4% (blocks of 4096: 79.6 / 74.2 / 74.0 / 75.8%).

The caps, in a later call (the same results' ``fifth_call/``), the rule's (``_cooperative``:
bfloat16's blocks held as words through the window at 64 registers, float32's at 96) against
others, of copy: float32 20001 / 24577 / 32767 at 96 93.4 / 91.1 / 92.5%, at 128 84.4 / 82.6 /
84.9%, uncapped 99.0 / 98.5 / 98.5%, hence uncapped; bfloat16 at 64 87.1 / 84.5 / 87.1%, at 56
80.8 / 78.5 / 79.0%, at 80 79.1 / 77.0 / 79.4%, uncapped 78.7 / 76.7 / 79.6%, hence the rule's.

Untimed: float16, the H100, other M, and the rule's plans below 20001 columns but float32 16391
(at the cap of 96 then, 67.7 -> 88.4%, ``fourth_call/``, ``fifth_call/``).

16-bit rows of 11257-16377 columns past vectors, bfloat16 on an H200 (results/h200/
wide_16bit_forward_2026-11-30/, M = 2^27 // N, every output NaN-poisoned and checked against float64
first): swept at 13002 (two rounds, ``first_call/``), the policy's single-block 16384 in 8 warps
77.7%, the cooperative kernel through the window, blocks of 8192 in 4 warps held as words, 87.3% at
64 registers (the rule's cap), 80.9% at 56, 78.1% uncapped; blocks of 4096 or 8 warps 45-72%.
Against the plans before, in one call (``second_call/``), of copy: 12345 75.7 -> 84.2%, 13002 77.6
-> 87.1%, 14001 80.4 -> 89.9%, 15004 86.2 -> 93.2%, 16372 89.4 -> 96.1%, 16377 86.1 -> 95.3%, where
the single-block program held the body as 16384 (in a trial tree that took 11257-16377; the commit's
plans at those widths are the trial's); but 11257 / 11265 88.3 / 88.7 -> 79.8 / 79.5%, where it held
8192 + 4096, which rows of 11257-12296 keep (``_two_tiles_hold_body``; two widths timed). float16 at
13002 / 15004, swept (the same call): the cooperative plan 86.9 / 93.2%, the single-block kernel's
best 77.0 / 86.7%. Untimed: 12297-12344, the H100, other M.

float32 rows past vectors that the online kernel would take in one step
(``_past_vectors_of_one_step``: 6145-8191 and 12289-16383 columns, N % 4 of 1, 2 or 3), which a
single-block program read through the window (odd N since ``FORWARD_ODD_FLOAT32_FROM_TILE``, N %
4 == 2 since 3f9e5cd), take the cooperative kernel too, in blocks of 4096, but in
``COOPERATIVE_PLAN``'s 8192 at 96 registers where one or two of those hold them by 3/4
(``FAST_DRAM_PAST_VECTORS_FILLED_BLOCKS``). Rows of N % 4 == 2 first took blocks of 4096 alone,
timed on an H200 against the single-block plan in one call (results/h200/
whole_vector_window_2026-11-30/``fourth_call/``), of copy: 6146 96.2 -> 96.8%, 7002 95.5 ->
99.9%, 8190 95.3 -> 96.4%, 12290 96.6 -> 98.2%, 13002 96.5 -> 98.1%, 14002 96.0 -> 99.6%, 15002
95.9 -> 99.7%, 16382 95.4 -> 99.2%; 8192, 10002, 12292 and 13001, unchanged, moved -0.2 to +0.3.
Swept, blocks of 8192 at the rule's 96 registers ran 99.4% at 6146 and 99.3% at 13002
(``first_call/``), 99.2% at 12290 (``third_call/``), but 88.1% at 8190 (two blocks of 8192 for
8193 columns, ``first_call/``): hence the fill."""
FAST_DRAM_PAST_VECTORS_FILLED_BLOCKS = {4: (2, 0.75)}
"""Item size -> (most blocks, least fill) of ``COOPERATIVE_PLAN``'s blocks (float32: 8192 at 96
registers) in which rows of ``FAST_DRAM_PAST_VECTORS_COOPERATIVE`` that the online kernel would
take in one step (``_past_vectors_of_one_step``) take that plan rather than the table's blocks:
float32 rows of 6145-8189 and 12289-16381 columns, one or two blocks of 8192 that they fill by 3/4
or more through the window (``_fills_few_default_blocks``). Rows of three to five such blocks did
not gain so (20001, 24577, 32767: 93.5-96.0% uncapped against 98.3-98.9% in blocks of 4096,
results/h200/window_tiles_2026-11-29/), nor 8190 (two blocks of 8192 for 8193 columns: 88.1
against 95.8%, ``first_call/``). (``_past_vectors_of_one_step`` holds at 24577-32767 too, rows
that took blocks of 4096 already.)

Timed on an H200 against the plans before in one call (results/h200/whole_vector_window_2026-11-30/
``fifth_call/``, M = 2^27 // N, every output NaN-poisoned and checked against float64 first), of
copy: rows of N % 4 == 2 in blocks of 4096 before, 6146 97.0 -> 99.4%, 12290 98.1 -> 98.8%, 13002
98.0 -> 99.5%, 7002 / 14002 99.5 / 99.2 -> 99.4 / 99.2%; odd rows in a single-block program
through the window before (``FORWARD_ODD_FLOAT32_FROM_TILE``), 6145 97.9 -> 99.1%, 7001 95.8 ->
99.2%, 7503 95.9 -> 99.3%, 8189 95.7 -> 99.0%, 12289 96.2 -> 98.6%, 13001 96.0 -> 99.1%, 14001 95.8
-> 99.5%, 15003 95.7 -> 99.4%, 16381 95.4 -> 99.2%; and in blocks of 4096 (three or five), 8191
95.7 -> 95.8%, 16383 95.4 -> 98.6%. 8190 and 16382 (blocks of 4096 either way), 8192, 10001 and
10002 moved -0.3 to 0.0, the backward -0.2 to +0.3. Untimed: the H100, other M."""
FAST_DRAM_COOPERATIVE_FORWARD_MIN_FILL = 0.68
"""Least N / (the row's blocks of 8192 x 8192) at which ``FAST_DRAM_COOPERATIVE_FORWARD_COLS``
applies: 0.69 (11264 columns) gained 10 points, 0.63 (10240) lost 14, over the single-block plans
of then. Rows of two blocks from 12289 columns fill them by 0.75 or more, so it now draws the line
only among rows of three blocks (16385-24576): 0.71 (17408) gained 20 points; 0.67 (16383 and
16386, past vectors: ``FAST_DRAM_PAST_VECTORS_COOPERATIVE``) lost 7."""
COOPERATIVE_PATIENCE = 4096
"""Polls a waiting cooperative program makes of its row's words before it computes the missing
ones itself (``kernels/cooperative.py``: why no launch can hang). A poll is one round trip to L2,
so this waits milliseconds, where the peers of a row that start in order publish within
microseconds. Under the interpreter, where programs run one after another, it is 1: the first
program of a row computes its peers' words."""
COOPERATIVE_MIN_BLOCK = 2048
"""Smallest chunk a default plan cuts a row into when few rows leave the GPU idle."""
COOPERATIVE_PROGRAMS_PER_SM = 2
"""Programs per SM a default plan aims for when M x (N / block) would be fewer: the block halves
(down to ``COOPERATIVE_MIN_BLOCK``) until there are this many per SM. Neither was swept: they
were set with the kernel, and the wide rows of each run time the plans they give (M = 1..16 at
N = 1M and 4M, results/h100/run_2026-11-23/ and results/h200/run_2026-11-23/), where few rows
are latency-bound and torch.compile is ahead at several points."""

ONLINE_BLOCK = {2: 8192, 4: 16384, 8: 8192}
"""Itemsize -> columns per step of the online forward (measured best at N=65536, H200; float64,
unmeasured, at the float32 step's registers)."""
ONLINE_ONE_STEP_COLS = {4: (8192, 32768)}
ONLINE_ONE_STEP_MIN_FILL = 0.75
ONLINE_ONE_STEP_WARPS = 16
"""Itemsize -> (narrowest, widest) power of two of the float32 forward rows the policy gives the
online kernel rather than single_block, where the row fills at least ``ONLINE_ONE_STEP_MIN_FILL``
of its power of two: one step of the whole row in 16 warps, folded into one (max, normaliser)
pair a column of each thread's vector (``folded_lanes``: 2048 lanes, eight values a pair at
16384 columns), then a second read of the row, evict-last a moment before, to write it (from
L2: the timings below are those of about 2MN). Not by occupancy: compiled for sm_90 both kernels
take 64 registers a thread at 16384 columns and 16 warps (``benchmarks/resource_usage.py``; 40
at 8192, 125 at 32768, no spills); why the second read costs less than holding the row is
unmeasured.
Swept against single_block (``sweep_plans.py --kernel online --repeat 3``, M*N = 2^27, the
variant "block N warps 16 stages 1 lanes 2048"; results/h200/words_and_caps_2026-11-23/,
results/h100/words_and_caps_2026-11-23/): at 8192 / 16384 / 32768 columns an H200 moved 100.2 /
99.5 / 98.2% of copy against 95.4 / 96.7 / 96.2%, an H100 100.1 / 99.8 / 99.3% against 99.3 /
98.4 / 98.1%. In the seeds' grid (M = 4096): rows that fill 3/4 of their power of two or more
gained on both GPUs (H200 6144 / 6400 / 7168 / 12800: 87.3 / 90.2 / 91.7 / 96.2% against 86.2 /
88.7 / 89.1 / 92.7%; H100 94.0 / 93.7 / 94.6 / 97.4% against 92.5 / 93.1 / 93.8 / 96.6%), rows
that fill half of it lost on the H200 (8448: 80.9% against 88.0%; 4224 69.3% against 84.4%).
At 4096 columns it gained less than a point on both (96.8% against 96.0%, 100.2% against
99.3%), so the rule starts at 8192. 16-bit rows ran the online kernel far slower (bfloat16 at
4096: 47% of an H200's copy against 94%); float64 is unmeasured."""
ONLINE_BACKWARD_STEP_BYTES = 65536
"""Bytes of y and dy together per step of the online backward (measured at N=65536 on an H200:
bfloat16 3325 against 2774 GB/s unpipelined; float32 2842 against 2778)."""
ONLINE_BACKWARD_STAGES = 3
"""Its pipeline depth: 1, 2 and 3 stages were swept at N = 65536 and 262144 on an H200
(results/h200/sweep_online_stages.json)."""
ONLINE_WARPS = 16
"""Warps of an online program: 8 and 16 were swept at N = 65536 and 262144 on an H200
(results/h200/sweep_online_grid.json)."""
SPLIT_PROGRAMS_PER_SM = 2
"""Split-row cuts each row so that about this many programs per SM share the rows. Not swept:
the split kernels are forced only, kept as the two-launch form of a shared row."""
SPLIT_BLOCK = 4096
"""Columns per step of the split kernels, small so that a few rows still make many chunks (not
swept, as above)."""


@dataclass(frozen=True)
class DeviceDescription:
    """What the policy needs to know of a device: read from the driver by ``triton_impl.hardware``,
    or written down for a GPU one does not have (``traffic_model``, ``benchmarks/resource_usage``).

    ``interpreted``: the Triton interpreter, which runs programs one after another, so a
    cooperative row must be a single program there (nothing may wait for a later program).
    ``dram_gbs``: its peak DRAM
    bandwidth in GB/s, from its memory clock and bus width (None: not known; the plans then are
    those of a DRAM slower than ``FAST_DRAM_FROM_GBS``). ``capability``: the major number of its
    compute capability (9: Hopper; None: not known).
    """

    name: str
    sm_count: int
    interpreted: bool = False
    dram_gbs: float | None = None
    capability: int | None = None


@dataclass(frozen=True)
class Plan:
    """How one softmax launch runs; ``grid`` is the launch grid of its (main) kernel.

    ``splits``: programs per row (split, cooperative); ``chunk``: columns each of them covers (a
    multiple of ``block_n``; ``chunk // block_n`` blocks per program). ``lanes``: the running pairs
    each step of an online or split program folds its ``block_n`` columns into
    (``kernels.row_math.online_update``); ``block_n`` (a pair per column) unless an experiment sets
    it. ``persistent``: the grid is smaller than the work and each program loops over row tiles.
    ``tail``: a single-block program's second tile, the ``tail`` columns after ``block_n`` (both
    powers of two; 0: none), where the two hold a row with less padding than one power of two;
    ``tail2``: a forward's third tile, the ``tail2`` columns after those (a power of two; 0:
    none; only with a ``tail``). ``row_threads``: the threads that share each row of a
    single-block forward tile laid out rows by warps (``kernels/row_math.py``, ``load_tile``: one
    warp a row at 32), ``block_m * row_threads == 32 * num_warps``, every tile whole passes of
    them, a 16-byte vector a thread (``one_pass``); 0: Triton's layout of a [rows, columns] tile,
    its warps along the columns.
    ``held_as_loaded``: a single-block backward holds its 16-bit y and dy as loaded across the row
    sum (``SINGLE_BLOCK_HELD_AS_LOADED_FROM_COLS``), not converted. ``reread``: a single-block
    program loads its tiles evict-last for the rows' reductions and again, evict-first, for the
    output (from the L2) rather than holding them across the reductions
    (``kernels/forward.py``, ``single_block_forward``).
    ``transposed``: a row kernel run on interleaved rows (``inner`` > 1, see the module's
    docstring) through a contiguous copy of them, its output copied back. For ``spatial``,
    ``block_m`` is the rows a tile holds side by side and ``block_n`` the positions of the
    softmax dim a step (the whole dim, ``chunk``, in one pass when it fits).
    ``max_registers``: the most registers a thread of the kernel may take (Triton's ``maxnreg``;
    0: the compiler's choice), so that more programs fit on a multiprocessor. ``patience``: the
    polls a cooperative program makes before it computes its row's missing words itself
    (``COOPERATIVE_PATIENCE``). ``paired``: a 16-bit cooperative forward holds its block as 32-bit
    words of two values (``COOPERATIVE_PAIRED_MAX_REGISTERS``; at an odd N through a window,
    ``reads_in_window``); the launch adapts the plan to rows that cannot be read as words or in
    16-byte vectors (``for_rows``). ``prefetch``: a
    cooperative program asks the L2 for its other blocks as it loads its first
    (``COOPERATIVE_PREFETCHED_BLOCKS``). ``uncapped_warps``: the warps of a capped plan whose cap
    came with more warps (``COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS``), or of a single-block
    backward whose warps assume wide loads (``EIGHT_BYTE_ROWS_BACKWARD_WARPS``), on rows where
    the launch drops the cap or loads narrower (``for_rows``); 0: ``num_warps``. ``hold_last``:
    a cooperative forward program loads its last block after the others and holds that one
    across the wait, not its first
    (``COOPERATIVE_WIDE_ROW_PLAN``). ``paired_others``: a paired forward reads its other blocks
    as words too (``COOPERATIVE_PAIRED_OTHERS_BLOCKS``). ``windowed``: rows that are not whole
    16-byte vectors are read through a window where their layout allows it
    (``reads_in_window``); False: from their own starts (the policy's single-block forward
    plans of such rows but those of ``WINDOWED_ROW_TILES``,
    ``WINDOWED_TAILED_ROW_TILES`` and ``FORWARD_BODY_TILE_COLS``, and the backward's of
    ``EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS`` and ``NARROW_ROWS_BACKWARD_FROM_OWN_STARTS``).
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
    tail: int = 0
    tail2: int = 0
    row_threads: int = 0
    max_registers: int = 0
    patience: int = 0
    paired: bool = False
    transposed: bool = False
    held_as_loaded: bool = False
    reread: bool = False
    prefetch: bool = False
    uncapped_warps: int = 0
    hold_last: bool = False
    paired_others: bool = False
    windowed: bool = True

    def __post_init__(self):
        if self.hold_last and (self.kernel != "cooperative" or self.prefetch):
            raise ValueError("hold_last is a cooperative forward's, and a program that holds its "
                             "last block loads it last: it takes no prefetch (Plan.prefetch)")
        if self.paired_others and not self.paired:
            raise ValueError("paired_others: only a paired plan (Plan.paired) reads its other "
                             "blocks as words")

    @property
    def blocks_per_program(self) -> int:
        return self.chunk // self.block_n

    @property
    def columns_held(self) -> int:
        """The columns of a row that a single-block program's tiles or a cooperative row's
        programs hold: at least N, more where they pad it."""
        if self.kernel == "cooperative":
            return self.splits * self.chunk
        return self.block_n + self.tail + self.tail2

    @property
    def passes(self) -> int:
        """Reads of each input element a program makes: 2 where it steps through its row
        (online, split, spatial with the softmax dim in several steps), else 1."""
        if self.kernel == "spatial":
            return 1 if self.block_n >= self.chunk else 2
        return 2 if self.kernel in ("online", "split") else 1

    @property
    def summation(self) -> str:
        """How its row sums are ordered, as ``reference.tolerance`` bounds them: ``summation_of``."""
        if self.kernel == "spatial" and self.passes == 1:
            return "tree"
        return summation_of(self.kernel, self.block_n)

    def describe(self) -> str:
        block = "+".join(str(t) for t in (self.block_n, self.tail, self.tail2) if t)
        parts = [self.kernel, f"block {self.block_m}x{block}", f"{self.num_warps} warps"]
        if self.num_stages > 1:
            parts.append(f"{self.num_stages} stages")
        if self.lanes and self.lanes < self.block_n:
            parts.append(f"folded into {self.lanes} lanes")
        if self.kernel in ("split", "cooperative"):
            parts.append(f"{self.splits} programs a row of {self.chunk} columns")
        if self.row_threads:
            parts.append(f"{self.row_threads} threads a row")
        if self.persistent:
            parts.append("persistent")
        if self.paired:
            parts.append("every block read as words of two values" if self.paired_others
                         else "held as words of two values")
        if self.held_as_loaded:
            parts.append("held as loaded")
        if self.reread:
            parts.append("read again for the output")
        if self.prefetch:
            parts.append("its other blocks prefetched")
        if self.hold_last:
            parts.append("its last block held")
        if not self.windowed:
            parts.append("rows read from their own starts")
        if self.max_registers:
            parts.append(f"at most {self.max_registers} registers")
        if self.kernel == "spatial":
            parts.append("one pass" if self.passes == 1 else f"two passes over {self.chunk}")
        if self.transposed:
            parts.append("through a transposed copy")
        return ", ".join(parts) + f", grid {self.grid}"


def summation_of(kernel: str | None, block_n: int | None) -> str:
    """The order of a kernel's row sums, a ``summation`` of ``reference.tolerance``: a program
    of single_block sums what it holds by a tree, and cooperative merges every block's partial by a
    tree; online and split step through their columns ``block_n`` at a time into one running total
    a lane ("blocks of block_n"), as spatial does through the positions of its softmax dim (a
    tree where one step holds them all: ``Plan.summation``). ``kernel=None`` is the policy's
    choice at worst: on contiguous rows single_block or cooperative, a tree; on interleaved rows
    a spatial plan, whose steps hold ``SPATIAL_STEP_POSITIONS`` when one step cannot hold them
    all."""
    if kernel is None:
        return blocked(SPATIAL_STEP_POSITIONS)
    if kernel in ("online", "split", "spatial"):
        if not block_n:
            raise ValueError(f"the order of {kernel}'s sums depends on its block: give block_n "
                             "(a plan's is Plan.summation)")
        return blocked(block_n)
    return "tree"


def _positive_int(name: str, value, power_of_two: bool = False):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int or None (auto), got {value!r}")
    value = int(value)
    if value < 1 or (power_of_two and value & (value - 1)):
        kind = "a power of two" if power_of_two else "at least 1"
        raise ValueError(f"{name} must be {kind}, got {value}")
    return value


@dataclass(frozen=True)
class Forcing:
    """What a caller forces of the plan; None is the policy's choice. Validated on construction.

    ``kernel``: one of ``KERNELS``. ``block_n`` (a power of two): the columns a program holds
    (single_block, cooperative) or steps by (online, split), the positions of the softmax dim a
    spatial tile holds (in one pass if they are all of them, else a step). ``splits``: programs per row
    (split, cooperative). ``block_n`` and ``splits`` need ``kernel``: a block size means something
    only for a named kernel.
    """

    kernel: str | None = None
    block_n: int | None = None
    splits: int | None = None

    def __post_init__(self):
        if self.kernel is not None and self.kernel not in KERNELS:
            raise ValueError(f"unknown kernel {self.kernel!r}; choose one of {KERNELS}, "
                             "or None to let the dispatcher choose")
        object.__setattr__(self, "block_n", _positive_int("block_n", self.block_n, True))
        object.__setattr__(self, "splits", _positive_int("splits", self.splits))
        if self.kernel is None and (self.block_n is not None or self.splits is not None):
            raise ValueError("block_n= and splits= shape a kernel you name: pass kernel= too "
                             f"(one of {KERNELS})")
        if self.splits is not None and self.kernel not in ("split", "cooperative"):
            raise ValueError(f"splits= applies to kernel='split' or 'cooperative', "
                             f"not {self.kernel!r}")

    @property
    def forced(self) -> bool:
        return self != AUTO

    def as_op_args(self) -> tuple[str, int, int]:
        """The record as plain (str, int, int) for a torch custom op ("" and 0 mean auto)."""
        return (self.kernel or "", self.block_n or 0, self.splits or 0)

    @classmethod
    def from_op_args(cls, kernel: str, block_n: int, splits: int) -> "Forcing":
        return cls.of(kernel or None, block_n or None, splits or None)

    @classmethod
    def of(cls, kernel: str | None, block_n: int | None, splits: int | None) -> "Forcing":
        """The record for these options: ``AUTO`` itself when none is given (the common call,
        which then costs no validation)."""
        if kernel is None and block_n is None and splits is None:
            return AUTO
        return cls(kernel, block_n, splits)


AUTO = Forcing()


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


def single_block_max_cols(itemsize: int, backward: bool) -> int:
    """Widest row single_block holds: float64 values take two float32 registers each."""
    values = SINGLE_BLOCK_MAX_COLS // (2 if itemsize == 8 else 1)
    return values // 2 if backward else values


def default_kernel(N: int, itemsize: int, backward: bool, M: int | None = None,
                   device: DeviceDescription | None = None) -> str:
    """The kernel of rows of N columns: by their width alone, or, given M and the device, as
    ``choose`` takes it (``FAST_DRAM_COOPERATIVE_FORWARD_COLS``,
    ``FAST_DRAM_PAST_VECTORS_COOPERATIVE``, and float32 rows of an odd N or of N % 4 == 2 that a
    single-block program reads through a window, ``FORWARD_BODY_TILE_COLS``)."""
    timed = not backward and M is not None and device is not None
    if timed and _cooperative_past_vectors(M, N, itemsize, device):
        return "cooperative"
    if (not backward and _online_in_one_step(N, itemsize)
            and not (timed and _forward_body_tile(M, N, itemsize, device, 0, math.inf))):
        return "online"
    if timed and _cooperative_forward_on_fast_dram(M, N, itemsize, device):
        return "cooperative"
    fits = next_power_of_2(N) <= single_block_max_cols(itemsize, backward)
    return "single_block" if fits else "cooperative"


def _cooperative_forward_on_fast_dram(M: int, N: int, itemsize: int,
                                      device: DeviceDescription) -> bool:
    """Whether a forward of M rows of N columns takes the cooperative kernel though a
    single-block program could hold the row (``FAST_DRAM_COOPERATIVE_FORWARD_COLS``)."""
    return (_fast_hopper_problem(M, N, device) and N % _vector(itemsize) == 0
            and _fills_cooperative_blocks(N, itemsize))


def _fills_cooperative_blocks(N: int, itemsize: int) -> bool:
    """Whether rows of N columns fall within ``FAST_DRAM_COOPERATIVE_FORWARD_COLS`` and fill
    the cooperative forward's blocks by ``FAST_DRAM_COOPERATIVE_FORWARD_MIN_FILL`` or more."""
    narrowest, widest = FAST_DRAM_COOPERATIVE_FORWARD_COLS.get(itemsize, (math.inf, 0))
    block = COOPERATIVE_PLAN[itemsize, False][0]
    return (narrowest <= N <= widest
            and _fills_blocks(N, block, FAST_DRAM_COOPERATIVE_FORWARD_MIN_FILL))


def _fills_blocks(columns: int, block: int, fill: float) -> bool:
    """Whether ``columns`` fill the blocks of ``block`` that hold them by ``fill`` or more."""
    return columns >= fill * cdiv(columns, block) * block


def _cooperative_past_vectors(M: int, N: int, itemsize: int, device: DeviceDescription) -> bool:
    """Whether a forward of M rows of N columns that are not whole 16-byte vectors, which a
    single-block program could hold but whose body's tile is wider than
    ``FORWARD_BODY_TILE_COLS``'s widest, or that are float32 rows the online kernel would take
    in one step (``_past_vectors_of_one_step``), or 16-bit rows two cooperative blocks fill that a
    single-block program would hold as their power of two, takes the cooperative kernel through
    the window (``FAST_DRAM_PAST_VECTORS_COOPERATIVE``)."""
    return (itemsize in FAST_DRAM_PAST_VECTORS_COOPERATIVE
            and reads_in_window(N, itemsize, False, "single_block")
            and _fast_hopper_problem(M, N, device)
            and (FORWARD_BODY_TILE_COLS[1] < _body_tile(N, itemsize)
                 or _past_vectors_of_one_step(N, itemsize)
                 or (_fills_cooperative_blocks(window_columns(N, itemsize, False, "cooperative"),
                                               itemsize)
                     and not _two_tiles_hold_body(N, itemsize)))
            and next_power_of_2(N) <= single_block_max_cols(itemsize, False))


def _past_vectors_of_one_step(N: int, itemsize: int) -> bool:
    """Whether rows of N columns are float32 rows past vectors (N % 4 of 1, 2 or 3) that the
    online kernel would take in one step (``_online_in_one_step``)."""
    return itemsize == 4 and N % _vector(itemsize) != 0 and _online_in_one_step(N, itemsize)


def _fills_few_default_blocks(N: int, itemsize: int) -> bool:
    """Whether rows of ``_past_vectors_of_one_step``, read through the window, fill at most
    ``FAST_DRAM_PAST_VECTORS_FILLED_BLOCKS``' blocks of ``COOPERATIVE_PLAN``'s width by its fill
    or more, and so take that plan's blocks, not ``FAST_DRAM_PAST_VECTORS_COOPERATIVE``'s."""
    if (itemsize not in FAST_DRAM_PAST_VECTORS_FILLED_BLOCKS
            or not _past_vectors_of_one_step(N, itemsize)):
        return False
    most, fill = FAST_DRAM_PAST_VECTORS_FILLED_BLOCKS[itemsize]
    block = COOPERATIVE_PLAN[itemsize, False][0]
    held = window_columns(N, itemsize, False, "cooperative")
    return cdiv(held, block) <= most and _fills_blocks(held, block, fill)


def _two_tiles_hold_body(N: int, itemsize: int) -> bool:
    """Whether the body of a row of N columns read through a window fits its power of two's
    half and quarter (12288 of 16384: ``_body_tiles``' widest pair of tiles); past that, a
    single-block program holds it as the whole power of two."""
    tile = _body_tile(N, itemsize)
    return window_columns(N, itemsize, False, "single_block") <= tile // 2 + tile // 4


def _online_in_one_step(N: int, itemsize: int) -> bool:
    """Whether a forward of rows of N columns takes the online kernel in one step of the whole
    row (``ONLINE_ONE_STEP_COLS``, ``ONLINE_ONE_STEP_MIN_FILL``)."""
    narrowest, widest = ONLINE_ONE_STEP_COLS.get(itemsize, (math.inf, 0))
    whole = next_power_of_2(N)
    return narrowest <= whole <= widest and N >= ONLINE_ONE_STEP_MIN_FILL * whole


def _vector(itemsize: int) -> int:
    """Elements in one 16-byte load."""
    return 16 // itemsize


def _warps(block_values: int, values_per_thread: int, cap: int) -> int:
    """The most warps (a power of two, 1 to ``cap``) that leave each thread at least
    ``values_per_thread`` of ``block_values``."""
    return min(1 << max((block_values // (32 * values_per_thread)).bit_length() - 1, 0), cap)


def _chunks(N: int, programs: int, block_n: int) -> tuple[int, int]:
    """(programs, columns each) of a row shared by at most ``programs`` programs of whole blocks:
    the reference's rule (``reference.forward.split_bounds``, whose chunks a test holds equal):
    rounding a chunk up to whole blocks may leave fewer programs, never an empty one."""
    chunk = cdiv(cdiv(N, programs), block_n) * block_n
    return cdiv(N, chunk), chunk


def _single_block(M, N, itemsize, device, backward, block_n) -> Plan:
    limit = single_block_max_cols(itemsize, backward)
    if next_power_of_2(N) > limit:
        raise ValueError(f"single_block holds a whole row on chip, up to {limit} columns"
                         f"{' in the backward' if backward else ''}; N={N} needs "
                         "kernel='cooperative', 'online' or 'split'")
    if block_n is not None and block_n < N:
        raise ValueError(f"single_block needs block_n >= N to hold the row, got {block_n} < {N}")
    if block_n is not None and block_n > limit:
        raise ValueError(f"single_block holds at most {limit} columns on chip; block_n={block_n} "
                         f"is wider (leave it out: the row's power of two is the block)")
    forced = block_n is not None
    # a backward tile holds the row's body where the launch reads it through a window (its edges
    # a tile of their own): 4096 columns for 4100 bfloat16, not 8192; ``for_rows`` gives it the
    # row's power of two where the launch reads each row from its own start
    block_n = block_n or (_body_tile(N, itemsize) if backward else next_power_of_2(N))
    block_m = min(max(TILE_ELEMENTS // block_n, 1),
                  SINGLE_BLOCK_MAX_ROWS.get(block_n, TILE_ELEMENTS), next_power_of_2(M))
    few = not backward and N >= FORWARD_FEW_WARPS_FROM_COLS
    vectors = FORWARD_VECTORS_PER_THREAD if few else VECTORS_PER_THREAD

    def rule_warps_for(columns: int, rows: int = 0) -> int:  # a tile's rows (block_m's)
        return max(_warps((rows or block_m) * columns, vectors * _vector(itemsize), MAX_WARPS),
                   MIN_SINGLE_BLOCK_WARPS)

    num_warps = rule_warps_for(min(N, block_n))
    persistent = (not backward and block_n >= PERSISTENT_FROM_COLS.get(itemsize, math.inf)
                  and (forced or N == block_n or not _fast_hopper_problem(M, N, device)))
    tail = tail2 = row_threads = 0
    merged_tiles = None  # (block, tail) of two tails held as one: FAST_DRAM_MERGED_TAILS
    if not (forced or backward or persistent) and block_m == 1:
        rule_warps = max(num_warps, _warps_to_hold(N))
        block_n, tail, num_warps = _tailed(N, itemsize, rule_warps)
    # rows held whole in their power of two, where the row tiles of ``NARROW_ROWS_BY_WARPS`` and
    # ``TWO_ROWS_A_PROGRAM`` were timed (and, on a fast DRAM, of 256 past those bounds)
    whole_row_tile = not (forced or backward or persistent or tail)
    timed_tile = whole_row_tile and _timed_rows_bounds(M, N, device)
    short_rows = whole_row_tile and _short_row_layout(M, N, itemsize, device)
    short_tile = whole_row_tile and not short_rows and _short_row_tile(M, N, itemsize, device)
    if short_rows:
        block_m, row_threads = short_rows
        num_warps = block_m * row_threads // 32
    elif short_tile:
        block_m, num_warps = short_tile
    elif (timed_tile and _narrow_rows_by_warps(itemsize, block_n, device)
            or whole_row_tile and _large_narrow_rows_by_warps(M, N, itemsize, block_n, device)):
        block_m = num_warps = NARROW_ROWS_BY_WARPS_ROWS
        row_threads = 32
    elif tail and num_warps == 1 and itemsize in ONE_WARP_TAIL_VALUES:
        block_n, tail, tail2 = three_tiles(N, one_pass(1, itemsize))
        if (not tail2 and (block_n, tail) in ONE_ROW_TILES.get(itemsize, ())
                and _timed_rows_bounds(M, N, device)):
            num_warps = rule_warps  # one row a program in the rule's warps
        else:
            # rows of one warp each (``ONE_WARP_TAIL_VALUES``), several a program
            # (``ROWS_BY_WARPS``)
            block_m, row_threads = min(ROWS_BY_WARPS, next_power_of_2(M)), 32
            num_warps = block_m
            if _merges_tails(block_n, tail, tail2, itemsize, device):
                tail, tail2 = 2 * tail, 0
                merged_tiles = block_n, tail
    else:
        if timed_tile and block_n in TWO_ROWS_A_PROGRAM.get(itemsize, ()):
            block_m = 2
        num_warps = max(num_warps, _warps_to_hold(block_m * (block_n + tail)))
    windowed_rows = (not (forced or backward or persistent or short_rows or short_tile)
                     and _windowed_row_tiles(M, N, itemsize, device))
    if windowed_rows:  # several rows a program, through the window
        block_n, tail, tail2 = _body_tile(N, itemsize), 0, 0
        tailed = _windowed_tailed_rows(N, itemsize)
        if tailed:
            rows, num_warps, row_threads, block_n, tail = tailed
        else:
            rows, num_warps, row_threads = WINDOWED_ROW_TILES[itemsize, block_n]
        block_m = min(rows, next_power_of_2(M))
    whole_rows = (not (forced or backward or persistent or windowed_rows)
                  and _one_warp_whole_rows(M, N, itemsize, device))
    if whole_rows:  # one warp of 1024 to 1536 columns of tiles, each row its head and tail
        block_n, tail = head_and_tail(N)
        tail2, num_warps, row_threads = 0, 1, 0
        block_m = min(ONE_WARP_FORWARD_COLUMNS // block_n, next_power_of_2(M))
    body_tile = False
    if not (forced or backward or windowed_rows or whole_rows):
        # one row a program, through the window, its tiles the row's body
        body_warps = min(rule_warps_for(_body_tile(N, itemsize), rows=1), BODY_TILE_MAX_WARPS)
        body = (_body_tiles(N, itemsize, body_warps) if itemsize == 2
                else (_body_tile(N, itemsize), 0, 0, body_warps))
        body_tile = _forward_body_tile(M, N, itemsize, device, block_n + tail + tail2,
                                       sum(body[:3]))
        if body_tile:
            block_n, tail, tail2, num_warps = body
            block_m, row_threads, persistent = 1, 0, False
    # the warps of a plan whose tile holds the row's body alone where the launch reads each row
    # from its own start (``for_rows``), and holds it as the row's power of two
    whole_row_warps = max(rule_warps_for(N), _warps_to_hold(block_m * next_power_of_2(N)))
    narrow_loads_warps = whole_row_warps if body_tile else 0
    if body_tile and _float32_word_rows_of_one_step(N, itemsize):
        narrow_loads_warps = OWN_STARTS_FLOAT32_WORD_ROW_WARPS.get(block_n, narrow_loads_warps)
    if backward and block_m == 1 and _rows_past_vectors(M, N, itemsize, device):
        # the rule's, or in 8-byte vectors (N % 8 == 4) those of the row's power of two
        narrow_loads_warps = (EIGHT_BYTE_ROWS_BACKWARD_WARPS.get(next_power_of_2(N),
                                                                 whole_row_warps)
                              if N % 8 == 4 else whole_row_warps)
        num_warps = EIGHT_BYTE_ROWS_BACKWARD_WARPS.get(block_n, num_warps)
    if backward and block_n < N:  # a tile of the row's body alone
        narrow_loads_warps = narrow_loads_warps or whole_row_warps
        num_warps = min(num_warps, BODY_TILE_MAX_WARPS)
    narrow_rows = not forced and _narrow_rows_from_own_starts(M, N, itemsize, device, backward)
    if narrow_rows:  # from the rows' own starts: a head and a tail (and a third tile), or the
        # row's power of two
        block_n, tail, tail2, rows, num_warps = narrow_rows
        row_threads = 0
        block_m, narrow_loads_warps = min(rows, next_power_of_2(M)), 0
    own_starts = bool(narrow_rows) or (
        backward and block_m > 1 and N % 8 == 4 and N <= block_n
        and block_n in EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS
        and _rows_past_vectors(M, N, itemsize, device))
    if own_starts and not narrow_rows:  # from the rows' own starts, in 8-byte vectors
        num_warps = EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS[block_n]
    few_warps = (backward and not forced
                 and _few_warps_backward(M, N, itemsize, device, block_n, own_starts))
    if few_warps:
        columns = FEW_WARPS_BACKWARD_TILE_COLUMNS.get((itemsize, block_n),
                                                      FEW_WARPS_BACKWARD_COLUMNS)
        block_m = min(max(columns // block_n, 1), next_power_of_2(M))
        num_warps, narrow_loads_warps = few_warps, 0
    if backward and not forced and _tiny_rows_backward(M, N, itemsize, device):
        block_n = next_power_of_2(N)  # the whole row, not its body (two fewer values a row)
        block_m = min(TINY_ROWS_BACKWARD_COLUMNS // block_n, next_power_of_2(M))
        num_warps, narrow_loads_warps = 1, 0
    windowed_tails = (backward and not (forced or narrow_rows)
                      and _windowed_backward_head_and_tail(M, N, itemsize, device))
    if windowed_tails:  # through the window, the body held as a head and a tail
        block_n, tail, rows, num_warps = windowed_tails
        block_m, narrow_loads_warps = min(rows, next_power_of_2(M)), 0
    cap = 0
    measured = None if persistent or N != block_n else _measured_tile(M, N, itemsize, device,
                                                                      backward)
    # one row a program, or rows of one warp each: the layouts timed (not two rows of 2048)
    reread = (not (forced or backward or persistent or tail2 or windowed_rows or body_tile
                   or whole_rows or (block_n, tail) == merged_tiles)
              and (block_m == 1 or row_threads)
              and _reads_row_tile_again(block_n, tail, itemsize, device)
              and _timed_rows_bounds(M, N, device))
    if measured:
        rows, num_warps, cap, reread = measured
        block_m, row_threads = min(rows, next_power_of_2(M)), 0
    narrow_loads_warps = 0 if narrow_loads_warps == num_warps else narrow_loads_warps
    n_tiles = cdiv(M, block_m)
    windowed = not own_starts and (backward or windowed_rows or body_tile
                                   or not reads_in_window(N, itemsize, backward, "single_block"))
    if (not (backward or persistent or forced) and block_m == 1 and not row_threads
            and _one_row_by_warps(N, itemsize, block_n, tail, tail2, body_tile)):
        row_threads = 32 * num_warps
    if not persistent:
        held = backward and itemsize == 2 and block_n >= SINGLE_BLOCK_HELD_AS_LOADED_FROM_COLS
        return Plan("single_block", block_m, block_n, num_warps, 1, 1, N, (n_tiles,), tail=tail,
                    tail2=tail2, row_threads=row_threads, held_as_loaded=held, max_registers=cap,
                    reread=reread, windowed=windowed, uncapped_warps=narrow_loads_warps)
    programs = min(n_tiles, PERSISTENT_PROGRAMS_PER_SM * device.sm_count)
    return Plan("single_block", block_m, block_n, num_warps, PERSISTENT_STAGES, 1, N, (programs,),
                programs < n_tiles, tail=tail, windowed=windowed)


def _one_row_by_warps(N: int, itemsize: int, block_n: int, tail: int, tail2: int,
                      body_tile: bool) -> bool:
    """Whether a single-block forward program of one row of N columns held as ``block_n`` +
    ``tail`` (+ ``tail2``) lays it out rows by warps (``ONE_ROW_BY_WARPS_TILES``): rows of whole
    vectors from their own starts, or a ``body_tile`` through the window."""
    whole = N % _vector(itemsize) == 0
    return (not tail2 and (whole or body_tile)
            and (itemsize, block_n, tail, body_tile) in ONE_ROW_BY_WARPS_TILES)


def _past_vector_rows(M: int, N: int, itemsize: int, device: DeviceDescription) -> bool:
    """Whether rows of N columns are not whole 16-byte vectors where the narrow rows' rules were
    timed: a Hopper GPU with a fast DRAM, from 2^27 // N rows."""
    return N % _vector(itemsize) != 0 and _fast_hopper_problem(M, N, device)


def _rows_past_vectors(M: int, N: int, itemsize: int, device: DeviceDescription) -> bool:
    """``_past_vector_rows`` of 16-bit rows, where ``EIGHT_BYTE_ROWS_BACKWARD_WARPS`` and the
    16-bit narrow rows' tables were timed."""
    return itemsize == 2 and _past_vector_rows(M, N, itemsize, device)


def _row_alignment(N: int, itemsize: int) -> int:
    """The bytes to which rows N apart are aligned, from an aligned first (16-bit: 2 at an odd N,
    4 at N % 4 == 2, 8 at N % 8 == 4, 16 at whole vectors): the key of the narrow rows' tables."""
    return min(N & -N, _vector(itemsize)) * itemsize


def _by_alignment(table: dict, N: int, itemsize: int, key):
    """``table[_row_alignment(N, itemsize)][key]`` of a narrow rows' table (alignment in bytes ->
    {tiles: layout}), or None where it has no such entry."""
    return table.get(_row_alignment(N, itemsize), {}).get(key)


def _head_and_tail_tiles(table: dict, N: int, itemsize: int) -> tuple[int, int, int, int] | None:
    """(head, tail, rows a program, warps) of rows of N columns held as ``head_and_tail`` where
    ``table`` (alignment in bytes, ``_row_alignment`` -> {(head, tail): (rows, warps)}) has
    them, else None."""
    head, tail = head_and_tail(N)
    tiles = _by_alignment(table, N, itemsize, (head, tail))
    return (head, tail, *tiles) if tiles else None


def _narrow_rows_from_own_starts(M: int, N: int, itemsize: int, device: DeviceDescription,
                                 backward: bool) -> tuple[int, int, int, int, int] | None:
    """(head, tail, tail2, rows a program, warps) of a single-block program of rows of N columns
    past vectors read from their own starts, each held as a head and a tail (``head_and_tail``;
    16-bit: ``NARROW_ROWS_FORWARD_FROM_OWN_STARTS``, ``NARROW_ROWS_BACKWARD_HEADS_AND_TAILS``;
    float32: the forward's ``FAST_DRAM_SHORT_ROW_HEADS_AND_TAILS``; tail2 0), the 16-bit
    forward's as three tiles first (``NARROW_ROWS_FORWARD_THREE_TILES``) or, the backward's, as
    their power of two (``NARROW_ROWS_BACKWARD_FROM_OWN_STARTS``,
    ``FAST_DRAM_SHORT_ROWS_BACKWARD_FROM_OWN_STARTS``; tail and tail2 0), or None."""
    if itemsize not in (2, 4) or not _past_vector_rows(M, N, itemsize, device):
        return None
    if itemsize == 2 and not backward:
        tiles = three_tiles(N, NARROW_ROWS_THIRD_TILE)
        layout = _by_alignment(NARROW_ROWS_FORWARD_THREE_TILES, N, itemsize, tiles)
        if layout:
            return (*tiles, *layout)
    if itemsize == 4:
        heads_and_tails, whole_rows = (({}, FAST_DRAM_SHORT_ROWS_BACKWARD_FROM_OWN_STARTS)
                                       if backward else (FAST_DRAM_SHORT_ROW_HEADS_AND_TAILS, {}))
    else:
        heads_and_tails, whole_rows = ((NARROW_ROWS_BACKWARD_HEADS_AND_TAILS,
                                        NARROW_ROWS_BACKWARD_FROM_OWN_STARTS) if backward
                                       else (NARROW_ROWS_FORWARD_FROM_OWN_STARTS, {}))
    held = _head_and_tail_tiles(heads_and_tails, N, itemsize)
    if held:
        head, tail, rows, warps = held
        return head, tail, 0, rows, warps
    whole = next_power_of_2(N)
    tiles = _by_alignment(whole_rows, N, itemsize, whole)
    return (whole, 0, 0, *tiles) if tiles else None


def _windowed_backward_head_and_tail(M: int, N: int, itemsize: int,
                                     device: DeviceDescription) -> tuple[int, int, int, int] | None:
    """(head, tail, rows a program, warps) of a single-block backward of 16-bit rows of an odd N
    or of N % 4 == 2 read through the window as a head and a tail
    (``WINDOWED_BACKWARD_HEADS_AND_TAILS``), or None."""
    if not _rows_past_vectors(M, N, itemsize, device):
        return None
    return _head_and_tail_tiles(WINDOWED_BACKWARD_HEADS_AND_TAILS, N, itemsize)


def _body_tile(N: int, itemsize: int) -> int:
    """The power of two that holds the body of a single-block row of N columns (N's own where it
    is not read through a window: ``window_columns``, alike both ways)."""
    return next_power_of_2(window_columns(N, itemsize, False, "single_block"))


def _few_warps_backward(M: int, N: int, itemsize: int, device: DeviceDescription, block_n: int,
                        own_starts: bool) -> int:
    """The warps of a single-block backward of rows of N columns in tiles of ``block_n`` that fill
    them sparsely, on a Hopper GPU with a fast DRAM from 2^27 // N rows; 0 where the plan keeps
    its warps. By how the rows are read: through a window, a body no wider than
    ``FEW_WARPS_BACKWARD_WINDOWED`` gives; rows of whole 16-byte vectors, N not a power of two,
    no wider than ``FEW_WARPS_BACKWARD_WHOLE_ROWS`` gives; 16-bit rows of N % 8 == 4 read
    from their own starts (``own_starts``: ``EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS``,
    ``NARROW_ROWS_BACKWARD_FROM_OWN_STARTS``), no wider than ``FEW_WARPS_BACKWARD_EIGHT_BYTE_ROWS``
    gives. Other rows from their own starts keep their tables' warps."""
    if not _fast_hopper_problem(M, N, device):
        return 0
    if own_starts and N % 8 != 4:  # 16-bit N % 4 == 2 or odd, float32 past vectors
        return 0
    if own_starts:
        widest, warps = FEW_WARPS_BACKWARD_EIGHT_BYTE_ROWS.get(block_n, (0, 0))
    elif reads_in_window(N, itemsize, True, "single_block"):
        widest, warps = FEW_WARPS_BACKWARD_WINDOWED.get(itemsize, {}).get(block_n, (0, 0))
        N = window_columns(N, itemsize, True, "single_block")
    elif _whole_vector_rows(M, N, itemsize, device):
        widest, warps = FEW_WARPS_BACKWARD_WHOLE_ROWS.get(itemsize, {}).get(block_n, (0, 0))
    else:
        return 0
    return warps if N <= widest else 0


def _tiny_rows_backward(M: int, N: int, itemsize: int, device: DeviceDescription) -> bool:
    """Whether a single-block backward holds tiny rows past vectors one warp a program
    (``TINY_ROWS_BACKWARD``), where ``_fast_hopper_problem`` holds."""
    narrowest, widest = TINY_ROWS_BACKWARD.get(itemsize, (0, 0))
    return narrowest <= N <= widest and _past_vector_rows(M, N, itemsize, device)


def _windowed_row_tiles(M: int, N: int, itemsize: int, device: DeviceDescription) -> bool:
    """Whether a single-block forward reads its rows through a window, several a program
    (``WINDOWED_ROW_TILES``, ``WINDOWED_TAILED_ROW_TILES``): rows past vectors on a
    Hopper GPU with a fast DRAM, from 2^27 // N rows (where they were timed), their body's tile
    one the tables give: 16-bit rows of an odd N (read value by value from their own starts),
    of N % 4 == 2 (4-byte words) up to ``WINDOWED_WORD_ROWS_MAX_TILE`` or of N % 8 == 4 (8-byte
    vectors) in ``WINDOWED_EIGHT_BYTE_ROWS_TILES``; float32 rows of any N
    past vectors in a tile of 256, or whose body fits a tailed plan's tile and tail (not
    389-511 columns, which keep their own starts)."""
    tile = _body_tile(N, itemsize)
    if (itemsize, tile) not in WINDOWED_ROW_TILES and not _windowed_tailed_rows(N, itemsize):
        return False
    if itemsize == 2:
        words = N % 4 == 2 and tile <= WINDOWED_WORD_ROWS_MAX_TILE
        narrowest, widest = WINDOWED_EIGHT_BYTE_ROWS_TILES
        eight_bytes = N % 8 == 4 and (narrowest < tile <= widest or narrowest == tile < N)
        return _rows_past_vectors(M, N, itemsize, device) and (N % 2 == 1 or words or eight_bytes)
    return reads_in_window(N, itemsize, False, "single_block") and _fast_hopper_problem(
        M, N, device)


def _one_warp_whole_rows(M: int, N: int, itemsize: int, device: DeviceDescription) -> bool:
    """Whether a single-block forward holds 16-bit rows of whole 16-byte vectors in one warp,
    each row its head and tail (``ONE_WARP_WHOLE_ROWS_COLUMNS``): N within the bounds, not a
    power of two, on a Hopper GPU with a fast DRAM from 2^27 // N rows."""
    narrowest, widest = ONE_WARP_WHOLE_ROWS_COLUMNS
    return narrowest < N <= widest and _whole_vector_16_bit_rows(M, N, itemsize, device)


def _whole_vector_rows(M: int, N: int, itemsize: int, device: DeviceDescription) -> bool:
    """Whether rows of N columns are whole 16-byte vectors, N not a power of two (whose plans
    ``SINGLE_BLOCK_TILES`` measured), where the few-warp rules of such rows were timed: a Hopper
    GPU with a fast DRAM, from 2^27 // N rows."""
    return (N % _vector(itemsize) == 0 and N != next_power_of_2(N)
            and _fast_hopper_problem(M, N, device))


def _whole_vector_16_bit_rows(M: int, N: int, itemsize: int, device: DeviceDescription) -> bool:
    """``_whole_vector_rows`` of 16-bit rows, where the one-warp rules of such rows were timed
    (``_rows_past_vectors``: the others)."""
    return itemsize == 2 and _whole_vector_rows(M, N, itemsize, device)


def _windowed_tailed_rows(N: int, itemsize: int):
    """``WINDOWED_TAILED_ROW_TILES``' plan of rows of N columns, where their body fits its
    tile and tail; else None. Whether the rows can be read through a window at all is the
    caller's question (``_windowed_row_tiles``)."""
    tailed = WINDOWED_TAILED_ROW_TILES.get((itemsize, _body_tile(N, itemsize)))
    if tailed and window_columns(N, itemsize, False, "single_block") <= sum(tailed[3:]):
        return tailed
    return None


def _forward_body_tile(M: int, N: int, itemsize: int, device: DeviceDescription,
                       held_columns: int, body_columns: float) -> bool:
    """Whether a single-block forward reads its rows through a window, one row a program, its
    tile the row's body (``FORWARD_BODY_TILE_COLS``): rows that are not whole 16-byte vectors,
    on a Hopper GPU with a fast DRAM, from 2^27 // N rows (where it was timed), whose body's
    tile is in ``FORWARD_BODY_TILE_COLS``, and which from their own starts load value by value
    (N odd: 16-bit, and float32 from ``FORWARD_ODD_FLOAT32_FROM_TILE``, where they were timed;
    float32 rows of N % 4 == 2 too, in 8-byte words, where the online kernel would take them in
    one step, ``FORWARD_ODD_FLOAT32_FROM_TILE``'s timings),
    are held in more than that tile's columns (``held_columns``, a row's tiles there), or, 16-bit
    rows of an even N from ``FORWARD_EVEN_16BIT_FROM_TILE``, in more columns than the body's
    tiles through the window (``body_columns``, ``_body_tiles``), or in as many where those are
    a power of two and a tail or the rows load as 4-byte words (N % 4 == 2). (0, inf): odd rows
    alone."""
    if not (reads_in_window(N, itemsize, False, "single_block")
            and _fast_hopper_problem(M, N, device)):
        return False
    narrowest, widest = FORWARD_BODY_TILE_COLS
    tile = _body_tile(N, itemsize)
    odd = N % 2 == 1 and (itemsize == 2
                          or (itemsize == 4 and tile >= FORWARD_ODD_FLOAT32_FROM_TILE))
    words = (itemsize == 2 and tile >= FORWARD_EVEN_16BIT_FROM_TILE
             and (body_columns < held_columns
                  or (body_columns == held_columns and (N % 4 == 2 or body_columns < tile))))
    return narrowest <= tile <= widest and (odd or words or tile < held_columns
                                            or _float32_word_rows_of_one_step(N, itemsize))


def _float32_word_rows_of_one_step(N: int, itemsize: int) -> bool:
    """Whether rows of N columns are float32 rows of N % 4 == 2 (8-byte words from their own
    starts) that the online kernel would take in one step (``_online_in_one_step``): since
    3f9e5cd a single-block program reads them through the window as the odd ones
    (``FORWARD_ODD_FLOAT32_FROM_TILE``), and from their own starts in
    ``OWN_STARTS_FLOAT32_WORD_ROW_WARPS``; on a fast DRAM, since 2026-11-30, the cooperative
    kernel by default (``_past_vectors_of_one_step``), the single-block plan where single_block
    is forced."""
    return N % 4 == 2 and _past_vectors_of_one_step(N, itemsize)


def _body_tiles(N: int, itemsize: int, num_warps: int) -> tuple[int, int, int, int]:
    """(block, tail, tail2, warps) of a 16-bit forward program of one row of N columns that holds
    the row's body through a window (``FORWARD_BODY_TILE_COLS``), whose rule gave ``num_warps``:
    the body as a power of two and a tail of whole passes (``three_tiles``; a body that would
    need a third tile holds its power of two, tail2 0) of the fewest warps that hold them in at
    most ``FEW_WARPS_TAIL_VALUES`` values a thread, else of ``num_warps``. The body of
    10001 bfloat16 (10000 columns) is 8192 + 2048 in 8 warps, not 16384; that of 2057 (2056) is
    2048 + 512 in 2 warps, where in 4 a tail of one pass would be 1024."""
    held = window_columns(N, itemsize, False, "single_block")

    def tiles_of(warps: int) -> tuple[int, int, int]:
        block, tail, tail2 = three_tiles(held, one_pass(warps, itemsize))
        return (block, tail, 0) if not tail2 else (next_power_of_2(held), 0, 0)

    warps = 1
    while warps < num_warps:
        tiles = tiles_of(warps)
        if sum(tiles) <= 32 * warps * FEW_WARPS_TAIL_VALUES:
            return (*tiles, warps)
        warps *= 2
    return (*tiles_of(num_warps), num_warps)


def _fast_hopper(device: DeviceDescription) -> bool:
    """Whether the device is a Hopper GPU (compute capability 9) with a fast DRAM
    (``_fast_dram``): the H200, where the fast-DRAM rules were timed."""
    return device.capability == 9 and _fast_dram(device)


def _fast_hopper_problem(M: int, N: int, device: DeviceDescription) -> bool:
    """Whether M rows of N columns lie where the fast-DRAM rules were timed: a ``_fast_hopper``
    GPU, at 2^27 elements or more (``SINGLE_BLOCK_TILES_FROM_ELEMENTS``, counted as
    M >= 2^27 // N)."""
    return _fast_hopper(device) and M >= SINGLE_BLOCK_TILES_FROM_ELEMENTS // N


def _fast_dram(device: DeviceDescription) -> bool:
    """Whether the device's DRAM delivers ``FAST_DRAM_FROM_GBS`` or more (unknown: no)."""
    return (device.dram_gbs or 0) >= FAST_DRAM_FROM_GBS


def _timed_rows_bounds(M: int, N: int, device: DeviceDescription) -> bool:
    """Whether M rows of N columns lie where the row tiles of ``NARROW_ROWS_BY_WARPS``,
    ``TWO_ROWS_A_PROGRAM``, ``ONE_ROW_TILES`` and ``READ_AGAIN_ROW_TILES`` were timed: on a
    Hopper GPU, from ``NARROW_ROWS_BY_WARPS_FROM_ROWS`` rows to fewer than 2^27 // N
    (``SINGLE_BLOCK_TILES_FROM_ELEMENTS``)."""
    return (device.capability == 9
            and NARROW_ROWS_BY_WARPS_FROM_ROWS <= M < SINGLE_BLOCK_TILES_FROM_ELEMENTS // N)


def _merges_tails(block_n: int, tail: int, tail2: int, itemsize: int,
                  device: DeviceDescription) -> bool:
    """Whether rows of one warp each hold the ``three_tiles`` (block_n, tail, tail2) as two
    (``FAST_DRAM_MERGED_TAILS``)."""
    return (_fast_hopper(device)
            and (block_n, tail, tail2) in FAST_DRAM_MERGED_TAILS.get(itemsize, ()))


def _reads_row_tile_again(block_n: int, tail: int, itemsize: int,
                          device: DeviceDescription) -> bool:
    """Whether a single-block forward tile of ``block_n`` and a ``tail`` reads its rows again for
    the output (``ONE_ROW_TILES``; ``READ_AGAIN_ROW_TILES`` where the DRAM is not fast), where
    ``_timed_rows_bounds`` holds."""
    tiles = ONE_ROW_TILES.get(itemsize, ())
    if not _fast_dram(device):
        tiles += READ_AGAIN_ROW_TILES.get(itemsize, ())
    return (block_n, tail) in tiles


def _narrow_rows_by_warps(itemsize: int, block_n: int, device: DeviceDescription) -> bool:
    """Whether single-block forward rows held in ``block_n`` take one warp each, several a program
    (``NARROW_ROWS_BY_WARPS``, ``FAST_DRAM_NARROW_ROWS_BY_WARPS``), where ``_timed_rows_bounds``
    holds."""
    widths = FAST_DRAM_NARROW_ROWS_BY_WARPS if _fast_dram(device) else NARROW_ROWS_BY_WARPS
    return block_n in widths.get(itemsize, ())


def _large_narrow_rows_by_warps(M: int, N: int, itemsize: int, block_n: int,
                                device: DeviceDescription) -> bool:
    """Whether single-block forward rows held in ``block_n`` take one warp each, several a program,
    from 2^27 // N rows (``FAST_DRAM_LARGE_NARROW_ROWS_BY_WARPS``, ``_fast_hopper_problem``)."""
    return (block_n in FAST_DRAM_LARGE_NARROW_ROWS_BY_WARPS.get(itemsize, ())
            and _fast_hopper_problem(M, N, device))


def _short_row_layout(M: int, N: int, itemsize: int, device: DeviceDescription):
    """(rows a program, threads a row) of a single-block forward of short rows held whole from
    their own starts (``FAST_DRAM_SHORT_ROW_LAYOUTS``, ``_fast_hopper_problem``), else None."""
    if not _fast_hopper_problem(M, N, device):
        return None
    return _width_range_entry(FAST_DRAM_SHORT_ROW_LAYOUTS, N, itemsize)


def _short_row_tile(M: int, N: int, itemsize: int, device: DeviceDescription):
    """(rows a program, warps) of a single-block forward of narrow rows past vectors held in
    their power of two from their own starts (``FAST_DRAM_SHORT_ROW_TILES``,
    ``_past_vector_rows``), else None."""
    if not _past_vector_rows(M, N, itemsize, device):
        return None
    return _width_range_entry(FAST_DRAM_SHORT_ROW_TILES, N, itemsize)


def _width_range_entry(table: dict, N: int, itemsize: int) -> tuple[int, int] | None:
    """The pair a table of width ranges (itemsize -> ((narrowest, widest, a, b, residues), ...))
    gives rows of N columns: the first range holding N whose residues hold N modulo a vector."""
    for narrowest, widest, first, second, residues in table.get(itemsize, ()):
        if narrowest <= N <= widest and N % _vector(itemsize) in residues:
            return first, second
    return None


def _measured_tile(M: int, N: int, itemsize: int, device: DeviceDescription, backward: bool):
    """(rows a program, warps, cap, read again) of a single-block program of M rows exactly N
    wide where sweeps on this kind of GPU set them (``SINGLE_BLOCK_TILES``, and forward
    ``FAST_DRAM_SINGLE_BLOCK_FORWARD_TILES``, from ``SINGLE_BLOCK_TILES_FROM_ELEMENTS``), else
    None."""
    if device.capability != 9 or M * N < SINGLE_BLOCK_TILES_FROM_ELEMENTS:
        return None
    measured = SINGLE_BLOCK_TILES.get(("backward" if backward else "forward", itemsize, N))
    if measured is None and not backward and _fast_dram(device):
        return FAST_DRAM_SINGLE_BLOCK_FORWARD_TILES.get((itemsize, N))
    return measured


def _warps_to_hold(values: int) -> int:
    """The fewest warps (a power of two) that hold ``values`` at ``MAX_VALUES_PER_THREAD`` a
    thread."""
    return min(next_power_of_2(cdiv(values, 32 * MAX_VALUES_PER_THREAD)), MAX_WARPS)


def block_and_tail(N: int) -> tuple[int, int]:
    """(block, rest) of a row of N columns held in a single-block forward with less padding than
    N's own power of two: the largest power of two under N and the power of two that covers the
    rest (N = 8832: 8192 + 1024, not 16384), else (that power of two, 0). From ``TAIL_FROM_COLS``
    columns (narrower rows share a program's tile: ``TILE_ELEMENTS``); ``_tailed`` fits the tail
    to the program's threads."""
    if TAIL_FROM_COLS is None or N < TAIL_FROM_COLS:
        return next_power_of_2(N), 0
    return head_and_tail(N)


def _tailed(N: int, itemsize: int, num_warps: int) -> tuple[int, int, int]:
    """(block, tail, warps) of a single-block forward program of one row of N columns whose rule
    gave ``num_warps``. One warp where it holds the row, its tail widened to one pass of it, in
    ``ONE_WARP_TAIL_VALUES`` values a thread (float32 N = 2944: 2048 + 1024; ``_single_block``
    lays such rows out, ``ONE_ROW_TILES`` among them). Else the tail is
    one tile of its own, and its loads are 16-byte vectors only
    where it fills one pass of the threads: narrower, it is replicated over them (N = 2304 as
    2048 + 256 in 4 warps: 0.91 and 0.96 of the best variant on an H200 and an H100, in the
    sweeps under ``FORWARD_VECTORS_PER_THREAD``). So a rest narrower than a pass of ``num_warps``
    warps takes the fewest warps whose pass it fills, where they hold the row at most
    ``FEW_WARPS_TAIL_VALUES`` values a thread (N = 1152: 1024 + 128 in 1 warp), or else a tail
    widened to one pass, masked past N (N = 8320 float32 in 8 warps: 8192 + 1024, not 16384).

    Widened tails were swept at M = 4096 (results/h100/tails_2026-11-23/padded/, results/h200/
    tails_2026-11-23/padded/): float32 rows of 4352 and 8576 (4096 + 512 in 4 warps, 8192 + 1024
    in 8) moved 90.7 / 86.2% and 94.9 / 90.3% of copy on an H100 / H200, against 89.8 / 85.0% and
    94.5 / 87.9% as 8192 and 16384; bfloat16 rows of 4224 (4096 + 1024 in 4 warps) and 8320
    (8192 + 2048 in 8) 78.5 / 69.7% and 88.2 / 83.5%, against 74.0 / 58.3% and 72.2 / 58.0%.
    Of the widths swept, the widest loss was bfloat16 at 2304 on the H100, 66.8% against 68.7%
    (the H200 gained 2.4 points there)."""
    head, rest = block_and_tail(N)
    if not rest:
        return head, rest, num_warps
    one_warp_tail = max(rest, one_pass(1, itemsize))
    if (head + one_warp_tail < next_power_of_2(N)
            and head + one_warp_tail <= 32 * ONE_WARP_TAIL_VALUES.get(itemsize, 0)):
        return head, one_warp_tail, 1
    if rest >= one_pass(num_warps, itemsize):
        return head, rest, num_warps
    warps = 1
    while warps < num_warps:
        if rest >= one_pass(warps, itemsize) and head + rest <= 32 * warps * FEW_WARPS_TAIL_VALUES:
            return head, rest, warps
        warps *= 2
    widened = one_pass(num_warps, itemsize)
    whole = next_power_of_2(N)
    return (head, widened, num_warps) if head + widened < whole else (whole, 0, num_warps)


def one_pass(num_warps: int, itemsize: int) -> int:
    """Columns that ``num_warps`` warps load in one pass, a 16-byte vector a thread."""
    return 32 * num_warps * _vector(itemsize)


def row_pass(row_threads: int, itemsize: int, vectors: bool) -> int:
    """Columns one pass of a row's ``row_threads`` threads covers, a 16-byte vector a thread: the
    last axis of a tile laid out rows by warps (``Plan.row_threads``; 0: none). On rows not read
    in whole 16-byte vectors (``for_rows``) one element a thread: a pass of 16 bytes a thread
    there gave Triton no vector to hold, and it laid the pass's threads across warps (compiled
    for sm_90, N = 2945: a row's sums through shared memory and barriers); one element a thread
    keeps a row in its warp, and every tile is still whole passes."""
    return row_threads * (_vector(itemsize) if vectors else 1)


def head_and_tail(N: int) -> tuple[int, int]:
    """(the largest power of two under N, the power of two that covers the rest) where the two
    hold fewer columns than N's own power of two, else (that power of two, 0)."""
    whole = next_power_of_2(N)
    if whole == N:
        return whole, 0
    block = whole // 2
    tail = next_power_of_2(N - block)
    return (block, tail) if block + tail < whole else (whole, 0)


def three_tiles(N: int, granule: int) -> tuple[int, int, int]:
    """(block, tail, tail2): a row of N columns as up to three powers of two, none narrower than
    ``granule`` (a power of two: one pass of a program's threads), widest first, covering N
    rounded up to ``granule`` with the least padding three such tiles allow: the two widest
    powers of two under it and one that covers the rest (``granule`` 128: 2816 as 2048 + 512 +
    256, 2688 as 2048 + 512 + 128). Two equal tails are one tile of twice the width (2944 as
    2048 + 1024), and a row that is a power of two is one tile."""
    if granule < 1 or granule & (granule - 1):
        raise ValueError(f"granule must be a power of two, got {granule}")
    width = cdiv(N, granule) * granule
    block = 1 << (width.bit_length() - 1)
    rest = width - block
    if not rest:
        return block, 0, 0
    tail = 1 << (rest.bit_length() - 1)
    tail2 = next_power_of_2(rest - tail) if rest > tail else 0
    if tail2 == tail:
        tail, tail2 = 2 * tail, 0
    return (2 * block, 0, 0) if tail == block else (block, tail, tail2)


def _cooperative(M, N, itemsize, dtype_name, device, backward, block_n, splits) -> Plan:
    default_block, default_warps, _ = COOPERATIVE_PLAN[itemsize, backward]
    chosen = block_n is None
    past_vectors = (chosen and not backward
                    and _cooperative_past_vectors(M, N, itemsize, device))
    past_vectors_table = past_vectors and not _fills_few_default_blocks(N, itemsize)
    wide_block = (chosen and splits is None and not backward
                  and _wide_block_forward(M, N, itemsize, device))
    if wide_block:
        block_n = wide_block.block_n
    elif chosen:
        block_n = min(default_block, next_power_of_2(N))
        if past_vectors_table:
            block_n = FAST_DRAM_PAST_VECTORS_COOPERATIVE[itemsize][0]
        wanted = COOPERATIVE_PROGRAMS_PER_SM * device.sm_count
        while (block_n > COOPERATIVE_MIN_BLOCK and M * cdiv(N, block_n) < wanted
               and cdiv(N, block_n // 2) <= device.sm_count):
            block_n //= 2
    if splits is not None and splits > device.sm_count:
        raise ValueError(f"splits={splits} cooperative programs a row cannot all be resident "
                         f"at once on {device.name} ({device.sm_count} SMs, one program "
                         f"each guaranteed): use at most {device.sm_count}")
    programs, chunk = _cooperative_chunks(window_columns(N, itemsize, backward, "cooperative"),
                                          block_n, splits, device)
    several = chunk >= COOPERATIVE_SEVERAL_BLOCKS_FROM * block_n
    wide = (COOPERATIVE_WIDE_ROW_PLAN.get((dtype_name, backward))
            if (chosen and splits is None and block_n == default_block and several
                and N % _vector(itemsize) == 0) else None)
    if wide:
        block_n = wide.block_n
        programs, chunk = _cooperative_chunks(N, block_n, None, device)
    taken = wide or wide_block  # a WideRowPlan's warps, cap and hold_last, taken whole
    values_per_thread = default_block // (32 * default_warps)
    if chunk > block_n and backward:  # several blocks a program: see COOPERATIVE_PLAN
        values_per_thread //= 2
    rule_warps = max(_warps(block_n, values_per_thread, MAX_WARPS), 4)
    num_warps = rule_warps
    if taken:
        num_warps = taken.num_warps
    elif several and (dtype_name, backward) in COOPERATIVE_SEVERAL_BLOCKS_VALUES:
        num_warps = max(_warps(block_n, COOPERATIVE_SEVERAL_BLOCKS_VALUES[dtype_name, backward],
                               MAX_WARPS), 4)
    # odd N as words too, through a window; a block of one column holds no word of two
    paired = itemsize == 2 and not backward and block_n >= 2
    blocks = chunk // block_n
    paired_others = paired and blocks in COOPERATIVE_PAIRED_OTHERS_BLOCKS
    max_registers = (taken.max_registers if taken
                     else _cooperative_registers(itemsize, backward, dtype_name, paired,
                                                 paired_others, blocks,
                                                 reads_in_window(N, itemsize, backward,
                                                                 "cooperative")))
    if past_vectors_table and FAST_DRAM_PAST_VECTORS_COOPERATIVE[itemsize][1] is not None:
        max_registers = FAST_DRAM_PAST_VECTORS_COOPERATIVE[itemsize][1]
    capped_wide = several and max_registers and num_warps != rule_warps
    prefetch = (not wide and dtype_name in COOPERATIVE_PREFETCHED_DTYPES
                and chunk == COOPERATIVE_PREFETCHED_BLOCKS * block_n
                and block_n * itemsize >= COOPERATIVE_PREFETCH_LINE_BYTES)
    return Plan("cooperative", 1, block_n, num_warps, 1, programs, chunk,
                (M * programs,), False, block_n, max_registers=max_registers,
                patience=1 if device.interpreted else COOPERATIVE_PATIENCE, paired=paired,
                prefetch=prefetch, uncapped_warps=rule_warps if capped_wide else 0,
                hold_last=bool(taken and taken.hold_last), paired_others=paired_others)


def _wide_block_forward(M: int, N: int, itemsize: int,
                        device: DeviceDescription) -> WideRowPlan | None:
    """The ``FAST_DRAM_WIDE_BLOCK_FORWARD`` plan of a cooperative forward of M rows of N columns,
    or None where it does not apply."""
    plan = FAST_DRAM_WIDE_BLOCK_FORWARD.get(itemsize)
    if (plan is None or N % _vector(itemsize) != 0 or device.capability != 9
            or not _fast_dram(device)):
        return None
    default_blocks = cdiv(N, COOPERATIVE_PLAN[itemsize, False][0])
    fits = (FAST_DRAM_WIDE_BLOCK_FROM_BLOCKS < default_blocks <= device.sm_count
            and M * cdiv(N, plan.block_n) >= FAST_DRAM_WIDE_BLOCK_PROGRAMS_PER_SM * device.sm_count)
    return plan if fits else None


def reads_in_window(N: int, itemsize: int, backward: bool, kernel: str) -> bool:
    """Whether single-block or cooperative rows of N columns are read from a 16-byte boundary
    (``kernels/row_math.py``, ``row_window``), where the launch finds their
    layout allows it (``launch.window_elements``): rows that are not whole 16-byte vectors, but
    single-block rows narrower than a vector.

    The cooperative 16-bit forward of an even N read its rows as 32-bit words from their own
    starts before (``Plan.paired``; 4 or 8 bytes a load): on an H200, M*N = 2^27
    (results/h200/widths_scan_2026-11-29/), bfloat16 50258 and 131074 ran at 64.3 and 66.8% of
    copy where the odd 50257 and 100001, words through the window, ran at 88.7 and 89.0%. Words
    through the window at ``COOPERATIVE_WINDOW_PAIRED_MAX_REGISTERS`` against the plan before,
    in the same call (results/h200/rows_past_vectors_2026-11-29/, two interleaved rounds, every
    output NaN-poisoned and checked against float64 first), bfloat16, of copy: 50258 / 131074 /
    65534 (N % 4 == 2) 64.3 / 66.7 / 68.0 -> 89.0 / 87.8 / 90.0%, 50260 / 65532 (N % 8 == 4)
    74.6 / 78.4 -> 89.4 / 90.0% (at 56 registers through the window 78.8-81.4%). Untimed:
    float16, the H100, other M."""
    if N % _vector(itemsize) == 0:
        return False
    if kernel == "single_block":
        return N > _vector(itemsize)  # a narrower row has no body: it would be all edges
    return True


COOPERATIVE_WINDOW_UNCAPPED = frozenset({("float16", True)})
"""(dtype, backward) of the one-block cooperative plans that launch uncapped through a window:
compiled for sm_90 (8192 columns, 4 warps) float16's backward spills 8 bytes at its cap of 96
there, bfloat16's none (untimed)."""


def keeps_caps_through_window(plan: Plan, dtype, backward: bool) -> bool:
    """Whether a cooperative ``plan`` launched through a window (``launch.window_elements``) keeps
    its cap, as on rows of whole vectors (``for_rows``): one block a program, as the caps were
    measured, but for ``COOPERATIVE_WINDOW_UNCAPPED``. Programs of several blocks spill under
    theirs there (compiled for sm_90: 32-344 bytes at N = 2M+1 and 3M+1), and launch uncapped."""
    return (plan.blocks_per_program == 1
            and (format_of(dtype).name, backward) not in COOPERATIVE_WINDOW_UNCAPPED)


def window_columns(N: int, itemsize: int, backward: bool, kernel: str) -> int:
    """The columns a single-block or cooperative plan's programs must cover (``Plan.columns_held``)
    to read a row of N columns through a window (``reads_in_window``; else N). A cooperative row
    is read from the 16-byte boundary before its start and its programs read the edges within
    their own blocks, so they cover N and that shift, up to a vector less one element (they add
    a program where the shift needs one). A single-block row is read from the boundary that
    starts its body and its edges are a tile of their own (``kernels/row_math.py``,
    ``row_window``), so its tiles need only hold the body: at most N rounded down to whole
    vectors (4100 bfloat16: 4096)."""
    if not reads_in_window(N, itemsize, backward, kernel):
        return N
    vector = _vector(itemsize)
    return N // vector * vector if kernel == "single_block" else N + vector - 1


def _cooperative_chunks(N: int, block_n: int, splits: int | None,
                        device: DeviceDescription) -> tuple[int, int]:
    """(programs, columns each) of a cooperative row of ``block_n`` blocks: ``splits`` programs
    (forced), else one a block up to one an SM (``_chunks``)."""
    blocks = cdiv(N, block_n)
    return _chunks(N, min(splits, blocks) if splits is not None else min(blocks, device.sm_count),
                   block_n)


def _cooperative_registers(itemsize: int, backward: bool, dtype_name: str, paired: bool,
                           paired_others: bool, blocks: int, window: bool) -> int:
    """``Plan.max_registers`` of a cooperative plan whose programs hold ``blocks`` blocks: one, the
    cap of ``COOPERATIVE_PLAN`` (of ``COOPERATIVE_PAIRED_MAX_REGISTERS`` for a block held as words,
    ``paired``, and of ``COOPERATIVE_WINDOW_PAIRED_MAX_REGISTERS`` for such rows read through a
    ``window``); a few, that of ``COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS`` where one was measured
    (a forward's only where it reads every block as words, ``paired_others``); more, that of
    ``COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS``; else none."""
    if blocks >= COOPERATIVE_SEVERAL_BLOCKS_FROM:
        return COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS.get((dtype_name, backward), 0)
    if blocks > 1:
        if not (backward or paired_others):
            return 0
        return COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS.get((dtype_name, backward, blocks), 0)
    if paired:
        return (COOPERATIVE_WINDOW_PAIRED_MAX_REGISTERS if window
                else COOPERATIVE_PAIRED_MAX_REGISTERS[dtype_name])
    return COOPERATIVE_PLAN[itemsize, backward][2]


def for_rows(plan: Plan, words: bool, vectors: bool) -> Plan:
    """A cooperative or single-block plan as launched on particular rows (the launch reads their
    layout).

    ``words``: every row reads as 32-bit words (16-bit, 4-byte aligned, at even strides); without
    them a paired plan (``Plan.paired``) holds its block as loaded. ``vectors``: every row reads
    in whole 16-byte vectors (N and the strides multiples of a vector's elements, the rows
    16-byte aligned; or, one block a program, through a window: ``launch.launches``); without
    them the kernel takes the compiler's choice of registers, and a single-block plan whose tiles
    held only the row's body (``window_columns``) and not the row holds the row's power of two in
    one tile (bfloat16 6145 as 8192, not 4096 + 2048), as many rows a program as before
    (bfloat16 backward, 513 columns: 4 x 1024 in 4 warps where the policy gives rows of 1024
    two a program; compiled for sm_90 nothing spills, 118 registers; not timed). The caps
    (``COOPERATIVE_PLAN``, ``COOPERATIVE_PAIRED_MAX_REGISTERS``,
    ``COOPERATIVE_FEW_BLOCKS_MAX_REGISTERS``, ``COOPERATIVE_SEVERAL_BLOCKS_MAX_REGISTERS``,
    ``SINGLE_BLOCK_TILES``, ``FAST_DRAM_SINGLE_BLOCK_FORWARD_TILES``) were measured on rows
    read in 16-byte vectors. Read in narrower loads, more values need addresses of their own,
    and compiled for sm_90 (ptxas 12.8; ``benchmarks/resource_usage.py --n``) the capped kernels
    spill: at an odd N the float32 forward 104 bytes at its cap of 96, the 16-bit forward 136 at
    88 and backward 680 at 96; at N = 65534 (a multiple of two) the 16-bit words form 32-40 bytes
    at 64. Uncapped, none spills but the forward at an odd N (8 bytes, at 168 registers). Not yet
    timed. Rows that are not words are not whole vectors either: they take no cap. A measured
    single-block tile keeps its rows and warps uncapped, also not timed on such rows (on rows of
    whole vectors the float32 tile of two rows in 16 warps, since replaced by one read again,
    moved 0.1-0.5 points less uncapped than the rule's plan)."""
    if not vectors:
        # one element a thread a pass where a thread cannot hold a vector (``row_pass``): a row
        # of one program laid out rows by warps (``ONE_ROW_BY_WARPS_TILES``) goes back to the
        # plain layout
        threads = 0 if plan.block_m == 1 and plan.row_threads == 32 * plan.num_warps > 32 else (
            plan.row_threads)
        plan = dataclasses.replace(plan, max_registers=0, row_threads=threads,
                                   num_warps=plan.uncapped_warps or plan.num_warps,
                                   uncapped_warps=0)
        if plan.kernel == "single_block" and plan.columns_held < plan.chunk:
            plan = dataclasses.replace(plan, block_n=next_power_of_2(plan.chunk), tail=0,
                                       tail2=0)
    if plan.paired and not words:
        plan = dataclasses.replace(plan, paired=False, paired_others=False, max_registers=0)
    return plan


def exchange_words(M: int, plan: Plan, backward: bool, itemsize: int) -> int:
    """Words a cooperative launch publishes (``kernels/cooperative.py``), its whole workspace: one
    a block (a float32 pair, or a sum), two for a float64 forward pair."""
    per_block = 2 if itemsize == 8 and not backward else 1
    return M * plan.splits * plan.blocks_per_program * per_block


def _online_one_step(M, N, itemsize) -> Plan:
    """The online plan the policy chooses (``_online_in_one_step``): one step of the whole row in
    ``ONLINE_ONE_STEP_WARPS`` warps, folded into ``folded_lanes``."""
    block_n = next_power_of_2(N)
    lanes = folded_lanes(block_n, ONLINE_ONE_STEP_WARPS, itemsize)
    return Plan("online", 1, block_n, ONLINE_ONE_STEP_WARPS, 1, 1, N, (M,), False, lanes)


def _online(M, N, itemsize, backward, block_n) -> Plan:
    """The online kernel forced: steps of ``ONLINE_BLOCK`` forward, of
    ``ONLINE_BACKWARD_STEP_BYTES`` backward, a pair a column."""
    if backward:
        default, stages = ONLINE_BACKWARD_STEP_BYTES // (2 * itemsize), ONLINE_BACKWARD_STAGES
    else:
        default, stages = ONLINE_BLOCK[itemsize], 1
    block_n = block_n or min(default, next_power_of_2(N))
    num_warps = _warps(block_n, VECTORS_PER_THREAD * _vector(itemsize), ONLINE_WARPS)
    return Plan("online", 1, block_n, num_warps, stages, 1, N, (M,), False, block_n)


def _split(M, N, itemsize, device, block_n, splits) -> Plan:
    block_n = block_n or min(SPLIT_BLOCK, next_power_of_2(N))
    num_warps = _warps(block_n, VECTORS_PER_THREAD * _vector(itemsize), ONLINE_WARPS)
    if splits is None:
        splits = cdiv(SPLIT_PROGRAMS_PER_SM * device.sm_count, M)
    splits = max(1, min(splits, cdiv(N, block_n)))
    splits, chunk = _chunks(N, splits, block_n)
    return Plan("split", 1, block_n, num_warps, 1, splits, chunk, (M, splits), False, block_n)


def _spatial(M, N, inner, itemsize, device, backward, block_n) -> Plan:
    """A tile of ``block_m`` interleaved rows by ``block_n`` positions of the softmax dim: the
    whole dim (up to ``SPATIAL_ONE_PASS_POSITIONS``) with ``SPATIAL_ONE_PASS_ROWS`` rows side by
    side, more up to ``SPATIAL_TILE_VALUES``, within ``SPATIAL_ONE_PASS_TILE_BYTES``; else steps
    of ``SPATIAL_STEP_POSITIONS`` over a line of rows; warps as ``SPATIAL_THREAD_BYTES`` says. A
    forced ``block_n`` sets the positions, one pass if they are all of them."""
    rows = next_power_of_2(inner)
    tiles = lambda block_m: (M // inner) * cdiv(inner, block_m)  # noqa: E731
    tile_bytes = SPATIAL_ONE_PASS_TILE_BYTES[backward]
    if block_n is None:
        whole = next_power_of_2(N)
        block_n = whole if whole <= SPATIAL_ONE_PASS_POSITIONS else SPATIAL_STEP_POSITIONS
    if block_n * itemsize > tile_bytes:
        raise ValueError(f"a spatial tile holds at most {tile_bytes // itemsize} positions of "
                         f"{itemsize}-byte values; block_n={block_n} is more")
    passes = 1 if block_n >= N else 2
    thread_bytes = SPATIAL_THREAD_BYTES
    if passes == 1:
        block_m = min(rows, max(SPATIAL_ONE_PASS_ROWS, SPATIAL_TILE_VALUES // block_n),
                      tile_bytes // (block_n * itemsize))
        if block_m < SPATIAL_ONE_PASS_ROWS:
            thread_bytes = SPATIAL_SHORT_RUN_THREAD_BYTES
    else:
        block_m = min(rows, SPATIAL_STEP_ROW_BYTES // itemsize,
                      tile_bytes // (block_n * itemsize))
        while block_m * itemsize > 16 and tiles(block_m) < SPATIAL_TILES_PER_SM * device.sm_count:
            block_m //= 2
    num_warps = _warps(block_m * block_n, max(thread_bytes // itemsize, 1), SPATIAL_MAX_WARPS)
    return Plan("spatial", block_m, block_n, num_warps, 1, 1, N, (tiles(block_m),))


def choose(M: int, N: int, dtype, device: DeviceDescription, *, backward: bool = False,
           forcing: Forcing = AUTO, inner: int = 1) -> Plan:
    """The plan for M rows of N columns (M, N >= 1) of ``dtype`` (a name, or a NumPy or torch
    dtype) on ``device``, forward or ``backward``, with what ``forcing`` forces. ``inner``: the
    rows are interleaved in groups of ``inner`` (it divides M; the module's docstring).

    ``ValueError`` when the forcing cannot run this problem (single_block on a row wider than it
    holds; cooperative programs that could not all be resident; spatial on rows that are not
    interleaved).
    """
    if M < 1 or N < 1:
        raise ValueError(f"a plan needs M >= 1 and N >= 1, got M={M}, N={N}")
    if inner < 1 or M % inner:
        raise ValueError(f"inner={inner} must be at least 1 and divide M={M}")
    fmt = format_of(dtype)
    itemsize = fmt.itemsize
    if inner > 1 and forcing.kernel in (None, "spatial"):
        plan = _spatial(M, N, inner, itemsize, device, backward, forcing.block_n)
        if (forcing.kernel or plan.passes == 1
                or plan.grid[0] >= SPATIAL_TRANSPOSED_BELOW_SMS * device.sm_count):
            return plan
    elif forcing.kernel == "spatial":
        raise ValueError("kernel='spatial' reduces across rows interleaved in memory, for a "
                         "softmax along a dim that is not the innermost one; here the softmax dim "
                         "is innermost: choose one of " + ", ".join(map(repr, ROW_KERNELS)))
    plan = _rows(M, N, fmt, device, backward, forcing)
    return dataclasses.replace(plan, transposed=True) if inner > 1 else plan


def _rows(M: int, N: int, fmt, device: DeviceDescription, backward: bool,
          forcing: Forcing) -> Plan:
    """The plan of a row kernel (``choose``) for values of ``fmt`` (``reference.dtypes``)."""
    itemsize, dtype_name = fmt.itemsize, fmt.name
    kernel = forcing.kernel or default_kernel(N, itemsize, backward, M, device)
    if kernel != "single_block" and (forcing.block_n or 0) > MAX_FORCED_BLOCK:
        raise ValueError(f"block_n={forcing.block_n} is wider than the {MAX_FORCED_BLOCK} columns "
                         f"a {kernel} program may hold or step by; use at most {MAX_FORCED_BLOCK}")
    if kernel == "single_block":
        return _single_block(M, N, itemsize, device, backward, forcing.block_n)
    if kernel == "cooperative":
        return _cooperative(M, N, itemsize, dtype_name, device, backward, forcing.block_n,
                            forcing.splits)
    if kernel == "online" and forcing.kernel is None:
        return _online_one_step(M, N, itemsize)
    if kernel == "online":
        return _online(M, N, itemsize, backward, forcing.block_n)
    return _split(M, N, itemsize, device, forcing.block_n, forcing.splits)


def folded_lanes(block_n: int, num_warps: int, itemsize: int) -> int:
    """Lanes for the folded form of an online or split step (the online plan the policy
    chooses, ``ONLINE_ONE_STEP_COLS``; an experiment elsewhere): one 16-byte vector per thread,
    so that each thread folds its own column of the [block_n // lanes, lanes] tile and no step
    needs a cross-thread reduction."""
    return min(block_n, 32 * num_warps * _vector(itemsize))
