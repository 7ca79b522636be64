"""A softmax along a dim that is not the innermost: the spatial kernel, and the output's layout.

torch.softmax, log_softmax and their backward return a contiguous tensor whatever the input's
layout. So do ours: the spatial kernel (``triton_impl/kernels/spatial.py``) writes interleaved
rows in that layout, and a row kernel forced there (``Plan.transposed``) copies its output back.
Every case is checked against torch's strides and the float64 oracle, through each path the
policy can take, and the spatial kernel reads and writes nothing outside its tensors.
"""

from __future__ import annotations

import collections

import numpy as np
import pytest
import torch
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import POISONS

import reference
import triton_impl
from reference.tolerance import assert_close, grad_scale, growth
from triton_impl import launch, policy

H100 = policy.DeviceDescription("H100", 132)


def _values(shape, dtype, seed=0):
    """Random normal * 3 (never zeros), exact in ``dtype``, as a contiguous tensor."""
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(shape, generator=g) * 3).to(dtype)


LAYOUTS = {
    "contiguous": lambda t: t,
    "channels_last": lambda t: t.to(memory_format=torch.channels_last) if t.dim() == 4 else t,
    "transposed": lambda t: t.transpose(0, -1).contiguous().transpose(0, -1),
    "sliced": lambda t: torch.cat([t, t], 0)[::2],
    "negated view": lambda t: (-t)._neg_view(),
    "expanded": lambda t: t[:1].expand(t.shape),
}
"""Inputs of one logical value in different memories (each a function of a contiguous tensor)."""

SHAPES = [((3, 5, 7), 1), ((3, 5, 7), 0), ((2, 3, 4, 5), 1), ((37, 64), 0), ((300, 3), 0),
          ((4, 1, 6), 1), ((5, 9, 1), 1), ((6, 5), -1)]
"""(shape, dim): interleaved rows of several widths (N = 1 too), and rows that are not (the dims
after ``dim`` hold one element, or none follow it)."""


def _oracle(x, dim, log):
    xs = x.detach().resolve_neg().double().cpu().numpy()
    return (reference.oracle_log_softmax if log else reference.oracle_softmax)(xs, axis=dim)


def _check(y, x, dim, log, plan, dtype):
    """``y`` has torch's strides and the oracle's values."""
    torch_fn = torch.log_softmax if log else torch.softmax
    assert y.stride() == torch_fn(x.detach(), dim).stride(), (tuple(x.shape), x.stride(), dim)
    assert y.is_contiguous()
    assert_close(y, _oracle(x, dim, log), dtype=dtype, axis=dim,
                 kind="log_softmax" if log else "softmax", summation=plan.summation)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shape, dim", SHAPES)
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float64])
def test_every_output_has_torchs_layout_and_the_oracles_values(shape, dim, layout, dtype,
                                                                 device):
    """Forward, autograd backward and the backward alone, softmax and log-softmax; the kernel
    that ran is the one the plan names."""
    x = LAYOUTS[layout](_values(shape, dtype).to(device))
    dy = LAYOUTS[layout](_values(shape, dtype, seed=1).to(device))
    for log in (False, True):
        fn = triton_impl.log_softmax if log else triton_impl.softmax
        plan = triton_impl.plan(x, dim)
        before = collections.Counter(triton_impl.LAUNCHES)
        y = fn(x, dim)
        assert triton_impl.LAUNCHES - before == {f"{plan.kernel}_forward": 1}
        _check(y, x, dim, log, plan, dtype)

        leaf = x.detach().requires_grad_(True)
        (dx,) = torch.autograd.grad(fn(leaf, dim), leaf, dy)
        back = triton_impl.plan(leaf, dim, backward=True)
        alone = triton_impl.softmax_backward_data(y, dy, dim, log=log)
        torch_back = torch._log_softmax_backward_data if log else torch._softmax_backward_data
        ys, dys = y.double().cpu().numpy(), dy.resolve_neg().double().cpu().numpy()
        grad = (reference.oracle_log_softmax_backward if log
                else reference.oracle_softmax_backward)
        for got in (dx, alone):
            assert got.stride() == torch_back(dy, y, dim, dtype).stride()
            assert_close(got, grad(ys, dys, axis=dim), dtype=dtype, axis=dim, kind="grad",
                         scale=grad_scale(ys, dys, log=log, axis=dim), summation=back.summation)


