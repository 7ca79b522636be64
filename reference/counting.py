"""Counted traffic: run an algorithm on instrumented memory and report what it moved.

``count_traffic("fused", M, N)`` builds an (M, N) float32 problem, runs the very kernel that
``reference.softmax_single_block`` runs, on a ``reference.memory.Dram`` that counts every element
each kernel loads and stores, and returns the counts in the structure ``traffic_formula`` uses
(same kernel names, same order). The tests assert ``count_traffic(...) == traffic_formula(...)``
for many shapes, splits and block sizes, so the formulas the rest of the project quotes are
proved by running code, not restated from a tutorial.

>>> count_traffic("naive", 3, 5).elements == 8 * 3 * 5 + 4 * 3
True
>>> count_traffic("split", 2, 300, splits=4, block=64) == traffic_formula("split", 2, 300, splits=4)
True
"""

from __future__ import annotations

import numpy as np

from ._inputs import check_positive
from .api import run_backward, run_forward
from .memory import Dram
# traffic_formula is here for the module's doctest.
from .traffic import ALGORITHMS, BACKWARD_ALGORITHMS, Traffic, traffic_formula  # noqa: F401

_BACKWARD_SUFFIX = "_backward"  # "fused_backward" in traffic.py is the backward of "fused"


def count_traffic(algorithm: str, M: int, N: int, *, splits: int = 1, block: int = 128) -> Traffic:
    """Run ``algorithm`` (a name of ``reference.traffic.ALGORITHMS``) on M x N; count its traffic.

    ``splits`` is used by "split" and "split_backward", ``block`` by the multi-block algorithms
    ("online", "split" and their backwards); the others ignore them, as ``traffic_formula`` does.
    A backward algorithm is given y = softmax(x) and a random dy; only the backward is counted.
    """
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}; expected one of {ALGORITHMS}")
    if M < 0 or N < 0:
        raise ValueError(f"need M >= 0 and N >= 0, got M={M}, N={N}")
    splits, block = check_positive("splits", splits), check_positive("block", block)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((M, N), dtype=np.float32)
    dram = Dram()
    if algorithm in BACKWARD_ALGORITHMS:
        y = run_forward(x, -1, "fused")
        dy = rng.standard_normal((M, N), dtype=np.float32)
        name = algorithm[: -len(_BACKWARD_SUFFIX)]
        run_backward(y, dy, -1, name, block=block, splits=splits, dram=dram)
    else:
        run_forward(x, -1, algorithm, block=block, splits=splits, dram=dram)
    return dram.traffic(algorithm, M, N)
