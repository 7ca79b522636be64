"""The Triton kernels against the NumPy float64 oracle: every path forced, forward and backward.

On a machine without a GPU the kernels run under the Triton interpreter (see conftest.py), so the
shapes here are small; on a GPU the same tests run the compiled kernels.
"""

import numpy as np
import pytest
import torch
import triton
import triton.language as tl

import dataclasses
import functools
import os
import unittest.mock

import reference
import triton_impl
from reference.tolerance import assert_close, grad_scale
from softmax_kit import triton_paths
from triton_impl import launch, policy
from triton_impl.hardware import kernels_interpreted
from triton_impl.kernels.row_math import to_compute, to_compute_again

DTYPES = [torch.float32, torch.float16, torch.bfloat16]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (path, options): every path forced through the public options (the kit's one list), with
# blocks small enough that the multi-block loops iterate
PATHS = [(name, options) for name, (options, _) in triton_paths(interpreted=True).items()]
PATH_IDS = [p[0] for p in PATHS]

EXPERIMENTS = {
    "single_block persistent": (policy.Forcing("single_block"),
                                dict(persistent=True, num_stages=3)),
    "single_block persistent read again": (policy.Forcing("single_block"),
                                           dict(persistent=True, num_stages=3, reread=True)),
    "online folded into 4 lanes": (policy.Forcing("online", 16), dict(lanes=4)),
    "online persistent": (policy.Forcing("online", 16), dict(persistent=True)),
    "split folded into 4 lanes": (policy.Forcing("split", 16, 3), dict(lanes=4)),
}
"""Plans no public option makes (``dataclasses.replace`` on the policy's plan, as
benchmarks/sweep_plans.py builds them): the kernels must still be right on them."""


def _experiment(M, N, dtype, device, name, backward=False):
    forcing, changes = EXPERIMENTS[name]
    plan = triton_impl.make_plan(M, N, dtype, device, backward=backward, forcing=forcing)
    if changes.get("persistent"):  # two programs for many tiles: each walks several
        changes = dict(changes, grid=(2,) + plan.grid[1:])
    return dataclasses.replace(plan, **changes)


def _oracle(x: torch.Tensor, dim: int, log: bool) -> np.ndarray:
    xs = x.detach().float().cpu().double().numpy()
    return (reference.oracle_log_softmax if log else reference.oracle_softmax)(xs, axis=dim)


def _oracle_grad(y: torch.Tensor, dy: torch.Tensor, dim: int, log: bool):
    ys, dys = (t.detach().float().cpu().double().numpy() for t in (y, dy))
    grad = (reference.oracle_log_softmax_backward if log else reference.oracle_softmax_backward)
    return grad(ys, dys, axis=dim), grad_scale(ys, dys, log=log, axis=dim)


def _random(shape, dtype, device, seed=0, scale=4.0):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(shape, generator=g) * scale).to(dtype).to(device)


def _check(x, dim, log, dtype, overrides):
    fn = triton_impl.log_softmax if log else triton_impl.softmax
    x = x.detach().clone().requires_grad_(True)
    before = x.detach().clone()
    y = fn(x, dim, **overrides)
    assert y.shape == x.shape and y.dtype == x.dtype
    assert torch.equal(x.detach(), before), "the input was modified"
    assert_close(y, _oracle(x, dim, log), dtype=dtype, axis=dim,
                 kind="log_softmax" if log else "softmax")
    dy = _random(x.shape, dtype, x.device, seed=1, scale=1.0)
    (dx,) = torch.autograd.grad(y, x, dy)
    expected, scale = _oracle_grad(y, dy, dim, log)
    assert_close(dx, expected, dtype=dtype, axis=dim, kind="grad", scale=scale)


@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("path,overrides", PATHS, ids=PATH_IDS)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("M,N", [(1, 1), (3, 5), (4, 64), (5, 100), (2, 129)])
def test_every_path_forward_and_backward(M, N, dtype, path, overrides, log, device):
    before = dict(triton_impl.LAUNCHES)
    _check(_random((M, N), dtype, device), -1, log, dtype, overrides)
    if path != "auto":
        for direction in ("forward", "backward"):
            name = f"{overrides['kernel']}_{direction}"
            assert triton_impl.LAUNCHES[name] > before.get(name, 0), f"{name} did not run"


@pytest.mark.parametrize("name", EXPERIMENTS)
@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
def test_experiment_plans_forward_and_backward(name, log, device):
    """Persistent grids (each program walks several row tiles) and folded lanes, run through the
    launch table: right forward and backward."""
    M, N = 9, 70
    x = _random((M, N), torch.float32, device)
    y = torch.full_like(x, float("nan"))
    launch.softmax_rows(_experiment(M, N, x.dtype, device, name), x, y, log)
    assert_close(y, _oracle(x, -1, log), dtype=torch.float32, kind="log_softmax" if log else "softmax")
    dy = _random((M, N), torch.float32, device, seed=2, scale=1.0)
    dx = torch.full_like(x, float("nan"))
    launch.softmax_backward_rows(_experiment(M, N, x.dtype, device, name, backward=True), y, dy,
                                 dx, log)
    expected, scale = _oracle_grad(y, dy, -1, log)
    assert_close(dx, expected, dtype=torch.float32, kind="grad", scale=scale)


@pytest.mark.parametrize("backward", [False, True], ids=["forward", "backward"])
def test_a_single_block_program_a_tile_has_no_loop_to_walk(backward, device):
    """``ONE_TILE`` (``row_math.tile_step``): a single-block launch whose grid gives every tile
    of several rows exactly one program steps its loop over tiles by the tile count, so that the
    loop runs once and compiles away; any other grid, and tiles of one row, step by the grid,
    each program walking the tiles from its own (several, where fewer programs than tiles: a
    persistent grid). Both write every row: 37 rows, four a tile, in a grid of ten programs (one
    a tile), of eleven (one too many: the last one's loop empty), of nine (one short: the
    programs walk) and of two and three; one row a tile in a grid of 37. A launch of no rows
    keeps the grid's step (a step of no tiles would be 0) and writes nothing."""
    M, N = 37, 40
    x = _random((M, N), torch.float32, device)
    y = torch.softmax(x.double(), -1).float()
    dy = _random((M, N), torch.float32, device, seed=2, scale=1.0)
    plan = dataclasses.replace(triton_impl.make_plan(M, N, x.dtype, device, backward=backward),
                               block_m=4, num_warps=1, row_threads=0)
    one_row = dataclasses.replace(plan, block_m=1)
    for layout, programs, one_tile in ((plan, 10, True), (plan, 11, False), (plan, 9, False),
                                       (plan, 2, False), (plan, 3, False), (one_row, 37, False)):
        grid = dataclasses.replace(layout, grid=(programs,), persistent=not one_tile)
        tensors = (y, dy, torch.full_like(x, float("nan"))) if backward else (
            x, torch.full_like(x, float("nan")))
        (record,) = launch.launches(grid, tensors, log=False)
        assert record.constexprs["ONE_TILE"] is one_tile, programs
        if backward:
            launch.softmax_backward_rows(grid, *tensors, False)
            expected, scale = _oracle_grad(y, dy, -1, False)
            assert_close(tensors[2], expected, dtype=torch.float32, kind="grad", scale=scale)
        else:
            launch.softmax_rows(grid, *tensors, False)
            assert_close(tensors[1], _oracle(x, -1, False), dtype=torch.float32, kind="softmax")
    empty = torch.empty((0, N), dtype=torch.float32, device=device)
    none = dataclasses.replace(plan, grid=(1,))
    (record,) = launch.launches(none, (empty,) * (3 if backward else 2), log=False)
    assert record.constexprs["ONE_TILE"] is False
    if backward:
        launch.softmax_backward_rows(none, empty, empty, empty.clone(), False)
    else:
        launch.softmax_rows(none, empty, empty.clone(), False)


@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("M,N", [(3, 6144), (2, 8192)])
def test_the_default_online_plan_of_float32_rows(M, N, log, device):
    """The online plan the policy chooses for float32 forward rows of 6144 to 32768 columns
    (one step of the whole row, folded: ``policy.ONLINE_ONE_STEP_COLS``): what the dispatcher
    runs, into a NaN-poisoned output, the row's -inf and large entries included; then through
    ``softmax`` / ``log_softmax`` and autograd against the oracle."""
    x = _random((M, N), torch.float32, device, scale=30.0)
    x[0, ::7] = -float("inf")
    plan = triton_impl.make_plan(M, N, torch.float32, device)
    assert plan.kernel == "online" and plan.block_n >= N and plan.lanes < plan.block_n
    y = torch.full_like(x, float("nan"))
    launch.softmax_rows(plan, x, y, log)
    assert_close(y, _oracle(x, -1, log), dtype=torch.float32,
                 kind="log_softmax" if log else "softmax")
    before = triton_impl.LAUNCHES["online_forward"]
    (triton_impl.log_softmax if log else triton_impl.softmax)(x, -1)
    assert triton_impl.LAUNCHES["online_forward"] == before + 1
    _check(x, -1, log, torch.float32, {})


@pytest.mark.parametrize("dtype", DTYPES + [torch.float64], ids=str)
@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("M,N,block,tail,tail2,block_m,row_threads", [
    (9, 70, 64, 16, 0, 1, 0), (5, 100, 64, 64, 0, 1, 0), (3, 2944, 2048, 1024, 0, 1, 0),
    (5, 108, 64, 32, 16, 2, 0), (3, 2816, 2048, 512, 256, 1, 0), (3, 2688, 2048, 512, 128, 2, 0),
    (3, 2944, 2048, 1024, 0, 2, 32), (5, 2688, 2048, 512, 128, 2, 16), (7, 896, 1024, 0, 0, 4, 8),
    (9, 100, 64, 32, 16, 4, 2)])
