"""Fast overlaps of one candidate with one reference, all orders at once (§2.1, §7.5).

Orders are walked as in :mod:`charsim.metric.overlap` (an n-gram can only be shared if its
(n-1)-prefix was), with one shortcut. A shared n-gram that occurs exactly once in each text, at
position ``i`` of the candidate and ``j`` of the reference, can only grow into shared n-grams that
also occur once, at the same two positions: it adds 1 to every order up to ``e(i, j)``, the number
of characters on which the two texts agree from ``i`` and ``j`` on. Such a pair leaves the counting;
counting goes on only for repeated n-grams, which in real text die out after a few orders.

The pairs that left the counting are finished together at the end. Pairs on one diagonal
(``i - j``) at consecutive positions lie in one shared stretch of text, and there
``e(i, j) = e(i + 1, j + 1) + 1``: only the last pair of each stretch compares characters.
Results are exact and equal to :func:`charsim.metric.overlap.overlaps`.
"""

from __future__ import annotations

import operator
from collections.abc import Collection, Mapping
from itertools import accumulate, compress

from .ngrams import boundaries, count_into

__all__ = ["pair_overlaps"]

# n-grams are counted into plain dicts with ngrams.count_into (what Counter.update calls, without
# Counter's set-up; see there).

_POSITIVE = (0).__lt__
_NEXT = (1).__add__


def _clipped_sum(
    counts_t: Mapping[str, int], counts_r: Mapping[str, int], shared: Collection[str]
) -> int:
    """``Σ_{g in shared} min(c_t(g), c_r(g))``, as ``Σ c_t - Σ max(c_t - c_r, 0)``."""
    counts = list(map(counts_t.__getitem__, shared))
    excess = map(operator.sub, counts, map(counts_r.__getitem__, shared))
    return sum(counts) - sum(filter(_POSITIVE, excess))


def _extension(marked_t: str, i: int, marked_r: str, j: int, top: int, low: int) -> int:
    """How many characters agree from ``marked_t[i]`` and ``marked_r[j]`` on, at most ``top``,
    given that the first ``low <= top`` do.

    Gallops, then bisects, with slice comparisons (the texts end in different stop marks).
    """
    step = 1
    while low < top:
        probe = low + step if low + step < top else top
        if marked_t[i : i + probe] != marked_r[j : j + probe]:
            top = probe - 1
            break
        low, step = probe, step * 2
    while low < top:
        middle = (low + top + 1) // 2
        if marked_t[i : i + middle] == marked_r[j : j + middle]:
            low = middle
        else:
            top = middle - 1
    return low


def _grow(
    left: tuple[list[int], list[int]],
    width: int,
    begun: list[int],
    marked: tuple[str, str],
    max_n: int,
) -> list[int]:
    """How many pairs that left the counting still agree at each order ``n = 0..max_n + 1``.

    Args:
        left: the positions ``i`` (candidate) and ``j`` (reference) of each pair whose n-gram,
            of the order at which it left, is shared and occurs once in each text (two lists,
            pair by pair).
        width: more than any candidate position. A pair's key ``(i - j) · width + i`` sorts
            the pairs by diagonal, then position: the pairs of one stretch are consecutive
            integers.
        begun: ``begun[n]``: how many pairs left at order ``n``.
        marked: the two padded texts, each followed by its own stop mark.
        max_n: the order cap.

    Returns:
        ``max_n + 2`` ints: at order ``n``, the pairs that left below ``n`` and agree on at
        least ``n`` characters. The pairs of a stretch of ``size`` pairs agree, from its last
        pair back, on ``e, e + 1, …, e + size - 1`` characters, ``e`` measured at its last pair.
    """
    marked_t, marked_r = marked
    keys = sorted(map(operator.sub, map((width + 1).__mul__, left[0]), map(width.__mul__, left[1])))
    count = len(keys)
    lasts = [*compress(range(count - 1), map(operator.ne, keys[1:], map(_NEXT, keys))), count - 1]
    tails = list(map(keys.__getitem__, lasts))
    ends_t = list(map(width.__rmod__, tails))
    ends_r = map(operator.sub, ends_t, map(width.__rfloordiv__, tails))
    sizes = map(operator.sub, lasts, [-1, *lasts])
    stops = [0] * (max_n + 2)  # differences of: how many pairs agree on exactly k characters
    for i, j, size in zip(ends_t, ends_r, sizes, strict=True):  # each stretch's last pair
        # Its n-gram is shared (n >= 2), so it agrees on 2 characters at least; most agree on
        # exactly 2. Measured up to max_n: pairs agreeing on max_n or more never stop.
        if marked_t[i + 2] != marked_r[j + 2]:
            length = 2
        else:
            length = _extension(marked_t, i, marked_r, j, max_n, min(3, max_n))
        stops[length] += 1  # the stretch's pairs agree on length, length + 1, … from its end
        stops[min(length + size, max_n)] -= 1
    # At order n: pairs that left below n, less pairs agreeing on fewer than n characters.
    started, stopped = accumulate(begun), accumulate(accumulate(stops))
    grown = [0, *map(operator.sub, started, stopped)]
    del grown[-1]
    return grown