@pytest.mark.parametrize("options", [
    dict(kernel="spatial", block_n=16),  # 40 positions in three steps: two passes
    dict(kernel="spatial", block_n=64),  # one pass
    dict(kernel="single_block"), dict(kernel="online", block_n=16),
    dict(kernel="split", block_n=16, splits=3), dict(kernel="cooperative", block_n=16),
])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_every_forced_path_along_a_dim_that_is_not_innermost(options, dtype, device):
    """The spatial kernel in one pass and in two; each row kernel through a transposed copy."""
    x = LAYOUTS["sliced"](_values((3, 40, 5), dtype).to(device))
    dy = _values((3, 40, 5), dtype, seed=1).to(device)
    for log in (False, True):
        fn = triton_impl.log_softmax if log else triton_impl.softmax
        plan = triton_impl.plan(x, 1, **options)
        assert plan.kernel == options["kernel"]
        assert plan.transposed == (options["kernel"] != "spatial")
        if options["kernel"] == "spatial":
            assert plan.passes == (2 if options["block_n"] < 40 else 1)
        y = fn(x, 1, **options)
        _check(y, x, 1, log, plan, dtype)
        dx = triton_impl.softmax_backward_data(y, dy, 1, log=log, **options)
        ys, dys = y.double().cpu().numpy(), dy.double().cpu().numpy()
        grad = (reference.oracle_log_softmax_backward if log
                else reference.oracle_softmax_backward)
        back = triton_impl.plan(x, 1, backward=True, **options)
        assert dx.is_contiguous()
        assert_close(dx, grad(ys, dys, axis=1), dtype=dtype, axis=1, kind="grad",
                     scale=grad_scale(ys, dys, log=log, axis=1), summation=back.summation)


def test_spatial_is_refused_where_the_softmax_dim_is_innermost(device):
    x = _values((4, 6), torch.float32).to(device)
    before = collections.Counter(triton_impl.LAUNCHES)
    for call in (triton_impl.plan, triton_impl.softmax):
        with pytest.raises(ValueError, match="not the innermost"):
            call(x, -1, kernel="spatial")
    with pytest.raises(ValueError, match="splits= applies"):
        triton_impl.softmax(x, 0, kernel="spatial", splits=2)
    assert triton_impl.LAUNCHES == before


def test_an_empty_tensor_refuses_what_a_full_one_refuses(device):
    empty = _values((0, 5), torch.float32).to(device)
    for options in (dict(kernel="spatial"), dict(kernel="single_block", block_n=2)):
        with pytest.raises(ValueError):
            triton_impl.softmax(empty, -1, **options)
    assert triton_impl.softmax(empty, -1, kernel="online").shape == (0, 5)
    assert triton_impl.softmax(_values((3, 0, 4), torch.float32).to(device), 1,
                               kernel="spatial").shape == (3, 0, 4)


# The policy ---------------------------------------------------------------------------------------

PROBLEMS = [(A, N, inner) for A in (1, 3, 64) for N in (1, 5, 21, 1000, 4097, 8192, 65536)
            for inner in (2, 3, 49, 4096)]


