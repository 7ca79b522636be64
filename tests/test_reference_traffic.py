"""Counted traffic equals the formulas: the algorithms, run on counting memory, prove traffic.py."""

from __future__ import annotations

import numpy as np
import pytest

import reference as R
from reference import backward, forward
from reference.memory import Dram
from reference.normaliser import LOG_SOFTMAX
from reference.traffic import STAT_ITEMSIZE

# (M, N): 1, primes, N below, at and above the block, N not a multiple of any block used.
SHAPES = [(1, 1), (1, 2), (3, 1), (2, 7), (5, 127), (3, 128), (4, 129), (1, 1000), (7, 257)]
# (splits, block): one chunk, several, more splits than blocks; blocks of 1 on short rows only.
CONFIGS = [(1, 128), (3, 7), (8, 64), (50, 16), (4, 1)]


def _configs(N):
    return [(splits, block) for splits, block in CONFIGS if block > 1 or N <= 257]


def _chunks(N, splits, block):
    """The split count the kernels run: no chunk empty (more splits than blocks run fewer)."""
    return len(forward.split_bounds(N, splits, block))


@pytest.mark.parametrize("algorithm", R.ALGORITHMS)
def test_counted_traffic_equals_the_formula(algorithm):
    for M, N in SHAPES:
        for splits, block in _configs(N):
            counted = R.count_traffic(algorithm, M, N, splits=splits, block=block)
            formula = R.traffic_formula(algorithm, M, N, splits=_chunks(N, splits, block))
            assert counted == formula, (M, N, splits, block)


@pytest.mark.parametrize("algorithm", R.ALGORITHMS)
def test_empty_problems_launch_nothing(algorithm):
    for M, N in [(0, 5), (5, 0), (0, 0)]:
        counted = R.count_traffic(algorithm, M, N)
        assert counted == R.traffic_formula(algorithm, M, N)
        assert counted.kernels == ()


@pytest.mark.parametrize("M, N", [(1, 1), (4, 129), (7, 1000)])
def test_the_headline_numbers(M, N):
    naive, fused = R.count_traffic("naive", M, N), R.count_traffic("fused", M, N)
    assert (naive.reads, naive.writes) == (5 * M * N + 2 * M, 3 * M * N + 2 * M)
    assert naive.elements == 8 * M * N + 4 * M
    assert (fused.reads, fused.writes, fused.elements) == (M * N, M * N, 2 * M * N)
    online = R.count_traffic("online", M, N, block=64)
    assert (online.reads, online.writes) == (2 * M * N, M * N)
    assert R.count_traffic("naive_backward", M, N).elements == 9 * M * N + 2 * M
    assert R.count_traffic("fused_backward", M, N).elements == 3 * M * N


def test_split_workspace_traffic_and_bytes():
    M, N, S = 3, 1000, 4
    split = R.count_traffic("split", M, N, splits=S, block=64)
    assert (split.stat_writes, split.stat_reads) == (2 * M * S, 2 * M * S * S)
    assert split.bytes("float16") == 2 * (2 * M * N + M * N) + STAT_ITEMSIZE * (2 * M * S * (1 + S))


def _count(kernel, *shapes, **params):
    """Run a kernel of reference.forward / backward directly on M x N float32; return the Dram."""
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal(shape).astype(np.float32) for shape in shapes]
    dram = Dram()
    with np.errstate(all="ignore"):
        kernel(dram, *arrays, np.empty_like(arrays[0]), **params)
    return dram


@pytest.mark.parametrize("M, N, block", [(1, 1, 128), (3, 129, 64), (2, 300, 7)])
def test_algorithms_outside_traffic_py(M, N, block):
    """Three-pass reads x three times; the paper online recurrence moves what "online" does."""
    three = _count(forward.three_pass, (M, N), block=block)
    assert [(k.reads, k.writes) for k in three.kernels] == [(3 * M * N, M * N)]
    paper = _count(forward.online, (M, N))
    assert paper.traffic("online", M, N) == R.traffic_formula("online", M, N)
    # log-softmax: same kernels, same traffic as softmax
    for name, kernel, params in [
        ("fused", forward.single_block, {}),
        ("online", forward.blocked_online, {"block": block}),
        ("split", forward.split_row, {"block": block, "splits": 3}),
    ]:
        counted = _count(kernel, (M, N), epilogue=LOG_SOFTMAX, **params)
        formula = R.traffic_formula(name, M, N, splits=_chunks(N, 3, block))
        assert [(k.reads, k.writes, k.stat_reads, k.stat_writes) for k in counted.kernels] == [
            (k.reads, k.writes, k.stat_reads, k.stat_writes) for k in formula.kernels
        ]


