"""A correct NumPy softmax: the kit accepts NumPy functions f(x: np.ndarray, axis) too.

    python -m pytest tests -m kit --softmax-impl=kit_examples.numpy_stable:softmax \
        --log-softmax-impl=kit_examples.numpy_stable:log_softmax

Computed in float32 for float16 input (float16's range ends at 65504) and in the input's own
dtype otherwise; a row of only -inf gives NaN, as torch's does (-inf - -inf).
"""

import numpy as np


def _shifted(x: np.ndarray, axis: int):
    work = x.astype(np.float32) if x.dtype == np.float16 else x
    with np.errstate(invalid="ignore", over="ignore"):  # x - max of +-3e38 rows: +-inf, as torch
        z = work - np.max(work, axis=axis, keepdims=True)
    return z, np.sum(np.exp(z), axis=axis, keepdims=True)


def softmax(x: np.ndarray, axis: int) -> np.ndarray:
    z, d = _shifted(x, axis)
    with np.errstate(invalid="ignore"):
        return (np.exp(z) / d).astype(x.dtype)


def log_softmax(x: np.ndarray, axis: int) -> np.ndarray:
    z, d = _shifted(x, axis)
    with np.errstate(invalid="ignore"):
        return (z - np.log(d)).astype(x.dtype)
