"""The NumPy reference tier of the fused softmax lab: every algorithm, its answers, its traffic.

This package needs NumPy and nothing else. It holds the softmax algorithms a GPU library chooses
between, written as a GPU runs them (row programs, masked blocks, passes over DRAM) on a small
memory model that counts the elements each kernel moves; a float64 oracle that every other tier
is checked against; and the DRAM traffic formulas, which the counts prove.

Reading order, to learn fused softmax from this package alone:

1. ``reference.normaliser``: why the max is subtracted, the online recurrence and why it is
   exact, how partial results combine, how special values come out.
2. ``reference.eager``: the unfused five-kernel softmax and why it moves 8MN + 4M elements
   where a fused kernel moves 2MN.
3. ``reference.memory``: the counted memory model every algorithm runs on.
4. ``reference.forward``: single-block, three-pass, online, blocked online, split-row; and
   ``reference.summation``: why a lane's steps are merged as a tree, not left to right.
5. ``reference.backward``: the Jacobian diag(y) - y y^T, dx = y * (dy - <dy, y>), log-softmax's
   backward, and their kernels.
6. ``reference.traffic`` (the formulas) and ``reference.counting`` (the counts).
7. ``reference.oracle``: the float64 truth.

Public functions
----------------
Forward (``x``: float16, float32 or float64, any shape; ``axis``: any, negative too; the result
has ``x``'s shape and dtype; float16 is computed in float32)::

    softmax(x, axis=-1, *, algorithm="fused", block=128, splits=4)
    softmax_naive(x, axis=-1)                      # "naive": five eager kernels
    softmax_three_pass(x, axis=-1, *, block=128)
    softmax_online(x, axis=-1)
    softmax_blocked_online(x, axis=-1, block=128)  # "online"
    softmax_single_block(x, axis=-1)               # "fused"
    softmax_split_row(x, axis=-1, splits=4, block=128)  # "split"
    log_softmax(x, axis=-1, *, algorithm="fused", block=128, splits=4)

Backward (``y``: the forward's output; ``dy``: the gradient of the loss with respect to it)::

    softmax_backward(y, dy, axis=-1, *, algorithm="fused", block=128, splits=4)
    log_softmax_backward(y, dy, axis=-1, *, algorithm="fused", block=128, splits=4)

``algorithm`` is one of "naive", "fused", "online", "split" (log-softmax: no "naive"), the names of
``reference.traffic`` (whose backward names add "_backward").

Oracle (any accepted dtype in, float64 out)::

    oracle_softmax(x, axis=-1)              oracle_log_softmax(x, axis=-1)
    oracle_softmax_backward(y, dy, axis=-1) oracle_log_softmax_backward(y, dy, axis=-1)

Traffic::

    traffic_formula(algorithm, M, N, *, splits=1) -> Traffic         # the formulas
    count_traffic(algorithm, M, N, *, splits=1, block=128) -> Traffic  # counted by running
    Traffic, KernelTraffic, ALGORITHMS, FORWARD_ALGORITHMS, BACKWARD_ALGORITHMS

Semantics
---------
Every function here, every algorithm, gives what ``torch.softmax`` / ``torch.log_softmax`` give
(measured with torch 2.13), row by row:

    row                 softmax         log_softmax
    [inf, 1]            [nan, nan]      [nan, nan]     +inf anywhere: the row is NaN
    [inf, inf]          [nan, nan]      [nan, nan]
    [nan, 1]            [nan, nan]      [nan, nan]     NaN anywhere: the row is NaN
    [-inf, -inf]        [nan, nan]      [nan, nan]     a row of only -inf is NaN
    [-inf, 1]           [0, 1]          [-inf, 0]      -inf elsewhere: probability 0
    [1e30, -1e30]       [1, 0]          [0, -2e30]     (float32, float64) no overflow

Other rows of the same array are unaffected. A 0-d array is one row of one element (axis 0 or -1):
its softmax is 1.0 (NaN for NaN, inf, -inf). Arrays with no rows or no columns give an empty
result of the same shape and dtype. ``reference.normaliser`` explains how each case comes out of
the arithmetic, in the blocked and online algorithms too.

>>> import numpy as np
>>> softmax_split_row(np.array([[np.inf, 1], [np.nan, 1], [-np.inf, -np.inf], [-np.inf, 1]]))
array([[nan, nan],
       [nan, nan],
       [nan, nan],
       [ 0.,  1.]])
>>> log_softmax(np.array([1e30, -1e30], np.float32), algorithm="online")
array([ 0.e+00, -2.e+30], dtype=float32)

Bad input
---------
Arrays of other dtypes (integers, bool, complex, object) raise TypeError naming the accepted
dtypes; an axis out of range raises ``numpy.exceptions.AxisError`` (a ValueError and an
IndexError); lists are accepted through ``np.asarray``. ``block`` and ``splits`` must be integers
>= 1 (bools are not), and an unknown ``algorithm`` is refused: ValueError, with the accepted
values, before any work, even where the algorithm would not use the option
(``reference._inputs`` holds every check). Within those, no request is too large: a block wider
than the row runs as the row's power of two, and split-row runs at most one program per non-empty
chunk, as ``triton_impl.plan`` does (``splits=10**6`` on a row of 4 is one chunk).
"""

from .api import (
    log_softmax,
    log_softmax_backward,
    softmax,
    softmax_backward,
    softmax_blocked_online,
    softmax_naive,
    softmax_online,
    softmax_single_block,
    softmax_split_row,
    softmax_three_pass,
)
from .counting import count_traffic
from .oracle import (
    oracle_log_softmax,
    oracle_log_softmax_backward,
    oracle_softmax,
    oracle_softmax_backward,
)
from .traffic import (
    ALGORITHMS,
    BACKWARD_ALGORITHMS,
    FORWARD_ALGORITHMS,
    KernelTraffic,
    Traffic,
    traffic_formula,
)

__all__ = [
    "softmax",
    "softmax_naive",
    "softmax_three_pass",
    "softmax_online",
    "softmax_blocked_online",
    "softmax_single_block",
    "softmax_split_row",
    "log_softmax",
    "softmax_backward",
    "log_softmax_backward",
    "oracle_softmax",
    "oracle_log_softmax",
    "oracle_softmax_backward",
    "oracle_log_softmax_backward",
    "count_traffic",
    "traffic_formula",
    "Traffic",
    "KernelTraffic",
    "ALGORITHMS",
    "FORWARD_ALGORITHMS",
    "BACKWARD_ALGORITHMS",
]
