"""Which order of match covers each candidate character: a per-character view of §2.1.

Not a quantity of the article, but built only from its terms: a candidate character is covered
at order ``n`` when some occurrence in the candidate of an n-gram shared with at least one
reference (``c_t(g) ≥ 1`` and some ``c_{r_i}(g) ≥ 1``, §1.3, §2.1) spans it. Boundary-marked
n-grams count with their full order, as in the article's n-grams and weights (§1.2): a shared
``⟨^⟩ca`` covers ``c`` and ``a`` at order 3. Sharing is by n-gram type: when the candidate holds
more occurrences of ``g`` than a reference (clipping, §4.6), the overlap counts only some of
them, but no occurrence is singled out, so every occurrence covers its characters.
"""

from __future__ import annotations

from collections import deque

from ..metric.explain import Explanation

__all__ = ["coverage"]


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
