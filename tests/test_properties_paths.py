"""Properties of this project's own algorithms and kernels, on every block size and path.

These do not take ``impl``: they test how the reference's algorithms and the Triton kernels are
blocked, so they run as they are when ``--softmax-impl`` points the other properties elsewhere.

- The reference's three-pass, online (one column at a time), blocked online and split-row
  algorithms agree, for any block size and split count: each within the policy of the oracle,
  NaN in the same places, and blocked online with block 1 bit for bit the online recurrence.
- The Triton kernels, on every forced path with drawn block sizes and split counts, likewise
  (the spatial kernel where the softmax dim is not the innermost).
- ``triton_impl.launch`` writes nothing outside its output rows and reads nothing outside its
  input rows: it runs into a view of a sentinel-filled buffer, from a view whose neighbouring
  memory is NaN or +-inf, forward and backward.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
import softmax_kit as kit
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import EXTREMES, POISONS, cases, gradients, lengths, rows
from reference.tolerance import assert_close, flushable, grad_scale
from triton_impl.hardware import INTERPRETER_SM_COUNT
from triton_impl.policy import KERNELS, ROW_KERNELS

import reference as R

FINITE_OR_MASKED = tuple(e for e in EXTREMES if e not in ("nan", "+inf"))


def _limits():
    return kit.limits()


# The reference's algorithms --------------------------------------------------------------------


@given(data=st.data())
def test_reference_algorithms_agree_for_every_block_size(data):
    caps = _limits()
    case = data.draw(cases(kit.NUMPY_DTYPES, max_n=caps.max_n, max_rows=caps.max_rows,
                           with_layouts=False), label="case")
    block = data.draw(st.integers(1, case.N + 2), label="block")
    splits = data.draw(st.integers(1, 9), label="splits")
    note(case.as_note())
    x = case.numpy()
    outputs = {
        "three_pass": R.softmax_three_pass(x, case.dim, block=block),
        "online": R.softmax_online(x, case.dim),
        "blocked_online": R.softmax_blocked_online(x, case.dim, block=block),
        "split_row": R.softmax_split_row(x, case.dim, splits=splits, block=block),
    }
    oracle = R.oracle_softmax(case.x, case.dim)
    for name, y in outputs.items():
        note(name)
        assert_close(y, oracle, dtype=case.dtype, axis=case.dim)
        assert np.array_equal(np.isnan(y), np.isnan(outputs["online"])), name
    if block == 1:
        np.testing.assert_array_equal(outputs["blocked_online"], outputs["online"])
    log_outputs = {algorithm: R.log_softmax(x, case.dim, algorithm=algorithm, block=block,
                                            splits=splits)
                   for algorithm in ("fused", "online", "split")}
    log_oracle = R.oracle_log_softmax(case.x, case.dim)
    for name, y in log_outputs.items():
        note(f"log_softmax {name}")
        assert_close(y, log_oracle, dtype=case.dtype, axis=case.dim, kind="log_softmax")


# The Triton kernels -----------------------------------------------------------------------------

def _triton():
    module = pytest.importorskip("triton_impl")
    from triton_impl.hardware import kernels_interpreted

    return module, kernels_interpreted()


@st.composite
def forced_paths(draw, interpreted: bool, kernels=ROW_KERNELS):
    """Public forcing options (``triton_impl.Forcing``): one of ``kernels``, block_n (small under
    the interpreter) and splits where they apply (a cooperative row at most as many programs as
    the device has SMs: the interpreter's ``hardware.INTERPRETER_SM_COUNT``)."""
    kernel = draw(st.sampled_from(kernels))
    if kernel == "single_block":
        return dict(kernel=kernel)
    block_n = draw(st.sampled_from([16, 32, 64] if interpreted else [16, 64, 256, 1024]))
    if kernel in ("online", "spatial"):
        return dict(kernel=kernel, block_n=block_n)
    most = INTERPRETER_SM_COUNT if kernel == "cooperative" and interpreted else 5
    return dict(kernel=kernel, block_n=block_n, splits=draw(st.integers(1, most)))


@st.composite
def experiments(draw, plan):
    """What only experiments set on a plan (``dataclasses.replace``, as benchmarks/sweep_plans.py
    does): the lanes an online or split step folds into, a persistent grid of 1-3 programs that
    each walk several rows (single_block, online), a single-block program that reads its tiles
    again for the output (``Plan.reread``)."""
    changes = {}
    if plan.kernel in ("online", "split"):
        changes["lanes"] = draw(st.sampled_from([plan.block_n, 1, 4, plan.block_n // 2]))
    if plan.kernel in ("single_block", "online") and draw(st.booleans()):
        changes.update(persistent=True, grid=(draw(st.integers(1, 3)),))
    if plan.kernel == "single_block" and draw(st.booleans()):
        changes["reread"] = True
    return changes


def _path_limits(interpreted):
    """The profile's sizes capped as the kit caps each forced path (``kit.triton_paths``): these
    tests draw any of the paths, so they take the sizes that all of them take."""
    caps = _limits()
    for _, path_caps in kit.triton_paths(interpreted).values():
        caps = caps.capped(path_caps)
    return caps


@given(data=st.data())
def test_triton_paths_agree_for_every_block_size(device, data):
    """Every forced path, block size and split count: within the policy of the oracle, NaN where
    the single-block kernel has it, and the path asked for is the one that ran."""
    triton_impl, interpreted = _triton()
    caps = _path_limits(interpreted)
    case = data.draw(cases(kit.TORCH_DTYPES, max_n=caps.max_n, max_rows=caps.max_rows,
                           max_elements=caps.max_elements), label="case")
    note(case.as_note())
    x, _ = case.layout.torch(case.x, case.dtype, device)
    interleaved = math.prod(case.shape[case.axis + 1:]) > 1
    options = data.draw(forced_paths(interpreted, KERNELS if interleaved else ROW_KERNELS),
                        label="path")
    for log in (False, True):
        function = triton_impl.log_softmax if log else triton_impl.softmax
        before = triton_impl.LAUNCHES[f"{options['kernel']}_forward"]
        got = kit.to_float64(function(x, case.dim, **options))
        assert triton_impl.LAUNCHES[f"{options['kernel']}_forward"] == before + 1, "wrong path ran"
        single = kit.to_float64(function(x, case.dim, kernel="single_block"))
        assert np.array_equal(np.isnan(got), np.isnan(single))
        oracle = R.oracle_log_softmax if log else R.oracle_softmax
        assert_close(got, oracle(case.x, case.dim), dtype=case.dtype, axis=case.dim,
                     kind="log_softmax" if log else "softmax",
                     summation=triton_impl.plan(x, case.dim, **options).summation)


def _bits(t):
    import torch

    return t.view({2: torch.int16, 4: torch.int32}[t.element_size()]).clone()


@st.composite
def poisoned_rows(draw, M, N, dtype, device, values, name):
    """An (M, N) view with unit column stride inside a buffer poisoned all around it."""
    import torch

    poison = draw(st.sampled_from(POISONS), label=f"{name} poison")
    above, below, left, right = (draw(st.integers(0, 2)) for _ in range(4))
    gap = draw(st.integers(0, 19))  # poisoned columns between one row's end and the next start
    buffer = torch.full((above + M + below, left + N + gap + right), poison,
                        dtype=getattr(torch, dtype), device=device)
    view = buffer[above:above + M, left:left + N]
    view.copy_(torch.from_numpy(values).to(buffer.dtype))
    return view, buffer


@given(data=st.data())
def test_launch_reads_and_writes_only_its_rows(device, data):
    triton_impl, interpreted = _triton()
    import torch

    from triton_impl import launch

    caps = _path_limits(interpreted)
    dtype = data.draw(st.sampled_from(kit.TORCH_DTYPES), label="dtype")
    N = data.draw(lengths(caps.max_n), label="N")
    M = data.draw(st.integers(1, max(1, min(caps.max_rows, caps.max_elements // N))), label="M")
    options = data.draw(forced_paths(interpreted), label="path")
    log = data.draw(st.booleans(), label="log")
    values = data.draw(rows(M, N, dtype, extremes=FINITE_OR_MASKED), label="x").values
    x, x_buffer = data.draw(poisoned_rows(M, N, dtype, device, values, "x"))
    sentinel = data.draw(st.sampled_from([float("nan"), 1234.5, -7.0]), label="sentinel")
    y, y_buffer = data.draw(poisoned_rows(M, N, dtype, device, np.full((M, N), sentinel), "y"))
    y_buffer.fill_(sentinel)
    x_bits, y_bits = _bits(x_buffer), _bits(y_buffer)

    forcing = triton_impl.Forcing(**options)
    plan = triton_impl.make_plan(M, N, x.dtype, x.device, forcing=forcing)
    plan = dataclasses.replace(plan, **data.draw(experiments(plan), label="experiment"))
    assert plan.kernel == options["kernel"]
    launch.softmax_rows(plan, x, y, log)
    assert torch.equal(_bits(x_buffer), x_bits), "the forward wrote to its input"
    outside = torch.ones_like(y_buffer, dtype=torch.bool)
    outside[_view_slices(y_buffer, y)] = False
    assert torch.equal(_bits(y_buffer)[outside], y_bits[outside]), "wrote outside the output rows"
    oracle = R.oracle_log_softmax if log else R.oracle_softmax
    assert_close(y, oracle(values), dtype=dtype, kind="log_softmax" if log else "softmax",
                 summation=plan.summation)
    defects = (kit.INTERPRETER_BFLOAT16,) if interpreted else ()

    # The backward, from the output just written and a gradient, both poisoned around.
    dy_values = data.draw(gradients((M, N), dtype), label="dy")
    y_in, _ = data.draw(poisoned_rows(M, N, dtype, device, kit.to_float64(y), "y_in"))
    dy, _ = data.draw(poisoned_rows(M, N, dtype, device, dy_values, "dy"))
    dx, dx_buffer = data.draw(poisoned_rows(M, N, dtype, device, np.zeros((M, N)), "dx"))
    dx_buffer.fill_(sentinel)
    dx_bits = _bits(dx_buffer)
    back = triton_impl.make_plan(M, N, x.dtype, x.device, backward=True, forcing=forcing)
    back = dataclasses.replace(back, **data.draw(experiments(back), label="backward experiment"))
    launch.softmax_backward_rows(back, y_in, dy, dx, log)
    outside = torch.ones_like(dx_buffer, dtype=torch.bool)
    outside[_view_slices(dx_buffer, dx)] = False
    assert torch.equal(_bits(dx_buffer)[outside], dx_bits[outside]), "backward wrote outside dx"
    y64, dy64 = kit.to_float64(y_in), kit.to_float64(dy)
    grad = R.oracle_log_softmax_backward if log else R.oracle_softmax_backward
    expected = grad(y64, dy64)
    kit.avoid_known_defects(defects, dtype, y64, expected)
    assert_close(dx, expected, dtype=dtype, kind="grad", scale=grad_scale(y64, dy64, log=log),
                 flushed=flushable(np.exp(y64) if log else y64, dtype), summation=back.summation)


def _view_slices(buffer, view):
    """The (row, column) slices of ``buffer`` that the 2-D ``view`` covers."""
    offset = view.storage_offset() - buffer.storage_offset()
    row, col = divmod(offset, buffer.stride(0))
    return slice(row, row + view.shape[0]), slice(col, col + view.shape[1])
