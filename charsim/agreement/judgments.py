"""What meta-evaluation reads: human judgments of systems' candidates, and minimal pairs.

Two kinds of human evidence, each read from its own layout (:mod:`charsim.agreement.mqm`,
:mod:`charsim.agreement.plain`, :mod:`charsim.agreement.demetr`):

* :class:`Judgments`: a human score (MQM, DA, ESA, ...; higher is better) of each system's
  candidate on each item, with the item's references: what segment- and system-level
  correlations are computed on;
* :class:`MinimalPairs`: a candidate and the same candidate with one error put in (a
  perturbation, DEMETR's), against a reference: a metric should score the perturbed text lower.

Both carry what their reader left out and why (:attr:`Judgments.skipped`), so that nothing is
dropped silently. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

__all__ = ["SEVERITIES", "ErrorSpan", "Judgments", "MinimalPair", "MinimalPairs", "Skipped"]

SEVERITIES = ("base", "minor", "major", "critical")
"""DEMETR's severities of a perturbation, mildest first; ``base`` holds its sanity checks."""


@dataclass(frozen=True)
class Skipped:
    """Rows, segments or pairs that a reader left out on purpose, and why.

    Attributes:
        reason: why they were left out, in English (e.g. ``"pert_check is false: the
            perturbation was not verified by hand"``).
        count: how many.
        unit: what was counted (``"segment"``, ``"pair"``).
        code: the reason as a name that stays the same whatever its wording, for a user
            interface that says it in another language: ``"the_references"``,
            ``"human_translation"``, ``"no_reference"`` (with ``details["system"]``, a system's
            name), ``"not_verified"``, ``"no_human_score"``, ``"system_level_only"`` (with
            ``details["items"]`` and ``details["systems"]``, tuples of names); ``""`` if none.
        details: the names that ``reason`` holds, by their role.
    """

    reason: str
    count: int
    unit: str
    code: str = ""
    details: dict[str, object] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class ErrorSpan:
    """One error a rater marked in a candidate (an MQM row that is not ``No-error``).

    Attributes:
        start: where the marked span starts in the candidate (a code point index), or None
            when the rater marked no span (an omission has nothing to mark).
        end: where it ends (exclusive; ``start == end`` for a span of no characters), or None.
        severity: the row's severity (``Major``, ``Minor``, ``Neutral``), as written.
        category: the row's category (``Accuracy/Mistranslation``), as written.
        rater: the rater who marked it.
    """

    start: int | None
    end: int | None
    severity: str
    category: str
    rater: str

    @property
    def located(self) -> bool:
        """Whether the error marks a span of the text (an omission does not)."""
        return self.start is not None


@dataclass(frozen=True)
class Judgments:
    """Human scores of systems' candidates on the same items (segment level).

    A segment is one system's candidate for one item; every judged segment has a candidate and
    a human score, a segment not judged has neither (None in both).

    Attributes:
        source: the file the judgments were read from (as named in messages).
        human_name: what the human scores are (``"MQM"``, ``"human"``).
        systems: the systems' names, in the order read.
        items: the items' identifiers (an MQM ``seg_id``, a plain layout's ``item``), in order.
        references: each item's reference set (``K >= 1`` texts).
        candidates: ``candidates[s][i]``: system ``s``'s candidate for item ``i``, or None.
        human: ``human[s][i]``: its human score (exact; higher is better), or None.
        skipped: what was read and left out, and why.
        spans: ``spans[s][i]``: the errors people marked in that candidate (empty when they
            found none), or None where the segment is not judged; None when the layout marks
            no spans (only MQM's does).
    """

    source: str
    human_name: str
    systems: tuple[str, ...]
    items: tuple[str, ...]
    references: tuple[tuple[str, ...], ...]
    candidates: tuple[tuple[str | None, ...], ...]
    human: tuple[tuple[Fraction | None, ...], ...]
    skipped: tuple[Skipped, ...] = ()
    spans: tuple[tuple[tuple[ErrorSpan, ...] | None, ...], ...] | None = None

    @property
    def segments(self) -> int:
        """The number of judged segments."""
        return sum(score is not None for row in self.human for score in row)

    def complete_items(self) -> tuple[int, ...]:
        """The indices of the items that every system has a judged segment of: a system's
        score (the mean over items) is taken over these, so that every system is scored on
        the same items."""
        return tuple(
            i for i in range(len(self.items)) if all(row[i] is not None for row in self.human)
        )


@dataclass(frozen=True)
class MinimalPair:
    """A candidate and the same candidate with one error put in, against a reference.

    Attributes:
        item: the source sentence's identifier (DEMETR's ``id``: the same in every
            perturbation's file, so pairs of one sentence are resampled together).
        perturbation: the perturbation's name (DEMETR's ``pert_name``, e.g.
            ``"critical_id22_verb_removed"``).
        severity: one of :data:`SEVERITIES`.
        reference: the reference translation.
        candidate: the translation (DEMETR's ``mt_sent``).
        perturbed: the translation with the perturbation (``pert_sent``).
        perturbed_is_better: the perturbed text should score higher (DEMETR's
            ``base_id35_reference``, where it is the reference itself); otherwise lower.
        line: the line of the source file the pair starts on.
    """

    item: int
    perturbation: str
    severity: str
    reference: str
    candidate: str
    perturbed: str
    perturbed_is_better: bool = False
    line: int = 0


@dataclass(frozen=True)
class MinimalPairs:
    """Minimal pairs read from one directory (DEMETR's layout).

    Attributes:
        source: the directory (as named in messages).
        pairs: the pairs, by perturbation (files in name order), then in file order.
        skipped: what was read and left out, and why.
    """

    source: str
    pairs: tuple[MinimalPair, ...]
    skipped: tuple[Skipped, ...] = ()

    @property
    def perturbations(self) -> tuple[str, ...]:
        """The perturbations' names, in the order of :attr:`pairs`."""
        return tuple(dict.fromkeys(pair.perturbation for pair in self.pairs))
