"""How a lane accumulates over many steps without losing accuracy: a tree, not a running total.

Every multi-block kernel has a loop over steps: each step loads one tile of a row and each lane
folds its element into what it holds, a running sum (the backward's dot product, the three-pass
sum) or a running pair (m, d) (the online normaliser). Folded left to right, ``total = total +
term``, every addition rounds relative to the running total, which grows to about k times a term
after k steps; the rounding errors pile up in proportion to the number of steps, and they do not
cancel: while every term is smaller than half an ulp of the total, the total does not move at
all. The paper recurrence of ``reference.normaliser`` run one column at a time over a float32
row of 100003 values within 0.1% of each other (every term about 1, the worst case for a running
total) comes out 4.1e-4 off: 26 times the tolerance policy's float32 rtol at that N (1.6e-5).

A GPU kernel mostly avoids the problem by shape: its tile is thousands of columns wide, so each
lane takes N / BLOCK_N steps (a few dozen), and the lanes are combined by a tree (a warp's
shuffles, then shared memory), whose error grows with log2(lanes). The reference runs tiles as
narrow as one column (the paper's recurrence is the block of one), so it does what a tree does
for the steps too: ``Tree`` keeps, per lane, one partial result per power of two of steps (a
binary counter). Each new step's value is its own partial; two partials that cover equally many
steps are merged at once, as the two halves of a tree node. After k steps there are at most
log2(k) + 1 partials, and every term has gone through at most that many roundings, instead of k:
the row of 100003 columns above comes out 2e-7 off, as the single-block kernel's one tree does.
The work is the same (one merge per step,
k - 1 in all); the order is the tree's. Merges are associative in exact arithmetic (addition;
the combine of (m, d) pairs, ``reference.normaliser.merge``), so any order is the same
computation; the tree is the order whose floating-point error does not grow with k.

Every value is the whole lane vector of a step (one array, or an (m, d) pair of arrays), so the
lanes of a tile and the rows of a kernel stay independent, as on the GPU. With one or two steps
the tree and the left-to-right fold are the same arithmetic.
"""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

Value = TypeVar("Value")


class Tree(Generic[Value]):
    """The merge of every value ``add``-ed so far, in the order of a binary tree over the steps.

    ``merge(earlier, later)`` must be associative; ``total()`` of no steps is ``empty``.
    """

    def __init__(self, merge: Callable[[Value, Value], Value], empty: Value):
        self._merge, self._empty = merge, empty
        self._partials: list[tuple[int, Value]] = []  # (steps covered, value), oldest first

    def add(self, value: Value) -> None:
        """One more step: merge it with the newest partials while they cover as many steps."""
        steps = 1
        while self._partials and self._partials[-1][0] == steps:
            _, earlier = self._partials.pop()
            value = self._merge(earlier, value)
            steps *= 2
        self._partials.append((steps, value))

    def total(self) -> Value:
        """Every step so far: the partials merged, newest (smallest) first, in step order."""
        if not self._partials:
            return self._empty
        total = self._partials[-1][1]
        for _, earlier in reversed(self._partials[:-1]):
            total = self._merge(earlier, total)
        return total
