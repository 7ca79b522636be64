"""Grids of problem sizes: parsing "256:12800:128" and "256,1024", and predicting over a grid.

The default grid is the seeds' benchmark: M = 4096 rows, N from 256 to 12800 columns in steps of
128, float32 (the Triton tutorial's x axis, here with 12800 included).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reference.dtypes import canonical
from traffic_model.model import Prediction, predict, resolve_gpu

DEFAULT_M = (4096,)
DEFAULT_N = tuple(range(256, 12800 + 1, 128))
DEFAULT_DTYPES = ("float32",)


def parse_sizes(text: str, what: str = "size") -> list[int]:
    """Positive integers from "START:STOP:STEP" (STOP included; STEP defaults to 1), a
    comma-separated list "256,1024", or a mix "256,1024:4096:1024". ``ValueError`` otherwise."""
    usage = (
        f"bad {what} {text!r}: expected START:STOP[:STEP] (STOP included) or a comma-separated "
        "list of positive integers"
    )
    values: list[int] = []
    for part in str(text).split(","):
        fields = part.strip().split(":")
        try:
            numbers = [int(f) for f in fields]
        except ValueError:
            raise ValueError(usage) from None
        if len(numbers) == 1:
            values.append(numbers[0])
        elif len(numbers) in (2, 3):
            start, stop, step = (*numbers, 1)[:3]
            if step <= 0 or stop < start:
                raise ValueError(f"{usage}; need STEP > 0 and STOP >= START")
            values.extend(range(start, stop + 1, step))
        else:
            raise ValueError(usage)
    if not values or min(values) <= 0:
        raise ValueError(usage)
    return values


def grid(M: int | Iterable[int] = DEFAULT_M, N: int | Iterable[int] = DEFAULT_N, dtype=DEFAULT_DTYPES):
    """Every (M, N, dtype) of the product, dtype-major then M then N (the order of the tables)."""
    Ms = [M] if isinstance(M, int) else list(M)
    Ns = [N] if isinstance(N, int) else list(N)
    dtypes = [dtype] if isinstance(dtype, str) else list(dtype)
    return [(m, n, canonical(d)) for d, m, n in itertools.product(dtypes, Ms, Ns)]


@dataclass(frozen=True)
class GridRow:
    """One point of a grid with each implementation's prediction there."""

    M: int
    N: int
    dtype: str
    predictions: dict[str, Prediction]


def predict_grid(
    implementations: Sequence[str],
    points: Iterable[tuple[int, int, str]],
    *,
    gpu="H100",
    bandwidth_gbs: float | None = None,
    splits: int | None = None,
) -> list[GridRow]:
    """``predict`` every implementation at every (M, N, dtype) of ``points``."""
    device = resolve_gpu(gpu, bandwidth_gbs)
    return [
        GridRow(M, N, dtype, {i: predict(i, M, N, dtype, device, splits=splits) for i in implementations})
        for M, N, dtype in points
    ]
