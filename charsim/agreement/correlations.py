"""How well each metric agrees with human scores of segments, at the system and the segment
level, with bootstrap intervals over items (the measures: :mod:`charsim.agreement.measures`).

* system level, over the items every system has a judged segment of: a system's human score is
  the mean of its segments' (MQM: Freitag et al. 2021); its metric score is charsim's corpus
  score (the mean of its segment scores) or sacreBLEU's corpus score (from the summed
  statistics, as ``sacrebleu`` prints it); :data:`MEASURES` ``system_accuracy`` (pairwise
  accuracy) and ``system_pearson``;
* segment level, grouped by item (mt-metrics-eval's ``average_by="item"``: within each item the
  systems' segments are compared, and the per-item values averaged over the items that have
  them): ``segment_acc_eq`` (pairwise accuracy with ties), ``segment_acc_star`` (with tie
  calibration: ε is chosen on all the items, then held fixed in every resample, as
  mt-metrics-eval's ``PairwisePermutationSigDiff`` holds it) and ``segment_tau_b``; and
  ``segment_pearson`` over all segments (``average_by="none"``).

Every metric is oriented so that higher is better (TER negated). The resampled unit is the item:
a resample draws items with replacement, every system's segments of an item together.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Executor
from fractions import Fraction

from ..compare.sacrebleu import corpus_score_from_statistics
from ..significance.resample import exact_column
from .estimates import (
    Columns,
    Estimate,
    estimates,
    finish,
    resampled_values_steps,
    shown_resamples,
)
from .judgments import Judgments
from .measures import (
    pair_counts,
    pairwise_accuracy,
    pearson,
    pearson_from_sums,
    tie_calibration,
)
from .scoring import LOWER_IS_BETTER, MetricScores, metric_label

__all__ = ["MEASURES", "correlate", "correlate_steps", "human_side_notes"]

MEASURES = {
    "system_accuracy": "system-level pairwise accuracy",
    "system_pearson": "system-level Pearson",
    "segment_acc_eq": "segment-level acc_eq, by item",
    "segment_acc_star": "segment-level acc*_eq (tie calibration), by item",
    "segment_tau_b": "segment-level Kendall τ_b, by item",
    "segment_pearson": "segment-level Pearson, all segments",
}
"""The measures of agreement with human scores, by key, with their names."""


def correlate(
    judgments: Judgments,
    scores: Sequence[MetricScores],
    *,
    baseline: str,
    resamples: int,
    seed: int,
    level: float,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> tuple[Estimate, ...]:
    """Every measure of :data:`MEASURES` for every metric, with intervals and the paired
    differences from ``baseline`` (:func:`charsim.agreement.estimates.estimates`).

    Args:
        judgments: the human scores.
        scores: each metric's segment scores of ``judgments`` (:func:`score_segments`).
        baseline: the metric the others are compared with.
        resamples: bootstrap resamples of the items.
        seed: the resampling's seed.
        level: the intervals' coverage.
        progress: called with the resamples done.
        executor: where blocks of resamples run (a process pool; None: here).

    Returns:
        The estimates, measure by measure, metrics in the order of ``scores``.
    """
    settings = {"baseline": baseline, "resamples": resamples, "seed": seed, "level": level}
    steps = correlate_steps(judgments, scores, executor=executor, **settings)
    return finish(steps, progress, shown_resamples(resamples, executor))[0]


def correlate_steps(
    judgments: Judgments,
    scores: Sequence[MetricScores],
    *,
    baseline: str,
    resamples: int,
    seed: int,
    level: float,
    executor: Executor | None = None,
) -> Generator[
    int, None, tuple[tuple[Estimate, ...], dict[str, tuple[float, ...]], dict[str, str]]
]:
    """:func:`correlate` in steps: a generator that yields the resamples done (0 once the
    columns are made) and returns the estimates, the system-level scores
    (:meth:`_Table.system_scores`) and the notes on tie calibration
    (:meth:`_Table.calibration_notes`)."""
    table = _Table(judgments, scores)
    yield 0
    observed = table.statistic(table.columns.totals())
    draws = yield from resampled_values_steps(
        table.columns, table.statistic, resamples, seed, executor
    )
    epsilons = {"segment_acc_star": table.epsilons}
    found = estimates(observed, draws, baseline, len(judgments.items), level, epsilons)
    return found, table.system_scores(), table.calibration_notes(judgments.human_name)


def human_side_notes(judgments: Judgments) -> dict[str, str]:
    """Why a measure cannot tell the metrics apart on these human scores, whatever the metrics:
    too few systems, or human scores that never differ (one sentence per measure concerned).

    A correlation with scores that never differ is undefined (``—`` in a report); a pairwise
    accuracy then counts only human ties, which a metric gets right by tying too.

    Returns:
        measure (:data:`MEASURES`) → the reason, for the measures concerned only.
    """
    human, name, count = judgments.human, judgments.human_name, len(judgments.systems)
    notes: dict[str, str] = {}
    by_item = ("segment_acc_eq", "segment_acc_star", "segment_tau_b")
    if count < 2:
        why = f"{name} judges 1 system here: system-level measures compare at least 2 systems"
        notes |= dict.fromkeys(("system_accuracy", "system_pearson"), why)
        why = (
            f"{name} judges 1 system here: by-item measures compare the segments of 2 systems "
            "or more on an item"
        )
        notes |= dict.fromkeys(by_item, why)
    elif not any(sum(row[i] is not None for row in human) > 1 for i in range(len(judgments.items))):
        why = f"no item has segments of 2 systems judged by {name}: no pair to rank"
        notes |= dict.fromkeys(by_item, why)
    complete = judgments.complete_items()
    if count >= 2 and not complete:
        why = f"no item has a segment of every system judged by {name}: no system-level score"
        notes |= dict.fromkeys(("system_accuracy", "system_pearson"), why)
    if count >= 2 and complete and len({sum(row[i] for i in complete) for row in human}) == 1:
        notes["system_accuracy"] = (
            f"every system has the same mean {name} score: each pair is a human tie, "
            "which a metric gets right only by tying too"
        )
        notes["system_pearson"] = (
            f"every system has the same mean {name} score: a correlation needs scores that differ"
        )
    scores = [score for row in human for score in row if score is not None]
    if len(set(scores)) == 1:
        notes.setdefault(
            "segment_pearson",
            f"every segment has the same {name} score: a correlation needs scores that differ",
        )
        for measure in by_item:
            notes.setdefault(
                measure,
                f"every segment has the same {name} score: no pair to rank"
                if measure == "segment_tau_b"
                else f"every segment has the same {name} score: each pair is a human tie, "
                "which a metric gets right only by tying too",
            )
    return notes


class _Table:
    """The per-item columns every measure is computed from, and the measures from their sums.

    Human and metric scores enter as integers over a scale of their own (exact: MQM's tenths,
    the floats' powers of two), so that sums, squares and products are integer arithmetic;
    every measure here is unchanged by the scale of either side.
    """

    def __init__(self, judgments: Judgments, scores: Sequence[MetricScores]) -> None:
        n = len(judgments.items)
        self.columns = columns = Columns(n)
        human = _scaled(judgments.human)
        complete = set(judgments.complete_items())
        kept = [1 if i in complete else 0 for i in range(n)]
        self.complete = columns.add(kept)[0]
        self.human_systems = columns.add(*(_kept(row, kept) for row in human))
        judged = [[s for s, row in enumerate(human) if row[i] is not None] for i in range(n)]
        self.judged = judged
        ys = [[human[s][i] for s in judged[i]] for i in range(n)]
        self.segment_human = columns.add(
            [len(y) for y in ys], [sum(y) for y in ys], [sum(v * v for v in y) for y in ys]
        )
        self.grouped = columns.add([1 if len(y) > 1 else 0 for y in ys])[0]
        self.metrics = [_Metric(self, m, ys, kept) for m in scores]
        self.human, self.complete_items = judgments.human, sorted(complete)
        self.epsilons = {m.name: m.epsilon for m in self.metrics}

    def system_scores(self) -> dict[str, tuple[float, ...]]:
        """Each system's score over the complete items: ``"human"`` (the mean human score),
        then each metric's corpus score on its own scale (TER as given); empty when no item
        is complete."""
        sums = self.columns.totals()
        complete = self.complete_items
        if not complete:
            return {}

        def means(rows) -> tuple[float, ...]:
            total = len(complete)
            return tuple(float(sum(Fraction(row[i]) for i in complete) / total) for row in rows)

        found = {"human": means(self.human)}
        for metric in self.metrics:
            if metric.statistics is None:
                found[metric.name] = means(metric.segments)
            else:
                found[metric.name] = tuple(metric.sign * x for x in metric.system_scores(sums))
        return found

    def calibration_notes(self, name: str) -> dict[str, str]:
        """``{"segment_acc_star": why}`` when the best ε of some metric ties every pair of an
        item's segments (ε at least its largest difference within an item): its acc*_eq is then
        the share of pairs the humans (``name``) tie, whatever the metric; else empty."""
        tying = [metric_label(m.name) for m in self.metrics if m.ties_every_pair]
        if not tying:
            return {}
        if len(tying) == len(self.metrics) > 1:
            return {
                "segment_acc_star": "every metric's best ε ties every pair of an item's "
                f"segments: acc*_eq is then the share of pairs with equal {name} scores, the "
                "same for every metric, so it cannot tell them apart"
            }
        who = tying[0] if len(tying) == 1 else f"{', '.join(tying[:-1])} and {tying[-1]}"
        return {
            "segment_acc_star": f"the best ε of {who} ties every pair of an item's segments: "
            f"acc*_eq is then the share of pairs with equal {name} scores, whatever the "
            "metric's scores"
        }

    def statistic(self, sums: Sequence[int]) -> dict:
        """Every measure of every metric from one set of column sums (all the items, or a
        resample): measure → metric → value (None where undefined)."""
        complete = sums[self.complete]
        human = [sums[k] for k in self.human_systems]
        n, sy, syy = (sums[k] for k in self.segment_human)
        groups = sums[self.grouped]
        value = self.columns.value
        found: dict[str, dict] = {measure: {} for measure in MEASURES}
        for metric in self.metrics:
            systems = metric.system_scores(sums) if complete else None
            found["system_accuracy"][metric.name] = (
                pairwise_accuracy(human, systems) if len(systems or ()) > 1 else None
            )
            found["system_pearson"][metric.name] = _correlation(human, systems)
            sx, sxx, sxy = (sums[k] for k in metric.segment_sums)
            found["segment_pearson"][metric.name] = pearson_from_sums(n, sx, sy, sxx, syy, sxy)
            for measure, k in (
                ("segment_acc_eq", metric.acc_eq),
                ("segment_acc_star", metric.acc_star),
            ):
                found[measure][metric.name] = value(sums, k) / groups if groups else None
            taus, defined = value(sums, metric.tau[0]), sums[metric.tau[1]]
            found["segment_tau_b"][metric.name] = float(taus / defined) if defined else None
        return found


class _Metric:
    """One metric's columns and how its system scores come from their sums."""

    def __init__(self, table: _Table, scores: MetricScores, ys, kept) -> None:
        columns, judged = table.columns, table.judged
        self.name, sign = scores.metric, -1 if scores.metric in LOWER_IS_BETTER else 1
        segments = [[sign * x for x in row] for row in scores.segments]
        exact = _scaled(segments)
        n = len(judged)
        xs = [[segments[s][i] for s in judged[i]] for i in range(n)]
        ws = [[exact[s][i] for s in judged[i]] for i in range(n)]
        self.segment_sums = columns.add(
            [sum(w) for w in ws],
            [sum(v * v for v in w) for w in ws],
            [sum(a * b for a, b in zip(w, y, strict=True)) for w, y in zip(ws, ys, strict=True)],
        )
        counts = [pair_counts(y, x) for x, y in zip(xs, ys, strict=True)]
        self.acc_eq = columns.add([c.accuracy or 0 for c in counts])[0]
        self.epsilon = None  # no item with two segments: no pair, no threshold
        if any(c.pairs for c in counts):
            self.epsilon = tie_calibration([(y, x) for x, y in zip(xs, ys, strict=True)]).epsilon
        epsilon = self.epsilon or 0
        calibrated = [pair_counts(y, x, epsilon) for x, y in zip(xs, ys, strict=True)]
        self.acc_star = columns.add([c.accuracy or 0 for c in calibrated])[0]
        self.ties_every_pair = self.epsilon is not None and not any(
            c.concordant or c.discordant or c.ties_human for c in calibrated
        )
        taus = [c.tau_b for c in counts]
        self.tau = (
            columns.add([t or 0 for t in taus])[0],
            columns.add([int(t is not None) for t in taus])[0],
        )
        self.sign, self.metric, self.columns = sign, scores.metric, columns
        self.segments = scores.segments
        if scores.statistics is None:
            self.systems = columns.add(*(_kept(row, kept) for row in exact))
            self.statistics = None
        else:
            self.statistics = [
                columns.add(*([row[i][j] * kept[i] for i in range(n)] for j in range(len(row[0]))))
                for row in scores.statistics
            ]

    def system_scores(self, sums: Sequence[int]) -> list:
        """Each system's score from the sums (comparable with each other; higher is better)."""
        if self.statistics is None:
            return [sums[k] for k in self.systems]
        scales, metric = self.columns.scales, self.metric
        return [
            self.sign * corpus_score_from_statistics(metric, [sums[k] / scales[k] for k in ks])
            for ks in self.statistics
        ]


def _kept(row: Sequence[int | None], kept: Sequence[int]) -> list[int]:
    """``row`` on the complete items (``kept[i]`` 1), 0 elsewhere."""
    return [value * k if k else 0 for value, k in zip(row, kept, strict=True)]


def _scaled(matrix: Sequence[Sequence]) -> list[list[int | None]]:
    """``matrix`` (numbers or None) as integers over one common scale, None kept."""
    values = [value for row in matrix for value in row if value is not None]
    exact = iter(exact_column(values)[0])
    return [[None if value is None else next(exact) for value in row] for row in matrix]


def _correlation(human: list[int], systems: list | None) -> float | None:
    """Pearson's r of the systems' human and metric scores, from their exact sums
    (:func:`~charsim.agreement.measures.pearson`: never beyond ±1, which floats' rounding gave
    for two systems); None when either is constant."""
    return pearson(human, systems) if systems else None
