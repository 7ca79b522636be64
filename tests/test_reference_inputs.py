"""What the reference accepts and refuses: dtypes, axes, shapes, empty and 0-d arrays, imports."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys
from functools import partial
from pathlib import Path

import numpy as np
import pytest

import reference as R

try:
    from numpy.exceptions import AxisError
except ImportError:  # NumPy 1.24
    AxisError = np.AxisError

FORWARD = {
    "softmax": R.softmax,
    "softmax/naive": partial(R.softmax, algorithm="naive"),
    "softmax_naive": R.softmax_naive,
    "softmax_three_pass": R.softmax_three_pass,
    "softmax_online": R.softmax_online,
    "softmax_blocked_online": R.softmax_blocked_online,
    "softmax_single_block": R.softmax_single_block,
    "softmax_split_row": R.softmax_split_row,
    "log_softmax": R.log_softmax,
    "log_softmax/split": partial(R.log_softmax, algorithm="split"),
    "oracle_softmax": R.oracle_softmax,
    "oracle_log_softmax": R.oracle_log_softmax,
}
BACKWARD = {
    "softmax_backward": R.softmax_backward,
    "softmax_backward/naive": partial(R.softmax_backward, algorithm="naive"),
    "softmax_backward/online": partial(R.softmax_backward, algorithm="online"),
    "softmax_backward/split": partial(R.softmax_backward, algorithm="split"),
    "log_softmax_backward": R.log_softmax_backward,
    "oracle_softmax_backward": R.oracle_softmax_backward,
    "oracle_log_softmax_backward": R.oracle_log_softmax_backward,
}
ORACLES = ("oracle_softmax", "oracle_log_softmax", "oracle_softmax_backward",
           "oracle_log_softmax_backward")
BAD_ARRAYS = [
    np.arange(6).reshape(2, 3),
    np.ones((2, 3), bool),
    np.ones((2, 3), np.complex64),
    np.array([[1.0, "a"]], object),
    np.ones((2, 3), np.uint8),
]


def _out_dtype(name, dtype):
    return np.float64 if name in ORACLES else dtype


@pytest.mark.parametrize("name", FORWARD)
def test_forward_refuses_other_dtypes_and_says_how_to_convert(name):
    for bad in BAD_ARRAYS:
        with pytest.raises(TypeError) as caught:
            FORWARD[name](bad)
        message = str(caught.value)
        assert str(bad.dtype) in message
        assert all(dtype in message for dtype in ("float16", "float32", "float64"))
        assert "astype(np.float32)" in message


@pytest.mark.parametrize("name", BACKWARD)
def test_backward_refuses_other_dtypes_and_mismatches(name):
    f, good = BACKWARD[name], np.ones((2, 3))
    for bad in BAD_ARRAYS:
        with pytest.raises(TypeError, match=str(bad.dtype)):
            f(good, bad)
        with pytest.raises(TypeError, match="float16, float32, float64"):
            f(bad, good)
    with pytest.raises(ValueError, match="same shape"):
        f(good, np.ones((3, 2)))
    with pytest.raises(TypeError, match="same dtype"):
        f(good, good.astype(np.float32))


@pytest.mark.parametrize("name", {**FORWARD, **BACKWARD})
def test_axis_out_of_range_names_axis_and_ndim(name):
    f = {**FORWARD, **BACKWARD}[name]
    arrays = (np.ones((2, 3)),) * (2 if name in BACKWARD else 1)
    for axis in (2, -3, 7):
        with pytest.raises(AxisError) as caught:
            f(*arrays, axis=axis)
        assert isinstance(caught.value, ValueError)
        assert f"axis {axis}" in str(caught.value) and "ndim 2" in str(caught.value)
    with pytest.raises(TypeError, match="integer"):
        f(*arrays, axis=1.0)


@pytest.mark.parametrize("name", FORWARD)
def test_lists_are_accepted(name):
    got = FORWARD[name]([[0.0, 0.0], [1.0, 1.0]])
    np.testing.assert_allclose(got, [[0.5, 0.5]] * 2 if "log" not in name else np.log(0.5))
    assert got.dtype == np.float64


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("name", FORWARD)
def test_empty_inputs_give_empty_outputs(name, dtype):
    for shape, axis in [((0, 5), -1), ((5, 0), -1), ((0,), 0), ((2, 0, 3), 1), ((2, 0, 3), 0)]:
        got = FORWARD[name](np.ones(shape, dtype), axis=axis)
        assert got.shape == shape and got.dtype == _out_dtype(name, dtype)


@pytest.mark.parametrize("name", BACKWARD)
def test_empty_backward(name):
    for shape in [(0, 4), (4, 0)]:
        got = BACKWARD[name](np.ones(shape, np.float32), np.ones(shape, np.float32))
        assert got.shape == shape and got.dtype == _out_dtype(name, np.float32)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("name", FORWARD)
def test_zero_dimensional_input_is_a_row_of_one(name, dtype):
    want = 0.0 if "log" in name else 1.0
    for axis in (0, -1):
        got = FORWARD[name](np.array(3.5, dtype), axis=axis)
        assert got.shape == () and got.dtype == _out_dtype(name, dtype) and got == want
    assert np.isnan(FORWARD[name](np.array(np.nan, dtype)))
    with pytest.raises(AxisError):
        FORWARD[name](np.array(1.0, dtype), axis=1)


@pytest.mark.parametrize("name", BACKWARD)
def test_zero_dimensional_backward_is_zero(name):
    """One class: the output is constant (1, or log 1 = 0), so its gradient is 0."""
    y = np.array(0.0 if "log" in name else 1.0)
    assert BACKWARD[name](y, np.array(5.0)) == 0.0


NONSENSE = [0, -1, 2.5, True, False, "4", None, np.float32(3)]
"""Values no block size or split count can have: < 1, not integers, bools."""
OPTIONS = {  # public function -> the keyword arguments it takes besides its arrays and axis
    **{name: ("block", "splits") for name in ("softmax", "softmax/naive", "log_softmax",
                                               "log_softmax/split")},
    **{name: ("block", "splits") for name in BACKWARD if not name.startswith("oracle")},
    "softmax_three_pass": ("block",),
    "softmax_blocked_online": ("block",),
    "softmax_split_row": ("block", "splits"),
}


@pytest.mark.parametrize("name", OPTIONS)
def test_every_option_is_checked_before_any_work(name, monkeypatch):
    """block < 1, non-integers and bools are refused by every function that takes them, whether
    its algorithm uses them or not ("naive" and the default "fused" use neither), before anything
    is launched, with the fix in the message."""
    from reference import api

    def launched(*args, **kwargs):
        raise AssertionError("launched with a bad option")

    monkeypatch.setattr(api, "launch", launched)
    f = {**FORWARD, **BACKWARD}[name]
    arrays = (np.ones((2, 3)),) * (2 if name in BACKWARD else 1)
    for option in OPTIONS[name]:
        example = {"block": "block=128", "splits": "splits=4"}[option]
        for bad in NONSENSE:
            with pytest.raises(ValueError) as caught:
                f(*arrays, **{option: bad})
            message = str(caught.value)
            assert message.startswith(f"{option} must be an integer >= 1"), message
            assert repr(bad) in message and example in message, message


def test_numpy_integers_are_integers():
    x = np.random.default_rng(0).standard_normal((3, 40))
    np.testing.assert_array_equal(R.softmax_split_row(x, splits=np.int64(3), block=np.int32(8)),
                                  R.softmax_split_row(x, splits=3, block=8))


def test_a_block_wider_than_the_row_is_the_rows_block():
    """block=10**9 on rows of 4 runs the kernel of block=4 (the extra lanes would hold only
    padding), instead of allocating a 10**9-lane tile."""
    x = np.random.default_rng(1).standard_normal((6, 4)).astype(np.float32)
    for f in (R.softmax_blocked_online, R.softmax_three_pass,
              partial(R.softmax_split_row, splits=2), partial(R.log_softmax, algorithm="online"),
              partial(R.softmax_backward, x, algorithm="split")):
        np.testing.assert_array_equal(f(x, block=10**9), f(x, block=4))


def test_bad_algorithms_and_sizes():
    x = np.ones((2, 3))
    for bad in ("nope", None, ["fused"], "FUSED"):
        with pytest.raises(ValueError, match=r"unknown softmax algorithm .*'fused'"):
            R.softmax(x, algorithm=bad)
        with pytest.raises(ValueError, match=r"unknown traffic algorithm .*'fused_backward'"):
            R.count_traffic(bad, 2, 3)
        with pytest.raises(ValueError, match=r"unknown traffic algorithm"):
            R.traffic_formula(bad, 2, 3)
    with pytest.raises(ValueError, match=r"log_softmax algorithm 'naive'.*\('fused', 'online'"):
        R.log_softmax(x, algorithm="naive")  # the eager chain exists for softmax only
    with pytest.raises(ValueError, match=r"log_softmax backward algorithm 'naive'"):
        R.log_softmax_backward(x, x, algorithm="naive")
    for f in (R.count_traffic, R.traffic_formula):
        for M, N in [(-1, 3), (2, -1), (2.5, 3), (2, True), (None, 3)]:
            with pytest.raises(ValueError, match=r"(M|N) must be an integer >= 0"):
                f("fused", M, N)
        for bad in NONSENSE:
            with pytest.raises(ValueError, match="splits must be an integer >= 1"):
                f("split", 2, 3, splits=bad)
    for bad in NONSENSE:
        with pytest.raises(ValueError, match="block must be an integer >= 1"):
            R.count_traffic("fused", 2, 3, block=bad)
    with pytest.raises(TypeError, match="axis=-1"):
        R.softmax(x, axis=True)


def test_outputs_are_fresh_and_inputs_untouched():
    x = np.random.default_rng(0).standard_normal((3, 4)).astype(np.float32)
    copy = x.copy()
    for f in FORWARD.values():
        y = f(x)
        assert not np.shares_memory(x, y)
    np.testing.assert_array_equal(x, copy)


def test_import_needs_numpy_only():
    code = (
        "import sys, reference; "
        "heavy = {'torch', 'triton', 'scipy'} & {m.split('.')[0] for m in sys.modules}; "
        "assert not heavy, heavy"
    )
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)


def test_docstring_examples_hold():
    """The numbers the docstrings quote are computed, and checked here."""
    attempted = 0
    for module in pkgutil.iter_modules(R.__path__, "reference."):
        result = doctest.testmod(importlib.import_module(module.name), raise_on_error=False)
        assert result.failed == 0, module.name
        attempted += result.attempted
    result = doctest.testmod(R)
    assert result.failed == 0
    assert attempted + result.attempted >= 5
