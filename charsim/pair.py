"""Fast overlaps of one candidate with one reference, all orders at once (§2.1, §7.5).

Orders are walked as in :mod:`charsim.overlap` (an n-gram can only be shared if its (n-1)-prefix
was), with one shortcut: a shared n-gram that occurs exactly once in each text can only grow into
shared n-grams that also occur once, at the same two positions. Such a pair leaves the n-gram
counting and is followed by comparing the next character of each text, order by order; it adds 1
to every order it survives. Counting goes on only for repeated n-grams, which in real text die out
after a few orders. Results are exact and equal to :func:`charsim.overlap.overlaps`.
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections import Counter
from itertools import compress

from .ngrams import boundaries

__all__ = ["pair_overlaps"]

_NEXT = (1).__add__
_FEW = 4  # below this many growing pairs, finishing each pair alone is cheaper than order steps


def _clipped_sum(counts_t: Counter, counts_r: Counter, shared: set[str]) -> int:
    """``Σ_{g in shared} min(c_t(g), c_r(g))``."""
    return sum(map(min, map(counts_t.__getitem__, shared), map(counts_r.__getitem__, shared)))


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


def _unique(shared: set[str], counts: Counter, total: int) -> set[str]:
    """The n-grams of ``shared`` that occur once (``total`` occurrences were counted)."""
    if len(counts) == total:  # every n-gram occurs once
        return shared
    return {g for g in shared if counts[g] == 1}


def pair_overlaps(candidate: str, reference: str, max_n: int) -> list[int]:
    """``m_n = Σ_g min(c_r(g), c_t(g))`` for ``n = 1..max_n`` (index ``n - 1``).

    Args:
        candidate: the candidate text.
        reference: one reference text.
        max_n: the order cap ``N``.

    Returns:
        ``max_n`` non-negative ints (numbers of n-gram occurrences).
    """
    overlaps = [0] * (max_n + 1)  # index n
    if not candidate or not reference or max_n < 1:
        return overlaps[1:]
    counts_t, counts_r = Counter(candidate), Counter(reference)
    shared = counts_t.keys() & counts_r.keys()
    overlaps[1] = _clipped_sum(counts_t, counts_r, shared)
    # Two extra, different end markers stop every comparison at the end of the texts.
    begin, end, stop_t, stop_r = boundaries((candidate, reference), 4)
    padded_t, padded_r = begin + candidate + end, begin + reference + end
    keep = shared | {begin, end}
    positions_t = list(compress(range(len(padded_t)), map(keep.__contains__, padded_t)))
    positions_r = list(compress(range(len(padded_r)), map(keep.__contains__, padded_r)))
    marked_t, marked_r = padded_t + stop_t, padded_r + stop_r
    next_t: list[int] = []  # for each unique shared n-gram: index of the character after it
    next_r: list[int] = []
    for n in range(2, max_n + 1):
        if next_t:  # unique pairs grow by one character where both texts agree
            same = list(map(operator.eq, map(marked_t.__getitem__, next_t),
                            map(marked_r.__getitem__, next_r)))  # fmt: skip
            next_t = list(map(_NEXT, compress(next_t, same)))
            next_r = list(map(_NEXT, compress(next_r, same)))
            overlaps[n] += len(next_t)
            if 0 < len(next_t) <= _FEW:  # finish the last few pairs one by one
                for i, j in zip(next_t, next_r, strict=True):
                    for m in range(n + 1, n + 1 + _extension(marked_t, i, marked_r, j, max_n - n)):
                        overlaps[m] += 1
                next_t, next_r = [], []
        if not shared:
            if not next_t:
                break
            continue
        positions_t = positions_t[: bisect_right(positions_t, len(padded_t) - n)]
        positions_r = positions_r[: bisect_right(positions_r, len(padded_r) - n)]
        grams_t = [padded_t[p : p + n] for p in positions_t]
        grams_r = [padded_r[q : q + n] for q in positions_r]
        counts_t, counts_r = Counter(grams_t), Counter(grams_r)
        shared = counts_t.keys() & counts_r.keys()
        overlaps[n] += _clipped_sum(counts_t, counts_r, shared)
        unique = _unique(shared, counts_t, len(grams_t)) & _unique(shared, counts_r, len(grams_r))
        shared -= unique
        if unique:
            in_r = list(map(unique.__contains__, grams_r))
            first_r = dict(zip(compress(grams_r, in_r), compress(positions_r, in_r), strict=True))
            peeled = list(map(unique.__contains__, grams_t))
            next_t.extend(map(n.__add__, compress(positions_t, peeled)))
            next_r.extend(map(n.__add__, map(first_r.__getitem__, compress(grams_t, peeled))))
        positions_t = list(compress(positions_t, map(shared.__contains__, grams_t)))
        positions_r = list(compress(positions_r, map(shared.__contains__, grams_r)))
    return overlaps[1:]