def test_a_row_held_as_a_block_and_a_tail(M, N, block, tail, tail2, block_m, row_threads, dtype,
                                          log, device):
    """A single-block forward whose row is a power of two and a tail tile (``policy.block_and_tail``),
    or two tails (``Plan.tail2``; the last masked past N at 108), one row a program or several (M
    odd: the last tile's rows masked in every tile), laid out with the warps along the columns or
    rows by warps (``Plan.row_threads``: 896 masked past N in its last pass), on rows cut from
    wider buffers (row strides other than N), the input's buffer +inf around the rows and the
    output's NaN: every column written, nothing outside read or written; float32 2944 in two rows
    of one warp is the policy's own plan."""
    x_buffer = torch.full((M, N + 37), float("inf"), dtype=dtype, device=device)
    x = x_buffer[:, 5:5 + N]
    x.copy_(_random((M, N), dtype, device))
    y_buffer = torch.full((M + 1, N + 19), float("nan"), dtype=dtype, device=device)
    y = y_buffer[1:, 3:3 + N]
    plan = dataclasses.replace(triton_impl.make_plan(M, N, dtype, device), block_n=block, tail=tail,
                               tail2=tail2, block_m=block_m, row_threads=row_threads,
                               grid=(-(-M // block_m),))
    if N == 2944 and row_threads and dtype == torch.float32:
        assert plan == triton_impl.make_plan(M, N, dtype, device), "the policy's plan has this tail"
    launch.softmax_rows(plan, x, y, log)
    assert_close(y, _oracle(x, -1, log), dtype=dtype, kind="log_softmax" if log else "softmax")
    outside = torch.ones_like(y_buffer, dtype=torch.bool)
    outside[1:, 3:3 + N] = False
    assert y_buffer[outside].isnan().all(), "wrote outside the output rows"


@pytest.mark.parametrize("dtype", DTYPES + [torch.float64], ids=str)
@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("M,N,block,tail,block_m,held,windowed", [
    (9, 34, 32, 2, 4, False, False), (5, 70, 64, 8, 2, True, False),
    (3, 100, 64, 64, 1, False, False), (3, 2944, 2048, 1024, 1, True, False),
    (7, 45, 32, 16, 4, False, True), (5, 1100, 1024, 128, 2, True, True)])
def test_a_backward_row_held_as_a_block_and_a_tail(M, N, block, tail, block_m, held, windowed,
                                                   dtype, log, device):
    """A single-block backward whose row is a power of two and a tail tile (``Plan.tail``; the
    tail masked past N at 100), several rows a program or one (M odd: the last tile's rows
    masked), its 16-bit tiles held as loaded or converted, read from the rows' own starts on
    rows cut from wider buffers (y's and dy's buffers +inf and NaN around the rows, dx's NaN)
    or through a window on contiguous rows that are not whole vectors (45; 1100 but in float32
    and float64; the tiles hold the body): dx matches float64, nothing outside written; read
    again for dx (``Plan.reread``) the same bits, in place too (dx is dy), into an output of
    dx's strides (on the GPU an output of other strides compiled the row sums in another order:
    float32 2944's moved in the last place, results/h200/narrow_backward_tails_2026-11-30/)."""
    held = held and dtype.itemsize == 2
    y_buffer = torch.full((M, N + 37), float("inf"), dtype=dtype, device=device)
    dy_buffer = torch.full((M + 2, N + 11), float("nan"), dtype=dtype, device=device)
    dx_buffer = torch.full((M + 1, N + 19), float("nan"), dtype=dtype, device=device)
    if windowed:
        y, dy, dx = (torch.full((M, N), float("nan"), dtype=dtype, device=device)
                     for _ in range(3))
    else:
        y, dy, dx = y_buffer[:, 5:5 + N], dy_buffer[2:, 1:1 + N], dx_buffer[1:, 3:3 + N]
    x = _random((M, N), torch.float32, device, seed=3)  # float32 values: the oracle's inputs
    y.copy_((x.log_softmax(-1) if log else x.softmax(-1)).to(dtype))
    dy.copy_(_random((M, N), dtype, device, seed=4, scale=1.0))
    plan = dataclasses.replace(triton_impl.make_plan(M, N, dtype, device, backward=True),
                               block_n=block, tail=tail, block_m=block_m, windowed=windowed,
                               held_as_loaded=held, grid=(-(-M // block_m),))
    constexprs = launch.launches(plan, (y, dy, dx), log)[0].constexprs
    assert constexprs["TAIL"] == tail
    assert (constexprs["WINDOW"] > 0) == (windowed and N % (16 // dtype.itemsize) > 0)
    launch.softmax_backward_rows(plan, y, dy, dx, log)
    expected, scale = _oracle_grad(y, dy, -1, log)
    assert_close(dx, expected, dtype=dtype, kind="grad", scale=scale)
    if not windowed:
        outside = torch.ones_like(dx_buffer, dtype=torch.bool)
        outside[1:, 3:3 + N] = False
        assert dx_buffer[outside].isnan().all(), "wrote outside the gradient's rows"
    again = dataclasses.replace(plan, reread=True)

    def like_dx():  # compiled, other strides may change the layout the row sum is reduced in
        return (torch.full_like(dx, float("nan")) if windowed
                else torch.full_like(dx_buffer, float("nan"))[1:, 3:3 + N])

    read_again = like_dx()
    launch.softmax_backward_rows(again, y, dy, read_again, log)
    assert torch.equal(read_again, dx)
    in_place = like_dx()
    in_place.copy_(dy)
    launch.softmax_backward_rows(again, y, in_place, in_place, log)
    assert torch.equal(in_place, dx)


def test_a_single_block_launch_refuses_tiles_that_do_not_hold_its_rows():
    """A plan built by hand (as benchmarks/sweep_plans.py builds them) whose tiles hold fewer
    columns than rows of whole 16-byte vectors (48 float32 as 32 + 8, forward and backward) is
    refused before any launch, naming the fix, where it would leave columns unwritten; a
    backward plan with a forward's third tile or rows laid out by warps too. Rows that are not
    whole vectors are held in the row's power of two instead (``policy.for_rows``)."""
    M, N = 3, 48
    x = torch.empty((M, N), dtype=torch.float32, device="meta")
    for backward in (False, True):
        plan = dataclasses.replace(policy.choose(M, N, "float32", HOPPER, backward=backward),
                                   block_n=32, tail=8, block_m=1, grid=(M,))
        with pytest.raises(ValueError, match="holds 40 columns a row.*need 48: widen"):
            launch.launches(plan, (x,) * (3 if backward else 2), log=False)
        odd = torch.empty((M, N - 1), dtype=torch.float32, device="meta")
        (record,) = launch.launches(plan, (odd,) * (3 if backward else 2), log=False)
        assert (record.constexprs["BLOCK"], record.constexprs["TAIL"]) == (64, 0)
    backward = policy.choose(M, N, "float32", HOPPER, backward=True)
    for changes in (dict(block_n=32, tail=8, tail2=8), dict(block_m=2, row_threads=32,
                                                            num_warps=2)):
        with pytest.raises(ValueError, match="the single-block forward's"):
            launch.launches(dataclasses.replace(backward, **changes), (x,) * 3, log=False)


@pytest.mark.parametrize("N", [1281, 1408, 2561, 2688, 2816])
def test_a_fast_dram_holds_two_tails_as_one(N, device):
    """``policy.FAST_DRAM_MERGED_TAILS``: on a fast-DRAM Hopper GPU float32 rows of 1281-1408 and
    2561-2816 columns, of one warp each (two a program; one, for a single row), hold the rest past
    their power of two as one tile of twice ``three_tiles``' first tail (1024 + 512, 2048 + 1024),
    not read again at the seeds' M = 4096; a slower DRAM keeps the three tiles, and so do rows of
    2305-2432 (2048 + 256 + 128). The plan of three rows (the last program's second row masked;
    1281 and 2561 are not whole vectors) writes the oracle's softmax over a NaN-poisoned output."""
    block, tail, tail2 = policy.three_tiles(N, 128)
    for M in (3, 4096):
        plan = policy.choose(M, N, "float32", HOPPER)
        got = (plan.block_n, plan.tail, plan.tail2, plan.block_m, plan.row_threads, plan.reread)
        assert got == (block, 2 * tail, 0, 2, 32, False), plan
        slower = policy.choose(M, N, "float32", dataclasses.replace(HOPPER, dram_gbs=3350))
        assert (slower.block_n, slower.tail, slower.tail2) == (block, tail, tail2), slower
    for kept in (2305, 2432):
        assert policy.choose(4096, kept, "float32", HOPPER).tail2 == 128
    x = _random((3, N), torch.float32, device, seed=5)
    y = torch.full_like(x, float("nan"))
    launch.softmax_rows(policy.choose(3, N, "float32", HOPPER), x, y, False)
    assert_close(y, _oracle(x, -1, False), dtype=torch.float32, kind="softmax")


@pytest.mark.parametrize("N,dram_gbs", [(640, 3350), (1152, 3350), (1280, 3350), (2944, 4800),
                                         (2945, 4800), (4736, 3350), (8320, 3350)])
def test_the_seeds_row_tiles_read_again_write_the_same_bits(N, dram_gbs, device):
    """The layouts a Hopper GPU's policy reads again at the seeds' M = 4096 (a slower DRAM's
    ``policy.READ_AGAIN_ROW_TILES``: four rows of one warp, two and a tail, one tile and a tail in
    4 or 8 warps; ``ONE_ROW_TILES``, a fast DRAM's: a block and a tail in 4 warps; 2945: rows not
    read in whole vectors), on a few rows (the last tile short): every output bit that of the same
    plan holding its tiles, softmax and log-softmax."""
    plan = _hopper_plan(N, "float32", dram_gbs, M=4096)
    assert plan.reread and plan.kernel == "single_block" and not plan.tail2, plan
    M = 2 * plan.block_m + 1
    again = dataclasses.replace(plan, grid=(-(-M // plan.block_m),))
    held = dataclasses.replace(again, reread=False)
    x = _random((M, N), torch.float32, device, seed=11)
    x[1, ::5] = -float("inf")
    for log in (False, True):
        outputs = []
        for form in (held, again):
            y = torch.full_like(x, float("nan"))
            launch.softmax_rows(form, x, y, log)
            outputs.append(y)
        assert_close(outputs[0], _oracle(x, -1, log), dtype=torch.float32,
                     kind="log_softmax" if log else "softmax")
        assert torch.equal(outputs[1], outputs[0]), log


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("M,N,block,tail,tail2,block_m,row_threads", [
    (3, 300, 512, 0, 0, 1, 0), (9, 200, 256, 0, 0, 4, 0), (5, 108, 64, 32, 16, 2, 0),
    (3, 2688, 2048, 512, 128, 2, 16), (7, 896, 1024, 0, 0, 4, 8)])
def test_a_single_block_forward_read_again_writes_the_same_bits(M, N, block, tail, tail2, block_m,
                                                                row_threads, dtype, device):
    """``Plan.reread``: tiles loaded again for the output, rather than held, give every bit of
    the output the plan holding them gives, one tile or a block and tails, a row a program or
    several, rows by warps or not, softmax and log-softmax, -inf columns included, and in place
    (the output is the input: every tile is read again before any is written)."""
    x = _random((M, N), dtype, device, seed=5)
    x[0, ::3] = -float("inf")
    plan = dataclasses.replace(triton_impl.make_plan(M, N, dtype, device), block_n=block,
                               tail=tail, tail2=tail2, block_m=block_m, row_threads=row_threads,
                               grid=(-(-M // block_m),))
    again = dataclasses.replace(plan, reread=True)
    assert "read again for the output" in again.describe()
    assert launch.launches(again, (x, x), log=False)[0].constexprs["REREAD"]
    assert not launch.launches(plan, (x, x), log=False)[0].constexprs["REREAD"]
    for log in (False, True):
        held = torch.full_like(x, float("nan"))
        launch.softmax_rows(plan, x, held, log)
        assert not held.isnan().any()
        read_again = torch.full_like(x, float("nan"))
        launch.softmax_rows(again, x, read_again, log)
        assert torch.equal(read_again, held), log
        in_place = x.clone()
        launch.softmax_rows(again, in_place, in_place, log)
        assert torch.equal(in_place, held), log


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("held_as_loaded", [False, True], ids=["converted", "held_as_loaded"])
def test_a_single_block_backward_read_again_writes_the_same_bits(held_as_loaded, dtype, device):
    """``Plan.reread`` in the backward: y and dy loaded again for dx give every bit of dx that
    the plan holding them gives, several rows a tile (the last masked), softmax and log-softmax,
    and in place (dx is dy)."""
    M, N = 7, 300
    y = _random((M, N), dtype, device, seed=6)
    dy = _random((M, N), dtype, device, seed=7, scale=1.0)
    plan = dataclasses.replace(triton_impl.make_plan(M, N, dtype, device, backward=True),
                               held_as_loaded=held_as_loaded)
    assert plan.kernel == "single_block" and plan.block_m > 1 and M % plan.block_m
    again = dataclasses.replace(plan, reread=True)
    assert launch.launches(again, (y, dy, y), log=False)[0].constexprs["REREAD"]
    assert not launch.launches(plan, (y, dy, y), log=False)[0].constexprs["REREAD"]
    for log in (False, True):
        held = torch.full_like(y, float("nan"))
        launch.softmax_backward_rows(plan, y, dy, held, log)
        assert not held.isnan().any()
        read_again = torch.full_like(y, float("nan"))
        launch.softmax_backward_rows(again, y, dy, read_again, log)
        assert torch.equal(read_again, held), log
        in_place = dy.clone()
        launch.softmax_backward_rows(again, y, in_place, in_place, log)
        assert torch.equal(in_place, held), log


@pytest.mark.parametrize("N", [1408, 2688, 2945])
def test_rows_by_warps_on_contiguous_and_unaligned_rows(N, device):
    """The policy's float32 rows of one warp each, two a program (``policy.ROWS_BY_WARPS``), on
    contiguous rows (a pass of 16-byte vectors) and on rows that are not whole vectors (N = 2945,
    and an output at an odd offset: a pass of one element a thread, ``policy.row_pass``), three
    rows so that the last program's second row is masked; outputs poisoned with NaN."""
    x = _random((3, N), torch.float32, device)
    plan = triton_impl.make_plan(3, N, torch.float32, device)
    assert plan.row_threads == 32 and plan.block_m == 2, plan
    for offset in (0, 1):
        y_buffer = torch.full((3 * N + offset,), float("nan"), device=device)
        y = y_buffer[offset:].view(3, N)
        launch.softmax_rows(plan, x, y, False)
        assert_close(y, _oracle(x, -1, False), dtype=torch.float32, kind="softmax")


HOPPER = policy.DeviceDescription("a Hopper GPU", 132, dram_gbs=4800, capability=9)


def test_narrow_float32_rows_take_one_warp_each_within_the_rules_bounds():
    """``policy.NARROW_ROWS_BY_WARPS``: float32 forward rows of 513 to 1024 columns on a Hopper
    GPU (129 to 1024 from ``FAST_DRAM_FROM_GBS``; a DRAM of unknown speed counts as slower),
    four a program in four warps of one row each, from ``NARROW_ROWS_BY_WARPS_FROM_ROWS`` rows
    to fewer than 2^27 // N (``SINGLE_BLOCK_TILES_FROM_ELEMENTS``), and past it where the DRAM is
    fast and the rows are held in 256 or 512 (``FAST_DRAM_LARGE_NARROW_ROWS_BY_WARPS``: but rows
    past vectors of 257-388, through the window); rows of 128, fewer rows, the bandwidth grid's
    and the widths section's rows of about 2^27 elements held in 1024 or exactly 256 wide,
    16-bit rows, the backward and other GPUs keep rows laid along the columns."""
    rows = policy.NARROW_ROWS_BY_WARPS_FROM_ROWS
    slower_dram = dataclasses.replace(HOPPER, dram_gbs=3350)
    unknown_dram = dataclasses.replace(HOPPER, dram_gbs=None)
    fast_from = dataclasses.replace(HOPPER, dram_gbs=policy.FAST_DRAM_FROM_GBS)
    all_widths, wide_half = (129, 192, 256, 257, 384, 512, 640, 1000, 1024), (513, 1024)
    for device, widths in ((HOPPER, all_widths), (fast_from, all_widths),
                           (slower_dram, wide_half), (unknown_dram, wide_half)):
        for N in widths:
            for M in (rows, policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // N - 1):
                plan = policy.choose(M, N, "float32", device)
                assert (plan.block_m, plan.num_warps, plan.row_threads) == (4, 4, 32), (M, N, plan)
                assert plan.block_n == triton.next_power_of_2(N) and not plan.tail, (M, N, plan)
    for N in (132, 160, 200, 252, 260, 268, 384, 389, 401, 508, 511):
        # 129-131 from 2^27 // N: WINDOWED_ROW_TILES' tile of 128; rows past vectors of 257-388:
        # WINDOWED_TAILED_ROW_TILES'
        for M in (policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // N, 1 << 22):
            plan = policy.choose(M, N, "float32", HOPPER)
            assert (plan.block_m, plan.num_warps, plan.row_threads) == (4, 4, 32), (M, N, plan)
    ampere = dataclasses.replace(HOPPER, capability=8)
    large = policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // 200
    kept = [(large, 200, "float32", False, slower_dram), (large, 200, "bfloat16", False, HOPPER),
            (large, 200, "float32", True, HOPPER), (large, 200, "float32", False, ampere),
            (policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // 128, 128, "float32", False, HOPPER),
            (rows, 128, "float32", False, HOPPER), (rows, 256, "float32", False, slower_dram),
            (rows - 1, 1024, "float32", False, HOPPER),
            (policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // 256, 256, "float32", False, HOPPER),
            (policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // 1024, 1024, "float32", False, HOPPER),
            (policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // 1000, 1000, "float32", False, HOPPER),
            (policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // 1001, 1001, "float32", False, HOPPER),
            (rows, 1024, "bfloat16", False, HOPPER), (rows, 1024, "float32", True, HOPPER),
            (rows, 1024, "float32", False, ampere), (rows, 512, "float32", False, slower_dram),
            (rows, 257, "float32", False, unknown_dram)]
    for M, N, dtype, backward, device in kept:
        plan = policy.choose(M, N, dtype, device, backward=backward)
        assert plan.row_threads == 0, (M, N, dtype, backward, device, plan)
    forced = policy.choose(large, 200, "float32", HOPPER,
                           forcing=policy.Forcing("single_block", 256))
    assert forced.row_threads == 0, forced


def test_short_rows_take_the_timed_layouts_from_2_27_elements():
    """``policy.FAST_DRAM_SHORT_ROW_LAYOUTS``: float32 forward odd rows of 17-35 columns and rows
    of 36-56, sixteen a program of eight threads each, odd rows of 57-105 eight of sixteen
    threads, and 16-bit odd rows of 37-55 sixteen of eight, held in their power of two from
    their own starts in four warps, and float32 rows of N % 4 == 2 of 82-110 four of eight
    threads in one, on a fast-DRAM Hopper from 2^27 // N rows; fewer rows, whole vectors of
    17-31 and past 56, 22, 34, 58, 62 and 114 (8-byte vectors), odd rows past 105, 16, 32 and
    68 columns, float32 66-78 and 16-bit 33 and 35 (heads and tails since), 16-bit odd rows of
    57-63 (``FAST_DRAM_SHORT_ROW_TILES`` since), 16-bit rows of other N, the backward, a slower
    DRAM and other GPUs keep their plans."""
    large = policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS
    for dtype, N, layout in (
            ("float32", 17, (16, 8)), ("float32", 23, (16, 8)), ("float32", 31, (16, 8)),
            ("float32", 33, (16, 8)), ("float32", 35, (16, 8)), ("float32", 36, (16, 8)),
            ("float32", 45, (16, 8)), ("float32", 47, (16, 8)), ("float32", 50, (16, 8)),
            ("float32", 56, (16, 8)), ("float32", 57, (8, 16)), ("float32", 63, (8, 16)),
            ("float32", 65, (8, 16)), ("float32", 67, (8, 16)),
            ("float32", 69, (8, 16)), ("float32", 87, (8, 16)), ("float32", 105, (8, 16)),
            ("bfloat16", 39, (16, 8)), ("float16", 37, (16, 8)), ("bfloat16", 45, (16, 8)),
            ("float16", 51, (16, 8)), ("bfloat16", 53, (16, 8)), ("float16", 55, (16, 8))):
        for M in (large // N, 2 * large // N):
            plan = policy.choose(M, N, dtype, HOPPER)
            assert (plan.block_m, plan.row_threads, plan.num_warps, plan.block_n, plan.tail,
                    plan.windowed) == (*layout, 4, triton.next_power_of_2(N), 0,
                                       N % 4 == 0), (M, N, plan)
    for N, rows, warps in ((82, 4, 1), (94, 4, 1), (110, 4, 1)):
        for M in (large // N, 2 * large // N):
            plan = policy.choose(M, N, "float32", HOPPER)
            assert (plan.block_m, plan.row_threads, plan.num_warps, plan.block_n, plan.tail,
                    plan.windowed) == (rows, 8, warps, 128, 0, False), (M, N, plan)
    slower_dram = dataclasses.replace(HOPPER, dram_gbs=3350)
    ampere = dataclasses.replace(HOPPER, capability=8)
    kept = [(large // 35 - 1, 35, "float32", False, HOPPER),
            (large // 60, 60, "float32", False, HOPPER),
            (large // 64, 64, "float32", False, HOPPER),
            (large // 32, 32, "float32", False, HOPPER),
            (large // 28, 28, "float32", False, HOPPER),
            (large // 68, 68, "float32", False, HOPPER),
            (large // 58, 58, "float32", False, HOPPER),
            (large // 62, 62, "float32", False, HOPPER),
            (large // 70 - 1, 70, "float32", False, HOPPER),
            (large // 66, 66, "float32", False, HOPPER),
            (large // 74, 74, "float32", False, HOPPER),
            (large // 33, 33, "bfloat16", False, HOPPER),
            (large // 35, 35, "float16", False, HOPPER),
            (large // 76, 76, "float32", False, HOPPER),
            (large // 80, 80, "float32", False, HOPPER),
            (large // 108, 108, "float32", False, HOPPER),
            (large // 86, 86, "float32", True, HOPPER),
            (large // 86, 86, "float32", False, slower_dram),
            (large // 78, 78, "float32", False, ampere),
            (large // 22, 22, "float32", False, HOPPER),
            (large // 34, 34, "float32", False, HOPPER),
            (large // 24, 24, "float32", False, HOPPER),
            (large // 16, 16, "float32", False, HOPPER),
            (large // 15, 15, "float32", False, HOPPER),
            (large // 13, 13, "float32", False, HOPPER),
            (large // 31, 31, "bfloat16", False, HOPPER),
            (large // 65, 65, "float16", False, HOPPER),
            (large // 57, 57, "bfloat16", False, HOPPER),
            (large // 63, 63, "float16", False, HOPPER),
            (large // 34, 34, "bfloat16", False, HOPPER),
            (large // 40, 40, "float16", False, HOPPER),
            (large // 37 - 1, 37, "bfloat16", False, HOPPER),
            (large // 37, 37, "bfloat16", True, HOPPER),
            (large // 45, 45, "float16", False, slower_dram),
            (large // 35, 35, "float32", True, HOPPER),
            (large // 35, 35, "float32", False, slower_dram),
            (large // 57, 57, "float32", False, ampere)]
    for M, N, dtype, backward, device in kept:
        plan = policy.choose(M, N, dtype, device, backward=backward)
        assert plan.row_threads not in (8, 16), (M, N, dtype, backward, device, plan)
    forced = policy.choose(large // 35, 35, "float32", HOPPER,
                           forcing=policy.Forcing("single_block", 64))
    assert forced.row_threads == 0, forced
    for N in (107, 114, 127):  # through the window (WINDOWED_ROW_TILES), not from own starts
        plan = policy.choose(large // N, N, "float32", HOPPER)
        assert plan.windowed and plan.block_m == 4, (N, plan)


def test_odd_16_bit_rows_of_25_and_27_are_held_as_three_tiles_from_their_own_starts():
    """``policy.NARROW_ROWS_FORWARD_THREE_TILES``: on a fast-DRAM Hopper from 2^27 // N rows,
    the 16-bit forward of odd 25 and 27 holds 64 rows of 16 + 8 + 4 in one warp, each row from
    its own start (the launch's TAIL2 4, value by value); 29 and 31 (a third tile pads them as
    much as 32), even rows of 26 and 28, float32, the backward, fewer rows, a slower DRAM and a
    forced block keep their plans."""
    assert policy.NARROW_ROWS_FORWARD_THREE_TILES == {2: {(16, 8, 4): (64, 1)}}
    large = policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS
    for dtype in ("bfloat16", "float16"):
        for N in (25, 27):
            plan = policy.choose(large // N, N, dtype, HOPPER)
            assert (plan.block_m, plan.block_n, plan.tail, plan.tail2, plan.num_warps,
                    plan.row_threads, plan.windowed) == (64, 16, 8, 4, 1, 0, False), (N, plan)
            x = torch.empty((large // N, N), dtype=getattr(torch, dtype), device="meta")
            (record,) = launch.launches(plan, (x, x), log=False)
            assert (record.constexprs["WINDOW"], record.constexprs["MULTIPLE_OF"],
                    record.constexprs["TAIL2"]) == (0, 1, 4), (dtype, N)
    slower_dram = dataclasses.replace(HOPPER, dram_gbs=3350)
    kept = [policy.choose(large // N, N, "bfloat16", HOPPER) for N in (26, 28, 29, 31)]
    kept += [policy.choose(large // 25, 25, "float32", HOPPER),
             policy.choose(large // 25, 25, "bfloat16", HOPPER, backward=True),
             policy.choose(large // 25 - 1, 25, "bfloat16", HOPPER),
             policy.choose(large // 27, 27, "float16", slower_dram),
             policy.choose(large // 27, 27, "bfloat16", HOPPER,
                           forcing=policy.Forcing("single_block", 32))]
    assert all(plan.tail2 == 0 for plan in kept), kept


def test_short_float32_rows_past_vectors_take_the_timed_tiles_from_2_27_elements():
    """``policy.FAST_DRAM_SHORT_ROW_TILES``: float32 forward rows past vectors of 13-15 and of
    N % 4 == 2 at 18-30, 32 a program in two warps, and 16-bit odd rows of 57-63, eight in one
    warp, from their own starts, laid along the columns, on a fast-DRAM Hopper from 2^27 // N
    rows; float32 odd rows of 17-31 and 16-bit odd rows of 49-55 keep
    ``FAST_DRAM_SHORT_ROW_LAYOUTS``' layout, and whole vectors, rows of 10, 34, 16-bit rows of
    N % 4 == 2 at 58-62 and of 65, fewer rows, a slower DRAM, a forced block, the float32
    backward and 16-bit rows of 22 keep their plans (the 16-bit backward of 57, eight rows in
    one warp before, by a rule of its own, is left out)."""
    assert policy.FAST_DRAM_SHORT_ROW_TILES == {4: ((13, 31, 32, 2, (1, 2, 3)),),
                                                2: ((57, 63, 8, 1, (1, 3, 5, 7)),)}
    large = policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS
    for N in (13, 14, 15, 18, 22, 26, 30):
        plan = policy.choose(large // N, N, "float32", HOPPER)
        assert (plan.block_m, plan.num_warps, plan.row_threads, plan.block_n, plan.tail,
                plan.windowed) == (32, 2, 0, triton.next_power_of_2(N), 0, False), (N, plan)
    assert policy.choose(large // 21, 21, "float32", HOPPER).row_threads == 8
    for dtype in ("bfloat16", "float16"):
        for N in (57, 59, 61, 63):
            plan = policy.choose(large // N, N, dtype, HOPPER)
            assert (plan.block_m, plan.num_warps, plan.row_threads, plan.block_n, plan.tail,
                    plan.windowed) == (8, 1, 0, 64, 0, False), (dtype, N, plan)
        assert policy.choose(large // 55, 55, dtype, HOPPER).row_threads == 8
    slower_dram = dataclasses.replace(HOPPER, dram_gbs=3350)
    kept = [policy.choose(large // N, N, "float32", HOPPER) for N in (10, 16, 20, 34)]
    kept += [policy.choose(large // 22 - 1, 22, "float32", HOPPER),
             policy.choose(large // 22, 22, "float32", slower_dram),
             policy.choose(large // 22, 22, "float32", HOPPER, backward=True),
             policy.choose(large // 22, 22, "bfloat16", HOPPER)]
    kept.append(policy.choose(large // 22, 22, "float32", HOPPER,
                              forcing=policy.Forcing("single_block", 32)))
    assert all((plan.block_m, plan.num_warps) != (32, 2) for plan in kept), kept
    kept = [policy.choose(large // N, N, "bfloat16", HOPPER) for N in (58, 60, 62, 64, 65)]
    kept += [policy.choose(large // 57 - 1, 57, "bfloat16", HOPPER),
             policy.choose(large // 57, 57, "bfloat16", slower_dram),
             policy.choose(large // 57, 57, "bfloat16", HOPPER,
                           forcing=policy.Forcing("single_block", 64))]
    assert all((plan.block_m, plan.num_warps) != (8, 1) for plan in kept), kept


def test_the_narrowest_float32_rows_take_the_timed_layouts_from_their_own_starts():
    """``policy.FAST_DRAM_SHORT_ROW_HEADS_AND_TAILS`` (forward) and
    ``FAST_DRAM_SHORT_ROWS_BACKWARD_FROM_OWN_STARTS``: on a fast-DRAM Hopper from 2^27 // N
    rows, the float32 forward of 9 holds 32 rows of 8 + 1 in two warps, of 11 64 rows of 8 + 4
    in two, of 66 16 rows of 64 + 2 in one, of 70 8 rows of 64 + 8 and of 74 and 78 8 rows of
    64 + 16 in one, and the backward of 9, 11, 13 and 15 64 rows of 16 in two warps and of 10
    and 14 32 rows of 16 in one, each row from its own start. Fewer rows, a slower DRAM,
    another GPU, whole vectors (12), the forward of 10 and 82, 16-bit rows that share a float32
    table's alignment and key (the backward of 10 and 14, 4 bytes, and 12, 8 bytes, held in 16;
    the forward of 76, 8 bytes, 64 + 16) and a forced block keep their plans."""
    assert policy.FAST_DRAM_SHORT_ROW_HEADS_AND_TAILS == {
        4: {(8, 1): (32, 2), (8, 4): (64, 2)}, 8: {(64, 2): (16, 1), (64, 8): (8, 1),
                                                   (64, 16): (8, 1)}}
    assert policy.FAST_DRAM_SHORT_ROWS_BACKWARD_FROM_OWN_STARTS == {8: {16: (32, 1)},
                                                                    4: {16: (64, 2)}}
    large = policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS
    for backward, N, layout in ((False, 9, (32, 8, 1, 2)), (False, 11, (64, 8, 4, 2)),
                                (False, 66, (16, 64, 2, 1)), (False, 70, (8, 64, 8, 1)),
                                (False, 74, (8, 64, 16, 1)), (False, 78, (8, 64, 16, 1)),
                                (True, 9, (64, 16, 0, 2)), (True, 10, (32, 16, 0, 1)),
                                (True, 11, (64, 16, 0, 2)), (True, 13, (64, 16, 0, 2)),
                                (True, 14, (32, 16, 0, 1)), (True, 15, (64, 16, 0, 2))):
        plan = policy.choose(large // N, N, "float32", HOPPER, backward=backward)
        assert (plan.block_m, plan.block_n, plan.tail, plan.num_warps, plan.windowed,
                plan.row_threads) == (*layout, False, 0), (backward, N, plan)
    slower_dram = dataclasses.replace(HOPPER, dram_gbs=3350)
    ampere = dataclasses.replace(HOPPER, capability=8)
    cases = [(large // N - 1, N, "float32", backward, HOPPER) for N, backward in ((9, False),
                                                                                  (13, True))]
    cases += [(large // N, N, "float32", backward, device) for N, backward, device in (
        (9, False, slower_dram), (11, False, ampere), (14, True, slower_dram), (10, False, HOPPER),
        (12, False, HOPPER), (12, True, HOPPER), (82, False, HOPPER), (70, False, slower_dram))]
    cases += [(large // N, N, dtype, True, HOPPER) for dtype in ("bfloat16", "float16")
              for N in (10, 12, 14)]
    cases += [(large // 76, 76, dtype, False, HOPPER) for dtype in ("bfloat16", "float16")]
    for M, N, dtype, backward, device in cases:
        plan = policy.choose(M, N, dtype, device, backward=backward)
        with unittest.mock.patch.multiple(policy, FAST_DRAM_SHORT_ROW_HEADS_AND_TAILS={},
                                          FAST_DRAM_SHORT_ROWS_BACKWARD_FROM_OWN_STARTS={}):
            assert plan == policy.choose(M, N, dtype, device, backward=backward), (
                M, N, dtype, backward)
    for backward in (False, True):
        forced = policy.choose(large // 9, 9, "float32", HOPPER, backward=backward,
                               forcing=policy.Forcing("single_block", 16))
        assert forced.tail == 0 and forced.block_n == 16, forced


def test_float32_rows_of_2048_go_two_a_program_within_the_rules_bounds():
    """``policy.TWO_ROWS_A_PROGRAM``: float32 forward rows held in 2048 columns (1537-2048) on a
    Hopper GPU of either DRAM, two a program in the four warps one took, within the bounds of the
    narrow rows' rule; fewer rows, 2^27 elements, a forced block, 16-bit rows, the backward and
    other GPUs keep one a program, and rows held with a tail (1536, 2049) keep their tail plans."""
    rows = policy.NARROW_ROWS_BY_WARPS_FROM_ROWS
    slower_dram = dataclasses.replace(HOPPER, dram_gbs=3350)
    for device in (HOPPER, slower_dram):
        for N in (1537, 1664, 2048):
            for M in (rows, policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // N - 1):
                plan = policy.choose(M, N, "float32", device)
                assert (plan.block_m, plan.block_n, plan.num_warps, plan.tail,
                        plan.row_threads) == (2, 2048, 4, 0, 0), (M, N, plan)
    ampere = dataclasses.replace(HOPPER, capability=8)
    kept = [(rows - 1, 1664, "float32", False, HOPPER),
            (policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // 1664, 1664, "float32", False, HOPPER),
            (rows, 1664, "bfloat16", False, HOPPER), (rows, 1664, "float32", True, HOPPER),
            (rows, 1664, "float32", False, ampere)]
    for M, N, dtype, backward, device in kept:
        plan = policy.choose(M, N, dtype, device, backward=backward)
        assert plan.block_m == 1, (M, N, dtype, backward, device, plan)
    forced = policy.choose(rows, 1664, "float32", HOPPER,
                           forcing=policy.Forcing("single_block", 2048))
    assert forced.block_m == 1, forced
    for N in (1536, 2049):  # the rule takes rows held in 2048 columns and no tail
        assert policy.choose(rows, N, "float32", HOPPER).tail, N


@pytest.mark.parametrize("N, rows, row_threads, planned_rows", [
    (129, 4, 32, 0), (384, 4, 32, 0), (1000, 4, 32, 0), (1024, 4, 32, 0), (1600, 2, 0, 0),
    (160, 4, 32, (1 << 27) // 160), (33, 16, 8, (1 << 27) // 33), (36, 16, 8, (1 << 27) // 36),
    (56, 16, 8, 1 << 22), (57, 8, 16, (1 << 27) // 57), (67, 8, 16, (1 << 27) // 67),
    (99, 8, 16, (1 << 27) // 99), (268, 4, 32, (1 << 27) // 268), (13, 32, 0, (1 << 27) // 13),
    (22, 32, 0, (1 << 27) // 22), (9, 32, 0, (1 << 27) // 9), (11, 64, 0, (1 << 27) // 11),
    (70, 8, 0, (1 << 27) // 70), (98, 4, 8, (1 << 27) // 98),
    (401, 4, 32, (1 << 27) // 401),
    (21, 16, 8, (1 << 27) // 21), (66, 16, 0, (1 << 27) // 66), (78, 8, 0, (1 << 27) // 78)])
def test_the_timed_row_tiles_write_every_row(N, rows, row_threads, planned_rows, device):
    """The policy's tiles of several float32 rows a program on a fast-DRAM Hopper at M = 4096:
    four rows of one warp each (``FAST_DRAM_NARROW_ROWS_BY_WARPS``) and two rows of 2048 columns
    (``TWO_ROWS_A_PROGRAM``), and from 2^27 // N rows (``planned_rows``) the rows of whole
    vectors held in 256 or 512 and the rows past vectors of 389-511
    (``FAST_DRAM_LARGE_NARROW_ROWS_BY_WARPS``) and the short rows of
    ``FAST_DRAM_SHORT_ROW_LAYOUTS`` (8 or 16 threads a row, 17-110 columns),
    ``FAST_DRAM_SHORT_ROW_TILES`` (32 rows of 16 or 32 in two warps) and
    ``FAST_DRAM_SHORT_ROW_HEADS_AND_TAILS`` (9, 11 and 66-78, a head and a tail), on five rows, so
    that the last program masks some of its rows, on contiguous rows and on an output at an odd
    offset (a pass of one element a thread); outputs poisoned with NaN, nothing written past the
    rows."""
    M = 5
    x = _random((M, N), torch.float32, device)
    plan = policy.choose(planned_rows or policy.NARROW_ROWS_BY_WARPS_FROM_ROWS, N, "float32",
                         HOPPER)
    assert (plan.block_m, plan.row_threads) == (rows, row_threads), plan
    plan = dataclasses.replace(plan, grid=(policy.cdiv(M, plan.block_m),))
    for offset in (0, 1):
        y_buffer = torch.full((M * N + offset + 64,), float("nan"), device=device)
        y = y_buffer[offset:offset + M * N].view(M, N)
        launch.softmax_rows(plan, x, y, False)
        assert_close(y, _oracle(x, -1, False), dtype=torch.float32, kind="softmax")
        assert y_buffer[offset + M * N:].isnan().all(), "wrote past the rows"


@pytest.mark.parametrize("dtype", DTYPES + [torch.float64], ids=str)
@pytest.mark.parametrize("M,N", [(4, 1152), (3, 2304), (2, 8320)])
def test_the_policys_tails_narrow_and_widened_write_every_column(M, N, dtype, device):
    """The policy's own plans of rows held as a block and a tail (``policy._tailed``): float32 1152
    as 1024 + 128 in one warp, 2304 as 2048 + 256 in two, 8320 as 8192 + 1024 (a tail widened
    past N), the other dtypes as their rule gives; an output poisoned with NaN, every column
    written and nothing past the rows."""
    x = _random((M, N), dtype, device)
    y_buffer = torch.full((M, N + 64), float("nan"), dtype=dtype, device=device)
    y = y_buffer[:, :N]
    plan = triton_impl.make_plan(M, N, dtype, device)
    # 16-bit 1152: a 128-column rest fills no pass, and widened to one it is the power of two
    assert plan.kernel == "single_block" and (plan.tail or (N == 1152 and dtype.itemsize == 2))
    launch.softmax_rows(plan, x, y, False)
    assert_close(y, _oracle(x, -1, False), dtype=dtype, kind="softmax")
    assert y_buffer[:, N:].isnan().all(), "wrote past the rows"


@pytest.mark.parametrize("splits", [1, 2, 5, 8])
def test_split_row_merges_any_number_of_chunks(splits, device):
    x = _random((2, 130), torch.float32, device)
    plan = triton_impl.plan(x, kernel="split", block_n=16, splits=splits)
    assert plan.kernel == "split" and plan.splits <= splits and plan.chunk % 16 == 0
    assert plan.splits * plan.chunk >= 130 > (plan.splits - 1) * plan.chunk
    for log in (False, True):
        _check(x, -1, log, torch.float32, dict(kernel="split", block_n=16, splits=splits))


LAYOUTS = {
    "dim 0 of 2-D": lambda t: (t, 0),
    "transposed": lambda t: (t.t(), 1),
    "sliced rows": lambda t: (t[::2, 3:40], 1),
    "expanded stride 0": lambda t: (t[:1].expand(5, -1), 1),
    "3-D middle dim": lambda t: (t.reshape(4, 6, 40), 1),
    "3-D permuted": lambda t: (t.reshape(4, 6, 40).permute(2, 0, 1), 0),
    "negative dim": lambda t: (t.reshape(4, 6, 40), -2),
}


@pytest.mark.parametrize("layout", LAYOUTS, ids=list(LAYOUTS))
@pytest.mark.parametrize("path,overrides", PATHS, ids=PATH_IDS)
def test_any_layout(layout, path, overrides, device):
    x, dim = LAYOUTS[layout](_random((24, 40), torch.float32, device))
    for log in (False, True):
        _check(x, dim, log, torch.float32, overrides)


@pytest.mark.parametrize("N,strides,itemsize,multiple", [
    (1024, (1024, 1024), 4, 1),  # every integer a multiple of 16: Triton's specialisation says so
    (1000, (1000, 1000), 4, 4),  # a multiple of 8: 16-byte vectors of 4 float32
    (1000, (1000, 1000), 2, 8),
    (4100, (4100, 4100), 2, 4),
    (1000, (0, 1000), 8, 2),  # an expanded row's stride 0 divides by anything
    (1024, (1028, 1024), 4, 4),  # N of 16, a stride of 4: the stride decides
    (1001, (1001, 1001), 4, 1),
])
def test_the_launch_tells_each_kernel_what_its_widths_are_multiples_of(N, strides, itemsize,
                                                                        multiple):
    assert launch.known_multiple_of(N, strides, itemsize) == multiple


@pytest.mark.skipif(not kernels_interpreted(), reason="the interpreter runs the hint's division")
@pytest.mark.parametrize("path,overrides", [p for p in PATHS if p[0] != "auto"],
                         ids=[i for i in PATH_IDS if i != "auto"])
def test_a_wrong_multiple_would_fail_these_tests(path, overrides, device, monkeypatch):
    """The kernels take N and the row strides through ``row_math.known_multiple``, which
    divides under the interpreter: a launch that promised a multiple the row is not would
    lose columns here, in CI, not only on a GPU. N = 100 is a multiple of 4, not of 8."""
    x = _random((3, 100), torch.float32, device)
    expected = _oracle(x, -1, False)
    assert launch.known_multiple_of(100, (100, 100), 4) == 4
    assert np.allclose(triton_impl.softmax(x, -1, **overrides).cpu().numpy(), expected, atol=1e-6)
    monkeypatch.setattr(launch, "known_multiple_of", lambda N, strides, itemsize: 8)
    wrong = triton_impl.softmax(x, -1, **overrides).cpu().numpy()
    assert not np.allclose(wrong, expected, atol=1e-3)


def test_zero_dim_and_empty(device):
    scalar = torch.tensor(3.5, device=device)
    assert triton_impl.softmax(scalar, 0).item() == 1.0
    assert triton_impl.log_softmax(scalar, -1).item() == 0.0
    for shape in [(0, 4), (4, 0), (2, 0, 3)]:
        x = torch.empty(shape, device=device, requires_grad=True)
        for dim in range(len(shape)):
            y = triton_impl.softmax(x, dim)
            assert y.shape == x.shape
            y.sum().backward()
    assert triton_impl.plan(torch.empty(0, 3, device=device)) is None


INF, NAN = float("inf"), float("nan")
SPECIAL_ROWS = [
    [INF, 1.0, 2.0], [-INF, -INF, -INF], [NAN, 1.0, 2.0], [-INF, 1.0, 2.0], [INF, INF, 1.0],
    [1e30, -1e30, 0.0], [-1e30, -1e30, -1e30], [1e4, 1e4 + 1, 1e4 - 1], [-INF, -INF, 0.0],
]


@pytest.mark.parametrize("path,overrides", PATHS, ids=PATH_IDS)
@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
def test_nan_and_inf_as_torch(path, overrides, log, device):
    overrides = dict(overrides, block_n=overrides.get("block_n") and 2)  # special values meet
    x = torch.tensor(SPECIAL_ROWS, device=device)
    ours = (triton_impl.log_softmax if log else triton_impl.softmax)(x, -1, **overrides)
    theirs = (torch.log_softmax if log else torch.softmax)(x.cpu(), -1)
    torch.testing.assert_close(ours.cpu(), theirs, equal_nan=True, rtol=1e-6, atol=1e-6)


def test_output_written_exactly_inside_its_rows(device):
    """Poison the memory around the output and between the input's rows: nothing leaks."""
    M, N, pad = 6, 45, 19
    plans = {path: triton_impl.make_plan(M, N, torch.float32, device,
                                         forcing=policy.Forcing(**options))
             for path, options in PATHS}
    plans.update({name: _experiment(M, N, torch.float32, device, name) for name in EXPERIMENTS})
    for path, plan in plans.items():
        for log in (False, True):
            x_store = torch.full((M, N + pad), NAN, device=device)
            x_store[:, :N] = _random((M, N), torch.float32, device)
            x = x_store[:, :N]
            y_store = torch.full((M + 2, N + pad), -7.0, device=device)
            y = y_store[1:M + 1, :N]
            launch.softmax_rows(plan, x, y, log)
            untouched = y_store.clone()
            untouched[1:M + 1, :N] = y
            assert torch.equal(y_store, untouched)
            assert (y_store[0] == -7).all() and (y_store[-1] == -7).all()
            assert (y_store[1:M + 1, N:] == -7).all(), f"{path} wrote past the row"
            assert_close(y, _oracle(x, -1, log), dtype=torch.float32,
                         kind="log_softmax" if log else "softmax")


def test_dtype_argument_and_modules(device):
    x = _random((3, 17), torch.float16, device)
    y = triton_impl.softmax(x, 1, dtype=torch.float32)
    assert y.dtype == torch.float32
    torch.testing.assert_close(y.cpu(), torch.softmax(x.cpu(), 1, dtype=torch.float32))
    assert isinstance(triton_impl.Softmax(dim=1), torch.nn.Module)
    z = triton_impl.LogSoftmax(dim=0)(x.float())
    torch.testing.assert_close(z.cpu(), torch.log_softmax(x.float().cpu(), 0), rtol=1e-5,
                               atol=1e-5)


@pytest.mark.parametrize("backend", ["aot_eager", "inductor"])
def test_torch_compile_without_graph_break(backend, device):
    """fullgraph=True fails on any graph break; inductor lowers our op as a fallback kernel."""
    torch._dynamo.reset()
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), triton_impl.Softmax(dim=-1),
                                torch.nn.Linear(16, 4), triton_impl.LogSoftmax(dim=0))
    model = model.to(device)
    x = _random((4, 8), torch.float32, device).requires_grad_(True)
    compiled = torch.compile(model, fullgraph=True, backend=backend)
    expected = model(x)
    # no cached artifacts: one compiled against an older signature of our ops would be reused
    with torch._inductor.config.patch(force_disable_caches=True):
        got = compiled(x)
        torch.testing.assert_close(got, expected)
        got.sum().backward()


@pytest.mark.parametrize("path,overrides", PATHS, ids=PATH_IDS)
def test_no_warning_reaches_the_caller(path, overrides, device):
    """Ordinary input warns nothing, whichever path runs (the interpreter's own NumPy warnings
    about masked lanes stay inside the launch)."""
    import warnings

    x = _random((3, 100), torch.float32, device)
    x[1] = float("nan")  # a row all NaN: NaN out, as torch, and no warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        y = triton_impl.softmax(x, -1, **overrides)
        triton_impl.log_softmax(x, -1, **overrides)
        triton_impl.softmax_backward_data(y, torch.ones_like(y), -1, **overrides)


def test_tensors_whose_memory_is_not_their_values(device):
    """A negated view (its memory holds -x, as torch._neg_view makes it) gives softmax of x, in
    every path and on a repeated call (the plain-call cache); an efficient zero tensor (no
    memory) gives the softmax of zeros, and a backward of zero; a wrapper subclass (torch's
    TwoTensor, whose own storage is empty) runs the op on what it wraps, as torch.softmax does;
    sparse and nested tensors, and a backward's dy on another device than y, are refused before
    any work."""
    from torch.testing._internal.two_tensor import TwoTensor

    x = _random((3, 40), torch.float32, device)
    negated = torch._neg_view(-x)
    for path, overrides in PATHS:
        for _ in range(2):
            torch.testing.assert_close(triton_impl.softmax(negated, -1, **overrides),
                                       torch.softmax(x, -1), msg=path)
    zeros = torch._efficientzerotensor((3, 40), device=device)  # no memory: a null pointer
    for _ in range(2):
        torch.testing.assert_close(triton_impl.softmax(zeros, -1), torch.full((3, 40), 1 / 40,
                                                                              device=device))
    y = triton_impl.softmax(x, -1)
    torch.testing.assert_close(triton_impl.softmax_backward_data(y, zeros, -1),
                               torch.zeros(3, 40, device=device))
    pair = triton_impl.softmax(TwoTensor(x, 2 * x), -1)
    assert type(pair) is TwoTensor
    torch.testing.assert_close(pair.a, torch.softmax(x, -1))
    torch.testing.assert_close(pair.b, torch.softmax(2 * x, -1))
    with pytest.raises(TypeError, match="to_dense"):
        triton_impl.softmax(x.to_sparse(), -1)
    with pytest.raises(TypeError, match="nested"):
        triton_impl.softmax(torch.nested.nested_tensor([x, x]), -1)
    y = triton_impl.softmax(x, -1)
    with pytest.raises(RuntimeError, match="one device"):
        triton_impl.softmax_backward_data(y, torch.ones(3, 40, device="meta"), -1)


def test_autocast_returns_what_torch_returns(device):
    """torch.autocast on CUDA computes a 16-bit softmax without ``dtype=`` in float32 and returns
    float32; on the CPU it leaves the dtype. The same dtype as torch, and torch's values."""
    x = _random((3, 40), torch.float16, device)
    with torch.autocast(x.device.type, dtype=torch.float16):
        for ours, theirs in ((triton_impl.softmax, torch.softmax),
                             (triton_impl.log_softmax, torch.log_softmax)):
            for _ in range(2):  # the second call, through the plain-call cache
                y, expected = ours(x, -1), theirs(x, -1)
                assert y.dtype == expected.dtype
                torch.testing.assert_close(y, expected, atol=2e-3, rtol=2e-3)


def test_meta_tensors_need_no_gpu_and_no_interpreter():
    """A meta tensor is a shape: planned and 'computed' on a machine without a GPU, kernels
    compiled or not (without the interpreter a CPU tensor is refused, a meta one is not)."""
    import subprocess
    import sys

    code = ("import torch, triton_impl; x = torch.empty(3, 4, device='meta');"
            "y = triton_impl.softmax(x, -1); triton_impl.plan(x);"
            "assert y.device.type == 'meta' and y.shape == x.shape;"
            "assert triton_impl.LogSoftmax(0)(x).shape == x.shape")
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]


def test_bad_input_is_refused_with_a_clear_error(device, monkeypatch):
    with pytest.raises(TypeError, match="float32"):
        triton_impl.softmax(torch.arange(6, device=device).reshape(2, 3))
    with pytest.raises(TypeError, match="complex"):
        triton_impl.softmax(torch.ones(2, 3, dtype=torch.complex64, device=device))
    with pytest.raises(IndexError, match="Dimension out of range"):
        triton_impl.softmax(torch.ones(2, 3, device=device), dim=2)
    with pytest.raises(TypeError, match="torch.Tensor"):
        triton_impl.softmax([1.0, 2.0])
    with pytest.raises(ValueError, match="unknown kernel"):
        triton_impl.softmax(torch.ones(2, 3, device=device), kernel="fast")
    with pytest.raises(ValueError, match="cooperative"):
        triton_impl.plan(torch.ones(1, 40000, device=device), kernel="single_block")
    with pytest.raises(ValueError, match="power of two"):
        triton_impl.plan(torch.ones(1, 40, device=device), kernel="online", block_n=24)
    with pytest.raises(ValueError, match="pass kernel= too"):
        triton_impl.softmax(torch.ones(4, 100, device=device), -1, block_n=32)
    with pytest.raises(ValueError, match="splits= applies"):
        triton_impl.plan(torch.ones(1, 40, device=device), kernel="online", splits=2)
    with pytest.raises(TypeError, match="block_n must be an int"):
        triton_impl.plan(torch.ones(1, 40, device=device), kernel="online", block_n=32.0)
    with pytest.raises(TypeError, match="unexpected keyword"):
        triton_impl.softmax(torch.ones(1, 40, device=device), kernel="online", lanes=4)
    if device == "cpu":
        monkeypatch.setattr("numpy.__version__", "2.4.0")
        with pytest.raises(RuntimeError, match="install NumPy below 2.4"):
            triton_impl.softmax(torch.ones(2, 3))
        monkeypatch.undo()
    monkeypatch.setattr("triton_impl._inputs.kernels_interpreted", lambda: False)
    with pytest.raises(RuntimeError, match="TRITON_INTERPRET=1"):
        triton_impl.softmax(torch.ones(2, 3))


def test_dispatcher_picks_by_width(device):
    def plan(M, N, dtype=torch.float32, **kw):
        return triton_impl.make_plan(M, N, dtype, device, **kw)

    assert plan(4096, 1024).kernel == "single_block"
    # 2048 rows: from 2^27 elements a fast-DRAM Hopper GPU (the H200) holds 16-bit rows of
    # 12289-32768 in cooperating programs (policy.FAST_DRAM_COOPERATIVE_FORWARD_COLS)
    assert plan(2048, 1 << 15, dtype=torch.bfloat16).kernel == "single_block"
    assert plan(4096, 1 << 14, backward=True).kernel == "single_block"
    # float32 forward rows whose power of two is 8192 to 32768 and that fill 3/4 of it: the online
    # kernel, the whole row in one step, folded (policy.ONLINE_ONE_STEP_COLS)
    for N in (6144, 8192, 12800, 1 << 15):
        chosen = plan(4096, N)
        whole = 1 << (N - 1).bit_length()
        assert (chosen.kernel, chosen.block_n, chosen.passes) == ("online", whole, 2)
        assert chosen.lanes == policy.folded_lanes(chosen.block_n, chosen.num_warps, 4)
    for N in (4096, 6143, 8448, 24575):
        assert plan(4096, N).kernel == "single_block"
    forced = plan(4096, 8192, forcing=policy.Forcing("online"))
    assert forced.lanes == forced.block_n, "a forced online plan keeps its pair a column"
    assert plan(4096, 1 << 15, backward=True).kernel == "cooperative"
    for M in (2, 4096):
        wide = plan(M, 1 << 20)
        assert wide.kernel == "cooperative" and "programs a row" in wide.describe()
        assert wide.grid == (M * wide.splits,) and wide.splits * wide.chunk >= 1 << 20
    for kernel in ("online", "split"):
        forced = plan(8, 1 << 20, forcing=policy.Forcing(kernel))
        assert forced.kernel == kernel and forced.lanes == forced.block_n  # a pair per column


@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
def test_backward_alone_matches_autograd(log, device):
    x = _random((6, 70), torch.float32, device).requires_grad_(True)
    y = (triton_impl.log_softmax if log else triton_impl.softmax)(x, 1)
    dy = _random((6, 70), torch.float32, device, seed=3)
    (expected,) = torch.autograd.grad(y, x, dy)
    got = triton_impl.softmax_backward_data(y.detach(), dy, 1, log=log, kernel="online",
                                            block_n=16)
    torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="must match"):
        triton_impl.softmax_backward_data(y.detach(), dy[:, :5], 1)


def test_every_tail_plan_holds_its_row_and_fills_its_threads():
    """``policy.block_and_tail`` in the policy's plans, every width a single block holds: block and
    tails powers of two with block < N <= block + tail + tail2 < 2 * block, no persistent grid
    (those keep their power of two); one row a program, its tail at least one pass of the
    threads' 16-byte vectors, and no thread holding more than ``MAX_VALUES_PER_THREAD`` values;
    or rows of one warp each (``ROWS_BY_WARPS``), every tile whole passes of the warp, at most
    ``ONE_WARP_TAIL_VALUES`` a thread; or one row of whole vectors laid out rows by warps,
    every thread of the program the row's (``ONE_ROW_BY_WARPS_TILES``: 8192 + 4096 of 16-bit
    rows), every tile whole passes of them."""
    device = policy.DeviceDescription("a GPU", 132)
    tails = by_warps = 0
    for dtype in ("float16", "bfloat16", "float32", "float64"):
        itemsize = np.dtype(dtype if dtype != "bfloat16" else "float16").itemsize
        vector = 16 // itemsize
        for N in range(1025, 32769, 61):
            try:
                plan = policy.choose(4096, N, dtype, device)
            except ValueError:  # wider than a single block holds in this dtype
                continue
            tiles = [t for t in (plan.block_n, plan.tail, plan.tail2) if t]
            row = sum(tiles)
            if plan.row_threads and plan.block_m == 1:
                assert N % vector == 0 and plan.row_threads == 32 * plan.num_warps, (dtype, N, plan)
                assert (itemsize, plan.block_n, plan.tail, False) in policy.ONE_ROW_BY_WARPS_TILES
                assert all(t % (plan.row_threads * vector) == 0 for t in tiles), (dtype, N, plan)
            elif plan.row_threads:
                by_warps += 1
                assert plan.row_threads == 32 and plan.num_warps == plan.block_m, (dtype, N, plan)
                assert plan.block_m == policy.ROWS_BY_WARPS, (dtype, N, plan)
                assert all(t % (32 * vector) == 0 for t in tiles), (dtype, N, plan)
                assert row <= 32 * policy.ONE_WARP_TAIL_VALUES[itemsize], (dtype, N, plan)
            else:
                assert plan.tail2 == 0, (dtype, N, plan)
                assert plan.block_m * row <= 32 * plan.num_warps * policy.MAX_VALUES_PER_THREAD
            if plan.tail:
                tails += 1
                assert plan.block_n < N <= row < 2 * plan.block_n, (N, plan)
                assert not plan.persistent, (dtype, N, plan)
                assert plan.row_threads or plan.block_m == 1, (dtype, N, plan)
                assert plan.tail >= 32 * plan.num_warps // plan.block_m * vector, (dtype, N, plan)
    assert tails > 100 and by_warps > 10


@pytest.mark.parametrize("dtype,N,expected", [
    ("float32", 1152, (1024, 128, 0, 2, 2)), ("float32", 1088, (1024, 128, 0, 2, 2)),
    ("float32", 1408, (1024, 256, 128, 2, 2)), ("float32", 2304, (2048, 256, 0, 2, 2)),
    ("float32", 2176, (2048, 128, 0, 2, 2)), ("float32", 2944, (2048, 1024, 0, 2, 2)),
    ("float32", 3072, (2048, 1024, 0, 2, 2)), ("float32", 3200, (4096, 0, 0, 4, 1)),
    ("float32", 4224, (4096, 512, 0, 4, 1)), ("float32", 8320, (8192, 1024, 0, 8, 1)),
    ("bfloat16", 1280, (1024, 256, 0, 1, 1)), ("bfloat16", 2304, (2048, 1024, 0, 4, 1)),
    ("bfloat16", 8320, (8192, 2048, 0, 8, 1)), ("bfloat16", 4224, (4096, 1024, 0, 4, 1)),
    ("float64", 2304, (2048, 256, 0, 4, 1)),
    ("float32", 1000, (1024, 0, 0, 4, 2)), ("float32", 1664, (2048, 0, 0, 4, 1)),
])
def test_a_narrow_tail_takes_fewer_warps_or_a_wider_tail(dtype, N, expected):
    """``policy._tailed`` and ``ROWS_BY_WARPS``, as (block, tail, tail2, warps, rows a program):
    a float32 row one warp holds as up to three tiles up to ``ONE_WARP_TAIL_VALUES`` a thread
    (3072; not 3200), two such rows a program; past it, and in other dtypes, a rest that
    fills a pass of the rule's warps is the tail, a narrower one takes the fewest warps whose pass
    it fills where they hold the row at most ``FEW_WARPS_TAIL_VALUES`` values a thread (bfloat16
    1280), else a tail widened to one pass (float32 4224, bfloat16 2304: 2048 + 1024); rows whose
    halves hold no fewer columns than their power of two (1664: 1024 + 1024), and rows that share
    a tile (1000), keep it (on a GPU of unknown capability: ``NARROW_ROWS_BY_WARPS`` is for
    Hopper)."""
    plan = policy.choose(4096, N, dtype, policy.DeviceDescription("a GPU", 132))
    got = (plan.block_n, plan.tail, plan.tail2, plan.num_warps, plan.block_m)
    assert got == expected, plan
    assert plan.row_threads == (32 if plan.tail and dtype == "float32" and N <= 3072 else 0), plan
    held = plan.block_n + plan.tail + plan.tail2
    if plan.num_warps < policy.MIN_SINGLE_BLOCK_WARPS and not plan.row_threads:
        assert held <= 32 * plan.num_warps * policy.FEW_WARPS_TAIL_VALUES


def _hopper_plan(N, dtype, dram_gbs, capability=9, backward=False, M=32768, **forcing):
    device = policy.DeviceDescription("a GPU", 132, dram_gbs=dram_gbs, capability=capability)
    return policy.choose(M, N, dtype, device, backward=backward,
                         forcing=policy.Forcing(**forcing) if forcing else policy.AUTO)


def test_a_fast_dram_takes_the_measured_16_bit_single_block_forward_tile():
    """``policy.FAST_DRAM_SINGLE_BLOCK_FORWARD_TILES``: only on a Hopper GPU whose DRAM is at least
    ``FAST_DRAM_FROM_GBS`` (an H200's 4800 GB/s, not an H100's 3350, a DRAM not known or another
    compute capability), only the 16-bit forward, only rows of exactly the width swept (not
    padded to it, not a block forced on narrower rows), only problems of at least
    ``SINGLE_BLOCK_TILES_FROM_ELEMENTS``; and the launch lifts a cap on rows that are not whole
    16-byte vectors. There the default is the cooperative kernel
    (``FAST_DRAM_COOPERATIVE_FORWARD_COLS``): the tile is what single_block forced takes."""
    plan = functools.partial(_hopper_plan, kernel="single_block")
    shape = lambda p: (p.block_m, p.num_warps, p.max_registers, p.reread)  # noqa: E731
    for dtype in ("bfloat16", "float16"):
        assert shape(plan(16384, dtype, 4800)) == (1, 8, 80, False)
        assert shape(plan(16384, dtype, policy.FAST_DRAM_FROM_GBS)) == (1, 8, 80, False)
        assert shape(plan(16384, dtype, 4800, M=8191)) == (1, 8, 0, False)
        assert shape(_hopper_plan(16384, dtype, 4800, M=8191)) == (1, 8, 0, False)
        for slow in (plan(16384, dtype, 3350), plan(16384, dtype, None),
                     plan(16384, dtype, 8000, capability=10), _hopper_plan(16384, dtype, 3350)):
            assert shape(slow) == (1, 8, 0, False), slow
        for rule in (plan(16384, dtype, 4800, backward=True), plan(13001, dtype, 4800),
                     plan(8192, dtype, 4800, block_n=16384), plan(32768, dtype, 4800)):
            assert rule.max_registers == 0, rule
    capped = plan(16384, "bfloat16", 4800, M=8192)
    assert "at most 80 registers" in capped.describe()
    whole = torch.empty((8192, 16384), dtype=torch.bfloat16, device="meta")
    strided = torch.empty((8192, 16385), dtype=torch.bfloat16, device="meta")[:, :16384]
    assert launch.launches(capped, (whole, whole), log=False)[0].max_registers == 80
    assert launch.launches(capped, (strided, whole), log=False)[0].max_registers == 0


def test_a_fast_dram_takes_the_cooperative_16_bit_forward_of_rows_that_fill_their_blocks():
    """``policy.FAST_DRAM_COOPERATIVE_FORWARD_COLS``: the 16-bit forward of 12289-32768 columns
    that fill their blocks of 8192 by ``FAST_DRAM_COOPERATIVE_FORWARD_MIN_FILL`` takes the
    cooperative kernel in the plan it was timed in (the one forced blocks of 8192 give: held as
    words, 4 warps, capped at 56 / 64) on a Hopper GPU with a fast DRAM, from 2^27 // N rows, rows
    of whole 16-byte vectors; not on a slow DRAM or another capability, not narrower or less full
    rows (9216-12288, 16385-16711), not float32, not the backward, not fewer rows. A forced
    single_block still runs there, and ``default_kernel`` says so given M and the device."""
    gpu = policy.DeviceDescription("an H200", 132, dram_gbs=4800, capability=9)
    assert policy.FAST_DRAM_COOPERATIVE_FORWARD_COLS == {2: (12289, 32768)}
    assert policy.FAST_DRAM_COOPERATIVE_FORWARD_MIN_FILL == 0.68
    cooperative_widths = (12296, 14336, 16384, 16712, 17408, 18424, 18432, 20480, 24576, 24584,
                          32768)
    single_block_widths = (9216, 10240, 11256, 11264, 11776, 12280, 12288, 16392, 16704, 16383)
    for dtype, cap in (("bfloat16", 56), ("float16", 64)):
        for N in cooperative_widths + single_block_widths:
            M = (1 << 27) // N
            chosen = policy.choose(M, N, dtype, gpu)
            expected = "cooperative" if N in cooperative_widths else "single_block"
            assert chosen.kernel == expected, (N, chosen)
            assert policy.default_kernel(N, 2, False, M, gpu) == expected
            assert policy.default_kernel(N, 2, False) == "single_block"
            if expected == "cooperative":
                forced = policy.choose(M, N, dtype, gpu,
                                       forcing=policy.Forcing("cooperative", 8192))
                assert chosen == forced, (chosen, forced)
                assert (chosen.block_n, chosen.num_warps, chosen.max_registers, chosen.chunk,
                        chosen.paired) == (8192, 4, cap, 8192, True), chosen
                assert policy.choose(M, N, dtype, gpu, forcing=policy.Forcing(
                    "single_block")).kernel == "single_block"
                others = (policy.choose(M - 1, N, dtype, gpu),
                          policy.choose(M, N, dtype, dataclasses.replace(gpu, dram_gbs=3350)),
                          policy.choose(M, N, dtype, dataclasses.replace(gpu, dram_gbs=None)),
                          policy.choose(M, N, dtype, dataclasses.replace(gpu, capability=10)))
                assert all(p.kernel == "single_block" for p in others), others
                backward = policy.choose(M, N, dtype, gpu, backward=True)
                assert backward.kernel == policy.default_kernel(N, 2, True), backward
                assert policy.choose(M, N, "float32", gpu).kernel != "cooperative"
    assert policy.choose(1 << 20, 16384, "bfloat16", gpu).kernel == "cooperative"


def test_a_fast_dram_gives_the_16_bit_backward_of_rows_past_vectors_four_warps():
    """``policy.EIGHT_BYTE_ROWS_BACKWARD_WARPS``: the 16-bit single-block backward of rows that are
    not whole vectors in blocks of 8192 takes 4 warps where rows of whole vectors take 8, on a
    Hopper GPU with a fast DRAM, from 2^27 // N rows; not whole vectors, the forward, float32, a
    slow DRAM or fewer rows; blocks of 4096 keep their 4, blocks of 16384 their 16. Launched, the
    4 warps stand where the rows are read in 8-byte vectors (N % 8 == 4) or through a window,
    and the rule's 8 come back where neither (a tensor two bytes off a 16-byte boundary)."""
    assert policy.EIGHT_BYTE_ROWS_BACKWARD_WARPS == {8192: 4}
    warps = lambda N, dtype="bfloat16", dram=4800, backward=True, M=None: _hopper_plan(  # noqa: E731
        N, dtype, dram, backward=backward, M=(1 << 27) // N if M is None else M).num_warps
    for dtype in ("bfloat16", "float16"):
        past_vectors = (4196, 6148, 8188, 6146, 6145, 8196)  # 8196: the body's tile of 8192
        assert [warps(N, dtype) for N in past_vectors] == [4] * 6
        assert [warps(N, dtype) for N in (5120, 6144)] == [8] * 2
        assert [warps(N, dtype, M=(1 << 27) // N - 1) for N in (4196, 6148)] == [8, 8]
        assert [warps(N, dtype, dram=3350) for N in (4196, 6148)] == [8, 8]
        assert [warps(N, dtype, dram=None) for N in (4196, 6148)] == [8, 8]
        assert warps(6148, dtype, backward=False) == _hopper_plan(
            6148, dtype, 3350, M=(1 << 27) // 6148).num_warps
        assert (warps(2052, dtype), warps(8204, dtype)) == (4, 16)
    assert warps(6148, "float32") == warps(6148, "float32", dram=3350)
    for N, off_boundary in ((6148, 4), (6145, 8)):
        M = (1 << 27) // N
        plan = _hopper_plan(N, "bfloat16", 4800, backward=True, M=M)
        rows = torch.empty((M, N), dtype=torch.bfloat16, device="meta")
        assert launch.launches(plan, (rows, rows, rows), log=False)[0].num_warps == 4
        base = torch.empty(M * N + 1, dtype=torch.bfloat16, device="meta")
        shifted = base[1:].view(M, N)  # two bytes off: neither a window nor 8-byte vectors
        assert launch.launches(plan, (shifted,) * 3, log=False)[0].num_warps == off_boundary


def test_a_backward_tile_of_the_row_body_takes_at_most_eight_warps():
    """``policy.BODY_TILE_MAX_WARPS``: a single-block backward row just past a power of
    two and not whole 16-byte vectors is a tile of its body (``policy.window_columns``) in at
    most 8 warps, not a measured tile (``SINGLE_BLOCK_TILES``: float32 8192 reads again in 32);
    rows of whole vectors keep the row's power of two. Launched on rows read from their own
    starts (two bytes off a 16-byte boundary) the plan holds the row's power of two in the
    warps the rule gives the whole row (``Plan.uncapped_warps``; 16-bit rows of N % 8 == 4 in 8-byte
    vectors, ``EIGHT_BYTE_ROWS_BACKWARD_WARPS``)."""
    assert policy.BODY_TILE_MAX_WARPS == 8
    cases = {("float32", 8193): (8192, 8, 32), ("float32", 4097): (4096, 8, 16),
             ("float32", 1025): (1024, 8, 8), ("bfloat16", 4100): (4096, 8, 4),
             ("bfloat16", 4097): (4096, 8, 8), ("bfloat16", 2049): (2048, 4, 4),
             ("float16", 8193): (8192, 4, 16)}
    for (dtype, N), (block, warps, whole_warps) in cases.items():
        M = (1 << 27) // N
        plan = _hopper_plan(N, dtype, 4800, backward=True, M=M)
        assert (plan.block_n, plan.num_warps, plan.reread) == (block, warps, False), (dtype, N)
        torch_dtype = getattr(torch, dtype)
        rows = torch.empty((M, N), dtype=torch_dtype, device="meta")
        (record,) = launch.launches(plan, (rows,) * 3, log=False)
        assert (record.constexprs["BLOCK"], record.num_warps) == (block, warps)
        shifted = torch.empty(M * N + 1, dtype=torch_dtype, device="meta")[1:].view(M, N)
        (record,) = launch.launches(plan, (shifted,) * 3, log=False)
        assert (record.constexprs["BLOCK"], record.num_warps) == (2 * block, whole_warps)
    assert _hopper_plan(4100, "float32", 4800, backward=True, M=(1 << 27) // 4100).block_n == 8192


def test_a_fast_dram_reads_narrow_16_bit_forward_rows_past_vectors_in_one_warp_in_a_window():
    """``policy.WINDOWED_ROW_TILES``: on a Hopper GPU with a fast DRAM, from 2^27 // N rows,
    the 16-bit single-block forward of rows of an odd N whose body's tile is 64-2048 columns,
    (but 33-63, ``FAST_DRAM_SHORT_ROW_LAYOUTS``'; odd 17-31 are
    ``NARROW_ROWS_FORWARD_FROM_OWN_STARTS``'), of N % 4 == 2 up to
    ``WINDOWED_WORD_ROWS_MAX_TILE`` (but 34-94, whose tiles are
    ``NARROW_ROWS_FORWARD_FROM_OWN_STARTS``') or of N % 8 == 4 in
    ``WINDOWED_EIGHT_BYTE_ROWS_TILES`` (in the narrowest, 128, only rows wider than it: 132),
    reads them through the window in one warp of about 1024 columns of tiles, the plain layout
    (16 rows of 64, four of 256, two of 512, one of 1024), one row of 2048, eight rows of 128 in
    two warps or 16 of 32 in one; float32 rows past vectors in a tile of 256 four rows of a warp
    each, in a tile of 128 (68-131; but odd 69-105 and N % 4 == 2 of 70-110,
    ``FAST_DRAM_SHORT_ROW_LAYOUTS``') four rows
    of half a warp each, in a tile of 32 (34) sixteen rows in two warps. Not 16-bit rows of
    N % 4 == 2 or N % 8 == 4 outside those tiles (68, 100, 556, 1500), float32 tiles of 512, a
    slow DRAM or fewer rows. Launched where no window is possible (two bytes off a 16-byte
    boundary) the plan reads each row from its own start, its tile the row's power of two, its
    rows' layout whole."""
    assert policy.WINDOWED_ROW_TILES == {(2, 32): (16, 1, 0), (2, 64): (16, 1, 0),
                                             (2, 128): (8, 2, 0),
                                             (2, 256): (4, 1, 0), (2, 512): (2, 1, 0),
                                             (2, 1024): (1, 1, 0), (2, 2048): (1, 1, 0),
                                             (4, 32): (16, 2, 0), (4, 128): (4, 2, 16),
                                             (4, 256): (4, 4, 32)}
    assert (policy.WINDOWED_WORD_ROWS_MAX_TILE, policy.WINDOWED_EIGHT_BYTE_ROWS_TILES) == (
        1024, (128, 512))
    sixteen_bit = {71: (16, 64, 1, 0), 30: (16, 32, 1, 0),
                   89: (8, 128, 2, 0), 101: (8, 128, 2, 0), 131: (8, 128, 2, 0),
                   132: (8, 128, 2, 0), 134: (8, 128, 2, 0), 175: (4, 256, 1, 0),
                   257: (4, 256, 1, 0), 258: (4, 256, 1, 0),
                   260: (4, 256, 1, 0), 262: (4, 256, 1, 0), 281: (2, 512, 1, 0),
                   300: (2, 512, 1, 0), 509: (2, 512, 1, 0), 514: (2, 512, 1, 0),
                   516: (2, 512, 1, 0), 1001: (1, 1024, 1, 0), 1025: (1, 1024, 1, 0),
                   1026: (1, 1024, 1, 0), 770: (1, 1024, 1, 0), 2001: (1, 2048, 1, 0),
                   2049: (1, 2048, 1, 0)}
    float32 = {34: (16, 32, 2, 0), 118: (4, 128, 2, 16), 114: (4, 128, 2, 16),
               107: (4, 128, 2, 16),
               125: (4, 128, 2, 16), 127: (4, 128, 2, 16), 129: (4, 128, 2, 16),
               130: (4, 128, 2, 16), 131: (4, 128, 2, 16), 201: (4, 256, 4, 32),
               257: (4, 256, 4, 32), 258: (4, 256, 4, 32), 259: (4, 256, 4, 32)}
    for dtype, widths in (("bfloat16", sixteen_bit), ("float16", sixteen_bit),
                          ("float32", float32)):
        for N, (block_m, block_n, warps, row_threads) in widths.items():
            M = (1 << 27) // N
            plan = _hopper_plan(N, dtype, 4800, M=M)
            assert (plan.block_m, plan.block_n, plan.num_warps, plan.row_threads, plan.tail,
                    plan.windowed, plan.reread) == (block_m, block_n, warps, row_threads, 0, True,
                                                    False), (dtype, N)
            torch_dtype = getattr(torch, dtype)
            rows = torch.empty((M, N), dtype=torch_dtype, device="meta")
            (record,) = launch.launches(plan, (rows, rows), log=False)
            assert (record.constexprs["WINDOW"], record.constexprs["BLOCK"]) == (
                16 // torch_dtype.itemsize, block_n)
            shifted = torch.empty(M * N + 1, dtype=torch_dtype, device="meta")[1:].view(M, N)
            (record,) = launch.launches(plan, (shifted, rows), log=False)
            assert record.constexprs["WINDOW"] == 0
            assert record.constexprs["BLOCK"] == policy.next_power_of_2(N), (dtype, N)

    def window(N, dtype, dram=4800, fewer=0):
        M = (1 << 27) // N - fewer
        rows = torch.empty((M, N), dtype=getattr(torch, dtype), device="meta")
        plan = _hopper_plan(N, dtype, dram, M=M)
        return launch.launches(plan, (rows, rows), log=False)[0].constexprs["WINDOW"]

    for dtype in ("bfloat16", "float16"):
        # 1502 and 2002: N % 4 == 2 in a tile of 2048; N % 8 == 4 in tiles of 32-64 (36, 60,
        # 68), 128 not past it (100, 124), 1024 (556, 1028) and 2048 (1500); past 2055:
        # FORWARD_BODY_TILE_COLS
        widths = (36, 60, 68, 100, 124, 556, 1000, 1028, 1500, 1502, 2002)
        assert [window(N, dtype) for N in widths] == [0] * len(widths)
        assert (window(1001, dtype, dram=3350), window(1001, dtype, fewer=1)) == (0, 0)
    assert [window(N, "float32") for N in (389, 509, 1001, 260)] == [0, 0, 0, 0]


def test_a_fast_dram_holds_narrow_16_bit_rows_of_whole_vectors_in_one_warp():
    """``policy.ONE_WARP_WHOLE_ROWS_COLUMNS``: on a Hopper GPU with a fast DRAM, from 2^27 // N
    rows, the 16-bit single-block forward of rows of whole 16-byte vectors of 129-1536 columns,
    N not a power of two, holds each row as its head and tail in one warp laid out whole,
    1024 // head rows a program, not read again; the launch keeps those tiles.
    Powers of two, rows past vectors, 128 columns or fewer, past 1536, float32, the backward, a
    slow DRAM, fewer rows and a forced block keep their plans."""
    assert (policy.ONE_WARP_WHOLE_ROWS_COLUMNS, policy.ONE_WARP_FORWARD_COLUMNS) == (
        (128, 1536), 1024)
    shapes = {136: (8, 128, 8), 144: (8, 128, 16), 200: (4, 256, 0), 280: (4, 256, 32),
              400: (2, 512, 0), 520: (2, 512, 8), 600: (2, 512, 128), 776: (1, 1024, 0),
              1016: (1, 1024, 0), 1032: (1, 1024, 8), 1056: (1, 1024, 32),
              1064: (1, 1024, 64), 1152: (1, 1024, 128), 1536: (1, 1024, 512)}
    for dtype in ("bfloat16", "float16"):
        for N, (rows, block, tail) in shapes.items():
            M = (1 << 27) // N
            plan = _hopper_plan(N, dtype, 4800, M=M)
            assert (plan.block_m, plan.block_n, plan.tail, plan.tail2, plan.num_warps,
                    plan.row_threads, plan.reread) == (rows, block, tail, 0, 1, 0, False), (
                dtype, N)
            x = torch.empty((M, N), dtype=getattr(torch, dtype), device="meta")
            (record,) = launch.launches(plan, (x, x), log=False)
            assert (record.constexprs["BLOCK_M"], record.constexprs["BLOCK"],
                    record.constexprs["TAIL"], record.num_warps) == (rows, block, tail, 1), N
    for N, dtype, dram, fewer, backward in (
            (128, "bfloat16", 4800, 0, False), (256, "bfloat16", 4800, 0, False),
            (512, "float16", 4800, 0, False), (1024, "bfloat16", 4800, 0, False),
            (120, "bfloat16", 4800, 0, False), (1544, "bfloat16", 4800, 0, False),
            (2040, "float16", 4800, 0, False), (1032, "bfloat16", 4800, 0, True),
            (280, "float32", 4800, 0, False), (400, "bfloat16", 4800, 0, True),
            (556, "bfloat16", 4800, 0, False), (1020, "float16", 4800, 0, False),
            (280, "bfloat16", 3350, 0, False), (280, "bfloat16", 4800, 1, False)):
        plan = _hopper_plan(N, dtype, dram, backward=backward, M=(1 << 27) // N - fewer)
        assert plan.num_warps > 1, (N, dtype, dram, fewer, backward)
    forced = _hopper_plan(280, "bfloat16", 4800, M=(1 << 27) // 280, kernel="single_block",
                          block_n=512)
    assert (forced.block_n, forced.tail) == (512, 0) and forced.num_warps > 1


def test_a_fast_dram_reads_narrow_bodies_as_a_tile_and_a_tail_of_several_rows():
    """``policy.WINDOWED_TAILED_ROW_TILES``: on a Hopper GPU with a fast DRAM, from
    2^27 // N rows, the single-block forward of rows past vectors whose body fits the table's
    tile and tail reads them through the window several rows a program: float32 bodies of up to
    128 + 64 columns (133-193) four rows in 2 warps, 16 threads a row, of up to 256 + 128
    (261-385) two rows of a warp each; 16-bit bodies of up to 64 + 16 (the odd N of 73-87)
    sixteen rows, of up to 128 + 16 (137-151) eight and of up to 256 + 16 (265-279) four, in one
    warp, the plain layout. A body that needs its whole power of two keeps ``WINDOWED_ROW_TILES``' plan
    (float32 197, bfloat16 153, float16 89, bfloat16 281) or its own starts (389); a slow
    DRAM or fewer rows are not taken. Launched where no window is possible the plan reads each
    row from its own start in the same tiles, or in the row's power of two where they do not
    hold it (193: its body 192 columns, the row 193; bfloat16 150)."""
    assert policy.WINDOWED_TAILED_ROW_TILES == {(2, 128): (16, 1, 0, 64, 16),
                                                    (2, 256): (8, 1, 0, 128, 16),
                                                    (2, 512): (4, 1, 0, 256, 16),
                                                    (4, 256): (4, 2, 16, 128, 64),
                                                    (4, 512): (2, 2, 32, 256, 128)}
    shapes = {("float32", 133): (4, 128, 64, 2, 16), ("float32", 137): (4, 128, 64, 2, 16),
              ("float32", 150): (4, 128, 64, 2, 16), ("float32", 193): (4, 128, 64, 2, 16),
              ("float32", 261): (2, 256, 128, 2, 32), ("float32", 262): (2, 256, 128, 2, 32),
              ("float32", 301): (2, 256, 128, 2, 32), ("float32", 385): (2, 256, 128, 2, 32),
              ("bfloat16", 137): (8, 128, 16, 1, 0), ("float16", 140): (8, 128, 16, 1, 0),
              ("bfloat16", 150): (8, 128, 16, 1, 0), ("float16", 151): (8, 128, 16, 1, 0),
              ("bfloat16", 73): (16, 64, 16, 1, 0), ("float16", 87): (16, 64, 16, 1, 0),
              ("bfloat16", 265): (4, 256, 16, 1, 0), ("float16", 279): (4, 256, 16, 1, 0)}
    for (dtype, N), shape in shapes.items():
        M = (1 << 27) // N
        torch_dtype = getattr(torch, dtype)
        plan = _hopper_plan(N, dtype, 4800, M=M)
        assert (plan.block_m, plan.block_n, plan.tail, plan.num_warps, plan.row_threads,
                plan.windowed) == (*shape, True), (dtype, N)
        rows = torch.empty((M, N), dtype=torch_dtype, device="meta")
        (record,) = launch.launches(plan, (rows, rows), log=False)
        vector = 16 // torch_dtype.itemsize
        assert (record.constexprs["WINDOW"], record.constexprs["BLOCK"], record.constexprs["TAIL"],
                record.constexprs["PASS"]) == (vector, shape[1], shape[2], vector * shape[4]), N
        shifted = torch.empty(M * N + 1, dtype=torch_dtype, device="meta")[1:].view(M, N)
        (record,) = launch.launches(plan, (shifted, rows), log=False)
        own = shape[1:3] if sum(shape[1:3]) >= N else (policy.next_power_of_2(N), 0)
        assert (record.constexprs["WINDOW"], record.constexprs["BLOCK"],
                record.constexprs["TAIL"]) == (0, *own), (dtype, N)
    for N, dtype, dram, fewer in ((197, "float32", 4800, 0), (389, "float32", 4800, 0),
                                  (153, "bfloat16", 4800, 0), (262, "float16", 4800, 0),
                                  (89, "float16", 4800, 0), (281, "bfloat16", 4800, 0),
                                  (137, "float32", 3350, 0), (262, "float32", 4800, 1),
                                  (137, "bfloat16", 3350, 0), (150, "float16", 4800, 1)):
        plan = _hopper_plan(N, dtype, dram, M=(1 << 27) // N - fewer)
        assert plan.tail == 0 and plan.row_threads != 16, (N, dtype, dram, fewer)


def test_a_fast_dram_reads_wider_forward_rows_past_vectors_one_a_program_in_a_window():
    """``policy.FORWARD_BODY_TILE_COLS``: on a Hopper GPU with a fast DRAM, from 2^27 // N
    rows, a single-block forward of rows that are not whole 16-byte vectors whose body's tile is
    2048-16384 columns reads them through the window, one row a program, not read again: rows of
    an odd N (16-bit; float32 from a tile of 4096, ``FORWARD_ODD_FLOAT32_FROM_TILE``, those of
    the online kernel's range too; not float64), rows whose plan from their own starts holds
    more columns than that tile, and 16-bit rows of an even N from a tile of 8192
    (``FORWARD_EVEN_16BIT_FROM_TILE``) held there in more columns than through the window, or
    as many as a power of two and a tail or in 4-byte words. float32 holds the body's power of
    two in the rule's warps up to ``BODY_TILE_MAX_WARPS``; 16-bit rows hold the body as a
    power of two and a tail of whole passes of the fewest warps that hold them in at most 48
    values a thread (``policy._body_tiles``: 2057 as 2048 + 512 in 2 warps), or the body's power
    of two where it would take three (but where two cooperative blocks of 8192 would hold the
    row, 12297-16377: ``FAST_DRAM_PAST_VECTORS_COOPERATIVE``); float32 rows of N % 4 == 2 that
    the online kernel would take in one step, as the odd ones. Rows that keep their own
    starts: bfloat16 3002 (a tile of 4096), 6500 and 7500 (N % 8 == 4, 8192 either way); other
    float32 rows of an even N (10002) and rows of whole vectors in the online kernel's range
    (12292); and an H100, a slower DRAM and fewer rows. Launched where no window
    is possible (two bytes off a 16-byte boundary) the plan reads each row from its own start in
    the warps the rule gives it, its tiles as through the window where they hold the row, else
    the row's power of two."""
    assert (policy.FORWARD_BODY_TILE_COLS, policy.BODY_TILE_MAX_WARPS) == ((2048, 16384), 8)
    assert policy.FORWARD_EVEN_16BIT_FROM_TILE == 8192
    taken = {("bfloat16", 2057): (2048, 512, 2), ("bfloat16", 3001): (2048, 1024, 2),
             ("bfloat16", 4097): (4096, 0, 4), ("bfloat16", 4098): (4096, 0, 4),
             ("bfloat16", 4100): (4096, 0, 4), ("bfloat16", 4500): (4096, 1024, 4),
             ("bfloat16", 6001): (4096, 2048, 4), ("bfloat16", 6002): (4096, 2048, 4),
             ("bfloat16", 6145): (4096, 2048, 4), ("bfloat16", 8191): (8192, 0, 4),
             ("bfloat16", 8194): (8192, 0, 4), ("bfloat16", 10001): (8192, 2048, 8),
             ("bfloat16", 10002): (8192, 2048, 8), ("bfloat16", 12289): (8192, 4096, 8),
             ("bfloat16", 12292): (8192, 4096, 8), ("bfloat16", 16383): (16384, 0, 8),
             ("bfloat16", 16386): (16384, 0, 8), ("float16", 4097): (4096, 0, 4),
             ("float16", 10001): (8192, 2048, 8), ("float16", 16383): (16384, 0, 8),
             ("float32", 2050): (2048, 0, 4), ("float32", 4098): (4096, 0, 4),
             ("float32", 8194): (8192, 0, 8), ("float32", 16386): (16384, 0, 8),
             ("float32", 2057): (4096, 0, 4), ("float32", 3001): (4096, 0, 4),
             ("float32", 6001): (8192, 0, 8), ("float32", 8191): (8192, 0, 8),
             ("float32", 12289): (16384, 0, 8), ("float32", 16383): (16384, 0, 8),
             ("float32", 6146): (8192, 0, 8), ("float32", 12290): (16384, 0, 8),
             ("float32", 13002): (16384, 0, 8), ("float32", 16382): (16384, 0, 8),
             ("float32", 6145): (8192, 0, 8)}
    # float32 rows the online kernel would take in one step: the cooperative kernel by default
    # (FAST_DRAM_PAST_VECTORS_COOPERATIVE), this plan where single_block is forced
    word_rows = {6146, 12290, 13002, 16382, 6145, 8191, 12289, 16383}
    for (dtype, N), (block, tail, warps) in taken.items():
        M = (1 << 27) // N
        forced = {"kernel": "single_block"} if dtype == "float32" and N in word_rows else {}
        plan = _hopper_plan(N, dtype, 4800, M=M, **forced)
        assert (plan.kernel, plan.block_m, plan.block_n, plan.tail, plan.tail2, plan.num_warps,
                plan.windowed, plan.reread, plan.persistent) == (
            "single_block", 1, block, tail, 0, warps, True, False, False), (dtype, N)
        torch_dtype = getattr(torch, dtype)
        rows = torch.empty((M, N), dtype=torch_dtype, device="meta")
        (record,) = launch.launches(plan, (rows, rows), log=False)
        window = 16 // torch_dtype.itemsize
        assert (record.constexprs["WINDOW"], record.constexprs["BLOCK"],
                record.constexprs["TAIL"], record.num_warps, record.constexprs["EDGES"]) == (
            window, block, tail, warps, 32 * warps), (dtype, N)
        shifted = torch.empty(M * N + 1, dtype=torch_dtype, device="meta")[1:].view(M, N)
        (record,) = launch.launches(plan, (shifted, rows), log=False)
        held = (block, tail) if block + tail >= N else (policy.next_power_of_2(N), 0)
        assert (record.constexprs["WINDOW"], record.constexprs["BLOCK"],
                record.constexprs["TAIL"]) == (0, *held), (dtype, N)
        assert record.num_warps == (plan.uncapped_warps or plan.num_warps), (dtype, N)
    assert policy.FORWARD_ODD_FLOAT32_FROM_TILE == 4096
    # float32 rows of N % 4 == 2 of the online kernel's range, launched off the window, hold
    # their power of two in OWN_STARTS_FLOAT32_WORD_ROW_WARPS' warps (tiles of 16384 alone)
    assert policy.OWN_STARTS_FLOAT32_WORD_ROW_WARPS == {16384: 32}
    for N, warps in ((12290, 32), (13002, 32), (16382, 32), (6146, 4), (13001, 8)):
        plan = _hopper_plan(N, "float32", 4800, M=(1 << 27) // N, kernel="single_block")
        assert (plan.num_warps, plan.uncapped_warps or plan.num_warps) == (8, warps), N
    kept = {("bfloat16", 3002): "single_block", ("bfloat16", 6500): "single_block",
            ("bfloat16", 7500): "single_block", ("bfloat16", 14004): "cooperative",
            ("float32", 2001): "single_block", ("float32", 1029): "single_block",
            ("float64", 4099): "single_block", ("float64", 1027): "single_block",
            ("bfloat16", 4096): "single_block", ("float32", 12292): "online",
            ("float32", 10002): "single_block"}
    for (dtype, N), kernel in kept.items():
        M = (1 << 27) // N
        plan = _hopper_plan(N, dtype, 4800, M=M)
        assert plan.kernel == kernel, (dtype, N, plan.describe())
        if kernel == "single_block":
            rows = torch.empty((M, N), dtype=getattr(torch, dtype), device="meta")
            (record,) = launch.launches(plan, (rows, rows), log=False)
            assert record.constexprs["WINDOW"] == 0, (dtype, N, plan.describe())
    assert _hopper_plan(12289, "float32", 3350, M=(1 << 27) // 12289).kernel == "online"
    for dram, fewer, capability in ((3350, 0, 9), (4800, 1, 9), (4800, 0, 8)):
        plan = _hopper_plan(4097, "bfloat16", dram, capability=capability,
                            M=(1 << 27) // 4097 - fewer)
        assert not plan.windowed and plan.tail == 1024, (dram, fewer, capability)


def test_a_fast_dram_takes_the_cooperative_forward_of_rows_past_vectors_too_wide_for_body_tiles():
    """``policy.FAST_DRAM_PAST_VECTORS_COOPERATIVE``: on a Hopper GPU with a fast DRAM, from
    2^27 // N rows, the forward of rows that are not whole 16-byte vectors whose body's tile
    would be wider than 16384 columns, up to the widest a single-block program holds, takes the
    cooperative kernel through the window: float32 in blocks of 4096, uncapped; 16-bit in blocks
    of 8192 at the rule's cap (words through the window), and so 16-bit rows whose body a
    single-block program would hold as 16384 (more than 12288 columns) where two blocks hold
    them at a fill of 0.68 or more (``_two_tiles_hold_body``, ``_fills_cooperative_blocks``:
    12297-16377). Not rows of whole vectors, rows whose body fits 8192 + 4096 or that would
    need three blocks at a lower fill, float32 rows whose body fits a tile of 16384 (but those
    the online kernel would take in one step: 6145-8191, 12289-16383, in blocks of 4096, or of
    8192 at 96 registers where one or two hold the row by 3/4:
    ``FAST_DRAM_PAST_VECTORS_FILLED_BLOCKS``), the backward, an H100, a slower DRAM or fewer
    rows."""
    assert policy.FAST_DRAM_PAST_VECTORS_COOPERATIVE == {2: (8192, None), 4: (4096, 0)}
    for dtype, N, block, programs, cap in (
            ("float32", 16391, 4096, 5, 0), ("float32", 20001, 4096, 5, 0),
            ("float32", 24577, 4096, 7, 0), ("float32", 24578, 4096, 7, 0),
            ("float32", 32767, 4096, 9, 0), ("bfloat16", 16393, 8192, 3, 64),
            ("bfloat16", 24577, 8192, 4, 64), ("float16", 32767, 8192, 5, 64),
            ("bfloat16", 12297, 8192, 2, 64), ("float16", 13002, 8192, 2, 64),
            ("bfloat16", 15004, 8192, 2, 64), ("bfloat16", 16377, 8192, 2, 64),
            ("float32", 6146, 8192, 1, 96), ("float32", 8190, 4096, 3, 0),
            ("float32", 12290, 8192, 2, 96), ("float32", 16382, 4096, 5, 0),
            ("float32", 6145, 8192, 1, 96), ("float32", 8189, 8192, 1, 96),
            ("float32", 8191, 4096, 3, 0), ("float32", 13001, 8192, 2, 96),
            ("float32", 16381, 8192, 2, 96), ("float32", 16383, 4096, 5, 0)):
        M = (1 << 27) // N
        plan = _hopper_plan(N, dtype, 4800, M=M)
        assert (plan.kernel, plan.block_n, plan.num_warps, plan.splits, plan.max_registers,
                plan.windowed) == ("cooperative", block, 4, programs, cap, True), (dtype, N)
        rows = torch.empty((M, N), dtype=getattr(torch, dtype), device="meta")
        (record,) = launch.launches(plan, (rows, rows), log=False)
        assert record.constexprs["WINDOW"] == 16 // rows.element_size(), (dtype, N)
    for dtype, N, dram, fewer, capability, backward, kernel, block in (
            ("float32", 24576, 4800, 0, 9, False, "online", 32768),
            ("float32", 16386, 4800, 0, 9, False, "single_block", 16384),
            ("bfloat16", 16391, 4800, 0, 9, False, "single_block", 16384),
            ("bfloat16", 11265, 4800, 0, 9, False, "single_block", 8192),
            ("float16", 12295, 4800, 0, 9, False, "single_block", 8192),
            ("bfloat16", 13002, 3350, 0, 9, False, "single_block", 16384),
            ("float16", 13002, 4800, 1, 9, False, "single_block", 16384),
            ("float32", 6001, 4800, 0, 9, False, "single_block", 8192),
            ("float32", 10001, 4800, 0, 9, False, "single_block", 16384),
            ("float32", 10002, 4800, 0, 9, False, "single_block", 8192),
            ("float32", 13002, 3350, 0, 9, False, "online", 16384),
            ("float32", 24577, 3350, 0, 9, False, "online", 32768),
            ("float32", 24577, 4800, 1, 9, False, "online", 32768),
            ("float32", 24577, 4800, 0, 8, False, "online", 32768),
            ("bfloat16", 24577, 3350, 0, 9, False, "single_block", 32768),
            ("float32", 24577, 4800, 0, 9, True, "cooperative", 8192),
            ("bfloat16", 24577, 4800, 0, 9, True, "cooperative", 8192)):
        plan = _hopper_plan(N, dtype, dram, capability=capability, backward=backward,
                            M=(1 << 27) // N - fewer)
        assert (plan.kernel, plan.block_n) == (kernel, block), (dtype, N, dram, fewer,
                                                                capability, backward)


def test_a_fast_dram_holds_16_bit_rows_past_16384_as_a_tile_and_a_tail():
    """``policy.PERSISTENT_FROM_COLS`` on a Hopper GPU with a fast DRAM, from 2^27 // N rows:
    16-bit rows of whole vectors of 16392-16704 (the cooperative kernel leaves them) hold 16384
    + 4096 in 16 warps, one row a program, not the persistent 32768; rows of exactly 32768 with
    single_block forced, a block forced, an H100 and fewer rows keep the persistent grid."""
    for dtype in ("bfloat16", "float16"):
        for N in (16392, 16704):
            M = (1 << 27) // N
            plan = _hopper_plan(N, dtype, 4800, M=M)
            assert (plan.kernel, plan.block_n, plan.tail, plan.num_warps, plan.persistent,
                    plan.row_threads) == ("single_block", 16384, 4096, 16, False, 0), plan
            for kept in (_hopper_plan(N, dtype, 4800, M=M, kernel="single_block", block_n=32768),
                         _hopper_plan(N, dtype, 3350, M=M), _hopper_plan(N, dtype, 4800, M=M - 1)):
                assert kept.persistent and (kept.block_n, kept.tail) == (32768, 0), kept
        whole = _hopper_plan(32768, dtype, 4800, M=4096, kernel="single_block")
        assert whole.persistent and whole.block_n == 32768, whole


def test_one_row_by_warps_takes_only_its_tiles():
    """``policy.ONE_ROW_BY_WARPS_TILES``: rows laid out rows by warps, one a program, only where
    timed to gain: 16-bit rows of whole vectors held as 8192 + 4096, on every GPU (the layout is
    the compiled code's), and 16-bit rows past vectors whose body is a tile of 16384 through the
    window (a fast DRAM's). Not 8192 + 2048 (10240, 8200), 2048 + 1024 (2056), 16384 + 4096
    (16392), rows past vectors of 8192 + 4096 (11250) or of N % 8 == 4 (2100), float32 rows of
    8192 + 4096 (10248)."""
    for dtype in ("bfloat16", "float16"):
        for N, dram in ((10248, 4800), (12288, 4800), (11000, 3350), (16383, 4800)):
            plan = _hopper_plan(N, dtype, dram, M=(1 << 27) // N)
            assert (plan.block_m, plan.row_threads) == (1, 32 * plan.num_warps), (N, plan)
        for N in (10240, 8200, 2056, 16392, 11250, 2100):
            plan = _hopper_plan(N, dtype, 4800, M=(1 << 27) // N)
            assert plan.kernel == "single_block" and not plan.row_threads, (N, plan)
    assert not _hopper_plan(10248, "float32", 4800, M=(1 << 27) // 10248).row_threads
    assert not _hopper_plan(16383, "bfloat16", 3350, M=(1 << 27) // 16383).row_threads


def test_a_fast_dram_reads_backward_tiles_of_rows_of_eight_byte_vectors_from_their_starts():
    """``policy.EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS``: on a Hopper GPU with a fast DRAM, from
    2^27 // N rows, the 16-bit single-block backward of several rows of N % 8 == 4 a tile of 512
    (N = 268-508) reads them from their own starts in 8-byte vectors, not through the window: in
    2 warps, four rows a tile, and up to 340 (``FEW_WARPS_BACKWARD_EIGHT_BYTE_ROWS``) in one,
    two rows a tile; rows of another N, one row a program, another tile, float32, an H100 or
    fewer rows keep the window and the rule's warps."""
    assert policy.EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS == {512: 2}
    assert policy.FEW_WARPS_BACKWARD_EIGHT_BYTE_ROWS == {128: (76, 2), 512: (340, 1)}
    for dtype in ("bfloat16", "float16"):
        for N, rows, warps in ((268, 2, 1), (300, 2, 1), (340, 2, 1), (348, 4, 2), (508, 4, 2)):
            M = (1 << 27) // N
            plan = _hopper_plan(N, dtype, 4800, backward=True, M=M)
            assert (plan.block_m, plan.block_n, plan.num_warps, plan.windowed) == (
                rows, 512, warps, False), (dtype, N)
            x = torch.empty((M, N), dtype=getattr(torch, dtype), device="meta")
            (record,) = launch.launches(plan, (x,) * 3, log=False)
            assert (record.constexprs["WINDOW"], record.constexprs["MULTIPLE_OF"],
                    record.constexprs["BLOCK_M"], record.num_warps) == (0, 4, rows, warps), (
                        dtype, N)
    for dtype, N, dram, fewer in (("bfloat16", 260, 4800, 0), ("bfloat16", 302, 4800, 0),
                                  ("bfloat16", 516, 4800, 0), ("bfloat16", 1500, 4800, 0),
                                  ("float32", 300, 4800, 0), ("bfloat16", 300, 3350, 0),
                                  ("bfloat16", 300, 4800, 1)):
        plan = _hopper_plan(N, dtype, dram, backward=True, M=(1 << 27) // N - fewer)
        assert plan.windowed and plan.num_warps != 2, (dtype, N, dram, fewer)


def test_a_fast_dram_reads_narrow_backward_rows_past_vectors_from_their_starts():
    """``policy.NARROW_ROWS_BACKWARD_FROM_OWN_STARTS``: on a Hopper GPU with a fast DRAM, from
    2^27 // N rows, the 16-bit single-block backward of rows of N % 8 == 4 whose power of two is
    32-256 (N = 20-28, 36-60, 68-124, 132-252), or of N % 4 == 2 whose power of two is 64 or 128
    (34-62, 66-126, but for ``NARROW_ROWS_BACKWARD_HEADS_AND_TAILS``'), holds each row in its
    power of two, read from its own start in 8- or 4-byte vectors, in the table's rows and warps
    (eight-byte rows of 68-76 in two warps, ``FEW_WARPS_BACKWARD_EIGHT_BYTE_ROWS``); rows of
    another residue or power of two, odd N (but for the heads and tails' own), float32, an
    H100, fewer rows and a forced block keep the window and the rule's tiles."""
    assert policy.NARROW_ROWS_BACKWARD_FROM_OWN_STARTS == {
        8: {32: (32, 2), 64: (16, 2), 128: (8, 4), 256: (4, 1)}, 4: {64: (16, 2), 128: (8, 1)}}
    for dtype in ("bfloat16", "float16"):
        for N, rows, block, warps, multiple in (
                (20, 32, 32, 2, 4), (28, 32, 32, 2, 4), (36, 16, 64, 2, 4), (60, 16, 64, 2, 4),
                (68, 8, 128, 2, 4), (76, 8, 128, 2, 4), (84, 8, 128, 4, 4), (124, 8, 128, 4, 4),
                (132, 4, 256, 1, 4),
                (252, 4, 256, 1, 4), (50, 16, 64, 2, 2), (62, 16, 64, 2, 2),
                (66, 8, 128, 1, 2), (126, 8, 128, 1, 2)):
            M = (1 << 27) // N
            plan = _hopper_plan(N, dtype, 4800, backward=True, M=M)
            assert (plan.block_m, plan.block_n, plan.num_warps, plan.windowed,
                    plan.uncapped_warps) == (rows, block, warps, False, 0), (dtype, N, plan)
            x = torch.empty((M, N), dtype=getattr(torch, dtype), device="meta")
            (record,) = launch.launches(plan, (x,) * 3, log=False)
            assert (record.constexprs["WINDOW"], record.constexprs["MULTIPLE_OF"],
                    record.constexprs["BLOCK_M"], record.constexprs["BLOCK"],
                    record.num_warps) == (0, multiple, rows, block, warps), (dtype, N)
    # the tiles of the body through the window, in the rule's warps
    for dtype, N, dram, fewer, tiles in (
            ("bfloat16", 18, 4800, 0, (128, 16, 4)), ("bfloat16", 30, 4800, 0, (64, 32, 4)),
            ("bfloat16", 73, 4800, 0, (16, 128, 4)), ("bfloat16", 130, 4800, 0, (16, 128, 4)),
            ("bfloat16", 260, 4800, 0, (4, 256, 1)), ("float32", 38, 4800, 0, (32, 64, 4)),
            ("float32", 62, 4800, 0, (32, 64, 4)), ("bfloat16", 60, 3350, 0, (32, 64, 4)),
            ("float16", 100, 4800, 1, (16, 128, 4)), ("float16", 42, 4800, 1, (32, 64, 4))):
        plan = _hopper_plan(N, dtype, dram, backward=True, M=(1 << 27) // N - fewer)
        assert (plan.block_m, plan.block_n, plan.num_warps, plan.windowed) == (*tiles, True), (
            dtype, N, dram, fewer, plan)
    forced = _hopper_plan(60, "bfloat16", 4800, backward=True, M=(1 << 27) // 60,
                          kernel="single_block", block_n=64)
    assert forced.windowed and (forced.block_m, forced.num_warps) == (32, 4), forced


def test_a_fast_dram_reads_narrow_forward_rows_past_vectors_as_a_head_and_tail():
    """``policy.NARROW_ROWS_FORWARD_FROM_OWN_STARTS``: on a Hopper GPU with a fast DRAM, from
    2^27 // N rows, the 16-bit single-block forward of rows of N % 8 == 4 or N % 4 == 2 whose
    head and tail (``policy.head_and_tail``) are in the table holds each row as those two tiles,
    or of odd N of 17-35, read from its own start in 8-, 4- or 2-byte loads, in the table's rows
    and warps (4-byte rows of 50-62 and odd rows of 29-31 in their power of two, 64 + 0 and
    32 + 0; odd 25 and 27 take ``NARROW_ROWS_FORWARD_THREE_TILES``'); eight-byte rows in their power
    of two (52, 60), 4-byte rows in others (26, 30, 98-126), a head of 16 or 128 (20, 22, 132, 140),
    odd N past 35 (37, 57), float32, an H100, fewer rows and a forced block keep their plans (as
    without the table)."""
    assert policy.NARROW_ROWS_FORWARD_FROM_OWN_STARTS == {
        8: {(32, 4): (16, 1), (32, 16): (16, 2), (64, 4): (16, 1), (64, 16): (16, 2),
            (64, 32): (16, 2)},
        4: {(32, 2): (16, 1), (32, 8): (32, 2), (32, 16): (32, 2), (64, 0): (32, 4),
            (64, 2): (16, 1), (64, 8): (8, 1), (64, 16): (8, 1), (64, 32): (8, 1)},
        2: {(16, 1): (32, 1), (16, 4): (32, 1), (16, 8): (64, 2), (32, 0): (16, 4),
            (32, 1): (32, 1), (32, 4): (16, 1)}}
    for dtype in ("bfloat16", "float16"):
        for N, rows, head, tail, warps, multiple in (
                (36, 16, 32, 4, 1, 4), (44, 16, 32, 16, 2, 4), (68, 16, 64, 4, 1, 4),
                (76, 16, 64, 16, 2, 4), (34, 16, 32, 2, 1, 2), (42, 32, 32, 16, 2, 2),
                (46, 32, 32, 16, 2, 2), (66, 16, 64, 2, 1, 2), (82, 8, 64, 32, 1, 2),
                (90, 8, 64, 32, 1, 2), (94, 8, 64, 32, 1, 2), (38, 32, 32, 8, 2, 2),
                (70, 8, 64, 8, 1, 2), (74, 8, 64, 16, 1, 2), (78, 8, 64, 16, 1, 2),
                (84, 16, 64, 32, 2, 4), (92, 16, 64, 32, 2, 4), (50, 32, 64, 0, 4, 2),
                (58, 32, 64, 0, 4, 2), (62, 32, 64, 0, 4, 2), (17, 32, 16, 1, 1, 1),
                (19, 32, 16, 4, 1, 1), (21, 64, 16, 8, 2, 1), (23, 64, 16, 8, 2, 1),
                (29, 16, 32, 0, 4, 1), (31, 16, 32, 0, 4, 1), (33, 32, 32, 1, 1, 1),
                (35, 16, 32, 4, 1, 1)):
            M = (1 << 27) // N
            plan = _hopper_plan(N, dtype, 4800, M=M)
            assert (plan.block_m, plan.block_n, plan.tail, plan.num_warps, plan.windowed,
                    plan.row_threads) == (rows, head, tail, warps, False, 0), (dtype, N, plan)
            x = torch.empty((M, N), dtype=getattr(torch, dtype), device="meta")
            (record,) = launch.launches(plan, (x, x), log=False)
            assert (record.constexprs["WINDOW"], record.constexprs["MULTIPLE_OF"],
                    record.constexprs["BLOCK_M"], record.constexprs["BLOCK"],
                    record.constexprs["TAIL"], record.num_warps) == (
                        0, multiple, rows, head, tail, warps), (dtype, N)
    for dtype, N, dram, fewer in (
            ("bfloat16", 30, 4800, 0), ("float16", 26, 4800, 0), ("bfloat16", 98, 4800, 0),
            ("float16", 126, 4800, 0), ("bfloat16", 52, 4800, 0), ("float16", 60, 4800, 0),
            ("bfloat16", 100, 4800, 0), ("bfloat16", 37, 4800, 0), ("bfloat16", 67, 4800, 0),
            ("bfloat16", 57, 4800, 0), ("float16", 39, 4800, 0), ("float32", 17, 4800, 0),
            ("bfloat16", 33, 3350, 0), ("float16", 35, 4800, 1),
            ("bfloat16", 19, 3350, 0), ("float16", 21, 4800, 1),
            ("bfloat16", 20, 4800, 0), ("float16", 22, 4800, 0), ("bfloat16", 132, 4800, 0),
            ("float16", 140, 4800, 0),
            ("float32", 36, 4800, 0), ("float32", 66, 4800, 0), ("bfloat16", 36, 3350, 0),
            ("float16", 68, 3350, 0), ("bfloat16", 66, 4800, 1), ("float16", 90, 4800, 1)):
        plan = _hopper_plan(N, dtype, dram, M=(1 << 27) // N - fewer)
        with unittest.mock.patch.dict(policy.NARROW_ROWS_FORWARD_FROM_OWN_STARTS, clear=True):
            assert plan == _hopper_plan(N, dtype, dram, M=(1 << 27) // N - fewer), (
                dtype, N, dram, fewer)
    forced = _hopper_plan(68, "bfloat16", 4800, M=(1 << 27) // 68, kernel="single_block",
                          block_n=128)
    assert (forced.block_n, forced.tail) == (128, 0), forced


def test_a_fast_dram_holds_narrow_backward_rows_past_vectors_as_a_head_and_tail():
    """``policy.NARROW_ROWS_BACKWARD_HEADS_AND_TAILS`` and ``WINDOWED_BACKWARD_HEADS_AND_TAILS``:
    on a Hopper GPU with a fast DRAM, from 2^27 // N rows, the 16-bit single-block backward of
    rows of N % 4 == 2 (34-46, 74, 78) or of odd N (17-23, 37, 39; 25-31 and 49-63 in their
    power of two) whose head and tail (``policy.head_and_tail``) are in the first table holds each
    row as those tiles, read from its own start, and of odd N of 41-47 and 137-143 and N % 4 == 2 of
    146-158 through the window, in the tables' rows and warps; rows of N % 4 == 2 whose head and
    tail pad as much as their power of two (50-62), or that the tables leave out (66, 70, 82,
    77: swept, they tied or lost; 65, 135, 138, 145, 162), N % 8 == 4,
    float32, an H100, fewer rows and a forced block keep their plans (as without the tables)."""
    assert policy.NARROW_ROWS_BACKWARD_HEADS_AND_TAILS == {
        4: {(32, 2): (32, 2), (32, 8): (16, 1), (32, 16): (16, 2), (64, 16): (8, 1)},
        2: {(16, 1): (64, 2), (16, 4): (16, 1), (16, 8): (16, 2), (32, 0): (16, 1),
            (32, 8): (16, 1), (64, 0): (8, 1)}}
    assert policy.WINDOWED_BACKWARD_HEADS_AND_TAILS == {
        2: {(32, 16): (32, 4), (128, 16): (8, 4)}, 4: {(128, 32): (8, 4)}}
    for dtype in ("bfloat16", "float16"):
        for N, rows, head, tail, warps, window, multiple in (
                (34, 32, 32, 2, 2, 0, 2), (38, 16, 32, 8, 1, 0, 2), (42, 16, 32, 16, 2, 0, 2),
                (46, 16, 32, 16, 2, 0, 2), (74, 8, 64, 16, 1, 0, 2), (78, 8, 64, 16, 1, 0, 2),
                (37, 16, 32, 8, 1, 0, 1), (39, 16, 32, 8, 1, 0, 1), (41, 32, 32, 16, 4, 8, 1),
                (45, 32, 32, 16, 4, 8, 1), (47, 32, 32, 16, 4, 8, 1), (137, 8, 128, 16, 4, 8, 1),
                (143, 8, 128, 16, 4, 8, 1), (19, 16, 16, 4, 1, 0, 1), (25, 16, 32, 0, 1, 0, 1),
                (17, 64, 16, 1, 2, 0, 1), (21, 16, 16, 8, 2, 0, 1), (23, 16, 16, 8, 2, 0, 1),
                (31, 16, 32, 0, 1, 0, 1), (49, 8, 64, 0, 1, 0, 1), (57, 8, 64, 0, 1, 0, 1),
                (63, 8, 64, 0, 1, 0, 1), (146, 8, 128, 32, 4, 8, 2), (150, 8, 128, 32, 4, 8, 2),
                (158, 8, 128, 32, 4, 8, 2)):
            M = (1 << 27) // N
            plan = _hopper_plan(N, dtype, 4800, backward=True, M=M)
            assert (plan.block_m, plan.block_n, plan.tail, plan.num_warps, plan.windowed,
                    plan.uncapped_warps) == (rows, head, tail, warps, window > 0, 0), (
                        dtype, N, plan)
            x = torch.empty((M, N), dtype=getattr(torch, dtype), device="meta")
            (record,) = launch.launches(plan, (x,) * 3, log=False)
            assert (record.constexprs["WINDOW"], record.constexprs["MULTIPLE_OF"],
                    record.constexprs["BLOCK_M"], record.constexprs["BLOCK"],
                    record.constexprs["TAIL"], record.num_warps) == (
                        window, multiple, rows, head, tail, warps), (dtype, N)
    for dtype, N, dram, fewer in (
            ("bfloat16", 50, 4800, 0), ("float16", 62, 4800, 0), ("bfloat16", 66, 4800, 0),
            ("float16", 70, 4800, 0), ("bfloat16", 82, 4800, 0), ("bfloat16", 77, 4800, 0),
            ("float16", 138, 4800, 0), ("bfloat16", 145, 4800, 0), ("bfloat16", 36, 4800, 0),
            ("float16", 44, 4800, 0), ("bfloat16", 35, 4800, 0), ("bfloat16", 17, 3350, 0),
            ("float16", 21, 4800, 1), ("bfloat16", 65, 4800, 0), ("float16", 135, 4800, 0),
            ("bfloat16", 148, 4800, 0), ("float16", 162, 4800, 0), ("float32", 34, 4800, 0),
            ("float32", 45, 4800, 0), ("float32", 137, 4800, 0), ("bfloat16", 34, 3350, 0),
            ("float16", 137, 3350, 0),
            ("bfloat16", 38, 4800, 1), ("float16", 45, 4800, 1), ("bfloat16", 137, 4800, 1),
            ("float16", 25, 4800, 1), ("bfloat16", 150, 3350, 0), ("float32", 150, 4800, 0)):
        plan = _hopper_plan(N, dtype, dram, backward=True, M=(1 << 27) // N - fewer)
        with unittest.mock.patch.dict(policy.NARROW_ROWS_BACKWARD_HEADS_AND_TAILS, clear=True), \
                unittest.mock.patch.dict(policy.WINDOWED_BACKWARD_HEADS_AND_TAILS, clear=True):
            assert plan == _hopper_plan(N, dtype, dram, backward=True,
                                        M=(1 << 27) // N - fewer), (dtype, N, dram, fewer)
        assert not plan.tail, (dtype, N, dram, fewer)
    for N in (34, 45, 137):
        forced = _hopper_plan(N, "bfloat16", 4800, backward=True, M=(1 << 27) // N,
                              kernel="single_block", block_n=256)
        assert (forced.block_n, forced.tail) == (256, 0), forced


def test_a_fast_dram_gives_narrow_backward_tiles_of_rows_past_vectors_few_warps():
    """``policy.FEW_WARPS_BACKWARD_WINDOWED``: on a Hopper GPU with a fast DRAM, from 2^27 // N
    rows, the single-block backward of rows past vectors whose body's tile is 64 columns (16-bit,
    odd N of 65-71, sixteen rows in two warps) or 256-2048 columns
    (16-bit; a body of up to 1408 in a tile of 2048), or whose body fits 192 of a tile of 256
    (float32), is one warp holding 1024 columns of tiles or one row, a 16-bit body of up to
    2704 in a tile of 4096 two warps, float32 bodies of 32 columns 1024 columns of tiles in
    four warps and bodies of 16 (17-19) 256 columns in one warp
    (``FEW_WARPS_BACKWARD_TILE_COLUMNS``), through the window; rows of whole vectors that fill their
    tile by more than ``FEW_WARPS_BACKWARD_WHOLE_ROWS`` gives, of
    ``EIGHT_BYTE_ROW_TILES_BACKWARD_WARPS``, wider bodies, an H100, fewer rows or a block forced
    keep the rule's warps. (The forward's one warp is ``WINDOWED_ROW_TILES``'.)"""
    assert (policy.FEW_WARPS_BACKWARD_WINDOWED, policy.FEW_WARPS_BACKWARD_COLUMNS) == (
        {2: {64: (64, 2), 256: (256, 1), 512: (512, 1), 1024: (1024, 1), 2048: (1408, 1),
             4096: (2704, 2)}, 4: {16: (16, 1), 32: (32, 4), 256: (192, 1)}}, 1024)
    assert policy.FEW_WARPS_BACKWARD_TILE_COLUMNS == {(4, 16): 256}
    for dtype in ("bfloat16", "float16"):
        for N, rows, block, warps in (
                (65, 16, 64, 2), (69, 16, 64, 2), (71, 16, 64, 2), (145, 4, 256, 1),
                (257, 4, 256, 1), (262, 4, 256, 1), (390, 2, 512, 1), (514, 2, 512, 1),
                (642, 1, 1024, 1), (1001, 1, 1024, 1), (1026, 1, 1024, 1),
                (1033, 1, 2048, 1), (1100, 1, 2048, 1), (1415, 1, 2048, 1), (2057, 1, 4096, 2),
                (2700, 1, 4096, 2), (2711, 1, 4096, 2)):
            M = (1 << 27) // N
            plan = _hopper_plan(N, dtype, 4800, backward=True, M=M)
            assert (plan.block_m, plan.block_n, plan.num_warps, plan.windowed) == (
                rows, block, warps, True), (dtype, N)
            # launched where no window is possible (one element off a 16-byte boundary), the
            # plan keeps its warps and holds the row's power of two
            shifted = torch.empty(M * N + 1, dtype=getattr(torch, dtype),
                                  device="meta")[1:].view(M, N)
            (record,) = launch.launches(plan, (shifted,) * 3, log=False)
            assert (record.constexprs["WINDOW"], record.constexprs["BLOCK"],
                    record.num_warps) == (0, policy.next_power_of_2(N), warps), (dtype, N)
    for N, rows, block, warps in ((133, 4, 256, 1), (137, 4, 256, 1), (150, 4, 256, 1),
                                  (193, 4, 256, 1), (195, 4, 256, 1), (17, 16, 16, 1),
                                  (19, 16, 16, 1), (21, 32, 32, 4), (26, 32, 32, 4),
                                  (31, 32, 32, 4), (35, 32, 32, 4)):
        plan = _hopper_plan(N, "float32", 4800, backward=True, M=(1 << 27) // N)
        assert (plan.block_m, plan.block_n, plan.num_warps, plan.windowed) == (
            rows, block, warps, True), N
    for N in (20, 28, 36, 37):  # whole vectors; a body's tile of 64
        plan = _hopper_plan(N, "float32", 4800, backward=True, M=(1 << 27) // N)
        assert plan.block_m * plan.block_n == policy.TILE_ELEMENTS, (N, plan)
    for dtype in ("bfloat16", "float16"):
        forced = _hopper_plan(137, dtype, 4800, backward=True, M=(1 << 27) // 137,
                              kernel="single_block", block_n=256)
        assert forced.num_warps > 1, dtype
    for dtype, N, dram, fewer, backward in (
            ("bfloat16", 512, 4800, 0, True), ("bfloat16", 1000, 4800, 0, True),
            ("bfloat16", 348, 4800, 0, True), ("bfloat16", 1500, 4800, 0, True),
            ("bfloat16", 1417, 4800, 0, True), ("float16", 2713, 4800, 0, True),
            ("bfloat16", 2056, 4800, 0, True), ("bfloat16", 100, 4800, 0, True),
            ("float32", 390, 4800, 0, True), ("bfloat16", 2057, 3350, 0, True),
            ("float32", 262, 4800, 0, True), ("float32", 197, 4800, 0, True),
            ("float32", 257, 4800, 0, True),
            ("float32", 137, 3350, 0, True),
            ("bfloat16", 390, 3350, 0, True), ("bfloat16", 390, 4800, 1, True)):
        plan = _hopper_plan(N, dtype, dram, backward=backward, M=(1 << 27) // N - fewer)
        assert plan.num_warps > 1 or plan.row_threads, (dtype, N, dram, fewer, backward)


def test_a_fast_dram_gives_the_backward_of_sparse_whole_vector_rows_few_warps():
    """``policy.FEW_WARPS_BACKWARD_WHOLE_ROWS``: on a Hopper GPU with a fast DRAM, from 2^27 // N
    rows, the single-block backward of 16-bit rows of whole 16-byte vectors that fill a tile of
    512 or 1024 columns by 0.59 or less (264-304, 520-608) is one warp, 1024 // tile rows a
    program, and a tile of 2048 (1032-1208) two warps, one row, not through a window; float32
    rows held in 512 (260-508) two a program in four warps. Fuller 16-bit tiles (312, 400, 616,
    1000, 1216), tiles of 256 (136, 200) and 4096 (2056), powers of two, float32 rows held in
    1024, an H100, fewer rows and a forced block keep their plans."""
    assert policy.FEW_WARPS_BACKWARD_WHOLE_ROWS == {
        2: {512: (304, 1), 1024: (608, 1), 2048: (1208, 2)}, 4: {512: (508, 4)}}
    for N in (260, 280, 508):
        plan = _hopper_plan(N, "float32", 4800, backward=True, M=(1 << 27) // N)
        assert (plan.block_m, plan.block_n, plan.num_warps) == (2, 512, 4), (N, plan)
    for N, dram, fewer in ((512, 4800, 0), (600, 4800, 0), (280, 3350, 0), (280, 4800, 1)):
        plan = _hopper_plan(N, "float32", dram, backward=True, M=(1 << 27) // N - fewer)
        assert plan.block_m * plan.block_n != 1024, (N, dram, fewer, plan)
    for dtype in ("bfloat16", "float16"):
        for N, rows, block, warps in ((264, 2, 512, 1), (280, 2, 512, 1), (304, 2, 512, 1),
                                      (520, 1, 1024, 1), (600, 1, 1024, 1), (608, 1, 1024, 1),
                                      (1032, 1, 2048, 2), (1208, 1, 2048, 2)):
            plan = _hopper_plan(N, dtype, 4800, backward=True, M=(1 << 27) // N)
            assert (plan.block_m, plan.block_n, plan.num_warps) == (rows, block, warps), (
                dtype, N)
            x = torch.empty(((1 << 27) // N, N), dtype=getattr(torch, dtype), device="meta")
            (record,) = launch.launches(plan, (x, x, x), log=False)
            assert (record.constexprs["WINDOW"], record.constexprs["BLOCK_M"],
                    record.num_warps) == (0, rows, warps), (dtype, N)
        for N, dram, fewer in ((312, 4800, 0), (400, 4800, 0), (616, 4800, 0), (1000, 4800, 0),
                               (136, 4800, 0), (200, 4800, 0), (512, 4800, 0),
                               (280, 3350, 0), (600, 4800, 1), (1032, 3350, 0),
                               (1032, 4800, 1)):
            plan = _hopper_plan(N, dtype, dram, backward=True, M=(1 << 27) // N - fewer)
            assert plan.num_warps > 1, (dtype, N, dram, fewer)
        for N in (1216, 2056):
            plan = _hopper_plan(N, dtype, 4800, backward=True, M=(1 << 27) // N)
            assert plan.num_warps == 4, (dtype, N)
    forced = _hopper_plan(280, "bfloat16", 4800, backward=True, M=(1 << 27) // 280,
                          kernel="single_block", block_n=512)
    assert forced.num_warps > 1


@pytest.mark.parametrize("gpu", ["H100", "H200"])
def test_a_plan_launched_on_rows_of_narrower_loads_keeps_its_layout_whole(gpu):
    """``policy.for_rows`` adapts a single-block or cooperative plan to rows that cannot be read
    in 16-byte vectors (its cap dropped, its warps those of ``Plan.uncapped_warps``, a tile of a
    row's body widened to the row's power of two): a tile laid out rows by warps keeps one warp's
    share of threads a row (``block_m * row_threads == 32 * num_warps``), and every tile still
    holds the row. Over the policy's plans of both directions and three dtypes at widths around
    the rules' bounds, at 2^27 // N rows and at 4096."""
    device = policy.DeviceDescription(gpu, 132, dram_gbs=4800 if gpu == "H200" else 3350,
                                      capability=9)
    widths = (37, 255, 257, 300, 509, 1001, 1025, 1100, 2001, 2049, 2050, 2944, 3001, 4097, 4098,
              4100, 6145, 8193, 8194, 8320, 12289, 12345, 16383, 16385, 16386)
    for backward in (False, True):
        for dtype in (torch.float32, torch.bfloat16, torch.float16):
            for N in widths:
                for M in ((1 << 27) // N, 4096):
                    plan = policy.choose(M, N, dtype, device, backward=backward)
                    narrow = policy.for_rows(plan, False, False)
                    what = (backward, dtype, N, M, plan.describe(), narrow.describe())
                    if narrow.row_threads:
                        assert narrow.block_m * narrow.row_threads == 32 * narrow.num_warps, what
                    assert narrow.columns_held >= N, what


def test_a_hopper_gpu_takes_the_measured_tiles_read_again():
    """``policy.SINGLE_BLOCK_TILES``: on any Hopper GPU (both DRAMs measured), at 2^27 elements
    and more, rows of exactly a measured width take its rows, warps, cap and reading again,
    forward and backward; the widths it leaves out, rows one column narrower and another compute
    capability keep the rule's plan, which holds its tiles, and so do smaller problems
    (``SINGLE_BLOCK_TILES_FROM_ELEMENTS``; a fast DRAM holds the seeds' row tiles, which a slower
    one reads again, ``READ_AGAIN_ROW_TILES``)."""
    rows_of = lambda N: policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // N  # noqa: E731
    for (direction, itemsize, N), tile in policy.SINGLE_BLOCK_TILES.items():
        backward = direction == "backward"
        dtypes = ("float32",) if itemsize == 4 else ("bfloat16", "float16")
        for dtype in dtypes:
            for dram_gbs in (3350, 4800, None):
                got = _hopper_plan(N, dtype, dram_gbs, backward=backward, M=rows_of(N))
                assert (got.block_m, got.num_warps, got.max_registers, got.reread) == tile, got
                assert got.kernel == "single_block" and "read again for the output" in (
                    got.describe())
            for rule in (_hopper_plan(N, dtype, 4800, capability=None, backward=backward,
                                      M=rows_of(N)),
                         _hopper_plan(N - 1, dtype, 4800, backward=backward,
                                      M=rows_of(N - 1) + 1)):
                assert not rule.reread and rule.max_registers == 0, rule
            smaller = _hopper_plan(N, dtype, 4800, backward=backward, M=rows_of(N) - 1)
            assert smaller.max_registers == 0 and not smaller.reread, smaller
    assert {(d, i) for d, i, _ in policy.SINGLE_BLOCK_TILES} == {
        ("forward", 4), ("forward", 2), ("backward", 4), ("backward", 2)}
    for held in ((1024, "bfloat16", False), (16384, "bfloat16", False), (4096, "float32", True),
                 (16384, "float32", True), (8192, "bfloat16", True)):
        N, dtype, backward = held
        assert not _hopper_plan(N, dtype, 4800, backward=backward, M=rows_of(N)).reread, held
    forced = _hopper_plan(4096, "float32", 3350, kernel="single_block", M=rows_of(4096))
    assert forced.reread and forced.num_warps == 16, "a forced kernel takes the policy's tile"


def test_the_seeds_row_tiles_read_again():
    """``policy.READ_AGAIN_ROW_TILES``: on a Hopper GPU whose DRAM is not fast, from 4096 rows to
    under 2^27 elements, the float32 forward's tiles of four rows of one warp at 513-1024 columns,
    of two rows of one warp and a tail of 128 or 256, and of one row of 4096 and a tail of 1024 or
    2048 or of 8192 and a tail of 1024 read again, in the rule's rows and warps; a fast DRAM holds
    them in the same layouts, and its four rows of one warp at 257-512 columns and its one row of
    4096 too. On both one row of 2048 and a tail of 1024 in 4 warps, which one warp would hold
    elsewhere, reads again (``ONE_ROW_TILES``). Three tiles (or, on a fast DRAM, the two that
    hold some of them), other tails, two rows of 2048, 16-bit rows, the backward, fewer rows,
    another compute capability, a block forced and 2^27 elements do not."""
    one_row = ((2880, (1, 2048, 1024, 4)), (3072, (1, 2048, 1024, 4)))
    slow_only = ((513, (4, 1024, 0, 4)), (640, (4, 1024, 0, 4)), (768, (4, 1024, 0, 4)),
                 (1024, (4, 1024, 0, 4)), (1025, (2, 1024, 128, 2)), (1152, (2, 1024, 128, 2)),
                 (1153, (2, 1024, 256, 2)), (1280, (2, 1024, 256, 2)),
                 (4736, (1, 4096, 1024, 4)), (6016, (1, 4096, 2048, 4)),
                 (8320, (1, 8192, 1024, 8)), (9216, (1, 8192, 1024, 8)))
    fast_layouts = ((384, (4, 512, 0, 4)), (512, (4, 512, 0, 4)), (3200, (1, 4096, 0, 4)),
                    (4096, (1, 4096, 0, 4)))
    for dram_gbs in (3350, 4800):
        fast = dram_gbs >= policy.FAST_DRAM_FROM_GBS
        for N, shape in one_row + (() if fast else slow_only):
            got = _hopper_plan(N, "float32", dram_gbs, M=4096)
            assert got.reread and (got.block_m, got.block_n, got.tail, got.num_warps) == shape, got
            assert got.tail2 == 0 and got.max_registers == 0, got
            assert got.row_threads == (32 if got.block_m > 1 else 0), got
        for N, shape in slow_only + fast_layouts if fast else fast_layouts:
            got = _hopper_plan(N, "float32", dram_gbs, M=4096)
            assert not got.reread, got
            if fast:  # the same layout, held
                assert (got.block_m, got.block_n, got.tail, got.num_warps) == shape, got
                assert got.row_threads == (32 if got.block_m > 1 else 0), got
                assert got.tail2 == 0, got
        elsewhere = policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // 2944
        for one_warp in (_hopper_plan(2944, "float32", dram_gbs, M=4095),
                         _hopper_plan(2944, "float32", dram_gbs, M=elsewhere),
                         _hopper_plan(2944, "float32", dram_gbs, M=4096, capability=8)):
            # outside ONE_ROW_TILES's bounds, two rows of one warp, held
            shape = (one_warp.block_m, one_warp.num_warps, one_warp.row_threads, one_warp.reread)
            assert shape == (2, 2, 32, False), one_warp
        fast = dram_gbs >= policy.FAST_DRAM_FROM_GBS  # two tails as one: FAST_DRAM_MERGED_TAILS
        for N, shape in ((1408, (2, 1024, 512, 0) if fast else (2, 1024, 256, 128)),
                         (1920, (2, 2048, 0, 0)), (2432, (2, 2048, 256, 128)),
                         (2816, (2, 2048, 1024, 0) if fast else (2, 2048, 512, 256)),
                         (4608, (1, 4096, 512, 0)),
                         (9344, (1, 8192, 2048, 0))):
            layout = _hopper_plan(N, "float32", dram_gbs, M=4096)
            assert (layout.block_m, layout.block_n, layout.tail, layout.tail2) == shape, layout
            assert not layout.reread, layout
        for held in (_hopper_plan(4736, "bfloat16", dram_gbs, M=4096),
                     _hopper_plan(1024, "bfloat16", dram_gbs, M=4096),
                     _hopper_plan(4736, "float32", dram_gbs, M=4096, backward=True),
                     _hopper_plan(1024, "float32", dram_gbs, M=4096, backward=True),
                     _hopper_plan(4736, "float32", dram_gbs, M=4095),
                     _hopper_plan(1024, "float32", dram_gbs, M=4095),
                     _hopper_plan(2944, "float32", dram_gbs, M=4095),
                     _hopper_plan(4736, "float32", dram_gbs, M=4096, capability=8),
                     _hopper_plan(1024, "float32", None, M=4096, capability=None),
                     _hopper_plan(4736, "float32", dram_gbs, M=4096, kernel="single_block",
                                  block_n=8192),
                     _hopper_plan(4736, "float32", dram_gbs,
                                  M=policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS // 4736 + 1)):
            assert not held.reread, held


def test_the_order_of_a_loops_sums_needs_its_block():
    assert policy.summation_of("online", 16) == "blocks of 16" == policy.summation_of("split", 16)
    assert policy.summation_of("cooperative", 16) == "tree"
    assert policy.summation_of("spatial", 64) == "blocks of 64"
    with pytest.raises(ValueError, match="give block_n"):
        policy.summation_of("online", None)


@triton.jit
def _both_conversions(x_ptr, first_ptr, again_ptr, BLOCK: tl.constexpr, ASM: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + cols)
    tl.store(first_ptr + cols, to_compute(x))
    tl.store(again_ptr + cols, to_compute_again(x, ASM))


def test_converting_again_is_the_first_conversion_bit_for_bit(device):
    """``row_math.to_compute_again`` (the cooperative backward's conversion after its wait) gives
    torch's exact float32 of every kind of 16-bit value: ±0, subnormals, the extremes, ±inf and
    NaN (bfloat16 through its bit form, float16 through inline PTX compiled and the conversion
    interpreted), as ``to_compute`` does compiled; under the interpreter ``to_compute`` flushes
    bfloat16 subnormals to signed zeros."""
    for dtype in (torch.bfloat16, torch.float16):
        info = torch.finfo(dtype)
        special = [0.0, -0.0, info.tiny, info.tiny / 4, -info.tiny / 8, info.max, -info.max,
                   info.eps, 1.0, -3.5, float("inf"), -float("inf"), float("nan")]
        x = torch.tensor(special + [0.0] * (64 - len(special)), dtype=dtype)
        x[len(special):] = torch.randn(64 - len(special), dtype=torch.float64).to(dtype) * 100
        x = x.to(device)
        first = torch.full(x.shape, 7.0, device=device)  # poisoned: a store that did not happen
        again = torch.full(x.shape, -7.0, device=device)
        _both_conversions[(1,)](x, first, again, BLOCK=64, ASM=not kernels_interpreted())
        expected = x.float()
        assert torch.equal(again.view(torch.int32), expected.view(torch.int32)), dtype
        if x.is_cuda or dtype != torch.bfloat16:
            assert torch.equal(first.view(torch.int32), expected.view(torch.int32)), dtype
        else:  # the interpreter's own bfloat16 conversion flushes subnormals to a signed zero
            subnormal = (expected != 0) & (expected.abs() < info.tiny)
            assert subnormal.any()
            assert torch.equal(first[subnormal], torch.zeros_like(first[subnormal]))
            assert torch.equal(first[subnormal].signbit(), expected[subnormal].signbit())
            assert torch.equal(first[~subnormal].view(torch.int32),
                               expected[~subnormal].view(torch.int32))


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("log", [False, True], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("held", [False, True], ids=["converted", "held_as_loaded"])
def test_single_block_backward_holding_its_tile_as_loaded_or_converted(held, log, dtype, device):
    """The single-block backward with y and dy held as loaded across the row sum and converted
    again for dx (``Plan.held_as_loaded``, the policy's choice from
    ``SINGLE_BLOCK_HELD_AS_LOADED_FROM_COLS`` 16-bit columns), or converted once: the same dx, on
    rows cut from wider buffers, the memory around dx poisoned and left alone."""
    M, N = 3, 300
    y_buffer = _random((M, N + 11), dtype, device, seed=3)
    y = y_buffer[:, 4:4 + N]
    dy = _random((M, N), dtype, device, seed=4, scale=1.0)
    dx_buffer = torch.full((M + 1, N + 9), float("nan"), dtype=dtype, device=device)
    dx = dx_buffer[1:, 2:2 + N]
    plan = dataclasses.replace(triton_impl.make_plan(M, N, dtype, device, backward=True),
                               held_as_loaded=held)
    launch.softmax_backward_rows(plan, y, dy, dx, log)
    expected, scale = _oracle_grad(y, dy, -1, log)
    assert_close(dx, expected, dtype=dtype, kind="grad", scale=scale)
    outside = torch.ones_like(dx_buffer, dtype=torch.bool)
    outside[1:, 2:2 + N] = False
    assert dx_buffer[outside].isnan().all(), "wrote outside dx"
    wide = triton_impl.make_plan(8, policy.SINGLE_BLOCK_HELD_AS_LOADED_FROM_COLS, dtype, device,
                                 backward=True)
    assert wide.held_as_loaded == (dtype.itemsize == 2)
