"""Special values, exactly as torch.softmax / torch.log_softmax give them (measured, torch 2.13).

No tolerance here: every expected value is 0, 1, -inf, NaN or an exact difference.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest

import reference as R
from reference import normaliser

inf, nan = np.inf, np.nan

# row -> (softmax, log_softmax); the table in reference/__init__.py's docstring.
SEMANTICS = [
    ([inf, 1.0], [nan, nan], [nan, nan]),
    ([inf, inf], [nan, nan], [nan, nan]),
    ([nan, 1.0], [nan, nan], [nan, nan]),
    ([1.0, nan], [nan, nan], [nan, nan]),
    ([-inf, -inf], [nan, nan], [nan, nan]),
    ([-inf, 1.0], [0.0, 1.0], [-inf, 0.0]),
    ([1e30, -1e30], [1.0, 0.0], [0.0, -2e30]),
]

SOFTMAX = {
    "naive": R.softmax_naive,
    "three_pass": R.softmax_three_pass,
    "three_pass/block=1": partial(R.softmax_three_pass, block=1),
    "online": R.softmax_online,
    "blocked_online": R.softmax_blocked_online,
    "blocked_online/block=1": partial(R.softmax_blocked_online, block=1),
    "single_block": R.softmax_single_block,
    "split_row": R.softmax_split_row,
    "split_row/splits=2,block=1": partial(R.softmax_split_row, splits=2, block=1),
    "oracle": R.oracle_softmax,
}
LOG_SOFTMAX = {
    "log/fused": R.log_softmax,
    "log/online/block=1": partial(R.log_softmax, algorithm="online", block=1),
    "log/online": partial(R.log_softmax, algorithm="online"),
    "log/split/splits=2,block=1": partial(R.log_softmax, algorithm="split", splits=2, block=1),
    "log/oracle": R.oracle_log_softmax,
}


def _table(dtype, log):
    """The SEMANTICS rows, stacked, less those ``dtype`` cannot hold (1e30 is no float16)."""
    rows = [(row, lsm if log else sm) for row, sm, lsm in SEMANTICS]
    rows = [(row, out) for row, out in rows if dtype != np.float16 or 1e30 not in row]
    return tuple(np.array([r[i] for r in rows], dtype) for i in (0, 1))


def assert_same(got, want):
    np.testing.assert_array_equal(got, want.astype(got.dtype))  # NaN equals NaN here


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("name", SOFTMAX)
def test_softmax_semantics_table(name, dtype):
    x, want = _table(dtype, log=False)
    assert_same(SOFTMAX[name](x), want)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("name", LOG_SOFTMAX)
def test_log_softmax_semantics_table(name, dtype):
    x, want = _table(dtype, log=True)
    assert_same(LOG_SOFTMAX[name](x), want)


def _long_rows():
    """Special values spread over several blocks of 3 (N = 10: the last block is masked)."""
    x = np.zeros((6, 10))
    want = np.full((6, 10), 0.1)
    x[0, :9] = -inf  # only the last, masked block is finite
    want[0] = [0] * 9 + [1]
    x[1, :] = -inf  # all -inf across blocks
    want[1] = nan
    x[2, 9] = nan  # NaN in the masked block
    want[2] = nan
    x[3, 4] = inf  # +inf mid-row
    want[3] = nan
    x[4, ::2] = -inf  # alternate -inf: lanes that never see a finite value
    want[4] = [0, 0.2] * 5
    x[5, 0] = nan  # NaN first, later blocks finite: the NaN must survive rescaling
    want[5] = nan
    return x, want


def assert_long_rows(got, want, label=""):
    np.testing.assert_allclose(got, want, rtol=1e-15, atol=0, err_msg=label)


@pytest.mark.parametrize("name", SOFTMAX)
def test_special_values_in_long_rows(name):
    x, want = _long_rows()
    assert_long_rows(SOFTMAX[name](x), want)


def test_special_values_in_every_blocking():
    x, want = _long_rows()
    for block in (1, 2, 3, 4, 16):
        assert_long_rows(R.softmax_blocked_online(x, block=block), want, f"block={block}")
        assert_long_rows(R.softmax_three_pass(x, block=block), want, f"block={block}")
        for splits in (1, 2, 3, 5, 11):
            got = R.softmax_split_row(x, splits=splits, block=block)
            assert_long_rows(got, want, f"block={block} splits={splits}")


@pytest.mark.parametrize("name", {**SOFTMAX, **LOG_SOFTMAX})
def test_nan_rows_do_not_depend_on_how_max_treats_nan(name, monkeypatch):
    """A GPU's max may drop NaN (np.fmax does); the normaliser must still carry it to the row."""
    monkeypatch.setattr(normaliser, "_maximum", np.fmax)
    monkeypatch.setattr(normaliser, "_max", np.fmax.reduce)
    f = {**SOFTMAX, **LOG_SOFTMAX}[name]
    x, want = _table(np.float32, log=name in LOG_SOFTMAX)
    assert_same(f(x), want)
    if name in SOFTMAX:
        assert_long_rows(f(_long_rows()[0]), _long_rows()[1])


def test_special_rows_leave_other_rows_alone():
    x = np.array([[nan, 1, 2], [0, 0, np.log(2)], [-inf, -inf, -inf], [inf, 0, 0]])
    for f in SOFTMAX.values():
        y = f(x)
        np.testing.assert_allclose(y[1], [0.25, 0.25, 0.5], rtol=1e-15)
        assert np.isnan(y[[0, 2, 3]]).all()


def test_backward_of_a_one_hot_output_is_zero():
    """y one-hot: dx = y * (dy - dy[k]) vanishes everywhere, whatever dy."""
    y = np.array([[0.0, 1.0, 0.0]])
    dy = np.array([[3.0, -2.0, 5.0]])
    for algorithm in ("naive", "fused", "online", "split"):
        np.testing.assert_array_equal(R.softmax_backward(y, dy, algorithm=algorithm), 0.0)
