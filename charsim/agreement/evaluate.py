"""Meta-evaluation in one call: score the segments (or minimal pairs) with every metric, compute
every measure with its interval and each metric's difference from charsim, and find where
charsim and the humans disagree most (:func:`meta_evaluate`, :class:`AgreementReport`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace

from ..metric.display import RichDisplay
from ..metric.values import counted, whole_number
from ..significance.limits import (
    DEFAULT_CONFIDENCE_LEVEL,
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    MAX_RESAMPLES,
    MIN_RESAMPLES,
)
from .correlations import correlate_steps, human_side_notes
from .disagreements import Disagreement, minimal_pair_disagreements, segment_disagreements
from .estimates import Estimate, finish, shown_resamples, staged
from .judgments import Judgments, MinimalPairs, Skipped
from .minimal_pairs import distinct_texts, pair_accuracy_steps, score_pairs_steps
from .scoring import (
    CHUNK_ITEMS,
    DEFAULT_METRICS,
    METRICS,
    metric_signature,
    score_segments_steps,
    system_signature,
)
from .spans import SpanShares, span_estimates_steps

__all__ = [
    "DEFAULT_DISAGREEMENTS",
    "AgreementReport",
    "Source",
    "meta_evaluate",
    "meta_evaluate_steps",
]

DEFAULT_DISAGREEMENTS = 10
"""The disagreements a report lists unless told otherwise."""

Progress = Callable[[str, int, int], None]
"""Called with a stage's name, the steps done and the steps in all."""


@dataclass(frozen=True)
class Source:
    """What was read, in a report: where from, how much, and what was left out.

    Attributes:
        source: the file or directory.
        human_name: what the human evidence is (``"MQM"``, ``"minimal pairs"``).
        systems: the systems scored (none for minimal pairs).
        items: the items resampled (segments' items, or source sentences).
        units: the segments judged, or the pairs.
        unit: ``"segment"`` or ``"pair"``.
        skipped: what was read and left out, and why.
    """

    source: str
    human_name: str
    systems: tuple[str, ...]
    items: int
    units: int
    unit: str
    skipped: tuple[Skipped, ...]


@dataclass(frozen=True)
class AgreementReport(RichDisplay):
    """How well each metric agrees with human judgments, with intervals and paired differences.

    In a notebook it shows as HTML (:func:`charsim.render.agreement.report_html`).

    Attributes:
        metrics: the metrics, in the order asked.
        baseline: the metric every other is compared with (charsim when it is among them).
        resamples: bootstrap resamples of the items.
        seed: their seed.
        level: the intervals' coverage (0.95).
        signatures: ``(metric, signature)`` of each metric's segment scores.
        judgments: what the human scores were read from, or None.
        estimates: the measures on the human scores
            (:data:`charsim.agreement.correlations.MEASURES`).
        disagreements: the largest disagreements between charsim and the human scores.
        spans: where the judgments mark error spans (MQM): the characters people marked and
            those charsim leaves unmatched, pooled over the segments with a marked span
            (:mod:`charsim.agreement.spans`), or None.
        span_estimates: both shares with their intervals (measures ``"spans:marked"`` and
            ``"spans:unmarked"``, metric ``"charsim"``).
        system_scores: ``(name, scores)`` of ``"human"`` (each system's mean human score)
            and of each metric (its corpus score, on its own scale), the systems in the order
            of :attr:`Source.systems`, over the items every system has.
        minimal_pairs: what the minimal pairs were read from, or None.
        pair_estimates: the minimal-pair accuracies (measures ``"pairs:GROUP"``).
        pair_disagreements: the pairs charsim fails by the most.
        notes: ``(measure, why)`` for each measure the human scores leave undefined or unable
            to tell the metrics apart (:func:`charsim.agreement.correlations.human_side_notes`).
        system_signatures: ``(metric, signature)`` of the metrics whose system scores have
            another signature than their segment scores (BLEU: corpus BLEU, no effective order;
            :func:`charsim.agreement.scoring.system_signature`), with human judgments only.
    """

    metrics: tuple[str, ...]
    baseline: str
    resamples: int
    seed: int
    level: float
    signatures: tuple[tuple[str, str], ...]
    judgments: Source | None = None
    estimates: tuple[Estimate, ...] = ()
    disagreements: tuple[Disagreement, ...] = ()
    spans: SpanShares | None = None
    span_estimates: tuple[Estimate, ...] = ()
    system_scores: tuple[tuple[str, tuple[float, ...]], ...] = ()
    minimal_pairs: Source | None = None
    pair_estimates: tuple[Estimate, ...] = ()
    pair_disagreements: tuple[Disagreement, ...] = ()
    notes: tuple[tuple[str, str], ...] = ()
    system_signatures: tuple[tuple[str, str], ...] = ()

    def estimate(self, measure: str, metric: str) -> Estimate:
        """The :class:`Estimate` of ``measure`` (``"segment_acc_star"``, ``"pairs:overall"``,
        ...) for ``metric``.

        Raises:
            KeyError: no such measure or metric in the report.
        """
        for found in (*self.estimates, *self.span_estimates, *self.pair_estimates):
            if found.measure == measure and found.metric == metric:
                return found
        raise KeyError((measure, metric))

    def __repr__(self) -> str:
        """``AgreementReport(MQM: 13 systems, 529 items; 11 metrics, 1,000 resamples)``."""
        parts = [
            f"{s.human_name}: {counted(s.items, 'item')}, {counted(s.units, s.unit)}"
            for s in (self.judgments, self.minimal_pairs)
            if s is not None
        ]
        return (
            f"AgreementReport({'; '.join(parts)}; {counted(len(self.metrics), 'metric')}, "
            f"{counted(self.resamples, 'resample')}, seed {self.seed})"
        )


