"""Fast overlaps of one candidate with one reference, all orders at once (§2.1, §7.5).

Orders are walked as in :mod:`charsim.overlap` (an n-gram can only be shared if its (n-1)-prefix
was), with one shortcut. A shared n-gram that occurs exactly once in each text, at position ``i``
of the candidate and ``j`` of the reference, can only grow into shared n-grams that also occur once,
at the same two positions: it adds 1 to every order up to ``e(i, j)``, the number of characters
on which the two texts agree from ``i`` and ``j`` on. Such a pair leaves the counting; counting
goes on only for repeated n-grams, which in real text die out after a few orders.

The pairs that left the counting are finished together at the end. Pairs on one diagonal
(``i - j``) at consecutive positions lie in one shared stretch of text, and there
``e(i + 1, j + 1) = e(i, j) - 1``: only the first pair of each stretch compares characters.
Results are exact and equal to :func:`charsim.overlap.overlaps`.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Collection
from itertools import compress, repeat

from .ngrams import boundaries

__all__ = ["pair_overlaps"]

_POSITIVE = (0).__lt__
_SLACK = 64  # extra characters compared at the head of a stretch, to serve the pairs after it


def _clipped_sum(counts_t: Counter, counts_r: Counter, shared: Collection[str]) -> int:
    """``Σ_{g in shared} min(c_t(g), c_r(g))``, as ``Σ c_t - Σ max(c_t - c_r, 0)``."""
    counts = list(map(counts_t.__getitem__, shared))
    excess = map(operator.sub, counts, map(counts_r.__getitem__, shared))
    return sum(counts) - sum(filter(_POSITIVE, excess))


def _extension(marked_t: str, i: int, marked_r: str, j: int, top: int) -> int:
    """How many characters agree from ``marked_t[i]`` and ``marked_r[j]`` on, at most ``top``.

    Gallops, then bisects, with slice comparisons (the texts end in different stop marks).
    """
    low, step = 0, 1
    while low < top:
        probe = min(low + step, top)
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


def _grow(pairs: list[tuple[int, int, int]], marked_t: str, marked_r: str, max_n: int) -> list[int]:
    """How many of ``pairs`` reach each order: index ``n``, for ``n = 0..max_n + 1``.

    Args:
        pairs: ``(i - j, i, n)`` for each pair of positions ``i`` (candidate) and ``j``
            (reference) whose n-gram of order ``n`` is shared and occurs once in each text.
        marked_t, marked_r: the padded texts, each followed by its own stop mark.
        max_n: the order cap.

    Returns:
        ``grown[k]``: the number of pairs whose n-gram still agrees at order ``k > n``.
    """
    changes = [0] * (max_n + 2)  # changes[k] = (pairs reaching order k) - (reaching k - 1)
    pairs.sort()
    top = max_n + _SLACK
    last_diagonal = last_i = -1 - len(marked_t) - len(marked_r)
    length, capped = 0, False  # agreeing characters from the pair on; capped: maybe more
    for diagonal, i, n in pairs:
        if diagonal == last_diagonal and i == last_i + 1 and (not capped or length > max_n):
            length -= 1
        else:  # the first pair of a stretch: its first n characters agree
            length = n + _extension(marked_t, i + n, marked_r, i - diagonal + n, top - n)
            capped = length == top
        last_diagonal, last_i = diagonal, i
        if length > n:
            changes[n + 1] += 1
            changes[min(length, max_n) + 1] -= 1
    grown, running = [], 0
    for change in changes:
        running += change
        grown.append(running)
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
    counts_t, counts_r = Counter(candidate), Counter(reference)
    shared = counts_t.keys() & counts_r.keys()
    overlaps[1] = _clipped_sum(counts_t, counts_r, shared)
    # Begin and end boundaries, then a stop mark per text: n-grams that run past the end of a
    # text hold its stop mark, so they are never shared, and every comparison stops there.
    begin, end, stop_t, stop_r = boundaries((counts_t.keys(), counts_r.keys()), 4)
    marked_t, marked_r = begin + candidate + end + stop_t, begin + reference + end + stop_r
    positions_t, positions_r = range(len(candidate) + 1), range(len(reference) + 1)
    grams_t = list(map(operator.add, marked_t[:-2], marked_t[1:-1]))  # order 2
    grams_r = list(map(operator.add, marked_r[:-2], marked_r[1:-1]))
    pairs: list[tuple[int, int, int]] = []  # (i - j, i, n): unique shared n-grams
    for n in range(2, max_n + 1):
        if n > 2:
            grams_t = [marked_t[p : p + n] for p in positions_t]
            grams_r = [marked_r[q : q + n] for q in positions_r]
        counts_t, counts_r = Counter(grams_t), Counter(grams_r)
        shared = counts_t.keys() & counts_r.keys()
        once_t, once_r = len(counts_t) == len(grams_t), len(counts_r) == len(grams_r)
        if once_t or once_r:
            overlaps[n] = len(shared)
        else:
            overlaps[n] = _clipped_sum(counts_t, counts_r, shared)
        if once_t and once_r:
            unique, shared = shared, set()
        else:
            unique = {g for g in shared if counts_t[g] == 1 and counts_r[g] == 1}
            shared -= unique
        if unique:
            where_r = dict(zip(grams_r, positions_r, strict=True))
            found = list(map(unique.__contains__, grams_t))
            starts_t = list(compress(positions_t, found))
            starts_r = map(where_r.__getitem__, compress(grams_t, found))
            pairs.extend(zip(map(operator.sub, starts_t, starts_r), starts_t, repeat(n)))
        if not shared:
            break
        positions_t = list(compress(positions_t, map(shared.__contains__, grams_t)))
        positions_r = list(compress(positions_r, map(shared.__contains__, grams_r)))
    if pairs:
        overlaps = list(map(operator.add, overlaps, _grow(pairs, marked_t, marked_r, max_n)))
    return overlaps[1:-1]
