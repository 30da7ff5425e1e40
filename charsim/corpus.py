"""Scoring many items: per-item scores, their mean and the signature (sacreBLEU-style reporting).

The corpus score is the mean of the per-item scores of the chosen variant. A reference set that
many candidates are scored against (the same set on many lines, or many systems) is scored
through one :class:`~charsim.ReferenceSet`, built once (see :data:`SHARED_TABLE_USES`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS
from .reference import ReferenceSet
from .scores import stats
from .signature import VARIANTS, signature
from .textio import Item

__all__ = ["CorpusResult", "common_nrefs", "score_systems"]


@dataclass(frozen=True)
class CorpusResult:
    """Scores of one system over a list of items.

    Attributes:
        scores: one float per item, in input order.
        signature: how the numbers were computed.
    """

    scores: tuple[float, ...]
    signature: str

    @property
    def score(self) -> float:
        """The corpus score: the mean of the item scores (0.0 for no items)."""
        return sum(self.scores) / len(self.scores) if self.scores else 0.0


def score_systems(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    *,
    variant: str = "mean",
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[CorpusResult]:
    """Score each system's candidates against the per-item reference sets.

    Args:
        systems: ``S`` lists of candidates, each as long as ``references``.
        references: one reference set (``K >= 1`` texts) per item.
        variant: ``"mean"`` (charsim, §3.1), ``"base"`` (§2.4) or ``"max"`` (§3.3).
        max_order, weights, normalize, casefold, fold_whitespace_quotes: as in
            :func:`charsim.score`.
        progress: called with the number of items finished, now and then.

    Returns:
        One :class:`CorpusResult` per system.

    Raises:
        ValueError: a system's length differs from the number of reference sets, or an unknown
            variant; :class:`~charsim.UndefinedScoreError` for an empty reference set.
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, got {variant!r}")
    for number, system in enumerate(systems, start=1):
        if len(system) != len(references):
            raise ValueError(
                f"system {number} has {len(system):,} candidates for {len(references):,} items"
            )
    options = {"max_order": max_order, "weights": weights, "normalize": normalize,
               "casefold": casefold, "fold_whitespace_quotes": fold_whitespace_quotes}  # fmt: skip
    table = [[0.0] * len(references) for _ in systems]
    tables = _shared_tables(references, len(systems), options) if variant == "mean" else {}
    for i, reference_set in enumerate(references):
        shared = tables.get(tuple(reference_set))
        if shared is not None:
            for s, system in enumerate(systems):
                table[s][i] = shared.score(system[i])
        else:
            for s, system in enumerate(systems):
                table[s][i] = float(
                    _variant_score(stats(system[i], reference_set, **options), variant)
                )
        if progress is not None and (i + 1) % 100 == 0:
            progress(i + 1)
    sig = signature(variant, nrefs=common_nrefs(references), **options)
    return [CorpusResult(tuple(scores), sig) for scores in table]


SHARED_TABLE_USES = 32
"""A reference set scored against at least this many candidates gets a ReferenceSet (§7.2):
building its table costs about as much as scoring some 20 candidates directly (measured on TED
sentences), and each later candidate is then several times cheaper."""


def _shared_tables(references, n_systems: int, options: dict) -> dict[tuple, ReferenceSet]:
    """ReferenceSets for the reference sets that enough candidates are scored against."""
    uses = Counter(map(tuple, references))
    return {
        key: ReferenceSet(key, **options)
        for key, count in uses.items()
        if count * n_systems >= SHARED_TABLE_USES
    }


def common_nrefs(references: Sequence[Sequence[str]]) -> int | None:
    """The number of references per item if every item has the same, else None.

    This is the ``nrefs`` field of a corpus signature (None omits it, e.g. for JSON Lines
    items with varying reference sets, or for no items).

        >>> common_nrefs([("a",), ("b",)]), common_nrefs([("a",), ("b", "c")])
        (1, None)
    """
    counts = {len(r) for r in references}
    return counts.pop() if len(counts) == 1 else None


def _variant_score(item, variant: str) -> Fraction:
    if variant == "mean":
        return item.mean_length_score()
    return item.base_score() if variant == "base" else item.max_score()


def items_as_systems(items: Sequence[Item]) -> tuple[list[str], list[tuple[str, ...]]]:
    """Split items into one system's candidates and the per-item reference sets."""
    return [item.candidate for item in items], [item.references for item in items]
