"""Which order of match covers each candidate character: a per-character view of §2.1.

Not a quantity of the article, but built only from its terms: a candidate character is covered
at order ``n`` when some occurrence in the candidate of an n-gram shared with at least one
reference (``c_t(g) ≥ 1`` and some ``c_{r_i}(g) ≥ 1``, §1.3, §2.1) spans it. Boundary-marked
n-grams count with their full order, as in the article's n-grams and weights (§1.2): a shared
``⟨^⟩ca`` covers ``c`` and ``a`` at order 3. Sharing is by n-gram type: when the candidate holds
more occurrences of ``g`` than a reference (clipping, §4.6), the overlap counts only some of
them, but no occurrence is singled out, so every occurrence covers its characters.

:func:`unmatched` singles them out: of the candidate's occurrences of an n-gram, the leftmost
ones are the matched ones, as many as the clipped count ``max_i min(c_t(g), c_{r_i}(g))``
(§2.1; the reference that shares the most), and a character is *unmatched* when no matched
occurrence of any order covers it: charsim's overlap ``M̄`` counts nothing that spans it.
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections import deque
from collections.abc import Sequence
from itertools import accumulate, compress

from ..metric.config import DEFAULT_MAX_ORDER, Config
from ..metric.explain import Explanation
from ..metric.overlap import OrderTally, walk_orders
from ..metric.values import as_tuple

__all__ = ["coverage", "unmatched"]


def coverage(explanation: Explanation) -> tuple[int, ...]:
    """The longest matched order covering each candidate character (0 if none covers it).

    Args:
        explanation: the explanation of one score (:func:`charsim.explain`); its order cap
            ``N`` bounds the orders considered, and its candidate (after any preprocessing)
            is the text the result indexes.

    Returns:
        One ``int`` in ``0..N`` per character (code point) of ``explanation.candidate``.

    Raises:
        TypeError: ``explanation`` is not an :class:`~charsim.Explanation` (a text, None).

    Cost: ``O(|t| + Σ_n (shared occurrences of order n))``, no more than building the
    explanation. Shared n-grams nest: if the n-gram starting at padded position ``p`` is shared,
    so is the (n−1)-gram starting at ``p + 1``, so the spans of the longest shared n-gram at
    each start end in non-decreasing order, and one sliding-window maximum finds the answer.
    """
    if not isinstance(explanation, Explanation):
        raise TypeError(
            f"explanation must be an Explanation (charsim.explain(candidate, "
            f"references)), got {type(explanation).__name__}"
        )
    size = len(explanation.candidate)
    # longest[p]: the highest shared order starting at padded position p (0 is the begin
    # boundary, 1..size the characters); orders ascend, so the last write is the maximum.
    longest = [0] * (size + 2)
    for order in explanation.orders:
        for position in order.candidate_positions:
            longest[position] = order.n
    result = []
    window: deque[int] = deque()  # starts whose span reaches the current position, by order
    for position in range(size + 1):
        if longest[position]:
            while window and longest[window[-1]] <= longest[position]:
                window.pop()
            window.append(position)
        while window and window[0] + longest[window[0]] <= position:
            window.popleft()
        if position:
            result.append(longest[window[0]] if window else 0)
    return tuple(result)


def unmatched(
    candidate: str, references: Sequence[str], max_order: int = DEFAULT_MAX_ORDER
) -> tuple[bool, ...]:
    """Which characters of ``candidate`` charsim leaves unmatched (module docstring): for each
    order ``n`` up to the cap and each n-gram ``g`` shared with a reference (§1.3), the first
    ``max_i min(c_t(g), c_{r_i}(g))`` occurrences of ``g`` in the candidate, from the left, are
    matched (leftmost first); a character no matched occurrence covers is unmatched. A
    boundary-marked n-gram covers the characters it holds (§1.2).

        >>> unmatched("abab", ["abx"])  # the second "ab" is clipped away at every order
        (False, False, True, True)
        >>> unmatched("abab", ["ab"])  # but "ab⟨$⟩" matches it at order 3
        (False, False, False, False)
        >>> unmatched("xab", ["ab", "ba"])
        (True, False, False)

    Args:
        candidate: the candidate text (characters are code points).
        references: the ``K >= 1`` references.
        max_order: the order cap ``N`` (1 to 64; 32 is standard, §2.5).

    Returns:
        One ``bool`` per character of ``candidate``, True where it is unmatched.

    Raises:
        TypeError: a text that is not a ``str``, or ``references`` given as one ``str``.
        ValueError: no references, or an order cap out of range.

    Cost: that of walking the shared n-grams (:func:`charsim.metric.overlap.walk_orders`),
    ``O(N · (|t| + Σ|r_i|))`` slices at most.
    """
    references = as_tuple(references, "references must be a sequence of str")
    if not isinstance(candidate, str) or not all(isinstance(r, str) for r in references):
        raise TypeError("the candidate and every reference must be a str")
    if not references:
        raise ValueError("unmatched characters need at least one reference")
    Config(max_order)  # checks the cap
    size = len(candidate)
    reach = [0] * (size + 2)  # reach[p]: the end of the furthest matched span starting at p
    undecided = range(size)  # not matched yet, and covered by a shared n-gram of the last order
    for tally in walk_orders(candidate, references, max_order):
        side, shared = tally.candidate, set().union(*tally.shared.values())
        clipped = _clipped(tally, shared)
        starts = list(compress(side.positions, map(shared.__contains__, side.grams)))
        for position, gram in zip(starts, filter(shared.__contains__, side.grams), strict=True):
            left = clipped[gram]
            if left:  # an occurrence within the clipped count, from the left
                clipped[gram] = left - 1
                reach[position] = position + tally.n
        # a character no shared n-gram of this order covers is covered by none longer (§7.5)
        undecided = [j for j in undecided if _undecided(reach, starts, j + 1, tally.n)]
        if not undecided:
            break
    covered = list(accumulate(reach[: size + 1], max))
    return tuple(map(operator.le, covered[1:], range(1, size + 1)))


def _clipped(tally: OrderTally, shared: set[str]) -> dict[str, int]:
    """``max_i c_{r_i}(g)`` for each n-gram ``g`` of ``shared`` (more keys with one reference)."""
    sides = list(tally.references.values())
    if len(sides) == 1:
        return dict(sides[0].counts)
    return {gram: max(side.counts.get(gram, 0) for side in sides) for gram in shared}


def _undecided(reach: list[int], starts: list[int], position: int, n: int) -> bool:
    """Whether the character at padded ``position`` is matched by no span of ``reach`` so far
    (each at most ``n`` long) but covered by an n-gram starting at one of ``starts``
    (ascending): a longer n-gram may still match it."""
    if max(reach[max(position + 1 - n, 0) : position + 1]) > position:
        return False
    at = bisect_right(starts, position)
    return at > 0 and starts[at - 1] + n > position