@pytest.mark.parametrize("itemsize", [2, 4, 8])
@pytest.mark.parametrize("backward", [False, True])
def test_spatial_plans_hold_their_budget_and_the_auto_summation_bounds_them(itemsize, backward):
    """Every default plan on interleaved rows: one pass where the whole dim fits
    ``SPATIAL_ONE_PASS_POSITIONS``, at least ``SPATIAL_ONE_PASS_ROWS`` side by side where there
    are that many and the tile stays within ``SPATIAL_ONE_PASS_TILE_BYTES``; else steps of
    ``SPATIAL_STEP_POSITIONS`` over a line of rows, narrower only where the tiles would be too
    few, and a transposed row plan where even the narrowest leaves fewer tiles than SMs. Warps as
    many as leave a thread ``SPATIAL_THREAD_BYTES`` of each tensor (up to twice that; short runs
    ``SPATIAL_SHORT_RUN_THREAD_BYTES``), within 1 and ``SPATIAL_MAX_WARPS``; a grid of every tile.
    The sums of each are within ``summation_of(None, None)``'s bound, which the kit's "auto" path
    is judged by."""
    dtype = {2: "bfloat16", 4: "float32", 8: "float64"}[itemsize]
    tile_bytes = policy.SPATIAL_ONE_PASS_TILE_BYTES[backward]
    seen = set()
    for A, N, inner in PROBLEMS:
        plan = policy.choose(A * inner, N, dtype, H100, backward=backward, inner=inner)
        auto = growth(policy.summation_of(None, None), N)
        assert growth(plan.summation, N) <= auto, (A, N, inner, plan)
        rows = policy.next_power_of_2(inner)
        if plan.kernel != "spatial":
            assert plan.transposed and plan.kernel in policy.ROW_KERNELS
            spatial = policy.choose(A * inner, N, dtype, H100, backward=backward, inner=inner,
                                    forcing=policy.Forcing("spatial"))
            assert spatial.passes == 2 and spatial.grid[0] < H100.sm_count, spatial
            assert spatial.block_m * itemsize <= 16 or spatial.block_m == rows, spatial
            seen.add("transposed")
            continue
        seen.add(plan.passes)
        assert plan.grid == (A * -(-inner // plan.block_m),)
        assert plan.block_m * plan.block_n * itemsize <= tile_bytes, plan
        target = policy.SPATIAL_THREAD_BYTES
        if plan.passes == 1:
            assert plan.block_n == policy.next_power_of_2(N) <= policy.SPATIAL_ONE_PASS_POSITIONS
            assert (plan.block_m >= min(policy.SPATIAL_ONE_PASS_ROWS, rows)
                    or 2 * plan.block_m * plan.block_n * itemsize > tile_bytes), plan
            if plan.block_m < policy.SPATIAL_ONE_PASS_ROWS:
                target = policy.SPATIAL_SHORT_RUN_THREAD_BYTES
        else:
            assert policy.next_power_of_2(N) > policy.SPATIAL_ONE_PASS_POSITIONS
            assert plan.block_n == policy.SPATIAL_STEP_POSITIONS
            line = min(policy.SPATIAL_STEP_ROW_BYTES // itemsize, rows)
            assert (plan.block_m == line
                    or plan.grid[0] < 2 * policy.SPATIAL_TILES_PER_SM * H100.sm_count), plan
        per_thread = plan.block_m * plan.block_n * itemsize // (32 * plan.num_warps)
        assert plan.num_warps == 1 or per_thread >= target, plan
        assert plan.num_warps == policy.SPATIAL_MAX_WARPS or per_thread < 2 * target, plan
    assert seen == {1, 2, "transposed"}


def test_row_problems_are_planned_as_before():
    """``inner`` = 1 (the default): the row kernels' plans, never transposed."""
    for N in (7, 1000, 65536):
        plan = policy.choose(64, N, "float32", H100)
        assert plan == policy.choose(64, N, "float32", H100, inner=1) and not plan.transposed
    with pytest.raises(ValueError, match="divide"):
        policy.choose(10, 5, "float32", H100, inner=3)


# The launch --------------------------------------------------------------------------------------

@st.composite
def poisoned_tensor(draw, shape, dtype, device, values, name):
    """An (A, N, B) view of ``values`` in a buffer poisoned around it, its axes in a drawn order
    in memory and each drawn with gaps: strides of every kind, the innermost one not always B's."""
    poison = draw(st.sampled_from(POISONS), label=f"{name} poison")
    order = draw(st.permutations(range(3)), label=f"{name} order")
    gaps = [draw(st.integers(0, 2)) for _ in range(3)]
    extents = [shape[axis] + gaps[axis] for axis in order]
    buffer = torch.full(extents, poison, dtype=dtype, device=device)
    view = buffer.permute(*np.argsort(order).tolist())[tuple(slice(0, s) for s in shape)]
    view.copy_(torch.from_numpy(values).to(dtype))
    return view, buffer


def _bits(t):
    return t.view({2: torch.int16, 4: torch.int32, 8: torch.int64}[t.element_size()]).clone()


def _outside(buffer, view):
    """A mask of the elements of ``buffer`` that ``view`` does not cover."""
    inside = torch.zeros(buffer.numel(), dtype=torch.bool, device=buffer.device)
    index = torch.arange(buffer.numel(), device=buffer.device).as_strided(view.shape, view.stride(),
                                                    view.storage_offset())
    inside[index.flatten()] = True
    return ~inside.view(buffer.shape)


@given(data=st.data())
def test_spatial_launch_reads_and_writes_only_its_tensors(device, data):
    A, N, B = (data.draw(st.integers(low, high), label=name)
               for low, high, name in ((1, 3, "A"), (1, 40, "N"), (2, 40, "B")))
    dtype = data.draw(st.sampled_from([torch.float32, torch.bfloat16, torch.float64]),
                      label="dtype")
    block_n = data.draw(st.sampled_from([None, 4, 16, 64]), label="block_n")
    log = data.draw(st.booleans(), label="log")
    name = str(dtype).removeprefix("torch.")
    values = (np.random.default_rng(data.draw(st.integers(0, 99), label="seed"))
              .standard_normal((A, N, B)) * 3)
    x, x_buffer = data.draw(poisoned_tensor((A, N, B), dtype, device, values, "x"))
    y, y_buffer = data.draw(poisoned_tensor((A, N, B), dtype, device, values, "y"))
    sentinel = data.draw(st.sampled_from([float("nan"), 1234.5]), label="sentinel")
    y_buffer.fill_(sentinel)
    x_bits, y_bits = _bits(x_buffer), _bits(y_buffer)
    forcing = policy.Forcing("spatial", block_n)
    plan = triton_impl.make_plan(A * B, N, dtype, device, forcing=forcing, inner=B)
    note(plan.describe())
    launch.softmax_rows(plan, x, y, log)
    assert torch.equal(_bits(x_buffer), x_bits), "the forward wrote to its input"
    outside = _outside(y_buffer, y)
    assert torch.equal(_bits(y_buffer)[outside], y_bits[outside]), "wrote outside y"
    x64 = x.double().cpu().numpy()
    expected = (reference.oracle_log_softmax if log else reference.oracle_softmax)(x64, axis=1)
    assert_close(y, expected, dtype=name, axis=1, kind="log_softmax" if log else "softmax",
                 summation=plan.summation)

    dy_values = np.random.default_rng(7).standard_normal((A, N, B))
    dy, _ = data.draw(poisoned_tensor((A, N, B), dtype, device, dy_values, "dy"))
    dx, dx_buffer = data.draw(poisoned_tensor((A, N, B), dtype, device, dy_values, "dx"))
    dx_buffer.fill_(sentinel)
    dx_bits = _bits(dx_buffer)
    back = triton_impl.make_plan(A * B, N, dtype, device, forcing=forcing, inner=B,
                                 backward=True)
    launch.softmax_backward_rows(back, y, dy, dx, log)
    outside = _outside(dx_buffer, dx)
    assert torch.equal(_bits(dx_buffer)[outside], dx_bits[outside]), "backward wrote outside dx"
    ys, dys = y.double().cpu().numpy(), dy.double().cpu().numpy()
    grad = reference.oracle_log_softmax_backward if log else reference.oracle_softmax_backward
    assert_close(dx, grad(ys, dys, axis=1), dtype=name, axis=1, kind="grad",
                 scale=grad_scale(ys, dys, log=log, axis=1), summation=back.summation)
