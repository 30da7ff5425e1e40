"""Where people marked errors, and where charsim's overlap leaves characters unmatched.

MQM raters mark the span of each error in the candidate (:class:`~charsim.agreement.judgments.
ErrorSpan`); charsim leaves some of the candidate's characters unmatched: those that no matched
n-gram occurrence covers, the leftmost occurrences of an n-gram being the matched ones
(:func:`charsim.corpus.coverage.unmatched`). If charsim's misses fall where people saw errors,
a larger share of the marked characters is unmatched than of the unmarked ones.

For one segment, :func:`span_shares` counts both (a character is *marked* when a span of any
error covers it). Over a file, :func:`span_estimates_steps` pools the counts of the segments
that have a marked span, and gives each share with a bootstrap interval over items (the same
resamples as the other measures): measures ``spans:marked`` and ``spans:unmarked`` of metric
``charsim``. Segments without a marked span are left out of both shares: they hold no
marked character, so they would only weigh the unmarked share with the better translations.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..corpus.coverage import unmatched
from ..metric.config import DEFAULT_MAX_ORDER
from .estimates import Columns, Estimate, estimates, resampled_values_steps, staged
from .judgments import ErrorSpan, Judgments

__all__ = [
    "SPAN_MEASURES",
    "SegmentSpans",
    "SpanShares",
    "item_spans",
    "marked_characters",
    "runs",
    "span_estimates_steps",
    "span_shares",
]

SPAN_MEASURES = {
    "spans:marked": "share of the characters people marked that charsim leaves unmatched",
    "spans:unmarked": "share of the other characters that charsim leaves unmatched",
}
"""The two measures of a file's spans, by key, with their names."""


@dataclass(frozen=True)
class SpanShares:
    """Characters of candidates counted by whether people marked them and whether charsim left
    them unmatched (code points).

    Attributes:
        marked: characters inside a span people marked.
        marked_unmatched: of those, the ones charsim leaves unmatched.
        unmarked: the other characters.
        unmarked_unmatched: of those, the ones charsim leaves unmatched.
        segments: the segments counted.
    """

    marked: int = 0
    marked_unmatched: int = 0
    unmarked: int = 0
    unmarked_unmatched: int = 0
    segments: int = 0

    @property
    def marked_share(self) -> Fraction | None:
        """``marked_unmatched / marked``, exact; None without marked characters."""
        return Fraction(self.marked_unmatched, self.marked) if self.marked else None

    @property
    def unmarked_share(self) -> Fraction | None:
        """``unmarked_unmatched / unmarked``, exact; None without unmarked characters."""
        return Fraction(self.unmarked_unmatched, self.unmarked) if self.unmarked else None

    def __add__(self, other: SpanShares) -> SpanShares:
        """The counts of both."""
        return SpanShares(*(a + b for a, b in zip(self._counts(), other._counts(), strict=True)))

    def _counts(self) -> tuple[int, ...]:
        counts = (self.marked, self.marked_unmatched, self.unmarked, self.unmarked_unmatched)
        return (*counts, self.segments)


def marked_characters(size: int, spans: Sequence[ErrorSpan]) -> tuple[bool, ...]:
    """Whether each of ``size`` characters lies inside one of ``spans`` (spans located
    nowhere, or past the text, mark nothing there)."""
    marked = [False] * size
    for span in spans:
        if span.located:
            marked[span.start : min(span.end, size)] = [True] * (min(span.end, size) - span.start)
    return tuple(marked)


def span_shares(
    candidate: str,
    references: Sequence[str],
    spans: Sequence[ErrorSpan],
    max_order: int = DEFAULT_MAX_ORDER,
) -> SpanShares:
    """The marked and unmarked characters of ``candidate`` and how many of each charsim leaves
    unmatched against ``references`` (module docstring).

        >>> from charsim.agreement.judgments import ErrorSpan
        >>> error = ErrorSpan(4, 7, "Major", "Accuracy/Mistranslation", "rater1")
        >>> shares = span_shares("the cat", ["the hat"], [error])  # "cat" marked: c unmatched
        >>> shares.marked_share, shares.unmarked_share
        (Fraction(1, 3), Fraction(0, 1))

    Args:
        candidate: the candidate (characters are code points).
        references: its ``K >= 1`` references.
        spans: the errors people marked in it.
        max_order: the order cap ``N`` (32 is charsim's).

    Returns:
        The :class:`SpanShares` of this one segment.

    Raises:
        TypeError, ValueError: as :func:`charsim.corpus.coverage.unmatched`.
    """
    missed = unmatched(candidate, references, max_order)
    return shares_of(marked_characters(len(candidate), spans), missed)


