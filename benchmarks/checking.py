"""A GPU result checked under the one tolerance policy (``reference.tolerance``) before it is timed.

The policy compares in float64 on the host. For the problems the benchmarks time (hundreds of MB)
that would cost seconds a point, so every element is checked on the GPU for what must hold
everywhere (finite, as finite inputs give; every forward row a distribution summing to 1 within
the policy's ``row_sum_tolerance``), and the element-wise policy is applied to a sample of rows:
the first, the last and some evenly spaced between, which covers the first and last programs of
any grid and the rows a wrong row offset would garble.
"""

from __future__ import annotations

import torch

from reference.dtypes import canonical
from reference.tolerance import TINY, assert_close, grad_scale, row_sum_tolerance

EDGE_ROWS = 16
SPREAD_ROWS = 16


def sampled_rows(M: int, device) -> torch.Tensor:
    # integers, not torch.linspace: its float32 rounds M - 1 past the last row once M > 2**24
    spread = [i * (M - 1) // (SPREAD_ROWS - 1) for i in range(SPREAD_ROWS)]
    rows = sorted(set(range(min(EDGE_ROWS, M))) | set(range(max(M - EDGE_ROWS, 0), M)) | set(spread))
    return torch.tensor(rows, device=device)


def _everywhere_finite(got: torch.Tensor, what: str) -> None:
    if not torch.isfinite(got).all():
        bad = (~torch.isfinite(got)).nonzero()[:3].tolist()
        raise AssertionError(f"{what}: non-finite output for finite input, first at {bad}")


def check_forward(got: torch.Tensor, x: torch.Tensor, *, log: bool = False,
                  what: str = "forward") -> None:
    """``got`` = softmax (or log-softmax) of the rows of the 2-D ``x``, within the policy."""
    _everywhere_finite(got, what)
    values = got.double()
    probabilities = values.exp() if log else values
    signed = probabilities.sum(-1) - 1
    off = signed.abs()
    # twice the policy's: the checker does not know the order the kernel summed in
    if log:
        largest = torch.where(torch.isfinite(values), values.abs(), 0.0).amax(-1)
        limit = 2 * row_sum_tolerance(got.dtype, x.shape[1], log_magnitude=largest)
    else:
        underflowed = (torch.softmax(x.double(), -1) < TINY[canonical(got.dtype)]).sum(-1)
        limit = 2 * row_sum_tolerance(got.dtype, x.shape[1], underflowed)
    if not (off <= limit).all():
        row = int((off - limit).argmax())
        allowance = (f"the largest |y| {float(largest[row]):.3g}" if log else
                     f"{int(underflowed[row])} exact outputs below the smallest normal number")
        raise AssertionError(f"{what}: row {row} sums to 1 {float(signed[row]):+.3g}, "
                             f"beyond twice the policy's row-sum tolerance, "
                             f"{float(limit[row]):.3g} ({allowance})")
    rows = sampled_rows(x.shape[0], x.device)
    exact = (torch.log_softmax if log else torch.softmax)(x[rows].double(), -1)
    assert_close(got[rows], exact.cpu().numpy(), dtype=got.dtype,
                 kind="log_softmax" if log else "softmax")


def check_backward(got: torch.Tensor, y: torch.Tensor, dy: torch.Tensor, *, log: bool = False,
                   what: str = "backward") -> None:
    """``got`` = the softmax (log-softmax) gradient from the forward output ``y`` and ``dy``."""
    _everywhere_finite(got, what)
    rows = sampled_rows(y.shape[0], y.device)
    y64, dy64 = y[rows].double(), dy[rows].double()
    if log:
        exact = dy64 - y64.exp() * dy64.sum(-1, keepdim=True)
    else:
        exact = y64 * (dy64 - (dy64 * y64).sum(-1, keepdim=True))
    assert_close(got[rows], exact.cpu().numpy(), dtype=got.dtype, kind="grad",
                 scale=grad_scale(y[rows], dy[rows], log=log))


def check(got: torch.Tensor, direction: str, x: torch.Tensor, y: torch.Tensor, dy: torch.Tensor,
          *, what: str) -> None:
    """``check_forward`` of ``got`` against ``x`` or ``check_backward`` against ``y`` and ``dy``,
    as ``direction`` ("forward" or "backward") says."""
    if direction == "forward":
        check_forward(got, x, what=what)
    else:
        check_backward(got, y, dy, what=what)
