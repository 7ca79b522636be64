"""benchmarks/checking.py, the check every benchmark runs before it times: it must pass right
results and catch the wrong ones the benchmarks can meet (unwritten, garbled rows, wrong values)."""

import os
import sys

import pytest

torch = pytest.importorskip("torch")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "benchmarks"))
import checking  # noqa: E402


@pytest.fixture(params=[torch.float32, torch.bfloat16, torch.float16], ids=str)
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


def test_check_holds_each_direction_to_its_own_result(problem):
    """``check`` by direction: the forward's output against x, the backward's against y and dy;
    each direction's right result fails as the other's."""
    x, y, dy, dx = problem
    checking.check(y, "forward", x, y, dy, what="forward")
    checking.check(dx, "backward", x, y, dy, what="backward")
    with pytest.raises(AssertionError):
        checking.check(y, "backward", x, y, dy, what="as backward")
    with pytest.raises(AssertionError):
        checking.check(dx, "forward", x, y, dy, what="as forward")


def test_wide_float16_rows_whose_outputs_underflow_pass_when_rounded_right():
    """Most of a float16 row of 2^20 softmax outputs lie below its smallest normal number and
    many round to 0: the row sums further from 1 than rtol, and still every output is the exact
    one correctly rounded (a GPU sweep's check once failed every kernel here)."""
    g = torch.Generator().manual_seed(0)
    x = (torch.randn(2, 2**20, generator=g) * 3).half()
    y = torch.softmax(x.double(), -1).half()
    off = (y.double().sum(-1) - 1).abs().max()
    assert off > checking.row_sum_tolerance(torch.float16, 2**20, 0)
    checking.check_forward(y, x)
    y[1, :8192] = 0  # a lost block is still caught, element-wise: every row of two is sampled
    with pytest.raises(AssertionError):
        checking.check_forward(y, x)


@pytest.mark.parametrize("dtype, N", [(torch.float16, 4934), (torch.bfloat16, 6511)])
def test_correctly_rounded_log_softmax_of_a_constant_row_passes(dtype, N):
    """Each output is -log(N) rounded on a coarse grid (2^-7 at 8.5 in float16), all the same
    way: the exponentials sum further off 1 than rtol, and the check allows the log's error."""
    x = torch.zeros(2, N, dtype=dtype)
    checking.check_forward(torch.log_softmax(x.double(), -1).to(dtype), x, log=True)


def test_half_a_wide_float16_row_written_as_zeros_is_caught_by_its_sum():
    """The row's allowance counts the exact outputs below float16's smallest normal number
    (nearly all of a row of 2^20), not the zeros written: 0.127 here, and half the mass gone."""
    x = (torch.randn(2, 2**20, generator=torch.Generator().manual_seed(0)) * 3).half()
    y = torch.softmax(x.double(), -1).half()
    y[1, : 2**19] = 0
    with pytest.raises(AssertionError, match="row 1 sums to 1"):
        checking.check_forward(y, x)


def test_wrong_results_are_caught(problem):
    x, y, dy, dx = problem
    unwritten = y.clone()
    unwritten[151, 3] = float("nan")
    garbled = y.clone()
    garbled[150] = y[150].flip(0) * 1.5  # a row nobody samples: its sum gives it away
    wrong_value = y.clone()
    wrong_value[0, int(y[0].argmax())] *= 1.5  # a value the policy judges relatively
    for bad in (unwritten, garbled, wrong_value):
        with pytest.raises(AssertionError):
            checking.check_forward(bad, x)
    wrong_grad = dx.clone()
    wrong_grad[-1] = -wrong_grad[-1]
    with pytest.raises(AssertionError):
        checking.check_backward(wrong_grad, y, dy)
