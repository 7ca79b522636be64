"""Rows that are not whole 16-byte vectors, read through a window (``kernels/row_math.py``,
``row_window``): each row from a 16-byte boundary (the one before it in the cooperative kernel,
the one that starts its body in the single-block ones), its whole vectors in 16-byte loads and
the few columns it shares a vector with a neighbour alone (``row_edges``). The single-block
and cooperative kernels, forward and backward, every tile layout of the single-block kernels."""

import dataclasses

import pytest
import torch

import triton_impl
from checks import assert_grad_close
from reference.tolerance import assert_close
from triton_impl import launch, policy

SINGLE_BLOCK_LAYOUTS = {
    "policy": ({}, {}),
    "rows by warps": (dict(block_m=2, num_warps=2, row_threads=32), dict(block_m=2)),
    "three tiles": (dict(block_m=1, block_n=128, tail=64, tail2=64), {}),
    "read again": (dict(block_m=1, reread=True), dict(block_m=1, reread=True)),
    "one row": (dict(block_m=1), dict(block_m=1)),
    "held as loaded": ({}, dict(held_as_loaded=True, reread=True)),
}
"""Changes to the policy's single-block plans of ``N = 243`` (a tile of 256 columns), forward
and backward: each tile layout the kernels have (``policy.Plan``; a forward of one row a
program takes edges of a value a thread, ``launch.edge_lanes``). The forward's are made to
read through the window, which the policy's do only from 2^27 // N rows on a fast DRAM
(``policy.WINDOWED_ROW_TILES``, ``policy.FORWARD_BODY_TILE_COLS``).
The policy's own plans of other N: at 253 the tile holds the body, the edges past it; at 259
the backward's tile is the body's 256 columns (but in float64, whose body may be 258)."""

CASES = ([("cooperative", N, block_n, "policy") for N, block_n in ((37, 16), (29, 8), (3, 8),
                                                                   (101, 32))]
         + [("single_block", N, None, "policy") for N in (17, 37, 101, 253, 259)]
         + [("single_block", 243, None, layout) for layout in SINGLE_BLOCK_LAYOUTS])


def plan_of(x, kernel, block_n, layout, backward):
    plan = triton_impl.plan(x, kernel=kernel, block_n=block_n, backward=backward)
    if kernel == "single_block":
        plan = dataclasses.replace(plan, **SINGLE_BLOCK_LAYOUTS[layout][backward], windowed=True)
        plan = dataclasses.replace(plan, grid=(policy.cdiv(x.shape[0], plan.block_m),))
    return plan


@pytest.mark.parametrize("dtype", [torch.float64, torch.float32, torch.bfloat16, torch.float16])
@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("kernel,N,block_n,layout", CASES)
def test_rows_read_through_a_window_touch_nothing_outside_them(device, dtype, log, kernel, N,
                                                                block_n, layout):
    """Rows of odd N one after another start at every offset from a boundary (lo = 0 to 7 for
    16-bit values, 0 to 1 for float64), so every row's first and last vectors are shared with a
    neighbour. Sentinels around both tensors stay unread (a NaN read would show in the output)
    and unwritten, and forward and backward match float64."""
    M, guard = 9, 16  # 16 elements keep both tensors 16-byte aligned
    vector = 16 // torch.empty((), dtype=dtype).element_size()
    torch.manual_seed(N * (block_n or 1))
    source = torch.full((M * N + 2 * guard,), float("nan"), dtype=dtype, device=device)
    x = source[guard:guard + M * N].view(M, N)
    x.copy_((torch.randn(M, N, dtype=torch.float64) * 4).to(dtype))
    x[1, ::3] = -float("inf")
    sentinel = 1234.0
    target = torch.full((M * N + 2 * guard,), sentinel, dtype=dtype, device=device)
    y = target[guard:guard + M * N].view(M, N)
    plan = plan_of(x, kernel, block_n, layout, backward=False)
    (record,) = launch.launches(plan, (x, y), log=log)
    assert record.constexprs["WINDOW"] == vector, "rows of odd N are read through the window"
    launch.softmax_rows(plan, x, y, log)
    assert not y.isnan().any(), "a column outside the row was read"
    assert (target[:guard] == sentinel).all() and (target[guard + M * N:] == sentinel).all()
    exact = (torch.log_softmax if log else torch.softmax)(x.double(), -1)
    kind = "log_softmax" if log else "softmax"
    assert_close(y, exact, dtype=dtype, kind=kind)

    dy_source = torch.full_like(source, float("nan"))
    dy = dy_source[guard:guard + M * N].view(M, N)
    dy.copy_(torch.randn(M, N, dtype=torch.float64).to(dtype))
    dx_target = torch.full_like(target, sentinel)
    dx = dx_target[guard:guard + M * N].view(M, N)
    backward_plan = plan_of(x, kernel, block_n, layout, backward=True)
    (record,) = launch.launches(backward_plan, (y, dy, dx), log=log)
    assert record.constexprs["WINDOW"] == vector
    launch.softmax_backward_rows(backward_plan, y, dy, dx, log)
    assert not dx.isnan().any(), "a column outside the row was read"
    assert (dx_target[:guard] == sentinel).all() and (dx_target[guard + M * N:] == sentinel).all()
    assert_grad_close(dx, y, dy, dtype, log)


