"""A DRAM traffic model of softmax: predicted time, GB/s and speedups from the bytes each kernel moves.

Softmax is memory bound, so its time is, to first order, the bytes it moves over the memory
bandwidth. The model takes each implementation's bytes per kernel from ``reference.traffic`` (the
formulas the reference tier checks against instrumented NumPy), corrects them for what the L2
cache absorbs, and turns them into time with a roofline per kernel (with the measured speed of
kernels that cannot stream at the bandwidth) plus launch costs. How and why is in
``traffic_model.model``; every calibrated number, with the measurement that set it, is in
``traffic_model.knobs``; README.md sets the predictions beside the seeds' published tables,
HARDWARE.md beside an H200's Nsight counts and benchmarks (``python -m traffic_model.validate
RESULTS_DIR`` regenerates it from any GPU's results).

Implementations (``IMPLEMENTATIONS``): the reference algorithms ``naive`` (eager, five kernels),
``fused`` (a row on chip), ``online`` (two reads of each row), ``split`` (a row shared by S
programs through a workspace); ``cooperative`` (the lab's kernel for wide rows: a row on chip
across several programs); ``torch``, an approximation of PyTorch's CUDA softmax; ``ours``, what the
lab's dispatcher runs, resolved through ``triton_impl.policy`` for the GPU modelled; and the
``*_backward`` of each (``traffic_model.implementations``).

Python API
----------
``predict(algorithm, M, N, dtype="float32", gpu="H100", bandwidth_gbs=None, *, splits=None,
isolated=False, bytes_only=False)``
    -> ``Prediction``: ``time_s``, ``us``, ``gbs`` (useful bytes / time: 2·M·N·itemsize forward,
    3·M·N·itemsize backward), ``runs`` (the algorithm predicted: for "ours" the dispatcher's
    kernel), ``plan`` (the policy's plan of a lab kernel), ``dram_bytes`` (``dram_read_bytes``,
    ``dram_write_bytes``), ``formula_bytes``, ``useful_bytes`` and ``kernels``, one
    ``KernelPrediction`` each (formula and DRAM bytes, L2 hits, time and ``limit``: what sets
    it). ``bandwidth_gbs``, a copy bandwidth you measured, replaces the GPU's ceiling.
    ``isolated``: DRAM bytes as Nsight Compute counts them (each kernel alone on a flushed L2).
    ``bytes_only``: every kernel streams at the bandwidth (the seeds' bytes argument, without
    the measured kernel speeds).
``speedups(M, N, dtype="float32", gpu="H100", bandwidth_gbs=None, *, implementations=..., splits=None)``
    -> ``{a: {b: time_b / time_a}}``, how many times faster a is than b, for each pair of
    ``implementations`` (default ``FORWARD_IMPLEMENTATIONS``).
``GPUS``, ``gpu(name)``, ``GPU``
    The built-in GPUs (A100-40GB, A100-80GB, H100, H200) with the source of every figure;
    ``gpu("h100")`` looks one up leniently, ``GPU.with_bandwidth(gbs)`` calibrates one.
``grid(M, N, dtype)``, ``parse_sizes("256:12800:128")``
    Problem grids: every (M, N, dtype) of a product; sizes from ranges (STOP included) and lists.
``predict_grid(implementations, points, *, gpu="H100", bandwidth_gbs=None, splits=None)``
    Every implementation predicted at every point, as ``GridRow(M, N, dtype, predictions)``.
``format_table(headers, rows)``, ``prediction_table(rows, implementations)``, ``gpu_table()``
    Aligned text tables.
``plot_gbs(rows, implementations, path, *, measurements=None, title=None)``
    Predicted GB/s against N (imports matplotlib when called, never at import).
``load_measurements(path)`` -> ``Measurements``; ``load_nsight(path)`` -> ``NsightRun``
    Measured GB/s and Nsight byte counts, with what "ours" ran (``traffic_model.measurements``:
    the schema, and the one map from measured labels to model names).
``traffic_model.validate`` (``load``, ``report``, ``TOLERANCES``)
    A results directory beside the model, by regime, against the tolerance of each (HARDWARE.md).
``traffic_model.predictions``
    The committed predictions for a kernel not yet measured (``evidence/``).

Command line
------------
::

    python -m traffic_model                                  # seeds' grid (M=4096, N=256..12800), H100
    python -m traffic_model --gpu H200 --N 1024,16384 --dtype float32,bfloat16
    python -m traffic_model --bandwidth 3000 --N 256:12800:128 --plot gbs.png
    python -m traffic_model --backward --impl naive,fused,torch
    python -m traffic_model --measured results/h200/speed_of_light.json --plot h200.png
    python -m traffic_model --list-gpus
    python -m traffic_model.validate results/h200           # the model against a GPU's results
    python -m traffic_model.predictions --against results/h100/speed_of_light.json  # predicted first

The tools that measure on a GPU (Nsight Compute runs, the per-kernel probe) are in ``benchmarks/``.

Importing the package needs NumPy and ``triton_impl.policy`` (which needs neither torch nor
triton) and nothing else: no torch, no triton, no matplotlib.
"""

from traffic_model.gpus import GPU, GPUS, gpu
from traffic_model.grid import DEFAULT_M, DEFAULT_N, GridRow, grid, parse_sizes, predict_grid
from traffic_model.implementations import (
    BACKWARD_IMPLEMENTATIONS,
    FORWARD_IMPLEMENTATIONS,
    IMPLEMENTATIONS,
    LABELS,
)
from traffic_model.measurements import MeasuredPoint, Measurements, load_measurements, load_nsight
from traffic_model.model import KernelPrediction, Prediction, predict, speedups
from traffic_model.table import format_table, gpu_table, prediction_table


def plot_gbs(*args, **kwargs):
    """``traffic_model.plot.plot_gbs``, importing matplotlib only when called."""
    from traffic_model.plot import plot_gbs as plot

    return plot(*args, **kwargs)


__all__ = [
    "BACKWARD_IMPLEMENTATIONS",
    "DEFAULT_M",
    "DEFAULT_N",
    "FORWARD_IMPLEMENTATIONS",
    "GPU",
    "GPUS",
    "GridRow",
    "IMPLEMENTATIONS",
    "KernelPrediction",
    "LABELS",
    "MeasuredPoint",
    "Measurements",
    "Prediction",
    "format_table",
    "gpu",
    "gpu_table",
    "grid",
    "load_measurements",
    "load_nsight",
    "parse_sizes",
    "plot_gbs",
    "predict",
    "predict_grid",
    "prediction_table",
    "speedups",
]