def meta_evaluate(
    judgments: Judgments | None = None,
    minimal_pairs: MinimalPairs | None = None,
    *,
    metrics: Sequence[str] = DEFAULT_METRICS,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = DEFAULT_CONFIDENCE_LEVEL,
    disagreements: int = DEFAULT_DISAGREEMENTS,
    executor: Executor | None = None,
    in_flight: int | None = None,
    progress: Progress | None = None,
) -> AgreementReport:
    """Meta-evaluate metrics against human judgments and minimal pairs.

    Args:
        judgments: human scores of segments (:func:`charsim.agreement.read_mqm`,
            :func:`~charsim.agreement.read_plain`), or None.
        minimal_pairs: minimal pairs (:func:`charsim.agreement.read_demetr`), or None.
        metrics: names of :data:`charsim.agreement.scoring.METRICS`, each once.
        resamples: bootstrap resamples of the items, 40 to 1,000,000 (as the command line:
            :data:`charsim.significance.MIN_RESAMPLES`).
        seed: the resampling's seed (>= 0).
        level: the intervals' coverage, strictly between 0 and 1.
        disagreements: how many disagreements to list (>= 0).
        executor: where the segments are scored and the resamples drawn, in blocks (a process
            pool; None: here); the same report either way.
        in_flight: most chunks of segments sent and not yet collected.
        progress: called with a stage's name, its steps done and its steps in all.

    Returns:
        The :class:`AgreementReport`.

    Raises:
        ValueError: neither input, an unknown or repeated metric, settings out of range, an
            item's error.
        TypeError: a setting of the wrong type.
        ImportError: a sacreBLEU metric without sacreBLEU.
        WorkerError: the executor could not score a chunk.
    """
    steps = meta_evaluate_steps(
        judgments,
        minimal_pairs,
        metrics=metrics,
        resamples=resamples,
        seed=seed,
        level=level,
        disagreements=disagreements,
        executor=executor,
        in_flight=in_flight,
    )
    if progress is None:
        return finish(steps)

    def shown(step: tuple[str, int, int]) -> bool:
        stage, done, total = step
        return stage not in _RESAMPLING or shown_resamples(total, executor)(done)

    return finish(steps, lambda step: progress(*step), shown)


_RESAMPLING = ("resampling items", "resampling the spans' items", "resampling sentences")
"""The stages that resample (reported every 100 resamples, as :func:`shown_resamples`)."""


