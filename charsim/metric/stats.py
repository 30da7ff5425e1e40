"""Sufficient statistics of one scored item and the three scores derived from them (§2–§3).

Every quantity is kept as integers scaled by a common denominator ``W`` (the weights' LCM), so
the scores are exact rationals; the float a user sees is that rational rounded once.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .config import Config
from .decision import Decision, decide

__all__ = [
    "ItemStats",
    "ItemSummary",
    "item_stats",
    "mean_length_float",
    "mean_length_ratio",
    "mean_length_score",
]


def mean_length_ratio(
    total_overlap: int, total_length_t: int, total_length_r: int
) -> tuple[int, int]:
    """``M̄ / max(L_t, L̄_r)`` as ``(numerator, denominator)`` from sums over the ``K`` references
    (§3.1): ``(1, 1)`` if both lengths are 0, ``(0, 1)`` if exactly one is.

    Args:
        total_overlap: ``Σ_i M_i`` (= ``K M̄``), in any fixed unit.
        total_length_t: ``K L_t`` in the same unit.
        total_length_r: ``Σ_i L_i`` (= ``K L̄_r``) in the same unit.
    """
    if total_length_t == 0 or total_length_r == 0:
        return int(total_length_t == total_length_r), 1
    return total_overlap, max(total_length_t, total_length_r)


def mean_length_score(total_overlap: int, total_length_t: int, total_length_r: int) -> Fraction:
    """The exact score of :func:`mean_length_ratio` (same arguments)."""
    return Fraction(*mean_length_ratio(total_overlap, total_length_t, total_length_r))


def mean_length_float(total_overlap: int, total_length_t: int, total_length_r: int) -> float:
    """The score of :func:`mean_length_ratio` rounded once to a float (same arguments).

    Integer true division is correctly rounded, so this equals ``float(mean_length_score(...))``
    without building the Fraction.
    """
    numerator, denominator = mean_length_ratio(total_overlap, total_length_t, total_length_r)
    return numerator / denominator


@dataclass(frozen=True)
class ItemSummary:
    """The headline numbers of one item, as floats (for tables of many items).

    Attributes:
        score, base_score, max_score: the three variants (§3.1, §2.4, §3.3).
        precision, recall: ``P`` and ``R`` (None where a length is 0).
        decision: which side decides, or which empty-input rule applies.
        candidate_length: ``L_t``.
        mean_reference_length: ``L̄_r``.
    """

    score: float
    base_score: float
    max_score: float
    precision: float | None
    recall: float | None
    decision: Decision
    candidate_length: float
    mean_reference_length: float


@dataclass(frozen=True)
class ItemStats:
    """Integer sufficient statistics of a candidate against ``K`` references.

    All weighted quantities are integers in units of ``1/scale``.

    Attributes:
        order_cap: ``N`` (§2.5).
        scale: the common denominator ``W`` of the weights.
        candidate_length: ``L_t · W``.
        reference_lengths: ``L_i · W`` for each reference.
        overlaps: ``M_i · W`` for each reference.
    """

    order_cap: int
    scale: int
    candidate_length: int
    reference_lengths: tuple[int, ...]
    overlaps: tuple[int, ...]

    @property
    def k(self) -> int:
        """``K``, the number of references."""
        return len(self.overlaps)

    def mean_length_score(self) -> Fraction:
        """``charsim = M̄ / max(L_t, L̄_r)`` with the empty rules of §3.1."""
        return mean_length_score(*self._totals())

    def mean_length_float(self) -> float:
        """:meth:`mean_length_score` rounded once to a float."""
        return mean_length_float(*self._totals())

    def _totals(self) -> tuple[int, int, int]:
        """``(K M̄, K L_t, K L̄_r)`` in units of ``1/scale``."""
        return sum(self.overlaps), self.candidate_length * self.k, sum(self.reference_lengths)

    def summary(self) -> ItemSummary:
        """The headline numbers as floats (each an exact rational rounded once)."""
        total_overlap, total_r = sum(self.overlaps), sum(self.reference_lengths)
        total_t = self.candidate_length * self.k
        return ItemSummary(
            score=self.mean_length_float(),
            base_score=float(self.base_score()),
            max_score=float(self.max_score()),
            precision=total_overlap / total_t if total_t else None,
            recall=total_overlap / total_r if total_r else None,
            decision=decide(total_t, total_r),
            candidate_length=self.candidate_length / self.scale,
            mean_reference_length=total_r / (self.k * self.scale),
        )

    def reference_scores(self) -> list[Fraction]:
        """``s_i = M_i / max(L_t, L_i)``, with 1 for two empty texts and 0 for one (§2.3, §3.1)."""
        scores = []
        for overlap, length_r in zip(self.overlaps, self.reference_lengths, strict=True):
            if self.candidate_length == 0 or length_r == 0:
                scores.append(Fraction(int(self.candidate_length == length_r)))
            else:
                scores.append(Fraction(overlap, max(self.candidate_length, length_r)))
        return scores

    def base_score(self) -> Fraction:
        """``charsim_base = (1/K) Σ_i s_i`` (§2.4)."""
        return sum(self.reference_scores(), Fraction(0)) / self.k

    def max_score(self) -> Fraction:
        """``max_i s_i``, for "any one correct answer" use (§3.3)."""
        return max(self.reference_scores())


def item_stats(
    candidate: str, references: Sequence[str], config: Config, overlaps: list[list[int]]
) -> ItemStats:
    """Assemble :class:`ItemStats` from an overlap matrix ``m[i][n-1]``.

    Args:
        candidate: the candidate text.
        references: the ``K`` reference texts.
        config: order cap and weights.
        overlaps: ``m_{i,n}`` per reference and order ``n = 1..N``.
    """
    order_cap = len(overlaps[0])
    weights = config.scaled_weights(order_cap)
    weighted_length, values = weights.weighted_length, weights.values
    return ItemStats(
        order_cap,
        weights.scale,
        weighted_length(len(candidate)),
        tuple(map(weighted_length, map(len, references))),
        tuple([sum(map(operator.mul, row, values)) for row in overlaps]),
    )
