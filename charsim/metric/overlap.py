"""Shared n-grams of a candidate and its references, order by order (§1.3, §2.1, §7.5).

An n-gram can only be shared if the (n-1)-gram starting at the same position is shared, so each
order looks only at the positions whose shorter n-gram survived, and the walk stops at the first
order where no reference shares anything. Counting is exact: a shared n-gram's every occurrence
sits at a surviving position. Cost: ``O(N · L)`` slices at most, usually far fewer.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import compress

from .ngrams import boundaries

__all__ = ["OrderTally", "Side", "overlaps", "walk_orders"]


@dataclass
class Side:
    """The n-grams of one padded text at its surviving positions, for one order.

    Attributes:
        positions: start indexes in the padded text (0 is the begin boundary).
        grams: the n-gram at each of those positions (as padded substrings).
        counts: occurrences of each n-gram among ``grams``.
    """

    positions: list[int]
    grams: list[str]
    counts: Counter


@dataclass
class OrderTally:
    """Everything one order contributes: the candidate side and each sharing reference.

    Attributes:
        n: the order.
        candidate: the candidate's n-grams at its surviving positions.
        references: reference index ``i`` → that reference's side, for references that share at
            least one n-gram of this order with the candidate.
        shared: reference index ``i`` → the n-grams shared with the candidate.
        begin, end: the boundary characters used in ``grams`` for this computation.
    """

    n: int
    candidate: Side
    references: dict[int, Side]
    shared: dict[int, set[str]]
    begin: str
    end: str

    def overlap(self, i: int) -> int:
        """``m_{i,n} = Σ_g min(c_{r_i}(g), c_t(g))`` (§2.1)."""
        counts_t, counts_r, shared = (
            self.candidate.counts,
            self.references[i].counts,
            self.shared[i],
        )
        return sum(map(min, map(counts_t.__getitem__, shared), map(counts_r.__getitem__, shared)))


def _side(padded: str, positions: Sequence[int], n: int) -> Side:
    """The n-grams of order ``n`` of ``padded`` starting at ``positions`` (ascending; those that
    fit are kept)."""
    kept = positions[: bisect_right(positions, len(padded) - n)]
    grams = [padded[p : p + n] for p in kept]
    return Side(kept, grams, Counter(grams))


def _survivors(side: Side, keep: set[str]) -> list[int]:
    """The positions of ``side`` whose n-gram is in ``keep``: where order ``n + 1`` may match."""
    return list(compress(side.positions, map(keep.__contains__, side.grams)))


def _starting(padded: str, keep: set[str]) -> list[int]:
    """Positions of ``padded`` holding a character of ``keep``: where a 2-gram may match."""
    return list(compress(range(len(padded)), map(keep.__contains__, padded)))


def walk_orders(candidate: str, references: Sequence[str], max_n: int) -> Iterator[OrderTally]:
    """Yield one :class:`OrderTally` per order ``n = 1, 2, …`` while some reference shares n-grams.

    Orders not yielded (above the last one) have ``m_{i,n} = 0`` for every reference. Empty texts
    have no n-grams at all (§1.2), so an empty candidate yields nothing.

    Args:
        candidate: the candidate text ``t``.
        references: the reference texts ``r_1..r_K``.
        max_n: the order cap ``N``.
    """
    if not candidate or max_n < 1:
        return
    begin, end = boundaries([candidate, *references])
    padded_t = begin + candidate + end
    padded_r = {i: begin + r + end for i, r in enumerate(references) if r}
    # Order 1 counts real characters only: padded positions 1..|x|.
    positions_t: Sequence[int] = range(1, len(padded_t) - 1)
    positions_r = {i: range(1, len(r) - 1) for i, r in padded_r.items()}
    live = list(padded_r)
    for n in range(1, max_n + 1):
        side_t = _side(padded_t, positions_t, n)
        sides, shared = {}, {}
        for i in live:
            side_r = _side(padded_r[i], positions_r[i], n)
            common = side_t.counts.keys() & side_r.counts.keys()
            if common:
                sides[i], shared[i] = side_r, common
        if not sides:
            return
        yield OrderTally(n, side_t, sides, shared, begin, end)
        live = list(sides)
        if n == 1:
            # Boundary n-grams start at order 2: every position may begin a shared 2-gram
            # whose characters were shared at order 1.
            marks = {begin, end}
            positions_t = _starting(padded_t, marks.union(*shared.values()))
            positions_r = {i: _starting(padded_r[i], marks | shared[i]) for i in live}
            continue
        union = set().union(*shared.values())
        positions_t = _survivors(side_t, union)
        positions_r = {i: _survivors(sides[i], shared[i]) for i in live}


def overlaps(candidate: str, references: Sequence[str], max_n: int) -> list[list[int]]:
    """The overlap matrix ``m[i][n-1] = m_{i,n}`` for ``n = 1..max_n`` (§2.1).

    Args:
        candidate: the candidate text ``t``.
        references: the reference texts (``K`` of them, any may be empty).
        max_n: the order cap ``N``.

    Returns:
        ``K`` lists of ``max_n`` non-negative ints (numbers of n-gram occurrences).
    """
    matrix = [[0] * max_n for _ in references]
    for tally in walk_orders(candidate, references, max_n):
        for i in tally.references:
            matrix[i][tally.n - 1] = tally.overlap(i)
    return matrix