def meta_evaluate_steps(
    judgments: Judgments | None = None,
    minimal_pairs: MinimalPairs | None = None,
    *,
    metrics: Sequence[str] = DEFAULT_METRICS,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = DEFAULT_CONFIDENCE_LEVEL,
    disagreements: int = DEFAULT_DISAGREEMENTS,
    executor: Executor | None = None,
    in_flight: int | None = None,
    chunk_items: int = CHUNK_ITEMS,
) -> Generator[tuple[str, int, int], None, AgreementReport]:
    """:func:`meta_evaluate` in steps, for a caller that interleaves other work (an event loop
    that must keep answering): a generator that yields ``(stage, done, total)`` after each
    chunk of ``chunk_items`` items scored, each item whose unmatched characters are located and
    each resample (each block of them on ``executor``), and returns the
    :class:`AgreementReport`; closing it early abandons the work. The arguments are those of
    :func:`meta_evaluate`, checked at this call; the errors met scoring, at the step meeting
    them. Without ``executor`` no step scores more than ``chunk_items`` items.

    Raises:
        ValueError, TypeError: as :func:`meta_evaluate`, at this call.
    """
    metrics = _check(judgments, minimal_pairs, metrics, resamples, seed, level, disagreements)
    return _steps(
        judgments,
        minimal_pairs,
        metrics,
        {"resamples": resamples, "seed": seed, "level": level},
        disagreements,
        {"executor": executor, "in_flight": in_flight, "chunk_items": chunk_items},
    )


def _steps(judgments, minimal_pairs, metrics, settings, count, where) -> Generator:
    baseline = "charsim" if "charsim" in metrics else metrics[0]
    report = AgreementReport(
        metrics, baseline, settings["resamples"], settings["seed"], settings["level"], ()
    )
    settings = {"baseline": baseline, **settings}
    nrefs = None
    if judgments is not None:
        report = yield from _on_judgments(report, judgments, settings, count, where)
        nrefs = _nrefs(len(refs) for refs in judgments.references)
    if minimal_pairs is not None:
        report = yield from _on_pairs(report, minimal_pairs, settings, count, where)
        nrefs = nrefs if judgments is not None else 1
    signatures = tuple((metric, metric_signature(metric, nrefs)) for metric in metrics)
    systems = ()
    if judgments is not None:
        named = ((metric, system_signature(metric, nrefs)) for metric in metrics)
        systems = tuple((metric, sig) for metric, sig in named if sig is not None)
    return replace(report, signatures=signatures, system_signatures=systems)


def _on_judgments(report, judgments, settings, count, where):
    rows = [
        (tuple(row[i] if row[i] is not None else "" for row in judgments.candidates), refs)
        for i, refs in enumerate(judgments.references)
    ]
    scoring = score_segments_steps(report.metrics, rows, **where)
    scored = yield from staged("scoring segments", scoring, len(rows))
    resampling = correlate_steps(judgments, scored, executor=where["executor"], **settings)
    found, systems, calibration = yield from staged(
        "resampling items", resampling, settings["resamples"]
    )
    by_name = {s.metric: s.segments for s in scored}
    listed = ()
    if "charsim" in by_name and count:
        peer = ("chrf", by_name["chrf"]) if "chrf" in by_name else None
        listed = segment_disagreements(judgments, by_name["charsim"], peer, count)
    spans, span_estimates = None, ()
    if judgments.spans is not None and "charsim" in by_name:
        options = {key: settings[key] for key in ("resamples", "seed", "level")}
        spans, span_estimates = yield from span_estimates_steps(judgments, **options)
    source = Source(
        judgments.source,
        judgments.human_name,
        judgments.systems,
        len(judgments.items),
        judgments.segments,
        "segment",
        judgments.skipped + _left_out_of_system_level(judgments),
    )
    notes = tuple((calibration | human_side_notes(judgments)).items())
    return replace(
        report,
        judgments=source,
        estimates=found,
        disagreements=listed,
        notes=notes,
        spans=spans,
        span_estimates=span_estimates,
        system_scores=tuple(systems.items()),
    )


