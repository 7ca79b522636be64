"""Measuring on a GPU: the copy bandwidth that every GB/s is set beside, and median timings.

Times come from ``triton.testing.do_bench`` (CUDA events, the median of many runs, the L2 cache
flushed before each run), so a problem of hundreds of MB measures DRAM, not L2. Small problems
are reported as latency (microseconds), not bandwidth. The flush zeroes ``FLUSH_BYTES``, more
than Triton's own 256 MB, so that it outlasts the host time of every call timed after it.
"""

from __future__ import annotations

import contextlib
import json
import statistics
import sys
import time

import torch
import triton


BUSY_BEFORE_TIMING_MS = 50
"""Wall time the GPU is kept running ``fn`` before each timing. After a pause (a compile, a
float64 check) an H100 timed its first variant up to 4x slower than the same plan timed later in
the run (``results/h100/sweep_single_block_seeds.json``: bfloat16 N = 2304, 0.18 of copy first,
0.69 for the same block with another warp count next); do_bench's own warm-up is counted in
calls of an estimate made while the GPU is still slow, so it can end too early."""


FLUSH_BYTES = 1 << 30
"""Bytes that do_bench zeroes before each timed call, flushing L2 (``flush_of``).

do_bench enqueues the flush, records the start event behind it, then calls ``fn``: the time
between the events is the call's GPU time only while the GPU is still flushing when ``fn``
launches its kernel. Past that, the GPU waits for the host, and the timing is the host's. Triton's
256 MB flush took 61 us of GPU time on an H200 and 85 us on an H100, while a small call took
24-47 us of host time (ours), 64-122 us (QuACK 0.2.2): on the H200, the seeds' grid of
results/h200/run_d426f73_2026-11-23 timed ours and the peers at their host time (ours 40-62 us
where the kernel takes 10-25), and torch.softmax (8 us of host time) alone at its kernel's.
A 1 GiB flush takes about four times as long."""


@contextlib.contextmanager
def flush_of(nbytes: int, driver=None):
    """Within the block, do_bench flushes L2 by zeroing ``nbytes`` (a multiple of 4). It asks the
    active Triton driver for its buffer (``get_empty_cache_for_benchmark``) at each call; the
    block gives that driver object one of ``nbytes`` and takes it back after."""
    if nbytes <= 0 or nbytes % 4:
        raise ValueError(f"flush_of: nbytes must be a positive multiple of 4, got {nbytes}")
    driver = driver if driver is not None else triton.runtime.driver.active
    had_own = "get_empty_cache_for_benchmark" in vars(driver)
    own = vars(driver).get("get_empty_cache_for_benchmark")
    buffer = []

    def empty_cache():
        if not buffer:
            buffer.append(torch.empty(nbytes // 4, dtype=torch.int32, device="cuda"))
        return buffer[0]

    driver.get_empty_cache_for_benchmark = empty_cache
    try:
        yield
    finally:
        if had_own:
            driver.get_empty_cache_for_benchmark = own
        else:
            del driver.get_empty_cache_for_benchmark


def times_ms(fn, *, warmup_ms: float = 25, rep_ms: float = 100,
             flush_bytes: int = FLUSH_BYTES) -> list:
    """The GPU time in ms of each call of ``fn`` that do_bench times, with a flush of
    ``flush_bytes`` before each, after ``BUSY_BEFORE_TIMING_MS`` of calls."""
    deadline = time.perf_counter() + BUSY_BEFORE_TIMING_MS / 1e3
    while time.perf_counter() < deadline:
        fn()
        torch.cuda.synchronize()
    with flush_of(flush_bytes):
        return triton.testing.do_bench(fn, warmup=warmup_ms, rep=rep_ms, return_mode="all")


def median_ms(fn, **timing) -> float:
    """The median of ``times_ms(fn, **timing)``: do_bench's ``return_mode="median"``."""
    return statistics.median(times_ms(fn, **timing))


def host_us_per_call(fn, calls: int = 200) -> float:
    """Microseconds of host time per call of ``fn`` while the GPU keeps up: ``calls`` calls queued
    back to back after a synchronize, fewer than CUDA's launch queue holds, so that no call waits
    for the GPU. do_bench times a call from an event recorded after its L2 flush: where a call's
    host time is longer than that flush's GPU time (``flush_us``), the GPU waits for the call's
    launch and its timing is the host's, not the kernel's."""
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    seconds = time.perf_counter() - start
    torch.cuda.synchronize()
    return seconds / calls * 1e6


def flush_us(flush_bytes: int = FLUSH_BYTES) -> float:
    """Microseconds of GPU time of the L2 flush of ``flush_bytes`` that ``median_ms`` runs before
    each timed call."""
    driver = triton.runtime.driver.active
    with flush_of(flush_bytes):
        cache = driver.get_empty_cache_for_benchmark()
    return median_ms(lambda: driver.clear_cache(cache)) * 1e3


def copy_bandwidth_gbs(nbytes: int = 1 << 30, device: str = "cuda") -> float:
    """Device-to-device copy of ``nbytes``: (bytes read + bytes written) / time, in GB/s."""
    src = torch.randn(nbytes // 4, device=device)
    dst = torch.empty_like(src)
    ms = median_ms(lambda: dst.copy_(src))
    return 2 * nbytes / ms / 1e6


def gbs(nbytes: int, ms: float) -> float:
    return nbytes / ms / 1e6


def device_name() -> str:
    return torch.cuda.get_device_name() if torch.cuda.is_available() else "cpu"


def write_run(path: str, device: str, copy_gbs: float, started: float, points: list) -> dict:
    """Write a benchmark run's record to ``path`` (JSON) and return it: the device, the copy
    bandwidth measured in the run, the versions, the seconds since ``started``, the command
    line and the points so far. Benchmarks call it after every shape, so that a time limit
    keeps what was measured."""
    result = dict(device=device, copy_gbs=copy_gbs, torch=torch.__version__,
                  triton=triton.__version__, seconds=time.time() - started,
                  command=" ".join(sys.argv), points=points)
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    return result
