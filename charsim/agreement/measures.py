"""The measures of agreement between a metric and human scores, each as the field defines it.

Every function takes human and metric scores oriented so that higher is better (a metric where
lower is better, TER, is negated first) and follows Google's mt-metrics-eval
(github.com/google-research/mt-metrics-eval, ``mt_metrics_eval/stats.py`` and
``tau_optimization.py``):

* :func:`pairwise_accuracy`: system-level pairwise accuracy (Kocmi et al. 2021, "To Ship or Not
  to Ship: An Extensive Evaluation of Automatic Metrics for Machine Translation"): the share of
  system pairs that the metric orders as the humans do, a tie agreeing only with a tie
  (``stats.Agreement``: equal signs of the two differences);
* :func:`pair_counts`: a group's pairs (the systems' segments of one item) as concordant,
  discordant and tied, a metric difference of at most ``epsilon`` counting as a tie
  (``_MatrixSufficientStatistics``); from them :attr:`PairCounts.accuracy`, pairwise accuracy
  with ties, ``acc_eq`` (Deutsch, Foster & Freitag 2023, "Ties Matter: Meta-Evaluating Modern
  Metrics with Pairwise Accuracy and Tie Calibration", EMNLP; ``KendallVariants`` ``acc23``),
  and :attr:`PairCounts.tau_b`, Kendall's τ_b (scipy's ``kendalltau``);
* :func:`tie_calibration`: the ``epsilon`` that maximises the mean ``acc_eq`` over groups, and
  that mean, ``acc*_eq`` (``tau_optimization``, ``sample_rate=1``: every pair, as WMT23 and
  WMT24 computed their primary segment-level measure);
* :func:`pearson` and :func:`pearson_from_sums`: Pearson's r, undefined (None) when either side
  is constant (mt-metrics-eval's NaN, which it leaves out of averages).

Counts are exact: accuracies are :class:`~fractions.Fraction`; correlations are computed from
exact sums and rounded once, at the square root. Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from numbers import Real

__all__ = [
    "PairCounts",
    "TieCalibration",
    "pair_counts",
    "pairwise_accuracy",
    "pearson",
    "pearson_from_sums",
    "tie_calibration",
]


@dataclass(frozen=True)
class PairCounts:
    """The pairs of one group (the systems' segments of one item) by how the metric orders them
    against the humans.

    Attributes:
        concordant: pairs both order the same way.
        discordant: pairs they order the opposite ways.
        ties_human: pairs the humans tie and the metric does not.
        ties_metric: pairs the metric ties (a difference of at most ``epsilon``) and the humans
            do not.
        ties_both: pairs both tie.
    """

    concordant: int = 0
    discordant: int = 0
    ties_human: int = 0
    ties_metric: int = 0
    ties_both: int = 0

    @property
    def pairs(self) -> int:
        """All pairs of the group."""
        return (
            self.concordant + self.discordant + self.ties_human + self.ties_metric + self.ties_both
        )

    @property
    def accuracy(self) -> Fraction | None:
        """Pairwise accuracy with ties, ``acc_eq = (concordant + ties_both) / pairs`` (Deutsch
        et al. 2023); None for a group of no pairs."""
        return Fraction(self.concordant + self.ties_both, self.pairs) if self.pairs else None

    @property
    def tau_b(self) -> float | None:
        """Kendall's τ_b, ``(C − D) / √((n₀ − n₁)(n₀ − n₂))`` with ``n₁``, ``n₂`` the pairs tied
        by the humans and by the metric; None when either ties every pair (scipy's NaN)."""
        human = self.concordant + self.discordant + self.ties_metric  # pairs the humans order
        metric = self.concordant + self.discordant + self.ties_human
        if not human or not metric:
            return None
        difference = self.concordant - self.discordant
        return math.copysign(math.sqrt(Fraction(difference**2, human * metric)), difference)


def pair_counts(human: Sequence[Real], metric: Sequence[Real], epsilon: Real = 0) -> PairCounts:
    """Every pair of a group counted as :class:`PairCounts` (mt-metrics-eval's
    ``_MatrixSufficientStatistics``): the metric ties a pair when its two scores differ by at
    most ``epsilon``, the humans when theirs are equal.

        >>> pair_counts([3, 2, 2], [0.9, 0.5, 0.1])  # 3>2 twice agreed, 2=2 tied by humans only
        PairCounts(concordant=2, discordant=0, ties_human=1, ties_metric=0, ties_both=0)

    Args:
        human: the human scores of the group's segments.
        metric: the metric's scores of the same segments, in the same order.
        epsilon: the largest metric difference that counts as a tie (>= 0).

    Raises:
        ValueError: the two have different lengths, or ``epsilon`` is negative.
    """
    if len(human) != len(metric):
        raise ValueError(f"{len(human)} human scores for {len(metric)} metric scores")
    if epsilon < 0:
        raise ValueError(f"epsilon must be at least 0, got {epsilon}")
    counts = [0] * 5  # concordant, discordant, ties_human, ties_metric, ties_both
    for (h1, m1), (h2, m2) in combinations(zip(human, metric, strict=True), 2):
        counts[_kind(h1 - h2, abs(m1 - m2) <= epsilon, m1 - m2)] += 1
    return PairCounts(*counts)


def _kind(human_difference, metric_tie: bool, metric_difference) -> int:
    """The index in :class:`PairCounts` of a pair."""
    if human_difference == 0:
        return 4 if metric_tie else 2
    if metric_tie:
        return 3
    return 0 if (human_difference > 0) == (metric_difference > 0) else 1


def pairwise_accuracy(human: Sequence[Real], metric: Sequence[Real]) -> Fraction:
    """System-level pairwise accuracy (Kocmi et al. 2021; mt-metrics-eval's
    ``stats.Agreement``): the share of pairs whose two differences have the same sign (a tie
    agrees only with a tie).

        >>> pairwise_accuracy([3, 2, 1], [0.2, 0.3, 0.1])  # (1, 2) ordered the other way
        Fraction(2, 3)

    Args:
        human: each system's human score (higher is better).
        metric: each system's metric score, in the same order (higher is better).

    Returns:
        The share of agreeing pairs, exact, from 0 to 1.

    Raises:
        ValueError: fewer than two systems, or lengths that differ.
    """
    if len(human) != len(metric) or len(human) < 2:
        raise ValueError(
            f"pairwise accuracy needs two systems or more, with a metric score "
            f"each: got {len(human)} human and {len(metric)} metric scores"
        )
    pairs = list(combinations(zip(human, metric, strict=True), 2))
    agree = sum(_sign(h1 - h2) == _sign(m1 - m2) for (h1, m1), (h2, m2) in pairs)
    return Fraction(agree, len(pairs))


def _sign(value) -> int:
    return (value > 0) - (value < 0)


def pearson_from_sums(n, sx, sy, sxx, syy, sxy) -> float | None:
    """Pearson's r from the sums over ``n`` pairs ``(x, y)``: ``Σx, Σy, Σx², Σy², Σxy`` (exact
    numbers give r rounded once); None when either side is constant (or ``n < 2``).

        >>> pearson_from_sums(3, 6, 6, 14, 14, 14)  # x = y = 1, 2, 3
        1.0

    Args:
        n: the number of pairs.
        sx, sy: ``Σx`` and ``Σy``.
        sxx, syy: ``Σx²`` and ``Σy²``.
        sxy: ``Σxy``.

    Returns:
        ``r`` from -1 to 1, or None.
    """
    covariance = n * sxy - sx * sy
    spread_x, spread_y = n * sxx - sx * sx, n * syy - sy * sy
    if n < 2 or spread_x <= 0 or spread_y <= 0:
        return None
    squared = Fraction(covariance) ** 2 / (Fraction(spread_x) * Fraction(spread_y))
    return math.copysign(math.sqrt(squared), covariance)


def pearson(x: Sequence[Real], y: Sequence[Real]) -> float | None:
    """Pearson's r of two equally long sequences, from their exact sums
    (:func:`pearson_from_sums`); None when either is constant.

        >>> pearson([1, 2, 3], [1, 3, 2])
        0.5

    Args:
        x, y: real numbers (ints, floats, fractions), as many of each.

    Returns:
        ``r`` from -1 to 1, or None.

    Raises:
        ValueError: the two have different lengths.
    """
    if len(x) != len(y):
        raise ValueError(f"Pearson's r of {len(x)} and {len(y)} values")
    xs, ys = [Fraction(v) for v in x], [Fraction(v) for v in y]
    return pearson_from_sums(
        len(xs),
        sum(xs),
        sum(ys),
        sum(v * v for v in xs),
        sum(v * v for v in ys),
        sum(a * b for a, b in zip(xs, ys, strict=True)),
    )


@dataclass(frozen=True)
class TieCalibration:
    """The tie threshold that maximises ``acc_eq`` averaged over groups (Deutsch et al. 2023).

    Attributes:
        epsilon: the threshold ``ε``, on the metric's own scale: a metric difference of at most
            ``ε`` is a tie (the smallest of the thresholds that give the maximum).
        accuracy: ``acc*_eq``, the mean over groups of ``acc_eq`` at ``ε``.
        groups: the groups averaged (those with at least one pair).
    """

    epsilon: float
    accuracy: Fraction
    groups: int


def tie_calibration(groups: Sequence[tuple[Sequence[Real], Sequence[Real]]]) -> TieCalibration:
    """Tie calibration (mt-metrics-eval's ``tau_optimization`` with ``acc_23``, every pair):
    every metric difference of a pair in any group is a candidate threshold (and 0); the one
    whose mean ``acc_eq`` over the groups is highest wins, the smallest on a tie.

        >>> tie_calibration([([2, 1, 0], [0.30, 0.31, 0.1])]).epsilon  # tie the 0.30/0.31 pair?
        0.0

    (No: tied, that pair of different human scores stops being discordant but is not concordant
    either, so ``acc_eq`` stays 2/3.)

    Args:
        groups: ``(human scores, metric scores)`` per group (an item's systems).

    Returns:
        The :class:`TieCalibration`.

    Raises:
        ValueError: no group has a pair.
    """
    pairs, totals = [], []
    for human, metric in groups:
        counts = pair_counts(human, metric)
        if not counts.pairs:
            continue
        totals.append([counts.concordant + counts.ties_both, counts.pairs])
        for (h1, m1), (h2, m2) in combinations(zip(human, metric, strict=True), 2):
            difference = abs(m1 - m2)
            if difference:  # a tie already: tying it changes nothing
                kind = _kind(h1 - h2, False, m1 - m2)
                pairs.append((difference, len(totals) - 1, {0: -1, 1: 0, 2: 1}[kind]))
    if not totals:
        raise ValueError("tie calibration needs a group with two segments or more")
    common = math.lcm(*(n for _, n in totals))
    weight = [common // n for _, n in totals]
    score = sum(good * w for (good, _), w in zip(totals, weight, strict=True))
    best, epsilon = score, 0.0
    pairs.sort(key=lambda pair: pair[0])
    for k, (difference, row, change) in enumerate(pairs):
        score += change * weight[row]
        last = k + 1 == len(pairs) or pairs[k + 1][0] != difference
        if last and score > best:
            best, epsilon = score, float(difference)
    return TieCalibration(epsilon, Fraction(best, common * len(totals)), len(totals))
