"""Fast overlaps of one candidate with one reference, all orders at once (§2.1, §7.5).

Orders are walked as in :mod:`charsim.metric.overlap` (an n-gram can only be shared if its
(n-1)-prefix was), with one shortcut. A shared n-gram that occurs exactly once in each text, at
position ``i`` of the candidate and ``j`` of the reference, can only grow into shared n-grams that
also occur once, at the same two positions: it adds 1 to every order up to ``e(i, j)``, the number
of characters on which the two texts agree from ``i`` and ``j`` on. Such a pair leaves the counting;
counting goes on only for repeated n-grams, which in real text die out after a few orders.

Each order's counts are read in one plain loop (in CPython, faster for these small dicts than a
chain of ``map`` and ``filter``): a shared n-gram counted once in each text is unique and leaves;
every other shared n-gram adds its clipped count and is counted on at the next order. A unique
n-gram's two positions are found with ``str.find``: order n counts every position whose
(n-1)-gram is shared and repeated, hence every occurrence of a shared n-gram, so counted once
means once in the whole text.

The pairs that left the counting are finished together at the end. Pairs on one diagonal
(``i - j``) at consecutive positions lie in one shared stretch of text, and there
``e(i, j) = e(i + 1, j + 1) + 1``: only the last pair of each stretch compares characters. The
pairs are sorted by diagonal and position once, and the stretches found in one pass.
Results are exact and equal to :func:`charsim.metric.overlap.overlaps`.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Mapping
from itertools import accumulate, compress

from .ngrams import boundaries, count_into

__all__ = ["pair_overlaps"]

# n-grams are counted into plain dicts with ngrams.count_into (what Counter.update calls, without
# Counter's set-up; see there).


def _clipped_sum(counts_t: Mapping[str, int], counts_r: Mapping[str, int]) -> int:
    """``Σ_g min(c_t(g), c_r(g))`` over the n-grams of both texts."""
    total = 0
    for gram, times_t in counts_t.items():  # a plain loop: faster here than map and filter
        if gram in counts_r:
            times_r = counts_r[gram]
            total += times_t if times_t < times_r else times_r
    return total


def _extension(marked_t: str, i: int, marked_r: str, j: int, top: int, low: int) -> int:
    """How many characters agree from ``marked_t[i]`` and ``marked_r[j]`` on, counted up to
    ``top``, given that the first ``low`` do (``low`` itself if ``low >= top``).

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
    keys.append(keys[-1] + 2)  # after the last pair, not next to it: ends the last stretch
    stops = [0] * (max_n + 2)  # differences of: how many pairs agree on exactly k characters
    first = last = keys[0]  # the current stretch's first and last keys
    for key in keys[1:]:
        if key == last + 1:
            last = key
            continue
        diagonal, i = divmod(last, width)
        j = i - diagonal
        # The stretch's last pair's n-gram is shared (n >= 2), so it agrees on 2 characters at
        # least; most agree on exactly 2 or 3.
        if marked_t[i + 2] != marked_r[j + 2]:
            length = 2
        elif marked_t[i + 3] != marked_r[j + 3]:
            length = 3
        else:
            length = _extension(marked_t, i, marked_r, j, max_n, 4)
        # The stretch's pairs agree on length, length + 1, … characters from its end. A pair
        # agreeing on max_n characters or more never stops: such lengths count as max_n.
        stops[length if length < max_n else max_n] += 1
        length += last - first + 1
        stops[length if length < max_n else max_n] -= 1
        first = last = key
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
    overlaps[1] = _clipped_sum(counts_t, counts_r)
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
        unique, repeated, clipped = [], set(), 0  # the shared n-grams, as they occur
        for gram, times_t in counts_t.items():
            if gram in counts_r:
                times_r = counts_r[gram]
                if times_t == 1 == times_r:
                    unique.append(gram)  # adds 1, then leaves the counting
                else:
                    repeated.add(gram)  # counted on at the next order
                    clipped += times_t if times_t < times_r else times_r
        overlaps[n] = len(unique) + clipped
        if unique:
            left_t.extend(_positions(unique, marked_t, grams_t, positions_t))
            left_r.extend(_positions(unique, marked_r, grams_r, positions_r))
            begun[n] = len(unique)
        if not repeated:
            break
        positions_t = list(compress(positions_t, map(repeated.__contains__, grams_t)))
        positions_r = list(compress(positions_r, map(repeated.__contains__, grams_r)))
    if left_t:
        grown = _grow((left_t, left_r), width, begun, (marked_t, marked_r), max_n)
        overlaps = list(map(operator.add, overlaps, grown))
    return overlaps[1:-1]


_FIND_LIMIT = 2_000
"""Longest marked text (characters) in which :func:`pair_overlaps` finds the position of each
n-gram it shares once with ``str.find``, a scan from the text's start per n-gram, cheap in a
sentence; in a longer text it looks them up among the order's n-grams, so that a long text
much like its reference (thousands of such n-grams) is not scanned once per n-gram."""


def _positions(unique: list[str], marked: str, grams: list[str], positions) -> Iterator[int]:
    """The position in ``marked`` of each n-gram of ``unique`` (each occurs there once);
    ``grams`` are the order's n-grams at ``positions``, every occurrence of those among them."""
    if len(marked) <= _FIND_LIMIT:
        return map(marked.find, unique)
    return map(dict(zip(grams, positions, strict=True)).__getitem__, unique)
