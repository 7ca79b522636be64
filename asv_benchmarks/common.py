"""What the benchmark modules share: problem sizes, datasets, and how a benchmark skips.

Importing the suite imports no project code and touches no GPU. asv imports every module to
discover the benchmarks, and the history command (benchmarks/asv_history.py) runs this suite, as
it is now, against old commits, some of which lack a package (softmax_lab arrived in 44c55eb, the
reference algorithms in eb21678, traffic_model in 05a77c2). So project code is imported in
``setup``, through ``require``, which turns "not in this commit" into NotImplementedError: asv's
skip, recorded as n/a, not as a failure.

Datasets
--------
Every dataset is a pure function of its arguments and a seed written here. They are only
appended, never changed: a new seed, distribution or scale would make every result recorded
before the change incomparable with those after it, and nothing would say so. To benchmark other
data, add a function. tests/test_asv.py pins the NumPy datasets' checksums.
"""

from __future__ import annotations

import importlib
import os
import re

import numpy as np

# ---------------------------------------------------------------------------------------------
# Problem sizes

DRAM_ELEMENTS = 2**27
"""Elements of every GPU problem, M x N: 512 MiB per float32 tensor (256 MiB in bfloat16), ten
times any GPU's L2, so the GB/s measure DRAM (and do_bench flushes L2 between runs besides)."""

GPU_WIDTHS = [256, 1024, 4096, 16384, 65536, 262144, 1048576]
"""N from 256 to 1M, every 4x: single_block's territory up to 32768 (16384 backward), online's
beyond, split's where M = DRAM_ELEMENTS // N falls below the number of SMs (N = 1M: M = 128)."""

GPU_IMPLEMENTATIONS = ["ours", "ours:single_block", "ours:online", "ours:split", "torch", "naive",
                       "torch.compile", "ours:cooperative"]
"""Names of ``softmax_lab.implementations.get``: the dispatcher, each forced kernel path, then
the baselines (torch.softmax, the naive five-kernel eager softmax, torch.compile of it); appended
only, so that the history's parameters keep their meaning (a kernel a commit lacks is n/a).
Written out, since the suite imports no project code; tests/test_asv.py holds the forced paths
to ``triton_impl.policy.ROW_KERNELS`` (the problems are (M, N) rows; the spatial kernel runs
interleaved rows, and refuses them)."""

DIRECTIONS = ["forward", "backward"]
GPU_DTYPES = ["float32", "bfloat16"]

GPU_ROW_WIDTHS = [137, 280, 1001, 4097, 20001]
"""Widths that are not powers of two, M = DRAM_ELEMENTS // N: rows that are not whole 16-byte
vectors in any dtype (137, 1001, 4097, 20001, which the dispatcher reads through a window) and
16-bit rows of whole vectors just past a power of two (280). Where GPU_WIDTHS' rows fill their
tiles, these are where a policy rule of padding, warps or rows a program shows. Appended only."""

GPU_ROW_WIDTH_IMPLEMENTATIONS = ["ours", "torch", "torch.compile"]
"""The dispatcher and the baselines that a user would take instead, at GPU_ROW_WIDTHS."""

COPY_BYTES = 1 << 30
"""The device-to-device copy that every fraction-of-copy divides by: 1 GiB, read and written."""

REFERENCE_M = 64
REFERENCE_WIDTHS = [1024, 8192]
"""The reference tier runs on the CPU, in NumPy: modest arrays, 256 KiB and 2 MiB of float32."""

SEEDS_GRID_M = 4096
SEEDS_GRID_N = list(range(256, 12801, 128))
"""The seeds' problem grid (M = 4096, N = 256 .. 12800 step 128), which the traffic model's CLI
tabulates by default; fixed here so that a new default there does not change this benchmark."""


def dram_rows(N: int) -> int:
    """M for a GPU problem of width N: DRAM_ELEMENTS in all."""
    return DRAM_ELEMENTS // N


# ---------------------------------------------------------------------------------------------
# The quick selection: what the history command runs on each commit of a GPU machine when
# asked for --quick (asv -b regular expressions, matched against names with their parameters).

QUICK_GPU = {
    "implementation": ["ours", "torch"],
    "direction": DIRECTIONS,
    "dtype": ["float32"],
    "N": [256, 65536, 1048576],
}
"""The dispatcher against torch.softmax at one width per path (single_block, online, split).
N = 256 because the site's graphs open on each parameter's first value."""


QUICK_ROW_WIDTHS = {
    "implementation": ["ours"],
    "direction": DIRECTIONS,
    "dtype": ["bfloat16"],
    "N": [137, 1001, 20001],
}
"""The dispatcher at three widths past 16-byte vectors, where the policy's rules for rows that
are not whole vectors show (on an H200: a single-block program of several rows, one row, and a
row shared by cooperating programs)."""