@pytest.mark.parametrize("backward", [False, True], ids=["forward", "backward"])
def test_single_block_rows_take_the_window_only_where_their_layout_allows(device, backward):
    """A single-block launch whose plan reads through a window (``Plan.windowed``: the policy's
    backward plans, a forward made to) reads rows that are not whole vectors through it where the
    tensors share one row stride (or hold one row: tensors of two row strides would shift their
    rows apart), start 16-byte aligned and the plan's tiles hold the row's body
    (``launch.window_elements``); rows of whole vectors need none; else each row is read from
    its own start. Right either way."""
    dtype = torch.bfloat16
    base = (torch.randn(4 * 1024 + 8, dtype=torch.float64) * 4).to(dtype).to(device)
    cases = {"whole vectors": (base[:4 * 96].view(4, 96), 0),
             "N of 4": (base[:4 * 100].view(4, 100), 8),
             "odd N": (base[:4 * 101].view(4, 101), 8),
             "one row two bytes off": (base[1:102].view(1, 101), 0),
             "one row sixteen bytes off": (base[8:109].view(1, 101), 8),
             "a strided view (its output is not)": (base[:4 * 102].view(4, 102)[:, :101], 0),
             "N just under the tile": (base[:4 * 1021].view(4, 1021), 8),
             "a row narrower than a vector (no body)": (base[:4 * 3].view(4, 3), 0),
             "N just past the tile's power of two": (base[:4 * 1025].view(4, 1025), 8)}
    for name, (x, window) in cases.items():
        plan = triton_impl.plan(x, kernel="single_block", backward=backward)
        would_window = policy.reads_in_window(x.shape[1], 2, backward, "single_block")
        assert would_window == (x.shape[1] % 8 != 0 and x.shape[1] > 8)
        # the policy's forward takes a window from 2^27 // N rows only
        assert plan.windowed == (backward or not would_window), "only where a window would apply"
        rows = ((x, x.clone(), torch.empty_like(x)) if backward
                else (x, torch.empty_like(x)))
        (record,) = launch.launches(dataclasses.replace(plan, windowed=True), rows, log=False)
        assert record.constexprs["WINDOW"] == window, name
        (record,) = launch.launches(dataclasses.replace(plan, windowed=False), rows, log=False)
        assert record.constexprs["WINDOW"] == 0, name
        if backward:
            dx = triton_impl.softmax_backward_data(*rows[:2], -1, kernel="single_block")
            assert_grad_close(dx, *rows[:2], dtype, False)
        else:
            y = triton_impl.softmax(x, -1, kernel="single_block")
            assert_close(y, torch.softmax(x.double(), -1), dtype=dtype, kind="softmax")


def test_a_backward_tile_of_the_body_holds_the_whole_row_where_rows_are_read_from_their_starts(
        device):
    """The policy's single-block backward tile of a row just past a power of two holds its body
    alone (1025 bfloat16: 1024 columns, the edges a tile of their own; ``policy.window_columns``).
    Where the launch cannot read the rows through the window (here 2 bytes off a 16-byte
    boundary) it takes the row's power of two instead (``policy.for_rows``), and is right
    either way."""
    x = torch.randn(4, 1025, dtype=torch.float64) * 4
    for offset, window, block in ((0, 8, 1024), (1, 0, 2048)):
        rows = []
        for values in (torch.softmax(x, -1), torch.randn_like(x), torch.full_like(x, torch.nan)):
            storage = torch.empty(4 * 1025 + 8, dtype=torch.bfloat16, device=device)
            rows.append(storage[offset:offset + 4 * 1025].view(4, 1025))
            rows[-1].copy_(values)
        plan = triton_impl.plan(rows[0], kernel="single_block", backward=True)
        assert plan.block_n == 1024
        (record,) = launch.launches(plan, tuple(rows), log=False)
        assert (record.constexprs["WINDOW"], record.constexprs["BLOCK"]) == (window, block)
        launch.softmax_backward_rows(plan, *rows, False)
        assert_grad_close(rows[2], rows[0], rows[1], torch.bfloat16, False)


H200 = policy.DeviceDescription("H200", 132, dram_gbs=4800, capability=9)


