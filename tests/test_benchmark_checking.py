"""benchmarks/checking.py, the check every benchmark runs before it times: it must pass right
results and catch the wrong ones the benchmarks can meet (unwritten, garbled rows, wrong values)."""

import os
import sys

import pytest

torch = pytest.importorskip("torch")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "benchmarks"))
import checking  # noqa: E402


@pytest.fixture(params=[torch.float32, torch.bfloat16], ids=str)
def problem(request):
    g = torch.Generator().manual_seed(0)
    x = (torch.randn(300, 1000, generator=g) * 3).to(request.param)
    y = torch.softmax(x.double(), -1).to(x.dtype)
    dy = torch.randn(300, 1000, generator=g).to(x.dtype)
    dx = torch._softmax_backward_data(dy.double(), y.double(), 1, torch.float64).to(x.dtype)
    return x, y, dy, dx


def test_right_results_pass(problem):
    x, y, dy, dx = problem
    checking.check_forward(y, x)
    checking.check_forward(torch.log_softmax(x.double(), -1).to(x.dtype), x, log=True)
    checking.check_backward(dx, y, dy)


def test_wrong_results_are_caught(problem):
    x, y, dy, dx = problem
    unwritten = y.clone()
    unwritten[151, 3] = float("nan")
    garbled = y.clone()
    garbled[150] = y[150].flip(0) * 1.5  # a row nobody samples: its sum gives it away
    wrong_value = y.clone()
    wrong_value[0, 5] *= 1.5
    for bad in (unwritten, garbled, wrong_value):
        with pytest.raises(AssertionError):
            checking.check_forward(bad, x)
    wrong_grad = dx.clone()
    wrong_grad[-1] = -wrong_grad[-1]
    with pytest.raises(AssertionError):
        checking.check_backward(wrong_grad, y, dy)
