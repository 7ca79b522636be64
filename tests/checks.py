"""Checks shared by the kernel tests."""

from reference.tolerance import assert_close, grad_scale


def assert_grad_close(dx, y, dy, dtype, log):
    """dx against the gradient computed in float64 from the forward's output y and dy."""
    y64, dy64 = y.double(), dy.double()
    if log:
        expected = dy64 - y64.exp() * dy64.sum(-1, keepdim=True)
    else:
        expected = y64 * (dy64 - (dy64 * y64).sum(-1, keepdim=True))
    assert_close(dx, expected, dtype=dtype, kind="grad", scale=grad_scale(y, dy, log=log))
