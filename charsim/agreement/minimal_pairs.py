"""Minimal-pair accuracy (DEMETR, Karpinska et al. 2022): how often a metric scores a
translation with one error put in below the translation itself.

A metric passes a pair when it scores the perturbed text strictly lower than the candidate
against the reference (strictly higher for the pairs whose perturbed text is the reference,
:data:`charsim.agreement.demetr.REFERENCE_PERTURBATION`); a tie fails, since it does not see
the error. Accuracy is the share of pairs passed: per perturbation, per severity (``minor``,
``major``, ``critical`` and the sanity checks ``base``) and overall, where overall pools the
pairs of the perturbations that are errors (every severity but ``base``), so a perturbation
weighs by its pairs verified by hand. Intervals resample the source sentences (DEMETR's ``id``):
a sentence's pairs in every perturbation are drawn together, as they share the sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Executor
from fractions import Fraction

from .estimates import (
    Columns,
    Estimate,
    estimates,
    finish,
    resampled_values_steps,
    shown_resamples,
)
from .judgments import SEVERITIES, MinimalPairs
from .scoring import CHUNK_ITEMS, LOWER_IS_BETTER, score_segments_steps

__all__ = [
    "OVERALL",
    "PairScores",
    "distinct_texts",
    "groups_of",
    "pair_accuracy",
    "pair_accuracy_steps",
    "score_pairs",
    "score_pairs_steps",
]

OVERALL = "overall"
"""The group of every pair whose severity is not ``base``."""


class PairScores:
    """Every metric's scores of each pair's two texts.

    Attributes:
        metrics: the metrics' names.
        candidate: ``candidate[m][j]``: metric ``m``'s score of pair ``j``'s candidate.
        perturbed: the same for its perturbed text.
    """

    def __init__(self, metrics, candidate, perturbed) -> None:
        self.metrics = tuple(metrics)
        self.candidate, self.perturbed = candidate, perturbed

    def passed(self, m: int, j: int, pairs: MinimalPairs) -> bool:
        """Whether metric ``m`` (an index of :attr:`metrics`) passes pair ``j`` of ``pairs``
        (module docstring): a strict preference for the right text."""
        sign = -1 if self.metrics[m] in LOWER_IS_BETTER else 1
        better = sign * (self.perturbed[m][j] - self.candidate[m][j])
        return better > 0 if pairs.pairs[j].perturbed_is_better else better < 0


def score_pairs(
    pairs: MinimalPairs,
    metrics: Sequence[str],
    *,
    executor: Executor | None = None,
    in_flight: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> PairScores:
    """Score each distinct text of the pairs once against its reference, with every metric
    (:func:`charsim.agreement.scoring.score_segments`; a candidate shared by many perturbations
    is scored once).

    Args:
        pairs: the minimal pairs.
        metrics: names of :data:`charsim.agreement.scoring.METRICS`.
        executor, in_flight, progress: as in :func:`charsim.agreement.scoring.score_segments`
            (``progress`` counts the distinct texts scored).

    Returns:
        The :class:`PairScores`.

    Raises:
        ValueError, ImportError, WorkerError: as
            :func:`charsim.agreement.scoring.score_segments`.
    """
    steps = score_pairs_steps(pairs, metrics, executor=executor, in_flight=in_flight)
    return finish(steps, progress)


def score_pairs_steps(
    pairs: MinimalPairs,
    metrics: Sequence[str],
    *,
    executor: Executor | None = None,
    in_flight: int | None = None,
    chunk_items: int = CHUNK_ITEMS,
) -> Generator[int, None, PairScores]:
    """:func:`score_pairs` in steps of ``chunk_items`` texts: a generator that yields the
    distinct texts scored and returns the :class:`PairScores`."""
    index = distinct_texts(pairs)
    # grouped by reference, so that a reference scored against many texts gets one table
    order = sorted(index, key=lambda key: (key[0], index[key]))
    rows = [((text,), (reference,)) for reference, text in order]
    position = {key: k for k, key in enumerate(order)}
    scored = yield from score_segments_steps(
        metrics, rows, executor=executor, in_flight=in_flight, chunk_items=chunk_items
    )
    at = [position[pair.reference, pair.candidate] for pair in pairs.pairs]
    to = [position[pair.reference, pair.perturbed] for pair in pairs.pairs]
    return PairScores(
        metrics,
        [[s.segments[0][k] for k in at] for s in scored],
        [[s.segments[0][k] for k in to] for s in scored],
    )


def distinct_texts(pairs: MinimalPairs) -> dict[tuple[str, str], int]:
    """Each distinct ``(reference, text)`` of the pairs (a candidate or a perturbed text), in
    the order first met, numbered from 0: what :func:`score_pairs` scores, once each."""
    index: dict[tuple[str, str], int] = {}
    for pair in pairs.pairs:
        for text in (pair.candidate, pair.perturbed):
            index.setdefault((pair.reference, text), len(index))
    return index


def groups_of(pairs: MinimalPairs) -> dict[str, list[int]]:
    """Group name → the indices of its pairs: each perturbation, each severity present, and
    :data:`OVERALL`."""
    groups: dict[str, list[int]] = {name: [] for name in pairs.perturbations}
    for severity in SEVERITIES:
        members = [j for j, p in enumerate(pairs.pairs) if p.severity == severity]
        if members:
            groups[severity] = members
    for j, pair in enumerate(pairs.pairs):
        groups[pair.perturbation].append(j)
    groups[OVERALL] = [j for j, p in enumerate(pairs.pairs) if p.severity != "base"]
    return groups


def pair_accuracy(
    pairs: MinimalPairs,
    scores: PairScores,
    *,
    baseline: str,
    resamples: int,
    seed: int,
    level: float,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> tuple[Estimate, ...]:
    """Every metric's accuracy per group (:func:`groups_of`; measure ``"pairs:GROUP"``), with
    intervals over source sentences and the paired differences from ``baseline``; blocks of
    resamples run on ``executor`` when one is given.

    Args:
        pairs: the minimal pairs.
        scores: every metric's scores of them (:func:`score_pairs`).
        baseline: the metric the others are compared with.
        resamples, seed, level: the bootstrap's resamples of source sentences, their seed,
            the intervals' coverage.
        progress: called with the resamples done.
        executor: where blocks of resamples run (None: here).

    Returns:
        One :class:`~charsim.agreement.estimates.Estimate` per group and metric.

    Raises:
        ValueError: no pairs.
    """
    settings = {"baseline": baseline, "resamples": resamples, "seed": seed, "level": level}
    steps = pair_accuracy_steps(pairs, scores, executor=executor, **settings)
    return finish(steps, progress, shown_resamples(resamples, executor))


def pair_accuracy_steps(
    pairs: MinimalPairs,
    scores: PairScores,
    *,
    baseline: str,
    resamples: int,
    seed: int,
    level: float,
    executor: Executor | None = None,
) -> Generator[int, None, tuple[Estimate, ...]]:
    """:func:`pair_accuracy` in steps: a generator that yields the resamples done (0 once the
    columns are made) and returns the estimates; its error is raised at the first step."""
    if not pairs.pairs:
        raise ValueError(f"{pairs.source}: no minimal pairs to evaluate")
    items = list(dict.fromkeys(pair.item for pair in pairs.pairs))
    row = {item: k for k, item in enumerate(items)}
    columns = Columns(len(items))
    passed = [
        [scores.passed(m, j, pairs) for j in range(len(pairs.pairs))]
        for m in range(len(scores.metrics))
    ]
    slots = {}
    for group, members in groups_of(pairs).items():
        counts = [[0] * len(items) for _ in range(len(scores.metrics) + 1)]
        for j in members:
            k = row[pairs.pairs[j].item]
            counts[0][k] += 1
            for m in range(len(scores.metrics)):
                counts[m + 1][k] += passed[m][j]
        slots[group] = columns.add(*counts)

    statistic = _Accuracy(scores.metrics, slots)
    observed = statistic(columns.totals())
    yield 0
    draws = yield from resampled_values_steps(columns, statistic, resamples, seed, executor)
    return estimates(observed, draws, baseline, len(items), level)


class _Accuracy:
    """The accuracy of every metric in every group from one resample's sums (picklable, so
    that blocks of resamples can run in worker processes)."""

    def __init__(self, metrics: tuple[str, ...], slots: dict[str, list[int]]) -> None:
        self.metrics, self.slots = metrics, slots

    def __call__(self, sums: Sequence[int]) -> dict:
        found = {}
        for group, (total, *passes) in self.slots.items():
            found[f"pairs:{group}"] = {
                metric: Fraction(sums[k], sums[total]) if sums[total] else None
                for metric, k in zip(self.metrics, passes, strict=True)
            }
        return found
