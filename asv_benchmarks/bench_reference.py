"""The reference tier's algorithms on the CPU (NumPy): seconds per call on modest arrays.

These time the oracle tier itself, written as a GPU runs it (row programs, masked blocks, passes
over a counted memory), not a GPU: how the three-pass, online (one column at a time), blocked
online, single-block and split-row algorithms compare in NumPy, and that none of them slows down
unnoticed. They run anywhere; at a commit without ``reference`` they skip.
"""

from __future__ import annotations

from .common import REFERENCE_M, REFERENCE_WIDTHS, gradient, logits, require

FORWARD_ALGORITHMS = ["naive", "three_pass", "online", "blocked_online", "single_block",
                      "split_row"]
"""Each is ``reference.softmax_<name>``."""

BACKWARD_ALGORITHMS = ["naive", "fused", "online", "split"]
"""``reference.softmax_backward(y, dy, algorithm=name)``."""


class Softmax:
    """Forward: ``reference.softmax_<algorithm>(x)`` on float32 (M=64, N)."""

    params = [FORWARD_ALGORITHMS, REFERENCE_WIDTHS]
    param_names = ["algorithm", "N"]

    def setup(self, algorithm, N):
        self.softmax = getattr(require("reference", f"softmax_{algorithm}"), f"softmax_{algorithm}")
        self.x = logits(REFERENCE_M, N)

    def time_softmax(self, algorithm, N):
        self.softmax(self.x)


class SoftmaxBackward:
    """Backward: ``reference.softmax_backward(y, dy, algorithm=...)`` on float32 (M=64, N)."""

    params = [BACKWARD_ALGORITHMS, REFERENCE_WIDTHS]
    param_names = ["algorithm", "N"]

    def setup(self, algorithm, N):
        reference = require("reference", "softmax", "softmax_backward")
        self.backward = reference.softmax_backward
        self.y = reference.softmax(logits(REFERENCE_M, N))
        self.dy = gradient(REFERENCE_M, N)

    def time_softmax_backward(self, algorithm, N):
        self.backward(self.y, self.dy, algorithm=algorithm)