def forward_between_sentinels(plan, dtype, N, device, check_launch, through_window=True):
    """softmax and log-softmax of five rows of N one after another (so at every offset from a
    16-byte boundary, unless N is whole vectors) with -inf, a NaN and large values among their
    first and last columns, through ``plan`` (its grid set for five rows), read through a window
    or (``through_window`` False) not: NaN around the input shows any read outside the rows,
    1234 around the output any write, and the rows match float64's. ``check_launch`` sees each
    launch's record first."""
    M, guard = 5, 16  # 16 elements keep both tensors 16-byte aligned
    grid = M * plan.splits if plan.kernel == "cooperative" else policy.cdiv(M, plan.block_m)
    plan = dataclasses.replace(plan, grid=(grid,))
    source = torch.full((M * N + 2 * guard,), float("nan"), dtype=dtype, device=device)
    x = source[guard:guard + M * N].view(M, N)
    torch.manual_seed(N)
    x.copy_((torch.randn(M, N, dtype=torch.float64) * 4).to(dtype))
    x[1, :3] = -float("inf")
    x[2, -1] = float("nan")
    x[3, -2:] = 80.0
    x[4, :2] = 60.0
    for log in (False, True):
        target = torch.full((M * N + 2 * guard,), 1234.0, dtype=dtype, device=device)
        y = target[guard:guard + M * N].view(M, N)
        (record,) = launch.launches(plan, (x, y), log=log)
        assert record.constexprs["WINDOW"] == (16 // x.element_size() if through_window else 0)
        check_launch(record)
        launch.softmax_rows(plan, x, y, log)
        assert (target[:guard] == 1234.0).all() and (target[guard + M * N:] == 1234.0).all()
        exact = (torch.log_softmax if log else torch.softmax)(x.double(), -1)
        assert y[2].isnan().all() and not y[[0, 1, 3, 4]].isnan().any()
        assert_close(y[[0, 1, 3, 4]], exact[[0, 1, 3, 4]], dtype=dtype,
                     kind="log_softmax" if log else "softmax")


@pytest.mark.parametrize("dtype,N,tiles", [
    (torch.bfloat16, 2057, (1, 2048, 512)), (torch.float16, 4098, (1, 4096, 0)),
    (torch.float32, 2050, (1, 2048, 0)), (torch.float32, 6001, (1, 8192, 0)),
    (torch.bfloat16, 10002, (1, 8192, 2048)), (torch.float16, 6001, (1, 4096, 2048)),
    (torch.bfloat16, 258, (4, 256, 0)), (torch.float16, 1026, (1, 1024, 0)),
    (torch.bfloat16, 30, (16, 32, 0)), (torch.bfloat16, 65, (16, 64, 0)),
    (torch.float16, 131, (8, 128, 0)),
    (torch.bfloat16, 132, (8, 128, 0)), (torch.bfloat16, 137, (8, 128, 16)),
    (torch.bfloat16, 75, (16, 64, 16)), (torch.float16, 79, (16, 64, 16)),
    (torch.float16, 268, (4, 256, 16)), (torch.bfloat16, 276, (4, 256, 16)),
    (torch.float16, 300, (2, 512, 0)), (torch.float32, 257, (4, 256, 0)),
    (torch.float32, 137, (4, 128, 64)), (torch.float32, 262, (2, 256, 128)),
    (torch.float32, 118, (4, 128, 0)), (torch.float32, 107, (4, 128, 0)),
    (torch.float32, 34, (16, 32, 0)),
    (torch.float32, 130, (4, 128, 0))])
def test_the_h200s_single_block_forward_through_a_window(device, dtype, N, tiles):
    """The H200's single-block forward of rows past vectors through the window: one row a
    program, its tiles the body's power of two, or a power of two and a tail (16-bit,
    ``policy._body_tiles``), its edges a value a thread (``policy.FORWARD_BODY_TILE_COLS``,
    ``launch.edge_lanes``); narrow rows several a program in one or two warps laid out whole,
    float32 a warp each (``policy.WINDOWED_ROW_TILES``), or a tile and a tail of several
    rows (``policy.WINDOWED_TAILED_ROW_TILES``), their edges their two partial vectors."""
    plan = policy.choose((1 << 27) // N, N, dtype, H200)
    body = policy.window_columns(N, dtype.itemsize, False, "single_block")
    assert plan.windowed and (plan.block_m, plan.block_n, plan.tail) == tiles
    assert plan.columns_held >= body

    def edges(record):
        lanes = 32 * plan.num_warps if plan.block_m == 1 else 2 * record.constexprs["WINDOW"]
        assert record.constexprs["EDGES"] == lanes

    forward_between_sentinels(plan, dtype, N, device, edges)


@pytest.mark.parametrize("dtype,N,tiles", [
    (torch.bfloat16, 136, (8, 128, 8)), (torch.float16, 280, (4, 256, 32)),
    (torch.bfloat16, 600, (2, 512, 128)), (torch.float16, 776, (1, 1024, 0)),
    (torch.bfloat16, 1032, (1, 1024, 8)), (torch.float16, 1056, (1, 1024, 32))])
def test_the_h200s_single_block_forward_of_whole_vector_rows_in_one_warp(device, dtype, N, tiles):
    """The H200's single-block forward of 16-bit rows of whole 16-byte vectors in one warp, each
    row its head and tail, several rows a program (``policy.ONE_WARP_WHOLE_ROWS_COLUMNS``): five
    rows: a program's tile of eight at 136 with three masked, two programs of four at 280, five
    of one row at 1032."""
    plan = policy.choose((1 << 27) // N, N, dtype, H200)
    assert (plan.block_m, plan.block_n, plan.tail, plan.num_warps) == (*tiles, 1)

    def one_warp(record):
        assert (record.num_warps, record.constexprs["TAIL"]) == (1, tiles[2])

    forward_between_sentinels(plan, dtype, N, device, one_warp, through_window=False)


@pytest.mark.parametrize("dtype,N", [(torch.bfloat16, 16392), (torch.float16, 16704)])
def test_the_h200s_single_block_forward_of_whole_vectors_past_16384(device, dtype, N):
    """The H200's single-block forward of 16-bit rows of whole vectors of 16392-16704, which
    the cooperative kernel leaves: a tile of 16384 and a tail of 4096 in 16 warps, one row a
    program, not the persistent 32768 (``policy.PERSISTENT_FROM_COLS``)."""
    plan = policy.choose((1 << 27) // N, N, dtype, H200)
    assert (plan.kernel, plan.block_m, plan.block_n, plan.tail, plan.num_warps,
            plan.persistent) == ("single_block", 1, 16384, 4096, 16, False)
    forward_between_sentinels(plan, dtype, N, device, lambda record: None, through_window=False)


@pytest.mark.parametrize("dtype,N,tiles,warps", [
    (torch.bfloat16, 36, (16, 32, 4), 1), (torch.float16, 44, (16, 32, 16), 2),
    (torch.float16, 68, (16, 64, 4), 1), (torch.bfloat16, 76, (16, 64, 16), 2),
    (torch.float16, 34, (16, 32, 2), 1), (torch.bfloat16, 46, (32, 32, 16), 2),
    (torch.bfloat16, 66, (16, 64, 2), 1), (torch.float16, 90, (8, 64, 32), 1),
    (torch.bfloat16, 38, (32, 32, 8), 2), (torch.float16, 78, (8, 64, 16), 1),
    (torch.bfloat16, 84, (16, 64, 32), 2), (torch.float16, 58, (32, 64, 0), 4),
    (torch.bfloat16, 17, (32, 16, 1), 1), (torch.float16, 21, (64, 16, 8), 2),
    (torch.bfloat16, 29, (16, 32, 0), 4), (torch.float16, 31, (16, 32, 0), 4),
    (torch.bfloat16, 33, (32, 32, 1), 1), (torch.float16, 35, (16, 32, 4), 1),
    (torch.float32, 9, (32, 8, 1), 2), (torch.float32, 11, (64, 8, 4), 2),
    (torch.float32, 66, (16, 64, 2), 1), (torch.float32, 70, (8, 64, 8), 1),
    (torch.float32, 78, (8, 64, 16), 1)])
def test_the_h200s_forward_of_narrow_rows_as_a_head_and_tail_from_their_own_starts(
        device, dtype, N, tiles, warps):
    """The H200's single-block forward of 16-bit rows of N % 8 == 4, N % 4 == 2 or odd N held
    as a head and a tail, several rows a program, each read from its own start in 8-, 4- or
    2-byte loads (``policy.NARROW_ROWS_FORWARD_FROM_OWN_STARTS``; 58 and 29-31 in their power of
    two), and of float32 9, 11 and 66-78 (``FAST_DRAM_SHORT_ROW_HEADS_AND_TAILS``):
    five rows between sentinels, so that the one program's tile is partly masked, its tail
    partly past each row."""
    plan = policy.choose((1 << 27) // N, N, dtype, H200)
    assert (plan.block_m, plan.block_n, plan.tail, plan.num_warps) == (*tiles, warps)
    assert not plan.windowed and plan.tail2 == plan.row_threads == 0

    def from_own_starts(record):
        assert (record.num_warps, record.constexprs["BLOCK_M"], record.constexprs["TAIL"],
                record.constexprs["MULTIPLE_OF"]) == (warps, tiles[0], tiles[2], N & -N)

    forward_between_sentinels(plan, dtype, N, device, from_own_starts, through_window=False)


@pytest.mark.parametrize("dtype,N,tiles,warps", [
    (torch.bfloat16, 37, (16, 64), 4), (torch.float16, 45, (16, 64), 4),
    (torch.bfloat16, 55, (16, 64), 4), (torch.float32, 82, (4, 128), 1),
    (torch.float32, 110, (4, 128), 1)])
def test_the_h200s_forward_of_short_rows_by_warps_from_their_own_starts(device, dtype, N, tiles,
                                                                         warps):
    """The H200's single-block forward of short rows laid out rows by warps, eight threads a
    row, each read from its own start (``policy.FAST_DRAM_SHORT_ROW_LAYOUTS``): 16-bit rows of an
    odd N of 37-55 sixteen of 64 a program, float32 rows of N % 4 == 2 four of 128 in one warp
    (82-110), value by value (a pass of one value a thread,
    ``policy.row_pass``): five rows between sentinels, the program's tile partly masked."""
    plan = policy.choose((1 << 27) // N, N, dtype, H200)
    assert (plan.block_m, plan.block_n, plan.row_threads, plan.num_warps, plan.windowed) == (
        *tiles, 8, warps, False)

    def by_warps(record):
        assert (record.num_warps, record.constexprs["BLOCK_M"], record.constexprs["PASS"],
                record.constexprs["MULTIPLE_OF"]) == (warps, tiles[0], 8, N & -N)

    forward_between_sentinels(plan, dtype, N, device, by_warps, through_window=False)


@pytest.mark.parametrize("dtype,N,tiles,warps", [
    (torch.bfloat16, 57, (8, 64, 0, 0), 1), (torch.float16, 63, (8, 64, 0, 0), 1),
    (torch.bfloat16, 25, (64, 16, 8, 4), 1), (torch.float16, 27, (64, 16, 8, 4), 1)])
def test_the_h200s_forward_of_odd_16_bit_rows_along_the_columns_from_their_own_starts(
        device, dtype, N, tiles, warps):
    """The H200's single-block forward of 16-bit odd rows laid along the columns, each read from
    its own start value by value: eight rows of 64 a program in one warp at 57-63
    (``policy.FAST_DRAM_SHORT_ROW_TILES``), 64 rows of 16 + 8 + 4 at 25 and 27
    (``policy.NARROW_ROWS_FORWARD_THREE_TILES``): five rows between sentinels, the program's
    tiles partly masked."""
    plan = policy.choose((1 << 27) // N, N, dtype, H200)
    assert (plan.block_m, plan.block_n, plan.tail, plan.tail2, plan.row_threads,
            plan.num_warps, plan.windowed) == (*tiles, 0, warps, False)

    def along_the_columns(record):
        assert (record.num_warps, record.constexprs["BLOCK_M"], record.constexprs["TAIL2"],
                record.constexprs["MULTIPLE_OF"]) == (warps, tiles[0], tiles[3], 1)

    forward_between_sentinels(plan, dtype, N, device, along_the_columns, through_window=False)


@pytest.mark.parametrize("dtype,N", [(torch.bfloat16, 36), (torch.float16, 66),
                                     (torch.bfloat16, 17), (torch.float16, 90)])
def test_the_h200s_forward_of_narrow_rows_as_a_head_and_tail_off_their_alignment(device, dtype, N):
    """The plans of ``policy.NARROW_ROWS_FORWARD_FROM_OWN_STARTS`` launched on 37 rows (several
    programs, the last partly masked) a stride of N + 3 apart, the first one element past a
    16-byte boundary: the launch reads them element by element (``MULTIPLE_OF`` 1), each row
    still its head and tail; the rows match float64's and nothing between them is written."""
    plan = policy.choose((1 << 27) // N, N, dtype, H200)
    assert plan.tail and not plan.windowed
    M, stride = 37, N + 3
    plan = dataclasses.replace(plan, grid=(policy.cdiv(M, plan.block_m),))
    torch.manual_seed(N)
    source = torch.full((1 + M * stride,), float("nan"), dtype=dtype, device=device)
    x = source[1:].view(M, stride)[:, :N]
    x.copy_((torch.randn(M, N, dtype=torch.float64) * 4).to(dtype))
    for log in (False, True):
        target = torch.full((1 + M * stride,), 1234.0, dtype=dtype, device=device)
        y = target[1:].view(M, stride)[:, :N]
        (record,) = launch.launches(plan, (x, y), log=log)
        assert (record.constexprs["MULTIPLE_OF"], record.constexprs["WINDOW"],
                record.constexprs["TAIL"]) == (1, 0, plan.tail)
        launch.softmax_rows(plan, x, y, log)
        assert target[0] == 1234.0 and (target[1:].view(M, stride)[:, N:] == 1234.0).all()
        exact = (torch.log_softmax if log else torch.softmax)(x.double(), -1)
        assert_close(y, exact, dtype=dtype, kind="log_softmax" if log else "softmax")


@pytest.mark.parametrize("dtype,N,tiles,window", [
    (torch.bfloat16, 10248, (8192, 4096), False), (torch.float16, 11264, (8192, 4096), False),
    (torch.bfloat16, 12288, (8192, 4096), False), (torch.bfloat16, 16383, (16384, 0), True),
    (torch.float16, 16386, (16384, 0), True)])
def test_the_h200s_single_block_forward_of_one_row_by_warps(device, dtype, N, tiles, window):
    """The H200's single-block forwards of 16-bit rows of whole vectors held as 8192 + 4096, and
    of rows past vectors whose body a tile of 16384 holds through the window, lay the row out
    rows by warps, every thread of the program a row's (``policy.ONE_ROW_BY_WARPS_TILES``):
    passes of 2048 columns; five rows between sentinels. Rows one element apart in x and y
    alike (a row stride of N + 1) start off their boundary: the whole-vector rows then load
    narrower, one element a thread a pass (``policy.row_pass``), and the plan goes back to the
    plain layout (``policy.for_rows``); the windowed rows keep the window and the layout. Where
    the strides differ, from the rows' own starts in the plain layout."""
    plan = dataclasses.replace(policy.choose((1 << 27) // N, N, dtype, H200), grid=(5,))
    assert (plan.kernel, plan.block_m, plan.block_n, plan.tail, plan.num_warps,
            plan.row_threads) == ("single_block", 1, *tiles, 8, 256)

    def laid_out_by_warps(record):
        assert record.constexprs["PASS"] == 2048

    forward_between_sentinels(plan, dtype, N, device, laid_out_by_warps, through_window=window)
    torch.manual_seed(N)
    x = (torch.randn(5, N + 1, dtype=torch.float64) * 4).to(dtype).to(device)[:, :N]
    vector = 16 // x.element_size()
    for y_stride, window_elements, laid in ((N + 1, vector if window else 0, 2048 if window else 0),
                                            (N, 0, 0)):
        y = torch.full((5, y_stride), float("nan"), dtype=dtype, device=device)[:, :N]
        (record,) = launch.launches(plan, (x, y), log=False)
        assert (record.constexprs["WINDOW"], record.constexprs["PASS"]) == (window_elements, laid)
        launch.softmax_rows(plan, x, y, False)
        assert_close(y, torch.softmax(x.double(), -1), dtype=dtype, kind="softmax")


@pytest.mark.parametrize("dtype,N,tiles,warps", [
    (torch.bfloat16, 264, (2, 512), 1), (torch.float16, 304, (2, 512), 1),
    (torch.bfloat16, 600, (1, 1024), 1), (torch.float16, 520, (1, 1024), 1),
    (torch.float16, 1032, (1, 2048), 2), (torch.bfloat16, 268, (2, 512), 1),
    (torch.bfloat16, 1033, (1, 2048), 1), (torch.float16, 2057, (1, 4096), 2),
    (torch.float32, 5, (32, 8), 1), (torch.float32, 7, (32, 8), 1),
    (torch.bfloat16, 9, (16, 16), 1), (torch.float16, 12, (16, 16), 1),
    (torch.bfloat16, 15, (16, 16), 1), (torch.bfloat16, 36, (16, 64), 2),
    (torch.float16, 60, (16, 64), 2), (torch.bfloat16, 68, (8, 128), 2),
    (torch.float16, 124, (8, 128), 4), (torch.float16, 20, (32, 32), 2),
    (torch.bfloat16, 140, (4, 256), 1), (torch.bfloat16, 50, (16, 64), 2),
    (torch.float16, 90, (8, 128), 1),
    (torch.float32, 10, (32, 16), 1), (torch.float32, 14, (32, 16), 1),
    (torch.float32, 9, (64, 16), 2), (torch.float32, 11, (64, 16), 2),
    (torch.float32, 13, (64, 16), 2), (torch.float32, 15, (64, 16), 2),
    (torch.float32, 17, (16, 16), 1), (torch.float32, 19, (16, 16), 1),
    (torch.float32, 21, (32, 32), 4), (torch.float32, 35, (32, 32), 4),
    (torch.float32, 260, (2, 512), 4)])
def test_the_h200s_backward_of_narrow_rows_in_layouts_of_their_own(device, dtype, N, tiles,
                                                                    warps):
    """The H200's single-block backward of rows that fill their tile sparsely, in fewer
    warps or rows a program than the rule's (``policy.FEW_WARPS_BACKWARD_WHOLE_ROWS``: whole
    16-byte vectors,
    ``FEW_WARPS_BACKWARD_EIGHT_BYTE_ROWS``: N % 8 == 4 from their own starts,
    ``FEW_WARPS_BACKWARD_WINDOWED``: through the window; ``TINY_ROWS_BACKWARD``: rows of a few
    columns in their power of two; ``FEW_WARPS_BACKWARD_TILE_COLUMNS``: float32 17-19, 16 rows
    of their body of 16 in one warp), and of narrow rows past vectors from their own starts in
    their power of two (16-bit N % 4 == 2 or N % 8 == 4: ``NARROW_ROWS_BACKWARD_FROM_OWN_STARTS``;
    float32 9-11 and 13-15: ``FAST_DRAM_SHORT_ROWS_BACKWARD_FROM_OWN_STARTS``): five rows (where a
    tile holds several, the last program's partly masked), between sentinels (NaN around y and
    dy, 1234 around dx); softmax's and log-softmax's gradients match float64's."""
    plan = policy.choose((1 << 27) // N, N, dtype, H200, backward=True)
    assert (plan.block_m, plan.block_n, plan.num_warps) == (*tiles, warps)

    def in_its_tiles(record):
        assert (record.num_warps, record.constexprs["BLOCK_M"]) == (warps, tiles[0])

    backward_between_sentinels(plan, dtype, N, device, in_its_tiles)


@pytest.mark.parametrize("dtype,N,tiles,warps,window", [
    (torch.bfloat16, 34, (32, 32, 2), 2, 0), (torch.float16, 38, (16, 32, 8), 1, 0),
    (torch.bfloat16, 46, (16, 32, 16), 2, 0), (torch.float16, 74, (8, 64, 16), 1, 0),
    (torch.bfloat16, 37, (16, 32, 8), 1, 0), (torch.float16, 45, (32, 32, 16), 4, 8),
    (torch.bfloat16, 137, (8, 128, 16), 4, 8), (torch.float16, 19, (16, 16, 4), 1, 0),
    (torch.bfloat16, 27, (16, 32, 0), 1, 0), (torch.float16, 57, (8, 64, 0), 1, 0),
    (torch.bfloat16, 150, (8, 128, 32), 4, 8), (torch.bfloat16, 17, (64, 16, 1), 2, 0),
    (torch.float16, 23, (16, 16, 8), 2, 0)])
def test_the_h200s_backward_of_narrow_rows_as_a_head_and_tail(device, dtype, N, tiles, warps,
                                                               window):
    """The H200's single-block backward of 16-bit rows of N % 4 == 2 or odd N held as a head
    and a tail (or, odd 25-31 and 49-63, their power of two), several rows a program, from their
    own starts (``policy.NARROW_ROWS_BACKWARD_HEADS_AND_TAILS``) or through the window, the body
    in the two tiles (``WINDOWED_BACKWARD_HEADS_AND_TAILS``): five rows between sentinels, the
    one program's tiles partly masked, its tail past each row where the tiles pad it; the
    gradients match float64's."""
    plan = policy.choose((1 << 27) // N, N, dtype, H200, backward=True)
    assert (plan.block_m, plan.block_n, plan.tail, plan.num_warps) == (*tiles, warps)

    def as_a_head_and_tail(record):
        assert (record.num_warps, record.constexprs["BLOCK_M"], record.constexprs["TAIL"],
                record.constexprs["WINDOW"]) == (warps, tiles[0], tiles[2], window)

    backward_between_sentinels(plan, dtype, N, device, as_a_head_and_tail)


def backward_between_sentinels(plan, dtype, N, device, check_launch):
    """softmax's and log-softmax's gradients of five rows of N one after another through
    ``plan`` (its grid set for five rows): NaN around y and dy, 1234 around dx, which must stay
    unwritten; dx matches float64's. ``check_launch`` sees each launch's record first."""
    M, guard = 5, 16
    plan = dataclasses.replace(plan, grid=(policy.cdiv(M, plan.block_m),))
    torch.manual_seed(N)
    for log in (False, True):
        x = (torch.randn(M, N, dtype=torch.float64) * 4).to(dtype).to(device)
        inputs = []
        for value in ((torch.log_softmax if log else torch.softmax)(x.double(), -1),
                      torch.randn(M, N, dtype=torch.float64)):
            held = torch.full((M * N + 2 * guard,), float("nan"), dtype=dtype, device=device)
            held[guard:guard + M * N].view(M, N).copy_(value.to(dtype))
            inputs.append(held[guard:guard + M * N].view(M, N))
        y, dy = inputs
        target = torch.full((M * N + 2 * guard,), 1234.0, dtype=dtype, device=device)
        dx = target[guard:guard + M * N].view(M, N)
        (record,) = launch.launches(plan, (y, dy, dx), log=log)
        check_launch(record)
        launch.softmax_backward_rows(plan, y, dy, dx, log)
        assert (target[:guard] == 1234.0).all() and (target[guard + M * N:] == 1234.0).all()
        assert_grad_close(dx, y, dy, dtype, log)


def test_the_h200s_backward_of_tiny_rows_takes_one_warp_within_the_rules_bounds():
    """``policy.TINY_ROWS_BACKWARD``: rows past vectors of float32 5-7 and 16-bit 9-15 columns,
    from 2^27 // N rows on the H200, hold 256 columns of tiles a program in one warp, each row in
    its power of two, and keep that warp where the launch reads them from their own starts;
    whole vectors, narrower and wider rows, float64, fewer rows, the forward, a forced plan, a
    slower DRAM and GPUs other than Hopper keep their plans."""
    large = policy.SINGLE_BLOCK_TILES_FROM_ELEMENTS
    for dtype, N in ((torch.float32, 5), (torch.float32, 6), (torch.float32, 7),
                     (torch.bfloat16, 9), (torch.float16, 12), (torch.bfloat16, 15)):
        for M in (large // N, 2 * large // N):
            plan = policy.choose(M, N, dtype, H200, backward=True)
            block = 1 << (N - 1).bit_length()
            assert (plan.block_m, plan.block_n, plan.num_warps, plan.uncapped_warps) == (
                256 // block, block, 1, 0), plan
    # rows off their 16-byte boundary, read from their own starts, keep the one warp
    plan = policy.choose(large // 5, 5, torch.float32, H200, backward=True)
    buffer = torch.randn(3 * 5 + 1, dtype=torch.float32)
    y = dy = dx = buffer[1:].view(3, 5)
    (record,) = launch.launches(plan, (y, dy, dx), log=False)
    assert (record.num_warps, record.constexprs["WINDOW"]) == (1, 0), record
    slower = dataclasses.replace(H200, dram_gbs=3350)
    ampere, blackwell = (dataclasses.replace(H200, capability=c) for c in (8, 10))
    other_widths = ([(torch.float32, N) for N in (3, 4, 9, 15, 16, 21)]
                    + [(torch.bfloat16, N) for N in (7, 8, 16, 17, 31)]
                    + [(torch.float16, 5), (torch.float64, 3)])
    kept = [(dtype, N, large // N, H200, True) for dtype, N in other_widths] + [
        (torch.float32, 5, large // 5, ampere, True), (torch.float32, 5, large // 5, blackwell, True),
        (torch.float32, 5, large // 5 - 1, H200, True), (torch.float32, 5, large // 5, slower, True),
        (torch.bfloat16, 9, large // 9, H200, False)]
    for dtype, N, M, device, backward in kept:
        plan = policy.choose(M, N, dtype, device, backward=backward)
        assert plan.num_warps > 1 or plan.block_m * plan.block_n > 256, (dtype, N, M, plan)
    forced = policy.choose(large // 5, 5, torch.float32, H200, backward=True,
                           forcing=policy.Forcing("single_block", 8))
    assert forced.num_warps > 1, forced


@pytest.mark.parametrize("dtype,N,rows,tiles", [
    (torch.bfloat16, 257, 4, (256, 0)), (torch.bfloat16, 137, 16, (128, 16)),
    (torch.float16, 514, 2, (512, 0)), (torch.float32, 137, 4, (256, 0))])
def test_a_forward_of_several_rows_in_one_plain_tile_through_a_window(device, dtype, N, rows,
                                                                      tiles):
    """A single-block forward tile of several rows in the plain layout (``Plan.row_threads``
    0), through the window in one warp: forced, as the sweeps time it (the policy gives two of
    these, bfloat16 257 and float16 514, the others not); the rows' pairs meet their edges in
    the edges' own layout
    (``row_math.per_row_of_plain_rows``)."""
    auto = policy.choose((1 << 27) // N, N, dtype, H200)
    plan = dataclasses.replace(auto, block_m=rows, block_n=tiles[0], tail=tiles[1], tail2=0,
                               num_warps=1, row_threads=0, windowed=True, reread=False,
                               persistent=False, num_stages=1)

    def edges(record):
        assert (record.constexprs["PASS"], record.constexprs["EDGES"]) == (
            0, 2 * record.constexprs["WINDOW"])

    forward_between_sentinels(plan, dtype, N, device, edges)


@pytest.mark.parametrize("dtype,N,programs", [
    (torch.float32, 16391, 5), (torch.float32, 24578, 7), (torch.bfloat16, 20001, 3),
    (torch.float16, 16394, 3), (torch.bfloat16, 13002, 2), (torch.float16, 16377, 2),
    (torch.float32, 6145, 1), (torch.float32, 8190, 3), (torch.float32, 12290, 2),
    (torch.float32, 16383, 5)])
def test_the_h200s_cooperative_forward_of_rows_past_vectors_through_a_window(device, dtype, N,
                                                                            programs):
    """The H200's forward of rows past vectors too wide for a body's tile, or for two tiles, or
    float32 rows the online kernel would take in one step
    (``policy.FAST_DRAM_PAST_VECTORS_COOPERATIVE``: the cooperative kernel through the window,
    float32 in blocks of 4096 uncapped or of 8192 where one or two hold the row by 3/4, one
    program a row at 6145; 16-bit in blocks of 8192 as words), patience one poll as under the
    interpreter."""
    plan = policy.choose((1 << 27) // N, N, dtype, H200)
    assert plan.kernel == "cooperative" and plan.windowed and plan.splits == programs
    forward_between_sentinels(dataclasses.replace(plan, patience=1), dtype, N, device,
                              lambda record: None)
