"""Instrumented DRAM: the memory every reference algorithm reads and writes through.

A GPU kernel sees two kinds of memory: DRAM (large, slow, shared by every program) and on-chip
registers and shared memory (small, fast, private to one program). A memory-bound kernel's
running time is, to first order, the bytes it moves between the two. So the reference algorithms
are written against a tiny model of that boundary: arrays that live "in DRAM" are touched only
through ``Dram.load`` and ``Dram.store``, which count elements, and everything else a kernel does
happens "on chip" for free. ``reference.counting`` reports the counts in the form of the
formulas in ``reference.traffic``, and the tests check that the two agree.

The rules the counts follow
---------------------------
* Every access happens inside ``with dram.kernel(name):``. A kernel is one launch: all its
  programs run, then the next kernel starts, and nothing survives between kernels except what was
  stored to DRAM. That is why the naive softmax pays for its intermediates.
* The programs of a kernel that work on different rows run in lockstep here: one ``load`` of
  a column block loads that block of every row. The counts are the same as if each program
  loaded its own row's block, and the NumPy code stays vectorised across rows.
* ``load_block`` mirrors a masked GPU load, ``tl.load(ptr + cols, mask=cols < N, other=...)``:
  lanes past the end of the row receive ``other`` but read nothing, so they are not traffic.
  Only in-bounds elements are counted, on loads and on stores alike.
* Loaded values arrive in the compute dtype (float16 is widened to float32 in registers); stored
  values are rounded to the destination's dtype, as a GPU store does.
* A workspace (``Dram.workspace``) holds per-chunk partial results that programs exchange. Its
  traffic is counted apart, as ``stat_reads`` / ``stat_writes``, because its dtype is the compute
  dtype whatever the data's.
"""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np

from ._inputs import compute_dtype
from .traffic import KernelTraffic, Traffic


class Dram:
    """Global memory that counts, kernel by kernel, the elements loaded from it and stored to it."""

    def __init__(self):
        self.kernels: list[KernelTraffic] = []
        self._open: dict | None = None
        self._workspaces: list[np.ndarray] = []

    @contextmanager
    def kernel(self, name: str):
        """One kernel launch: the accesses made inside are booked to a ``KernelTraffic(name)``."""
        if self._open is not None:
            raise RuntimeError(f"kernel {name!r} launched inside kernel {self._open['name']!r}")
        self._open = dict(name=name, reads=0, writes=0, stat_reads=0, stat_writes=0)
        try:
            yield
        finally:
            counts, self._open = self._open, None
            self.kernels.append(KernelTraffic(**counts))

    def empty(self, shape, dtype) -> np.ndarray:
        """A DRAM buffer for an intermediate result that one kernel leaves to the next."""
        return np.empty(shape, dtype)

    def workspace(self, shape, dtype) -> np.ndarray:
        """A DRAM buffer of partial statistics; its traffic counts as stat_reads / stat_writes."""
        buffer = np.empty(shape, dtype)
        self._workspaces.append(buffer)
        return buffer

    def load(self, buffer: np.ndarray, index=...) -> np.ndarray:
        """``buffer[index]``, read from DRAM into registers (widened to the compute dtype)."""
        values = buffer[index]
        self._count(buffer, "reads", values.size)
        return np.array(values, dtype=compute_dtype(buffer.dtype))

    def store(self, buffer: np.ndarray, values, index=...) -> None:
        """``buffer[index] = values``, written from registers to DRAM (rounded to its dtype)."""
        region = buffer[index]
        if np.shape(values) != region.shape:
            raise ValueError(f"store of shape {np.shape(values)} into a region {region.shape}")
        buffer[index] = values
        self._count(buffer, "writes", region.size)

    def load_block(self, buffer: np.ndarray, start: int, width: int, other) -> np.ndarray:
        """Columns ``start .. start + width`` of every row, as a masked load.

        Returns an (M, width) tile; lanes at column N or beyond hold ``other`` and cost nothing.
        """
        stop = min(start + width, buffer.shape[-1])
        tile = np.full(buffer.shape[:-1] + (width,), other, compute_dtype(buffer.dtype))
        tile[..., : stop - start] = self.load(buffer, (..., slice(start, stop)))
        return tile

    def store_block(self, buffer: np.ndarray, start: int, tile: np.ndarray) -> None:
        """The in-bounds lanes of ``tile`` into columns ``start ..`` of each row: a masked store."""
        stop = min(start + tile.shape[-1], buffer.shape[-1])
        self.store(buffer, tile[..., : stop - start], (..., slice(start, stop)))

    def traffic(self, algorithm: str, M: int, N: int) -> Traffic:
        """What the kernels run so far moved, in the structure ``traffic_formula`` returns."""
        return Traffic(algorithm, M, N, tuple(self.kernels))

    def _count(self, buffer: np.ndarray, kind: str, elements: int) -> None:
        if self._open is None:
            raise RuntimeError("DRAM accessed outside a kernel: every access must be booked")
        if any(buffer is workspace for workspace in self._workspaces):
            kind = "stat_" + kind
        self._open[kind] += elements
