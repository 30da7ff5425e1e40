"""The scores of a run of consecutive items as exact sums: the unit of chunked, parallel and
distributed scoring.

:func:`score_part` scores a run of items (a chunk, a Dask bag partition); :func:`combine_parts`
adds parts up in order. A corpus score is the exact mean of the item floats, rounded once, so
it is the same however the items were grouped, in whatever order the parts were added up, and
on every Python (CPython, Pyodide). Within a part, a reference set that many candidates are
scored against is scored through one :class:`~charsim.ReferenceSet` (see
:data:`SHARED_TABLE_USES`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..metric.config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS, Config
from ..metric.display import RichDisplay
from ..metric.inputs import check_inputs
from ..metric.preprocess import Preprocessing
from ..metric.reference import ReferenceSet
from ..metric.scores import stats
from ..metric.signature import NREFS_VARIABLE, VARIANTS, signature_of
from ..metric.values import counted, flag, is_sequence

__all__ = ["SHARED_TABLE_USES", "CorpusPart", "CorpusResult", "combine_parts", "score_part"]

NO_ITEMS = "no items: nothing to score (a corpus of no items has no score)"
"""The message of :meth:`CorpusPart.results` (and so of ``score_rows``) for no items."""

_UNIT = 1074
"""Every float is a whole number of units ``2**-1074``: sums in that unit are exact."""


@dataclass(frozen=True)
class CorpusResult(RichDisplay):
    """Scores of one system over a list of items.

    ``CorpusResult(scores, signature)`` computes ``score`` and ``n_items`` from ``scores``. In a
    notebook it shows as HTML (:func:`charsim.render.html.corpus_result_html`); its ``repr``
    leaves out the item scores (``CorpusResult(score=0.4519, n_items=2,445, signature=...)``).

    Attributes:
        scores: one float per item, in input order; None when they were not kept.
        signature: how the numbers were computed.
        score: the corpus score: the exact mean of the item scores, rounded once (0.0 for no
            items).
        n_items: the number of items.
    """

    scores: tuple[float, ...] | None
    signature: str
    score: float = None  # type: ignore[assignment]  # computed from scores when not given
    n_items: int = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.scores is None:
            if self.score is None or self.n_items is None:
                raise TypeError("CorpusResult needs the scores, or the score and n_items")
            return
        if self.n_items is None:
            object.__setattr__(self, "n_items", len(self.scores))
        if self.score is None:
            object.__setattr__(self, "score", _mean(_exact_sum(self.scores), len(self.scores)))

    def __repr__(self) -> str:
        kept = "kept" if self.scores is not None else "not kept"
        return (
            f"CorpusResult(score={self.score:.4f}, n_items={self.n_items:,}, "
            f"signature={self.signature!r}; item scores {kept})"
        )


@dataclass(frozen=True)
class CorpusPart:
    """The scores of a run of consecutive items, as exact sums.

    Parts of one corpus, scored with the same settings, add up (:func:`combine_parts`, in their
    order) to the part of the whole, however the items were grouped; :meth:`results` gives its
    :class:`CorpusResult` per system.

    Attributes:
        variant, config, preprocessing: the settings the items were scored with.
        n_items: the number of items.
        totals: per system, the exact sum of the item scores, in units of ``2**-1074``.
        scores: per system, the item scores in order; None when they were not kept.
        nrefs: the numbers of references ``K`` that the items have.
    """

    variant: str
    config: Config
    preprocessing: Preprocessing
    n_items: int
    totals: tuple[int, ...]
    scores: tuple[tuple[float, ...], ...] | None
    nrefs: frozenset[int]

    def results(self) -> list[CorpusResult]:
        """One :class:`CorpusResult` per system; the signature's ``nrefs`` is set if every item
        has the same number of references, else ``var`` (as sacreBLEU's).

        Raises:
            ValueError: the part holds no items: a corpus of none has no score (the command
                line says the file "holds no items").
        """
        if not self.n_items:
            raise ValueError(NO_ITEMS)
        nrefs = next(iter(self.nrefs)) if len(self.nrefs) == 1 else NREFS_VARIABLE
        sig = signature_of(self.config, self.preprocessing, self.variant, nrefs=nrefs)
        scores = self.scores if self.scores is not None else [None] * len(self.totals)
        return [
            CorpusResult(column, sig, _mean(total, self.n_items), self.n_items)
            for column, total in zip(scores, self.totals, strict=True)
        ]


def score_part(
    rows: Iterable[tuple[str | Sequence[str], Sequence[str]]],
    *,
    first_item: int = 1,
    systems: int = 1,
    variant: str = "mean",
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
    keep_scores: bool = True,
) -> CorpusPart:
    """Score a run of items: the unit of work of chunked, parallel and distributed scoring.

    Args:
        rows: per item ``(candidate, references)``: with several systems, ``candidate`` is a
            sequence of one candidate per system; ``references`` is the reference set
            (``K >= 1`` texts, §1.1).
        first_item: the number of the first item, for error messages.
        systems: the number of systems ``S``.
        variant: ``"mean"`` (charsim, §3.1), ``"base"`` (§2.4) or ``"max"`` (§3.3).
        max_order, weights, normalize, casefold, fold_whitespace_quotes: as in
            :func:`charsim.score`.
        keep_scores: keep every item score, not only their sums.

    Raises:
        TypeError: a row that is not ``(candidate, references)``, a text that is not a ``str``,
            or references given as one ``str`` (the message names the item); ``keep_scores``
            that is not True or False (``"no"``), or a mistyped setting.
        UndefinedScoreError: an item has an empty reference set (K = 0; names the item).
        ValueError: a row without one candidate per system (names the item), or invalid
            settings.
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, got {variant!r}")
    config = Config(max_order, weights)
    preprocessing = Preprocessing(normalize, casefold, fold_whitespace_quotes)
    keep_scores = flag(keep_scores, "keep_scores")
    options = {"max_order": max_order, "weights": weights, **preprocessing.options}
    items = [_item(row, number, systems) for number, row in enumerate(rows, start=first_item)]
    tables = _shared_tables([r for _, r in items], systems, options) if variant == "mean" else {}
    score = _SCORES[variant]
    columns: list[list[float]] = [[] for _ in range(systems)]
    for candidates, references in items:
        shared = tables.get(references)
        for column, candidate in zip(columns, candidates, strict=True):
            if shared is not None:
                column.append(shared.score(candidate))
            else:
                column.append(score(stats(candidate, references, **options)))
    return CorpusPart(
        variant=variant,
        config=config,
        preprocessing=preprocessing,
        n_items=len(items),
        totals=tuple(map(_exact_sum, columns)),
        scores=tuple(map(tuple, columns)) if keep_scores else None,
        nrefs=frozenset(len(references) for _, references in items),
    )


_SCORES = {
    "mean": lambda item: item.mean_length_float(),
    "base": lambda item: float(item.base_score()),
    "max": lambda item: float(item.max_score()),
}


def _item(row, number: int, systems: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A row checked and as tuples; errors name item ``number``."""
    try:
        candidates, references = row
    except (TypeError, ValueError):
        raise TypeError(
            f"item {number:,}: expected (candidate, references), got {type(row).__name__}"
        ) from None
    several = is_sequence(candidates)
    candidates = tuple(candidates) if several else (candidates,)
    if len(candidates) != systems:
        raise ValueError(
            f"item {number:,} has {counted(len(candidates), 'candidate')} for "
            f"{counted(systems, 'system')}"
        )
    try:
        for candidate in candidates:
            check_inputs(candidate, references)
    except (TypeError, ValueError) as error:
        raise type(error)(f"item {number:,}: {error}") from None
    return candidates, tuple(references)


def _part(index: int, part: object) -> CorpusPart:
    if not isinstance(part, CorpusPart):
        raise TypeError(
            f"parts[{index}] must be a CorpusPart (what score_part returns), got "
            f"{type(part).__name__}"
        )
    return part


def combine_parts(parts: Iterable[CorpusPart]) -> CorpusPart:
    """The part of consecutive parts, in order (their sums add up exactly).

    Raises:
        TypeError: ``parts`` is not an iterable of :class:`CorpusPart` (the message names the
            first that is not one).
        ValueError: no parts, or parts with different settings, numbers of systems, or kept
            scores in some but not all.
    """
    try:
        parts = map(_part, itertools.count(), iter(parts))
    except TypeError:
        raise TypeError(
            f"parts must be an iterable of CorpusPart, got {type(parts).__name__}"
        ) from None
    first = next(parts, None)
    if first is None:
        raise ValueError("no parts to combine")
    totals, n_items, nrefs = list(first.totals), first.n_items, set(first.nrefs)
    scores = None if first.scores is None else [list(column) for column in first.scores]
    settings = _settings(first)
    for part in parts:
        if (these := _settings(part)) != settings:
            raise ValueError(
                "parts scored with different settings, numbers of systems or kept scores "
                f"cannot be combined: {settings} and {these}"
            )
        totals = [a + b for a, b in zip(totals, part.totals, strict=True)]
        n_items += part.n_items
        nrefs |= part.nrefs
        if scores is not None:
            for column, more in zip(scores, part.scores, strict=True):
                column.extend(more)
    return CorpusPart(
        variant=first.variant,
        config=first.config,
        preprocessing=first.preprocessing,
        n_items=n_items,
        totals=tuple(totals),
        scores=None if scores is None else tuple(map(tuple, scores)),
        nrefs=frozenset(nrefs),
    )


def _settings(part: CorpusPart) -> tuple:
    """What parts must share to be combined."""
    return part.variant, part.config, part.preprocessing, len(part.totals), part.scores is None


SHARED_TABLE_USES = 32
"""A reference set scored against at least this many candidates of one chunk gets a
ReferenceSet (§7.2): building its table costs about as much as scoring some 20 candidates
directly (measured on TED sentences), and each later candidate is then several times cheaper."""


def _shared_tables(references, n_systems: int, options: dict) -> dict[tuple, ReferenceSet]:
    """ReferenceSets for the reference sets that enough candidates are scored against."""
    uses = Counter(references)
    return {
        key: ReferenceSet(key, **options)
        for key, count in uses.items()
        if count * n_systems >= SHARED_TABLE_USES
    }


def _exact_sum(scores: Iterable[float]) -> int:
    """``Σ scores`` exactly, in units of ``2**-1074``."""
    total = 0
    for score in scores:
        numerator, denominator = score.as_integer_ratio()  # denominator: a power of 2
        total += numerator << (_UNIT + 1 - denominator.bit_length())
    return total


def _mean(total: int, n_items: int) -> float:
    """The mean of ``n_items`` scores summing to ``total`` units, rounded once (0.0 for none)."""
    return total / (n_items << _UNIT) if n_items else 0.0
