"""Candidates that people judged, opened on the single-item page: the two texts of a disagreement
(the one people prefer and the one charsim prefers), with the error spans people marked in each.

A link holds them in its field ``j`` as JSON (:func:`encode_judged`), read back defensively
(:func:`decode_judged`): every field is checked, and a bad one refuses the whole field with a
reason, as the other fields of a link are refused (:mod:`explorer.app.sources.link`). The error
spans are :class:`charsim.agreement.judgments.ErrorSpan`; that module is imported only when a
link or a page holds judged texts, so the single-item page's start-up never imports
meta-evaluation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from charsim.io.textio import MAX_NESTING, json_nesting

if TYPE_CHECKING:
    from charsim.agreement.judgments import ErrorSpan

__all__ = [
    "MAX_TEXTS",
    "Judged",
    "JudgedError",
    "JudgedText",
    "decode_judged",
    "encode_judged",
]

MAX_TEXTS = 2
"""Most texts of one item opened together: a pair."""


@dataclass(frozen=True)
class JudgedText:
    """One candidate people judged.

    Attributes:
        name: its system (or ``candidate`` / ``perturbed`` for a minimal pair's texts).
        text: the candidate.
        human: its human score (higher is better), or None (a minimal pair has none).
        spans: the errors people marked in it.
        preferred_by: who prefers it in its pair: ``"people"``, ``"charsim"`` or ``""``.
    """

    name: str
    text: str
    human: float | None = None
    spans: tuple[ErrorSpan, ...] = ()
    preferred_by: str = ""


@dataclass(frozen=True)
class Judged:
    """The judged texts of one item, opened together against its references.

    Attributes:
        item: the item's identifier (an MQM ``seg_id``, DEMETR's ``id``).
        human_name: what the human scores are (``"MQM"``), or the minimal pair's perturbation.
        texts: one or two :class:`JudgedText`, the one people prefer first.
    """

    item: str
    human_name: str
    texts: tuple[JudgedText, ...]

    def of(self, candidate: str) -> JudgedText | None:
        """The judged text that is ``candidate``, or None (the candidate was edited)."""
        return next((judged for judged in self.texts if judged.text == candidate), None)


def encode_judged(judged: Judged) -> str:
    """``judged`` as the JSON of a link's field ``j`` (:func:`decode_judged` reads it back)."""
    texts = [
        {
            "name": t.name,
            "text": t.text,
            "human": t.human,
            "by": t.preferred_by,
            "spans": [[s.start, s.end, s.severity, s.category, s.rater] for s in t.spans],
        }
        for t in judged.texts
    ]
    found = {"item": judged.item, "human": judged.human_name, "texts": texts}
    return json.dumps(found, ensure_ascii=False, separators=(",", ":"))


class JudgedError(ValueError):
    """A field ``j`` that is not judged texts; the message says what is wrong (English)."""


def decode_judged(text: str) -> Judged:
    """The :class:`Judged` a link's field ``j`` holds.

    Raises:
        JudgedError: not JSON, nested too deeply, or any field missing, of the wrong type or
            out of range (a span outside its text, more than :data:`MAX_TEXTS` texts).
    """
    from charsim.agreement.judgments import ErrorSpan

    if json_nesting(text) > MAX_NESTING:
        raise JudgedError("nested too deeply")
    try:
        found = json.loads(text)
    except ValueError as error:
        raise JudgedError(f"not JSON ({error})") from None
    _expect(isinstance(found, dict), "expected a JSON object of item, human and texts")
    item, human, texts = (found.get(key) for key in ("item", "human", "texts"))
    _expect(isinstance(item, str) and isinstance(human, str), '"item" and "human" are strings')
    _expect(isinstance(texts, list) and 1 <= len(texts) <= MAX_TEXTS, '"texts": one or two')
    judged = []
    for entry in texts:
        _expect(isinstance(entry, dict), "each text is a JSON object")
        name, candidate, score = entry.get("name"), entry.get("text"), entry.get("human")
        by, spans = entry.get("by", ""), entry.get("spans", [])
        _expect(isinstance(name, str) and isinstance(candidate, str), "a text's name and text")
        _expect(score is None or _number(score), "a text's human score is a number or null")
        _expect(by in ("people", "charsim", ""), '"by" is people, charsim or empty')
        _expect(isinstance(spans, list), '"spans" is a list')
        read = tuple(ErrorSpan(*_span(span, len(candidate))) for span in spans)
        judged.append(JudgedText(name, candidate, score, read, by))
    return Judged(item, human, tuple(judged))


def _span(span: object, size: int) -> tuple:
    shape = "a span is [start, end, severity, category, rater]"
    _expect(isinstance(span, list) and len(span) == 5, shape)
    start, end, *words = span
    _expect(all(isinstance(word, str) for word in words), "a span's severity, category, rater")
    if start is None and end is None:
        return span
    located = all(isinstance(x, int) and not isinstance(x, bool) for x in (start, end))
    _expect(located and 0 <= start <= end <= size, f"a span within its text (0..{size})")
    return span


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise JudgedError(what)