def quick_regexes() -> list[str]:
    """asv -b expressions for a quick run: the reference tier, the grid prediction, the copy
    bandwidth, bench_gpu.Softmax and the traffic model's predictions at QUICK_GPU, and
    bench_gpu.SoftmaxRowWidths at QUICK_ROW_WIDTHS."""

    def one_of(values):
        return "(" + "|".join(re.escape(repr(v)) for v in values) + ")"

    quick = QUICK_GPU
    measured = ", ".join(one_of(values) for values in quick.values())
    row_widths = ", ".join(one_of(values) for values in QUICK_ROW_WIDTHS.values())
    predicted = ", ".join([r"'\w+'", one_of(quick["direction"]), one_of(quick["dtype"]),
                           one_of(quick["N"]), r"'\w+'"])
    return [r"^bench_reference\.",
            r"^bench_traffic_model\.PredictGrid\.",
            rf"^bench_traffic_model\.PredictedBandwidth\.\w+\({predicted}\)$",
            r"^bench_gpu\.CopyBandwidth\.",
            rf"^bench_gpu\.Softmax\.\w+\({measured}\)$",
            rf"^bench_gpu\.SoftmaxRowWidths\.\w+\({row_widths}\)$"]


# ---------------------------------------------------------------------------------------------
# Datasets (append only)

LOGITS_SEED = 20260101
GRADIENT_SEED = 20260102


def logits(M: int, N: int, dtype: str = "float32") -> np.ndarray:
    """Softmax inputs: 3 x standard normal (rows whose exponents spread over ~20 units)."""
    return (3 * np.random.default_rng(LOGITS_SEED).standard_normal((M, N))).astype(dtype)


def gradient(M: int, N: int, dtype: str = "float32") -> np.ndarray:
    """Upstream gradients dy for a backward: standard normal."""
    return np.random.default_rng(GRADIENT_SEED).standard_normal((M, N)).astype(dtype)


def device_logits(M: int, N: int, dtype: str, device: str = "cuda"):
    """``logits`` drawn on the device (by torch's generator there: other numbers than NumPy's,
    the same distribution), in float32 and then rounded to ``dtype``."""
    return 3 * _device_normal(LOGITS_SEED, M, N, dtype, device)


def device_gradient(M: int, N: int, dtype: str, device: str = "cuda"):
    """``gradient`` drawn on the device."""
    return _device_normal(GRADIENT_SEED, M, N, dtype, device)


def _device_normal(seed, M, N, dtype, device):
    import torch

    generator = torch.Generator(device=device).manual_seed(seed)
    values = torch.randn(M, N, generator=generator, device=device, dtype=torch.float32)
    return values.to(getattr(torch, dtype))


# ---------------------------------------------------------------------------------------------
# Skipping

CODE_ROOT_VARIABLE = "SOFTMAX_LAB_CODE_ROOT"
"""Set by the history command to the worktree of the commit under test: project modules found
anywhere else (an installed copy, the current checkout) are not that commit's, and skip."""


def require(module_name: str, *attributes: str):
    """The project's module ``module_name``, having ``attributes``; else NotImplementedError.

    It skips when the module cannot be imported (the commit predates it, or a dependency is
    missing), when it lacks one of ``attributes`` (an older API), or when it does not come from
    $SOFTMAX_LAB_CODE_ROOT where that is set. Any other error raised by importing it propagates:
    broken code is a failure, not a skip.
    """
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        raise NotImplementedError(f"{module_name} cannot be imported: {error}") from None
    root = os.environ.get(CODE_ROOT_VARIABLE)
    if root:
        where = getattr(module, "__file__", None) or next(iter(getattr(module, "__path__", [])), "")
        if not os.path.realpath(where).startswith(os.path.realpath(root) + os.sep):
            raise NotImplementedError(
                f"{module_name} is not in the code under test ({root}): found at {where}")
    missing = [name for name in attributes if not hasattr(module, name)]
    if missing:
        raise NotImplementedError(f"{module_name} has no {', '.join(missing)} in this version")
    return module


def require_cuda():
    """torch, with a CUDA GPU to run on; else NotImplementedError saying what is missing."""
    try:
        import torch
    except ModuleNotFoundError:
        raise NotImplementedError("torch is not installed: the GPU benchmarks need it") from None
    if not torch.cuda.is_available():
        raise NotImplementedError("no CUDA GPU on this machine: the GPU benchmarks skip")
    return torch