@pytest.mark.parametrize("M, N, block", [(1, 1, 128), (3, 129, 64), (2, 300, 7)])
def test_log_softmax_backward_reads_y_once_less(M, N, block):
    """Its row sum needs only dy, so its two-pass kernel reads 3MN, not softmax's 4MN."""
    rule = backward.LOG_SOFTMAX_RULE
    fused = _count(backward.fused, (M, N), (M, N), rule=rule)
    assert [(k.reads, k.writes) for k in fused.kernels] == [(2 * M * N, M * N)]
    online = _count(backward.online, (M, N), (M, N), rule=rule, block=block)
    assert [(k.reads, k.writes) for k in online.kernels] == [(3 * M * N, M * N)]
    split = _count(backward.split_row, (M, N), (M, N), rule=rule, block=block, splits=3)
    S = _chunks(N, 3, block)
    assert [(k.reads, k.writes, k.stat_reads, k.stat_writes) for k in split.kernels] == [
        (M * N, 0, 0, S * M),
        (2 * M * N, M * N, S * S * M, 0),
    ]


def test_memory_books_only_in_bounds_lanes():
    dram = Dram()
    x = np.arange(10, dtype=np.float16).reshape(2, 5)
    out = np.zeros_like(x)
    with dram.kernel("k"):
        tile = dram.load_block(x, 3, 8, other=-np.inf)  # columns 3, 4 real; 6 lanes masked
        assert tile.dtype == np.float32 and tile.shape == (2, 8)
        assert np.isneginf(tile[:, 2:]).all()
        dram.store_block(out, 3, tile)
    [kernel] = dram.kernels
    assert (kernel.reads, kernel.writes) == (4, 4)
    np.testing.assert_array_equal(out[:, 3:], x[:, 3:])


def test_memory_refuses_unbooked_and_nested_access():
    dram, x = Dram(), np.ones((2, 2))
    with pytest.raises(RuntimeError, match="outside a kernel"):
        dram.load(x)
    with dram.kernel("outer"):
        with pytest.raises(RuntimeError, match="inside"):
            with dram.kernel("inner"):
                pass
    with pytest.raises(ValueError, match="shape"):
        with dram.kernel("broadcast"):
            dram.store(x, np.ones(2))


def test_split_bounds():
    """Chunks of whole blocks; rounding the chunk up runs fewer chunks, never an empty one."""
    assert forward.split_bounds(10, 3, 1) == [(0, 4), (4, 8), (8, 10)]
    assert forward.split_bounds(10, 3, 4) == [(0, 4), (4, 8), (8, 10)]
    assert forward.split_bounds(5, 4, 128) == [(0, 5)]
    assert forward.split_bounds(300, 4, 64) == [(0, 128), (128, 256), (256, 300)]
    assert forward.split_bounds(0, 4, 64) == []
    for N in range(1, 70):
        for splits in (1, 2, 3, 7, 64, 10**9):
            for block in (1, 2, 5, 16, 128):
                chunks = forward.split_bounds(N, splits, block)
                assert chunks[0][0] == 0 and chunks[-1][1] == N and len(chunks) <= splits
                assert all(hi > lo for lo, hi in chunks)
                assert all(a[1] == b[0] for a, b in zip(chunks, chunks[1:]))
                assert all((hi - lo) % block == 0 for lo, hi in chunks[:-1])


def test_more_splits_than_the_row_has_cost_nothing():
    """splits=10**6 on a 6 x 4 array once ran for ten minutes; now one chunk runs, and the
    answer and the counted traffic are those of one split."""
    x = np.random.default_rng(0).standard_normal((6, 4)).astype(np.float32)
    np.testing.assert_array_equal(R.softmax(x, algorithm="split", splits=10**6),
                                  R.softmax(x, algorithm="split", splits=1))
    np.testing.assert_array_equal(R.log_softmax_backward(x, x, algorithm="split", splits=10**6),
                                  R.log_softmax_backward(x, x, algorithm="split", splits=1))
    assert R.count_traffic("split", 6, 4, splits=10**6) == R.traffic_formula("split", 6, 4)


def test_the_split_count_is_the_one_triton_launches(device):
    """The reference runs the chunks ``triton_impl.plan`` launches, for any request."""
    pytest.importorskip("torch")
    triton_impl = pytest.importorskip("triton_impl")
    import torch

    for N, splits, block in [(4, 10**6, 128), (300, 4, 64), (1000, 7, 16), (129, 3, 64),
                             (5, 4, 2), (4097, 64, 16)]:
        plan = triton_impl.plan(torch.empty(2, N, device=device), kernel="split", splits=splits,
                                block_n=block)
        launched = [(lo, min(lo + plan.chunk, N)) for lo in range(0, N, plan.chunk)]
        assert len(launched) == plan.splits, (N, splits, block)
        assert forward.split_bounds(N, splits, block) == launched, (N, splits, block)


def test_useful_bytes_are_the_fused_formulas_bytes():
    """What every GB/s divides by: 2MN forward, 3MN backward, of the dtype's width."""
    from reference.traffic import useful_bytes

    assert useful_bytes(3, 5, "bfloat16", "backward") == 3 * 15 * 2
    assert useful_bytes(3, 5, "float64", "forward") == 2 * 15 * 8
    assert useful_bytes(0, 5, "float32", "forward") == 0
    with pytest.raises(ValueError, match="direction must be 'forward' or 'backward'"):
        useful_bytes(3, 5, "float32", "sideways")
