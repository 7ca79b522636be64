"""Counted traffic: run an algorithm on instrumented memory and report what it moved.

``count_traffic("fused", M, N)`` builds an (M, N) float32 problem, runs the very kernel that
``reference.softmax_single_block`` runs, on a ``reference.memory.Dram`` that counts every element
each kernel loads and stores, and returns the counts in the structure ``traffic_formula`` uses
(same kernel names, same order). The tests assert ``count_traffic(...) == traffic_formula(...)``
for many shapes, splits and block sizes, so the formulas the rest of the project quotes are
proved by running code, not restated from a tutorial.

>>> count_traffic("naive", 3, 5).elements == 8 * 3 * 5 + 4 * 3
True
>>> count_traffic("split", 2, 300, splits=3, block=64) == traffic_formula("split", 2, 300, splits=3)
True
"""

from __future__ import annotations

import numpy as np

from ._inputs import check_choice, check_options, check_size
from .api import run_backward, run_forward
from .memory import Dram
# traffic_formula is here for the module's doctest.
from .traffic import ALGORITHMS, BACKWARD_ALGORITHMS, Traffic, traffic_formula  # noqa: F401

_BACKWARD_SUFFIX = "_backward"  # "fused_backward" in traffic.py is the backward of "fused"


def count_traffic(algorithm: str, M: int, N: int, *, splits: int = 1, block: int = 128) -> Traffic:
    """Run ``algorithm`` (a name of ``reference.traffic.ALGORITHMS``) on M x N; count its traffic.

    ``splits`` is used by "split" and "split_backward", ``block`` by the multi-block algorithms
    ("online", "split" and their backwards); the others ignore them, as ``traffic_formula`` does.
    The split kernels run one program per non-empty chunk (``forward.split_bounds``), so a
    ``splits`` larger than the row can use counts as the chunks that run, as on the GPU.
    A backward algorithm is given y = softmax(x) and a random dy; only the backward is counted.
    """
    check_choice("traffic", algorithm, ALGORITHMS)
    M, N = check_size("M", M), check_size("N", N)
    options = check_options(splits=splits, block=block)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((M, N), dtype=np.float32)
    dram = Dram()
    if algorithm in BACKWARD_ALGORITHMS:
        y = run_forward(x, -1, "fused")
        dy = rng.standard_normal((M, N), dtype=np.float32)
        name = algorithm[: -len(_BACKWARD_SUFFIX)]
        run_backward(y, dy, -1, name, dram=dram, **options)
    else:
        run_forward(x, -1, algorithm, dram=dram, **options)
    return dram.traffic(algorithm, M, N)