def _on_pairs(report, pairs, settings, count, where):
    scoring = score_pairs_steps(pairs, report.metrics, **where)
    scores = yield from staged("scoring minimal pairs", scoring, len(distinct_texts(pairs)))
    resampling = pair_accuracy_steps(pairs, scores, executor=where["executor"], **settings)
    found = yield from staged("resampling sentences", resampling, settings["resamples"])
    listed = ()
    if "charsim" in report.metrics and count:
        peer = report.metrics.index("chrf") if "chrf" in report.metrics else None
        listed = minimal_pair_disagreements(
            pairs, scores, report.metrics.index("charsim"), peer, count
        )
    items = len({pair.item for pair in pairs.pairs})
    source = Source(
        pairs.source, "minimal pairs", (), items, len(pairs.pairs), "pair", pairs.skipped
    )
    return replace(report, minimal_pairs=source, pair_estimates=found, pair_disagreements=listed)


def _nrefs(counts) -> int | str | None:
    found = set(counts)
    return found.pop() if len(found) == 1 else ("var" if found else None)


def _check(judgments, pairs, metrics, resamples, seed, level, count) -> tuple[str, ...]:
    if judgments is None and pairs is None:
        raise ValueError("nothing to evaluate: give judgments, minimal pairs or both")
    if judgments is not None and not isinstance(judgments, Judgments):
        raise TypeError(f"judgments must be Judgments, got {type(judgments).__name__}")
    if pairs is not None and not isinstance(pairs, MinimalPairs):
        raise TypeError(f"minimal_pairs must be MinimalPairs, got {type(pairs).__name__}")
    metrics = tuple(metrics) if not isinstance(metrics, str) else (metrics,)
    for metric in metrics:
        if metric not in METRICS:
            raise ValueError(f"unknown metric {metric!r} (choose from {', '.join(METRICS)})")
        if metrics.count(metric) > 1:
            raise ValueError(f"metric {metric!r} is listed twice")
    if not metrics:
        raise ValueError("no metrics to evaluate")
    if not MIN_RESAMPLES <= whole_number(resamples, "resamples") <= MAX_RESAMPLES:
        raise ValueError(
            f"resamples must be from {MIN_RESAMPLES} to {MAX_RESAMPLES:,}, as on the command "
            f"line (a 95 % interval of fewer is their whole range), got {resamples}"
        )
    if whole_number(seed, "seed") < 0:
        raise ValueError(f"seed must be at least 0, got {seed}")
    if isinstance(level, bool) or not isinstance(level, float | int) or not 0 < level < 1:
        raise ValueError(f"level must be strictly between 0 and 1 (0.95), got {level!r}")
    if whole_number(count, "disagreements") < 0:
        raise ValueError(f"disagreements must be at least 0, got {count}")
    return metrics


def _left_out_of_system_level(judgments: Judgments) -> tuple[Skipped, ...]:
    """The segments of the items that not every system has a segment of, as left out of the
    system-level measures (a system's score is its mean over the items every system has:
    :meth:`Judgments.complete_items`; the segment-level measures keep them). None if every
    item is complete, or none is (then a note says there is no system-level score)."""
    complete = set(judgments.complete_items())
    partial = [i for i in range(len(judgments.items)) if i not in complete]
    if not complete or not partial:
        return ()
    count = sum(row[i] is not None for row in judgments.human for i in partial)
    which = _first_five([judgments.items[i] for i in partial])
    lacking = [
        system
        for system, row in zip(judgments.systems, judgments.human, strict=True)
        if any(row[i] is None for i in partial)
    ]
    one = len(lacking) == 1
    if len(partial) == 1:
        which, why = f"item {which}", f"{'has' if one else 'have'} none of it"
    else:
        which, why = f"items {which}", f"{'lacks' if one else 'lack'} a segment of some"
    reason = (
        f"from the system level only: not every system has a segment of {which} "
        f"({_first_five(lacking)} {why}), and a system's score is its mean over the items "
        "every system has"
    )
    names = {"items": tuple(judgments.items[i] for i in partial), "systems": tuple(lacking)}
    return (Skipped(reason, count, "segment", "system_level_only", names),)


def _first_five(names: list[str]) -> str:
    """``"a, b, c"``, or the first five and how many more: ``"a, b, c, d, e and 7 more"``."""
    more = f" and {len(names) - 5:,} more" if len(names) > 5 else ""
    return ", ".join(names[:5]) + more
