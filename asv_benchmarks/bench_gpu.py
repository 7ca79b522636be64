"""GPU bandwidth of every softmax: ours (the dispatcher and each forced path) and the baselines.

Each figure is one median of ``triton.testing.do_bench`` (CUDA events, L2 flushed between runs)
through ``softmax_lab.measure``, so these are ``track_`` benchmarks of what the device timed, not
``time_`` benchmarks of the host's clock. GB/s count the bytes a perfect kernel must move
(``softmax_lab.implementations.useful_bytes``: forward reads x and writes y, 2MN elements;
backward reads y and dy and writes dx, 3MN), whatever the implementation really moves.

The problems hold DRAM_ELEMENTS (2**27) elements, M = 2**27 // N, far beyond L2. The copy
bandwidth every fraction divides by is measured once per run, by ``setup_cache``, on the same
GPU. Without a CUDA GPU, or at a commit without softmax_lab, every benchmark here skips (n/a).

asv counts a larger value as worse. Read regressions off ``track_time`` (seconds per call, the
same measurement); the GB/s and fraction-of-copy tracks are there to be read, and asv.conf.json
keeps them off the Regressions page.
"""

from __future__ import annotations

import functools

from .common import (
    COPY_BYTES,
    DIRECTIONS,
    GPU_DTYPES,
    GPU_IMPLEMENTATIONS,
    GPU_ROW_WIDTH_IMPLEMENTATIONS,
    GPU_ROW_WIDTHS,
    GPU_WIDTHS,
    device_gradient,
    device_logits,
    dram_rows,
    require,
    require_cuda,
)

# torch and triton are imported here, if present, only so that asv's forkserver holds them
# already and each benchmark process (one per parameter combination) does not import them
# again. Importing either touches no GPU; the project's code is imported in setup.
try:
    import torch  # noqa: F401
    import triton  # noqa: F401
except ImportError:
    pass

WARMUP_MS, REP_MS = 25, 100
"""do_bench's budget per figure: warm-up, then as many runs as fit in REP_MS; the median."""


class GPUBenchmark:
    """The GPU benchmarks' base: one copy-bandwidth measurement per run, shared by every class
    here (asv runs a ``setup_cache`` once for all the classes that inherit it)."""

    timeout = 300  # a cold torch.compile of the backward takes a while

    def setup_cache(self):
        # A skip raised here would be recorded as a failure of every benchmark: return the
        # reason instead, and let each setup raise it.
        try:
            require_cuda()
            measure = require("softmax_lab.measure", "copy_bandwidth_gbs")
        except NotImplementedError as reason:
            return {"skip": str(reason)}
        return {"copy_gbs": measure.copy_bandwidth_gbs(COPY_BYTES)}

    @staticmethod
    def check_cache(cache):
        if "skip" in cache:
            raise NotImplementedError(cache["skip"])


class CopyBandwidth(GPUBenchmark):
    """Device-to-device copy of 1 GiB (bytes read + written per second): the ceiling that
    Softmax.track_fraction_of_copy divides by, recorded so that the history shows it too."""

    unit = "GB/s"

    def setup(self, cache):
        self.check_cache(cache)

    def track_copy_gbs(self, cache):
        return cache["copy_gbs"]


class Softmax(GPUBenchmark):
    """One softmax implementation, forward or backward, on an (M, N) problem of DRAM size.

    A forced path that cannot take N (single_block holds a row on chip: up to 32768 columns
    forward, 16384 backward) skips, with the dispatcher's reason.
    """

    params = [GPU_IMPLEMENTATIONS, DIRECTIONS, GPU_DTYPES, GPU_WIDTHS]
    param_names = ["implementation", "direction", "dtype", "N"]

    def setup(self, cache, implementation, direction, dtype, N):
        self.check_cache(cache)
        torch = require_cuda()
        implementations = require("softmax_lab.implementations", "get", "useful_bytes")
        self.measure = require("softmax_lab.measure", "median_ms", "gbs")
        M = dram_rows(N)
        if implementation.startswith("ours:"):
            triton_impl = require("triton_impl", "make_plan")
            try:
                kernel = implementation.split(":", 1)[1]
                # commits before the Forcing record took the kernel as a keyword
                forcing = getattr(triton_impl, "Forcing", None)
                options = dict(forcing=forcing(kernel)) if forcing else dict(kernel=kernel)
                triton_impl.make_plan(M, N, getattr(torch, dtype), "cuda",
                                      backward=direction == "backward", **options)
            except ValueError as reason:
                raise NotImplementedError(str(reason)) from None

        impl = implementations.get(implementation)
        x = device_logits(M, N, dtype)
        if direction == "forward":
            self.call = functools.partial(impl.forward, x)
        else:
            y = torch.softmax(x, dim=-1)
            self.call = functools.partial(impl.backward, y, device_gradient(M, N, dtype))
        # The first call compiles (Triton, torch.compile): it happens here, outside any timing.
        self.call()
        torch.cuda.synchronize()
        self.useful_bytes = implementations.useful_bytes(M, N, getattr(torch, dtype), direction)

    def median_ms(self):
        return self.measure.median_ms(self.call, warmup_ms=WARMUP_MS, rep_ms=REP_MS)

    def track_time(self, cache, implementation, direction, dtype, N):
        return self.median_ms() / 1e3

    track_time.unit = "seconds"

    def track_gbs(self, cache, implementation, direction, dtype, N):
        return self.measure.gbs(self.useful_bytes, self.median_ms())

    track_gbs.unit = "GB/s"

    def track_fraction_of_copy(self, cache, implementation, direction, dtype, N):
        return self.measure.gbs(self.useful_bytes, self.median_ms()) / cache["copy_gbs"]

    track_fraction_of_copy.unit = "fraction of copy"


class SoftmaxRowWidths(Softmax):
    """``Softmax`` at widths that are not powers of two (``common.GPU_ROW_WIDTHS``): the
    dispatcher against torch.softmax and torch.compile, where rows do not fill a power of two
    or a 16-byte vector."""

    params = [GPU_ROW_WIDTH_IMPLEMENTATIONS, DIRECTIONS, GPU_DTYPES, GPU_ROW_WIDTHS]
