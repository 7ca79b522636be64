"""The public functions: validate, lay the array out as rows, run one kernel on memory, restore.

Each public function is the same three steps around a kernel from ``reference.eager``,
``reference.forward`` or ``reference.backward``: check the input (``reference._inputs``), view
it as an (M, N) matrix with the softmax axis last, run the kernel on a ``reference.memory.Dram``
into a fresh output of the input's dtype, and give the output the input's shape. The kernel is
the same code whether the caller wants the answer or ``reference.counting`` wants the traffic.

Algorithm names follow ``reference.traffic``: "naive", "fused", "online", "split" (the backward
of "fused" is the one ``traffic_formula`` calls "fused_backward", and so on).
"""

from __future__ import annotations

import numpy as np

from . import backward, eager, forward
from ._inputs import (Rows, as_float_array, check_choice, check_options, check_same_layout,
                      fit_block)
from .backward import LOG_SOFTMAX_RULE, SOFTMAX_RULE
from .memory import Dram
from .normaliser import LOG_SOFTMAX, SOFTMAX

# Algorithm name -> (kernel, the parameters it takes besides its arrays).
FORWARD_KERNELS = {
    "naive": (eager.naive_softmax, ()),
    "fused": (forward.single_block, ("epilogue",)),
    "online": (forward.blocked_online, ("epilogue", "block")),
    "split": (forward.split_row, ("epilogue", "splits", "block")),
}
BACKWARD_KERNELS = {
    "naive": (eager.naive_softmax_backward, ()),
    "fused": (backward.fused, ("rule",)),
    "online": (backward.online, ("rule", "block")),
    "split": (backward.split_row, ("rule", "splits", "block")),
}


def launch(kernel, arrays, axis, *, dram: Dram | None = None, **params) -> np.ndarray:
    """Run ``kernel(dram, *rows_of_arrays, out, **params)`` and return ``out`` in the arrays' shape.

    A ``block`` parameter is narrowed to the row (``_inputs.fit_block``). An empty problem (no
    rows or no columns) launches nothing, so it moves nothing, as on a GPU.
    """
    rows = Rows(arrays[0].shape, axis)
    if "block" in params:
        params["block"] = fit_block(params["block"], rows.N)
    views = [rows.gather(array) for array in arrays]
    out = np.empty_like(views[0])
    if out.size:
        # inf - inf and 0 / 0 are how the Semantics' NaNs arise: expected, not warnings.
        with np.errstate(all="ignore"):
            kernel(Dram() if dram is None else dram, *views, out, **params)
    return rows.scatter(out)


def run_forward(x, axis, algorithm, *, epilogue=SOFTMAX, block=128, splits=4, dram=None):
    """The forward ``algorithm`` (a key of FORWARD_KERNELS) of ``epilogue`` on ``x``.

    Every option is checked before any work, whether ``algorithm`` uses it or not.
    """
    table = FORWARD_KERNELS
    if epilogue is not SOFTMAX:
        table = {name: entry for name, entry in table.items() if "epilogue" in entry[1]}
    kernel, params = table[check_choice(epilogue.name, algorithm, table)]
    given = dict(epilogue=epilogue, **check_options(block=block, splits=splits))
    return launch(kernel, [as_float_array(x)], axis, dram=dram, **_take(params, given))


def run_backward(y, dy, axis, algorithm, *, rule=SOFTMAX_RULE, block=128, splits=4, dram=None):
    """The backward ``algorithm`` (a key of BACKWARD_KERNELS) of ``rule`` on (y, dy)."""
    table = BACKWARD_KERNELS
    if rule is not SOFTMAX_RULE:
        table = {name: entry for name, entry in table.items() if "rule" in entry[1]}
    kernel, params = table[check_choice(f"{rule.name} backward", algorithm, table)]
    given = dict(rule=rule, **check_options(block=block, splits=splits))
    y, dy = as_float_array(y, "y"), as_float_array(dy, "dy")
    check_same_layout(y, dy)
    return launch(kernel, [y, dy], axis, dram=dram, **_take(params, given))


def _take(params, given):
    return {name: given[name] for name in params}


# Forward ---------------------------------------------------------------------------------------


def softmax(x, axis=-1, *, algorithm="fused", block=128, splits=4) -> np.ndarray:
    """Softmax along ``axis`` by ``algorithm``: "naive", "fused", "online" or "split"."""
    return run_forward(x, axis, algorithm, block=block, splits=splits)


def softmax_naive(x, axis=-1) -> np.ndarray:
    """Softmax as five eager kernels (max, subtract, exp, sum, divide); see ``reference.eager``."""
    return launch(eager.naive_softmax, [as_float_array(x)], axis)


def softmax_three_pass(x, axis=-1, *, block=128) -> np.ndarray:
    """Softmax streamed ``block`` columns at a time: a max, an exp-and-sum and a write pass."""
    block = check_options(block=block)["block"]
    return launch(forward.three_pass, [as_float_array(x)], axis, epilogue=SOFTMAX, block=block)


def softmax_online(x, axis=-1) -> np.ndarray:
    """Softmax by the online normaliser, one column at a time, then one write pass."""
    return launch(forward.online, [as_float_array(x)], axis, epilogue=SOFTMAX)


def softmax_blocked_online(x, axis=-1, block=128) -> np.ndarray:
    """Softmax as a multi-block kernel: per-lane online pairs over ``block``-wide tiles."""
    return run_forward(x, axis, "online", block=block)


def softmax_single_block(x, axis=-1) -> np.ndarray:
    """Softmax as the fused single-block kernel: one read of each row, one write."""
    return run_forward(x, axis, "fused")


def softmax_split_row(x, axis=-1, splits=4, block=128) -> np.ndarray:
    """Softmax with each row shared by ``splits`` programs, partial pairs through a workspace."""
    return run_forward(x, axis, "split", block=block, splits=splits)


def log_softmax(x, axis=-1, *, algorithm="fused", block=128, splits=4) -> np.ndarray:
    """x - max - log(sum(exp(x - max))) along ``axis``, by "fused", "online" or "split"."""
    return run_forward(x, axis, algorithm, epilogue=LOG_SOFTMAX, block=block, splits=splits)


# Backward --------------------------------------------------------------------------------------


def softmax_backward(y, dy, axis=-1, *, algorithm="fused", block=128, splits=4) -> np.ndarray:
    """dx = y * (dy - sum(dy * y)), y the softmax output; "naive", "fused", "online" or "split"."""
    return run_backward(y, dy, axis, algorithm, block=block, splits=splits)


def log_softmax_backward(y, dy, axis=-1, *, algorithm="fused", block=128, splits=4) -> np.ndarray:
    """dx = dy - exp(y) * sum(dy), y the log-softmax output; "fused", "online" or "split"."""
    return run_backward(
        y, dy, axis, algorithm, rule=LOG_SOFTMAX_RULE, block=block, splits=splits
    )