def pair_overlaps(candidate: str, reference: str, max_n: int) -> list[int]:
    """``m_n = Σ_g min(c_r(g), c_t(g))`` for ``n = 1..max_n`` (index ``n - 1``).

    Args:
        candidate: the candidate text.
        reference: one reference text.
        max_n: the order cap ``N``.

    Returns:
        ``max_n`` non-negative ints (numbers of n-gram occurrences).
    """
    overlaps = [0] * (max_n + 2)  # index n
    if not candidate or not reference or max_n < 1:
        return overlaps[1:-1]
    counts_t: dict[str, int] = {}
    counts_r: dict[str, int] = {}
    count_into(counts_t, candidate)
    count_into(counts_r, reference)
    shared = counts_t.keys() & counts_r.keys()
    overlaps[1] = _clipped_sum(counts_t, counts_r, shared)
    # Begin and end boundaries, then a stop mark per text: n-grams that run past the end of a
    # text hold its stop mark, so they are never shared, and every comparison stops there.
    begin, end, stop_t, stop_r = boundaries((counts_t.keys(), counts_r.keys()), 4)
    marked_t, marked_r = begin + candidate + end + stop_t, begin + reference + end + stop_r
    positions_t, positions_r = range(len(candidate) + 1), range(len(reference) + 1)
    grams_t = list(map(operator.add, marked_t[:-2], marked_t[1:-1]))  # order 2
    grams_r = list(map(operator.add, marked_r[:-2], marked_r[1:-1]))
    left_t: list[int] = []  # the positions of each pair that left the counting
    left_r: list[int] = []
    width, begun = len(marked_t), [0] * (max_n + 2)
    for n in range(2, max_n + 1):
        if n > 2:
            grams_t = [marked_t[p : p + n] for p in positions_t]
            grams_r = [marked_r[q : q + n] for q in positions_r]
        counts_t, counts_r = {}, {}
        count_into(counts_t, grams_t)
        count_into(counts_r, grams_r)
        shared = counts_t.keys() & counts_r.keys()
        once_t, once_r = len(counts_t) == len(grams_t), len(counts_r) == len(grams_r)
        if once_t and once_r:
            overlaps[n], unique, shared = len(shared), shared, set()
        else:
            unique = {g for g in shared if counts_t[g] == 1 and counts_r[g] == 1}
            shared -= unique  # each unique n-gram adds 1; the others are clipped
            clipped = len(shared) if once_t or once_r else _clipped_sum(counts_t, counts_r, shared)
            overlaps[n] = len(unique) + clipped
        if unique:
            where_r = dict(zip(grams_r, positions_r, strict=True))
            found = list(map(unique.__contains__, grams_t))
            before = len(left_t)
            left_t.extend(compress(positions_t, found))
            left_r.extend(map(where_r.__getitem__, compress(grams_t, found)))
            begun[n] = len(left_t) - before
        if not shared:
            break
        positions_t = list(compress(positions_t, map(shared.__contains__, grams_t)))
        positions_r = list(compress(positions_r, map(shared.__contains__, grams_r)))
    if left_t:
        grown = _grow((left_t, left_r), width, begun, (marked_t, marked_r), max_n)
        overlaps = list(map(operator.add, overlaps, grown))
    return overlaps[1:-1]
