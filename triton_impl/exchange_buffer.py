"""The cooperative launches' exchange words, kept zeroed from one launch to the next.

A cooperative launch publishes its blocks' partial results in a workspace of int64 words that
must start at zero (``kernels/cooperative.py``: a published word is never 0). Zeroing a fresh
workspace with ``torch.zeros`` is a launch of its own, and on the GPU's timeline it cost more
than the few words it clears: on an H200 a ``torch.zeros`` of 128-16384 words timed 3.5-4.0 µs
where a call that launches nothing timed 1.3 (results/h200/workspace_zeroing_2026-11-24/),
against 10.6-11.2 µs for a whole cooperative softmax of one row of 1M columns.

So each thread keeps, per device and stream, one buffer of two halves (``_Halves``). A launch
publishes in the first words of the half that is zero there, and each of its programs zeroes,
in the other half, the words at the same places as its own (``kernels/cooperative.py``,
``clear_stale``): whatever the launch before published there, up to as many words as this
launch uses. The next launch on the stream starts after this one ends, and takes the other half.
Where the launch before used more words than this one, the rest stay published; the buffer
keeps, per half, the range of words that may be (``_Halves.dirty``), and a launch that would
use any of them zeroes those with torch first (a launch of its own, as before: never
when the same shape is called again).

Measured on an H200 against the launch table before (a ``torch.zeros`` of the words, then the
kernel) in the same process, three interleaved rounds, N = 1M and 4M, M = 1-32, float32 and
bfloat16, forward and backward, every output checked against float64: 1.3-2.5 µs less a call at
38 of the 40 problems, within noise at the two longest (326 and 516 µs); one float32 row of 1M
columns 11.3 -> 9.1 µs (results/h200/exchange_mirror_2026-11-24/).

Nothing else may touch a buffer while a launch can run on it, so the bookkeeping is per thread
and per stream, and a ``Lease`` is used as leased only when nothing changed since it was taken
(``Lease.current``): same thread, same device and stream, no launch on the buffer in between, no
CUDA graph being captured (a caller that launches right after the lease is made, nothing run in
between, says so, ``Lease.launch``'s ``just_made``, and only the launches on the buffer are
counted). Any other launch of its record (a record launched twice, in another
thread or on another stream, or during a capture, whose replays would find the words of the
capture's run) takes fresh zeroed words, as a launch did before, and leaves the buffer alone. A
launch that raises drops the buffer: whether its programs ran is not known.

Calls that torch.compile or torch.jit.trace recorded (the custom ops of ``ops.py``) take fresh
words too (``fresh_words``): torch.compile's CUDA graphs (``mode="reduce-overhead"``) run their
warm-up calls with every allocation on their stream going to the graphs' private memory pool,
where a kept buffer must not live. Buffers are made outside ``torch.inference_mode``, so that an
inference call and a later call may share one.

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
dropped first: dropping one is safe at any time (the allocator gives its memory only to later
work on the same stream)."""

FRESH_ALIGNMENT = 16
"""A launch on fresh words zeroes words a multiple of this many words past them
(``Lease.fresh``): so that its ``stale_offset``, like a kept buffer's (plus or minus a power of
two of at least MIN_HALF_WORDS), is a multiple of 16, and Triton specialises both alike."""

class _Halves:
    """A buffer of two halves: ``half`` the one the next launch takes; ``dirty[h]`` the range
    (start, stop) of the words of half h that may be other than 0 (the bounds of every range a
    launch published there and none zeroed since); ``generation`` counts the launches
    committed."""

    __slots__ = ("buffer", "halves", "width", "half", "dirty", "generation")

    def __init__(self, words: int, device: torch.device):
        with torch.inference_mode(False):
            self.buffer = torch.zeros((2, words), dtype=torch.int64, device=device)
            self.halves = (self.buffer[0], self.buffer[1])  # indexing a tensor costs a call µs
        self.width = words
        self.half = 0
        self.dirty = [(0, 0), (0, 0)]
        self.generation = 0

    def zero_first(self, half: int, count: int) -> None:
        """Make the first ``count`` words of ``half`` zero: those of its dirty range, by torch."""
        start, stop = self.dirty[half]
        if start < min(stop, count):
            self.buffer[half, start:min(stop, count)].zero_()
            self.dirty[half] = (count, stop) if stop > count else (0, 0)

    def launched(self, count: int) -> None:
        """A launch published the first ``count`` words of ``half`` and zeroed as many of the
        other half, which is next."""
        half = self.half
        start, stop = self.dirty[1 - half]
        self.dirty[1 - half] = (max(start, count), stop) if stop > count else (0, 0)
        self.dirty[half] = (0, max(count, self.dirty[half][1]))
        self.half = 1 - half
        self.generation += 1


class _PerThread(threading.local):
    """A thread's kept buffers (by stream key, the least recently used first) and how deep it is
    in ``fresh_words`` blocks."""

    def __init__(self):
        self.kept = {}
        self.fresh_depth = 0


_thread = _PerThread()


def _kept() -> dict:
    return _thread.kept


class _FreshWords:
    """``fresh_words``'s block, as a class: a generator's context manager took 1.16 µs a block
    against 0.33 on the CPU this was written on (an H200's host runs this Python several times
    slower: ``Lease``)."""

    __slots__ = ()

    def __enter__(self):
        _thread.fresh_depth += 1

    def __exit__(self, *exception):
        _thread.fresh_depth -= 1


