"""Item scores per length bucket (compare-mt's most used view): where does a system win?

Two bucketings of the same items, each giving per bucket and per system the number of items and
their mean score. Lengths are in characters (code points) of the texts as given; pass the
preprocessed texts to bucket by the lengths charsim compares after ``normalize`` or ``casefold``.

* **By reference length**: an item's reference length is the mean length of its ``K``
  references (charsim's length rule compares the candidate with the mean reference, ``L̄_r``,
  §3.1). Buckets ``[0, 25)``, ``[25, 50)``, ``[50, 100)``, ``[100, 150)``, ``[150, 200)`` and
  ``[200, ∞)`` characters (:data:`REFERENCE_LENGTH_EDGES`); on the TED set they hold 7 %, 24 %,
  36 %, 19 %, 8 % and 7 % of the items.
* **By length ratio**: candidate length / that reference length. Below 1 the candidate is
  shorter and, with one reference, recall decides; above 1 precision decides (§3.4). Buckets
  ``[0, 0.5)``, ``[0.5, 0.8)``, ``[0.8, 0.9)``, ``[0.9, 1)``, ``1`` (the same length),
  ``(1, 1.1]``, ``(1.1, 1.25]``, ``(1.25, 2]`` and ``(2, ∞)`` (:data:`RATIO_EDGES`): an edge
  belongs to the bucket on its side nearer to 1 (0.9 to ``[0.9, 1)``, 1.1 to ``(1, 1.1]``).
  Against empty references (length 0) the ratio is 1 for an empty candidate and ∞ otherwise.

Comparisons are exact (fractions), so a mean of 24.5 characters is below 25 and a ratio of
exactly 0.9 lands in ``[0.9, 1)``.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real

from ..metric.inputs import check_inputs
from ..metric.values import as_tuple, counted

__all__ = ["RATIO_EDGES", "REFERENCE_LENGTH_EDGES", "Bucket", "LengthBuckets", "length_buckets"]

REFERENCE_LENGTH_EDGES = (25, 50, 100, 150, 200)
"""Edges of the reference-length buckets, in characters (each bucket is ``[low, high)``)."""
RATIO_EDGES = (Fraction(1, 2), Fraction(4, 5), Fraction(9, 10), Fraction(11, 10), Fraction(5, 4), 2)
"""Edges of the length-ratio buckets other than 1 (which has a bucket of its own)."""
_BELOW = [edge for edge in RATIO_EDGES if edge < 1]
_ABOVE = [edge for edge in RATIO_EDGES if edge > 1]
_SAME = len(_BELOW) + 1  # the index of the bucket "1"


@dataclass(frozen=True)
class Bucket:
    """The items of one length range.

    Attributes:
        label: the range, e.g. ``"[25, 50)"`` (characters) or ``"(1.1, 1.25]"`` (a ratio).
        counts: the number of items in the bucket, one count per system (by reference length
            the same for every system; by ratio each system's own candidates decide).
        means: each system's mean item score over its items in the bucket (None: no items).
    """

    label: str
    counts: tuple[int, ...]
    means: tuple[float | None, ...]


@dataclass(frozen=True)
class LengthBuckets:
    """Both bucketings, buckets in increasing order of length (empty buckets included).

    Attributes:
        by_reference_length: the buckets of :data:`REFERENCE_LENGTH_EDGES`.
        by_length_ratio: the buckets of :data:`RATIO_EDGES` and ratio 1.
    """

    by_reference_length: tuple[Bucket, ...]
    by_length_ratio: tuple[Bucket, ...]


def length_buckets(
    scores: Sequence[Sequence[float]],
    candidates: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
) -> LengthBuckets:
    """Bucket each system's item scores by reference length and by length ratio.

    Args:
        scores: per system, one score per item (e.g. a ``CorpusResult``'s ``scores``).
        candidates: per system, the candidate of each item (the same order).
        references: per item, its reference set (``K >= 1`` texts).

    Returns:
        The counts and mean scores per bucket and per system (see the module docstring).

    Raises:
        TypeError: ``scores``, ``candidates``, ``references`` or one system's scores or
            candidates is not a sequence (a single ``str``, a generator: the message names it),
            a score that is not a real number, or a text that is not a ``str``.
        ValueError: the numbers of systems or of items do not match (the message says which),
            or a score that is NaN or infinite (the message names the item and the system).
        UndefinedScoreError: an empty reference set (the message names the item).
    """
    scores, candidates = _systems(scores, "scores", _score), _systems(candidates, "candidates")
    references = as_tuple(
        references, "references must be a sequence of reference sets (one per item)"
    )
    if len(scores) != len(candidates):
        raise ValueError(f"{len(scores)} systems of scores but {len(candidates)} of candidates")
    for s, (system_scores, system) in enumerate(zip(scores, candidates, strict=True), start=1):
        if not len(system_scores) == len(system) == len(references):
            raise ValueError(
                f"system {s} has {counted(len(system_scores), 'score')} and "
                f"{counted(len(system), 'candidate')} for "
                f"{counted(len(references), 'item')}"
            )
    lengths = [_reference_length(refs, i) for i, refs in enumerate(references)]
    by_length = [[bisect_right(REFERENCE_LENGTH_EDGES, length) for length in lengths]] * len(scores)
    by_ratio = [
        [
            _ratio_bucket(_candidate_length(text, s, i), length)
            for i, (text, length) in enumerate(zip(system, lengths, strict=True))
        ]
        for s, system in enumerate(candidates)
    ]
    return LengthBuckets(
        _buckets(_LENGTH_LABELS, scores, by_length), _buckets(_RATIO_LABELS, scores, by_ratio)
    )


def _systems(value: object, name: str, check=None) -> tuple[tuple, ...]:
    """``value``, one sequence per system, as tuples; each item checked by ``check``."""
    what = "scores" if name == "scores" else "texts"
    systems = as_tuple(value, f"{name} must be a sequence of systems, each a sequence of {what}")
    checked = []
    for s, system in enumerate(systems):
        system = as_tuple(system, f"{name}[{s}] (system {s + 1}) must be a sequence of {what}")
        if check is not None:
            system = tuple(check(value, s, i) for i, value in enumerate(system))
        checked.append(system)
    return tuple(checked)


def _score(value: object, system: int, index: int) -> float:
    where = f"item {index + 1} of system {system + 1}"
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{where}: a score must be a number, got {type(value).__name__}")
    try:
        finite = math.isfinite(value)
    except OverflowError:  # an int or a Fraction beyond the floats
        finite, value = False, "too large for a float"
    if not finite:
        raise ValueError(f"{where}: the score is {value}: scores must be finite numbers")
    return value


def _reference_length(references: Sequence[str], index: int) -> Fraction:
    try:
        check_inputs("", references)
    except (TypeError, ValueError) as error:
        raise type(error)(f"item {index + 1}: {error}") from None
    return Fraction(sum(map(len, references)), len(references))


def _candidate_length(candidate: str, system: int, index: int) -> int:
    if not isinstance(candidate, str):
        raise TypeError(
            f"item {index + 1} of system {system + 1}: the candidate must be a str, "
            f"got {type(candidate).__name__}"
        )
    return len(candidate)


def _ratio_bucket(candidate_length: int, reference_length: Fraction) -> int:
    """The index of the ratio bucket: shorter ones, then the same length, then longer ones."""
    if candidate_length == reference_length:
        return _SAME
    if reference_length == 0:
        return len(_RATIO_LABELS) - 1
    ratio = candidate_length / reference_length
    if ratio < 1:
        return bisect_right(_BELOW, ratio)
    return _SAME + 1 + bisect_left(_ABOVE, ratio)


def _buckets(labels: list[str], scores, positions: list[list[int]]) -> tuple[Bucket, ...]:
    """One Bucket per label from each system's item positions (bucket indices)."""
    members = [[[] for _ in labels] for _ in scores]
    for system, system_scores, where in zip(members, scores, positions, strict=True):
        for score, index in zip(system_scores, where, strict=True):
            system[index].append(score)
    return tuple(
        Bucket(
            label,
            tuple(len(system[b]) for system in members),
            tuple(
                math.fsum(system[b]) / len(system[b]) if system[b] else None for system in members
            ),
        )
        for b, label in enumerate(labels)
    )


def _edge(value) -> str:
    return f"{float(value):g}"


_LENGTH_LABELS = [
    f"[{_edge(low)}, {_edge(high)})" if high is not None else f"[{_edge(low)}, ∞)"
    for low, high in zip((0, *REFERENCE_LENGTH_EDGES), (*REFERENCE_LENGTH_EDGES, None), strict=True)
]
_RATIO_LABELS = [
    *(f"[{_edge(a)}, {_edge(b)})" for a, b in zip((0, *_BELOW), (*_BELOW, 1), strict=True)),
    "1",
    *(f"({_edge(a)}, {_edge(b)}]" for a, b in zip((1, *_ABOVE[:-1]), _ABOVE, strict=True)),
    f"({_edge(_ABOVE[-1])}, ∞)",
]