def shares_of(marked: Sequence[bool], missed: Sequence[bool]) -> SpanShares:
    """The :class:`SpanShares` of one segment from whether each character is marked
    (:func:`marked_characters`) and whether it is unmatched
    (:func:`charsim.corpus.coverage.unmatched`)."""
    inside = sum(marked)
    inside_missed = sum(m and u for m, u in zip(marked, missed, strict=True))
    outside = len(marked) - inside
    return SpanShares(inside, inside_missed, outside, sum(missed) - inside_missed, 1)


def runs(flags: Sequence[bool]) -> tuple[tuple[int, int], ...]:
    """``(start, end)`` (end exclusive, code points) of each run of True in ``flags``.

    >>> runs((False, True, True, False, True))
    ((1, 3), (4, 5))
    """
    found, start = [], None
    for i, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            found.append((start, i))
            start = None
    return tuple(found)


@dataclass(frozen=True)
class SegmentSpans:
    """One system's candidate for an item, with the errors people marked in it and the
    characters charsim leaves unmatched (:func:`item_spans`).

    Attributes:
        system: the system's name.
        candidate: its candidate.
        human: the human score of it (exact).
        spans: the errors people marked in it (empty when none, or the layout marks none).
        unmatched: one ``bool`` per character of ``candidate``, True where it is unmatched.
        shares: its :class:`SpanShares`.
    """

    system: str
    candidate: str
    human: Fraction
    spans: tuple[ErrorSpan, ...]
    unmatched: tuple[bool, ...]
    shares: SpanShares


def item_spans(
    judgments: Judgments, item: str, max_order: int = DEFAULT_MAX_ORDER
) -> tuple[SegmentSpans, ...]:
    """Each judged candidate of ``item`` with the errors people marked in it beside the
    characters charsim leaves unmatched (module docstring), in the order of the systems.

    Args:
        judgments: the judgments.
        item: the item's identifier (as in :attr:`Judgments.items`, e.g. an MQM ``seg_id``).
        max_order: the order cap ``N`` (32 is charsim's).

    Returns:
        One :class:`SegmentSpans` per system that has a judged candidate of the item.

    Raises:
        KeyError: ``item`` is not among the judgments' items.
    """
    if item not in judgments.items:
        raise KeyError(item)
    i = judgments.items.index(item)
    references = judgments.references[i]
    found = []
    for s, system in enumerate(judgments.systems):
        candidate, human = judgments.candidates[s][i], judgments.human[s][i]
        if candidate is None or human is None:
            continue
        spans = tuple((judgments.spans[s][i] or ()) if judgments.spans else ())
        missed = unmatched(candidate, references, max_order)
        shares = shares_of(marked_characters(len(candidate), spans), missed)
        found.append(SegmentSpans(system, candidate, human, spans, missed, shares))
    return tuple(found)


def span_estimates_steps(
    judgments: Judgments, *, resamples: int, seed: int, level: float
) -> Generator[tuple[str, int, int], None, tuple[SpanShares, tuple[Estimate, ...]]]:
    """Both shares over the segments of ``judgments`` that have a marked span, with their
    bootstrap intervals over items (module docstring).

    A generator that yields ``(stage, done, total)``: ``"locating unmatched characters"``
    after each item, then ``"resampling the spans' items"`` after each resample; it returns
    the pooled :class:`SpanShares` and the two estimates (none when no segment has a marked
    span, or the judgments have no spans).
    """
    items = len(judgments.items)
    per_item = [SpanShares() for _ in range(items)]
    for i in range(items):
        for s, row in enumerate(judgments.spans or ()):
            spans = row[i]
            if spans and any(span.located for span in spans):
                shares = span_shares(judgments.candidates[s][i], judgments.references[i], spans)
                per_item[i] += shares
        yield "locating unmatched characters", i + 1, items
    total = sum(per_item, SpanShares())
    if not total.marked:
        return total, ()
    columns = Columns(items)
    slots = columns.add(*zip(*(shares._counts()[:4] for shares in per_item), strict=True))
    statistic = _Shares(slots)
    observed = statistic(columns.totals())
    steps = resampled_values_steps(columns, statistic, resamples, seed)
    draws = yield from staged("resampling the spans' items", steps, resamples)
    return total, estimates(observed, draws, "charsim", items, level)


class _Shares:
    """Both shares from one resample's sums of the four counts (picklable)."""

    def __init__(self, slots: list[int]) -> None:
        self.slots = slots

    def __call__(self, sums: Sequence[int]) -> dict:
        marked, marked_missed, unmarked, unmarked_missed = (sums[k] for k in self.slots)
        return {
            "spans:marked": {"charsim": Fraction(marked_missed, marked) if marked else None},
            "spans:unmarked": {
                "charsim": Fraction(unmarked_missed, unmarked) if unmarked else None
            },
        }
