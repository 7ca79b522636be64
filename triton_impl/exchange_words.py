"""The cooperative launches' exchange words, kept zeroed from one launch to the next.

A cooperative launch publishes its blocks' partial results in a workspace of int64 words that
must start at zero (``kernels/cooperative.py``: a published word is never 0). Zeroing a fresh
workspace with ``torch.zeros`` is a launch of its own, and on the GPU's timeline it cost more
than the few words it clears: on an H200 a ``torch.zeros`` of 128-16384 words timed 3.5-4.0 µs
where a call that launches nothing timed 1.3 (results/h200/workspace_zeroing_2026-11-24/), against
10.6-11.2 µs for a whole cooperative softmax of one row of 1M columns.

So each thread keeps, per device and stream, one buffer of two halves (``_Halves``). A launch
publishes in the half that is zero, and its programs zero, in the other half, the words that the
launch before published there (each program a share: ``kernels/cooperative.py``,
``clear_stale_words``). The next launch on the stream starts after this one ends, finds the other
half zero, and uses it. Nothing else may touch a buffer while a launch can run on it, so the
bookkeeping is per thread and per stream, and a ``Lease`` is used as leased only when nothing
changed since it was taken (``Lease.current``): same thread, same stream, no launch on the buffer
in between, no CUDA graph being captured. Any other launch of its record (a record launched twice,
in another thread or on another stream, or during a capture, whose replays would find the words
of the capture's run) takes fresh zeroed words, as a launch did before, and leaves the buffer
alone. A launch that raises drops the buffer: whether its programs ran is not known.

Measured on an H200 against fresh ``torch.zeros`` words in the same calls (three interleaved
rounds, N = 1M and 4M, M = 1-32, float32 and bfloat16, forward and backward, every output checked
against float64 first; results/h200/workspace_zeroing_2026-11-24/ab.log): 1.1-2.7 µs less a
call at every one of the 40 problems, e.g. 11.3 -> 8.9 µs for one float32 row of 1M columns,
87.9 -> 85.9 µs at 8 x 4M.

Streams are told apart by their handles: a stream destroyed with launches still running on it,
whose handle a new stream then takes, would share a buffer with them; torch's own streams come
from a pool and are never destroyed.
"""

from __future__ import annotations

import threading

import torch

from .policy import next_power_of_2

MIN_HALF_WORDS = 256
"""Words a half holds at least; a half grows to the next power of two a launch needs."""

KEPT_PER_THREAD = 8
"""Buffers a thread keeps (one per device and stream it launched on), the least recently used
dropped first: dropping one is safe at any time (the allocator gives its memory only to later work
on the same stream)."""

_local = threading.local()


class _Halves:
    """A buffer of two halves: ``half`` is all zero; ``published[h]`` bounds the words of half h
    that a launch may have left published; ``generation`` counts the launches committed."""

    __slots__ = ("buffer", "half", "published", "generation")

    def __init__(self, words: int, device: torch.device):
        self.buffer = torch.zeros((2, words), dtype=torch.int64, device=device)
        self.half = 0
        self.published = [0, 0]
        self.generation = 0


def _kept() -> dict:
    kept = getattr(_local, "kept", None)
    if kept is None:
        kept = _local.kept = {}
    return kept


def _stream_key(device: torch.device):
    """The key of the stream a launch on ``device`` goes to now (None: no buffer kept there)."""
    if device.type == "cpu":
        return ("cpu", None)
    if device.type == "cuda":
        if torch.cuda.is_current_stream_capturing():
            return None
        return (device.index, torch.cuda.current_stream(device).cuda_stream)
    return None  # meta tensors (compiled only, never launched) and other devices


class Lease:
    """``count`` zeroed words for one cooperative launch (``words``), with the other half of the
    buffer and how many of its words the launch zeroes (``stale``, ``stale_count``)."""

    __slots__ = ("words", "stale", "stale_count", "_halves", "_key", "_thread", "_generation",
                 "_half")

    def __init__(self, count: int, device: torch.device):
        key = _stream_key(device)
        kept = _kept() if key is not None else None
        halves = kept.pop(key, None) if kept is not None else None
        if kept is not None:
            if halves is None or halves.buffer.shape[1] < count:
                halves = _Halves(max(MIN_HALF_WORDS, next_power_of_2(count)), device)
            if len(kept) >= KEPT_PER_THREAD:
                kept.pop(next(iter(kept)))
            kept[key] = halves  # the most recently used last
        self._halves, self._key, self._thread = halves, key, threading.get_ident()
        if halves is None:
            self.words = torch.zeros(count, dtype=torch.int64, device=device)
            self.stale, self.stale_count = self.words, 0
            self._generation = self._half = -1
        else:
            half = self._half = halves.half
            self._generation = halves.generation
            self.words = halves.buffer[half, :count]
            self.stale, self.stale_count = halves.buffer[1 - half], halves.published[1 - half]

    def arguments(self, programs: int) -> tuple:
        """The kernel's exchange arguments for a grid of ``programs``: the words, the stale half,
        its count of words to zero, and each program's share of them."""
        return self.words, self.stale, self.stale_count, -(-self.stale_count // programs)

    def current(self) -> bool:
        """Whether a launch now may use the words as leased: nothing changed since the lease."""
        halves = self._halves
        return (halves is not None and halves.generation == self._generation
                and threading.get_ident() == self._thread
                and _kept().get(self._key) is halves
                and _stream_key(self.words.device) == self._key)

    def fresh(self) -> tuple:
        """``arguments`` for a launch that cannot use the lease: freshly zeroed words, nothing
        to zero elsewhere."""
        words = torch.zeros(self.words.shape[0], dtype=torch.int64, device=self.words.device)
        return words, words, 0, 0

    def commit(self) -> None:
        """The launch was queued: the other half is now the zero one."""
        halves, half = self._halves, self._half
        halves.published[1 - half] = 0
        halves.published[half] = self.words.shape[0]
        halves.half = 1 - half
        halves.generation += 1

    def abandon(self) -> None:
        """The launch raised: drop the buffer, whose words are no longer known."""
        kept = _kept()
        if kept.get(self._key) is self._halves:
            del kept[self._key]