_FRESH_WORDS = _FreshWords()


def fresh_words() -> _FreshWords:
    """Launches in a ``with fresh_words():`` block on this thread take fresh words: no buffer is
    kept or used."""
    return _FRESH_WORDS


# torch.cuda's own functions, without their Python layers (a call's host time counts:
# ``Lease``); Triton's launcher reads the stream so
current_device_index = getattr(torch._C, "_cuda_getDevice", torch.cuda.current_device)
_capturing = getattr(torch._C, "_cuda_isCurrentStreamCapturing",
                     torch.cuda.is_current_stream_capturing)
current_raw_stream = getattr(torch._C, "_cuda_getCurrentRawStream",
                             lambda index: torch.cuda.current_stream(index).cuda_stream)


def _stream_key(device: torch.device):
    """The key of the stream a launch on ``device`` goes to now (None: no buffer kept there):
    Triton launches on the current device's current stream."""
    if _thread.fresh_depth:
        return None
    if device.type == "cpu":
        return ("cpu", None)
    if device.type == "cuda":
        index = device.index
        if index != current_device_index() or _capturing():
            return None
        return (index, current_raw_stream(index))
    return None  # meta tensors (compiled only, never launched) and other devices


class Lease:
    """``count`` zeroed words for one cooperative launch (``words``) and where, from them, the
    launch zeroes the words of the launch before (``stale_offset``, in words).

    Its Python is part of a small call's host time: on an H200's host, each piece timed in place
    (one float32 row of 1M columns), the lease took 7-8 µs, its check 4-5 and its commit about
    2, as long together as the ``torch.zeros`` launch they replaced (14-16 µs), beside 37-44 µs
    for Triton's launch (results/h200/host_time_2026-11-24/). So the check is left out where
    nothing can have changed (``launch``'s ``just_made``), and nothing is computed twice."""

    __slots__ = ("words", "stale_offset", "count", "_device", "_halves", "_key", "_thread",
                 "_generation", "_unused")

    def __init__(self, count: int, device: torch.device):
        self.count, self._device, self._unused = count, device, False
        key = self._key = _stream_key(device)
        if key is None:
            self._halves, self._generation = None, -1
            if device.type == "cuda" and _capturing():
                # zeros made here would be zeroed only by the graph's replays, not for a launch
                # of the record after the capture: every launch takes ``fresh`` words
                self.words = torch.empty(0, dtype=torch.int64, device=device)
                self.stale_offset = FRESH_ALIGNMENT
            else:  # fresh words, as ``fresh`` makes them, for the record's first launch
                self.words, self.stale_offset = self._zeros()
                self._unused = True
            return
        kept = _thread.kept
        halves = kept.get(key)
        if halves is None or halves.width < count:
            kept.pop(key, None)
            if len(kept) >= KEPT_PER_THREAD:
                kept.pop(next(iter(kept)))
            halves = kept[key] = _Halves(max(MIN_HALF_WORDS, next_power_of_2(count)), device)
        elif next(reversed(kept)) != key:  # the most recently used last
            kept[key] = kept.pop(key)
        self._halves, self._thread = halves, threading.get_ident()
        half = halves.half
        halves.zero_first(half, count)
        self._generation = halves.generation
        self.words = halves.halves[half]  # the launch uses its first ``count`` words
        self.stale_offset = (1 - 2 * half) * halves.width

    def arguments(self) -> tuple:
        """The kernel's exchange arguments: the words, the offset of the words it zeroes."""
        return self.words, self.stale_offset

    def current(self) -> bool:
        """Whether a launch now may use the words as leased: nothing changed since the lease."""
        halves = self._halves
        return (halves is not None and halves.generation == self._generation
                and threading.get_ident() == self._thread
                and _thread.kept.get(self._key) is halves
                and _stream_key(self._device) == self._key)

    def launch(self, launch_on, just_made: bool = False):
        """Return ``launch_on(words, stale_offset)``: on the leased words where the launch may
        use them, then committing the lease (dropping it if the launch raises); else on
        ``fresh`` words. ``just_made``: the caller launches right after making the lease, with
        nothing run in between (the same thread, device and stream): the words are usable
        wherever the lease keeps a buffer and no launch used it since, without the rest of
        ``current``'s check."""
        halves = self._halves
        if not (halves is not None and halves.generation == self._generation if just_made
                else self.current()):
            return launch_on(*self.fresh())
        try:
            result = launch_on(self.words, self.stale_offset)
        except BaseException:
            self.abandon()
            raise
        halves.launched(self.count)
        return result

    def fresh(self) -> tuple:
        """``arguments`` for a launch that cannot use the lease: freshly zeroed words, and as
        many past them, from ``stale_offset`` on, for the launch to zero (those the lease made,
        if no launch used them yet)."""
        if self._unused:
            self._unused = False
            if not (self._device.type == "cuda" and _capturing()):  # (replays would reuse them)
                return self.words, self.stale_offset
        return self._zeros()

    def _zeros(self) -> tuple:
        offset = -(-max(self.count, 1) // FRESH_ALIGNMENT) * FRESH_ALIGNMENT
        return torch.zeros(offset + self.count, dtype=torch.int64, device=self._device), offset

    def abandon(self) -> None:
        """The launch raised: drop the buffer, whose words are no longer known."""
        kept = _thread.kept
        if kept.get(self._key) is self._halves:
            del kept[self._key]
