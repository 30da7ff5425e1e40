"""The metrics put beside the humans, and their scores of every segment.

charsim (§3.1), its base form (§2.4) and its maximum over references (§3.3); the derived
variants the article discusses (order caps 8, 16 and 64, §5.7; uniform weights, §6.4); and
sacreBLEU's chrF, chrF++, sentence BLEU and TER with their defaults
(:mod:`charsim.compare.sacrebleu`). Segments are scored in chunks of items, every metric of a
chunk in one task, here or on an executor (a process pool for ``--jobs``), with the same
results either way (:func:`charsim.corpus.chunks.run_chunks`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from ..compare.sacrebleu import (
    SACREBLEU_METRICS,
    corpus_signature,
    item_statistics,
    require_sacrebleu,
    sentence_score_from_statistics,
    sentence_signature,
)
from ..corpus.chunks import run_chunks
from ..corpus.parts import score_part
from ..metric.config import DEFAULT_MAX_ORDER, Config
from ..metric.preprocess import Preprocessing
from ..metric.signature import signature_of
from .estimates import finish

__all__ = [
    "CHARSIM_METRICS",
    "CHUNK_ITEMS",
    "DEFAULT_METRICS",
    "LOWER_IS_BETTER",
    "METRICS",
    "MetricScores",
    "metric_label",
    "metric_signature",
    "score_segments",
    "score_segments_steps",
    "system_signature",
]

CHARSIM_METRICS = {
    "charsim": {"variant": "mean"},
    "charsim_base": {"variant": "base"},
    "charsim_max": {"variant": "max"},
    "charsim_cap8": {"max_order": 8},
    "charsim_cap16": {"max_order": 16},
    "charsim_cap64": {"max_order": 64},
    "charsim_uniform": {"weights": "uniform"},
}
"""charsim's forms and derived variants by name, as the settings of
:func:`charsim.corpus.parts.score_part` that make them."""
METRICS = (*CHARSIM_METRICS, *SACREBLEU_METRICS)
"""Every metric meta-evaluation scores, by the names ``--metrics`` takes."""
DEFAULT_METRICS = METRICS
"""The metrics scored unless others are asked: all of them."""
LOWER_IS_BETTER = frozenset({"ter"})
"""The metrics where a lower score is better (an error rate): negated before any measure."""
CHUNK_ITEMS = 32
"""Items per chunk: with 13 systems and TER, some tenths of a second of work, so that two
processes share the work evenly."""
_LABELS = {"chrf": "chrF2", "chrf++": "chrF2++", "bleu": "BLEU", "ter": "TER"}


def metric_label(metric: str) -> str:
    """How a metric is named in a report: charsim's names as given, sacreBLEU's own names
    (``chrF2``, ``chrF2++``, ``BLEU``, ``TER``).

        >>> metric_label("charsim_cap8"), metric_label("chrf")
        ('charsim_cap8', 'chrF2')
    """
    return _LABELS.get(metric, metric)


def metric_signature(metric: str, nrefs: int | str | None) -> str:
    """The signature of a metric's segment scores: charsim's (a derived variant's says its cap
    or weights), or sacreBLEU's sentence-level one.

    Args:
        metric: one of :data:`METRICS`.
        nrefs: references per item (``"var"`` when they differ; None: unknown, 1 for
            sacreBLEU's).

    Raises:
        ValueError: an unknown metric.
        ImportError: a sacreBLEU metric without sacreBLEU.
    """
    if metric in CHARSIM_METRICS:
        settings = CHARSIM_METRICS[metric]
        config = Config(
            settings.get("max_order", DEFAULT_MAX_ORDER), settings.get("weights", "harmonic")
        )
        return signature_of(config, Preprocessing(), settings.get("variant", "mean"), nrefs=nrefs)
    if metric not in SACREBLEU_METRICS:
        raise ValueError(f"unknown metric {metric!r} (choose from {', '.join(METRICS)})")
    return sentence_signature(metric, nrefs if nrefs is not None else 1)


def system_signature(metric: str, nrefs: int | str | None) -> str | None:
    """The signature of a metric's system scores where it is not its segment scores'
    (:func:`metric_signature`): sacreBLEU's BLEU of a system is corpus BLEU from the summed
    statistics, without effective order (``eff:no``), its segments' sentence BLEU with it.
    None for the others (charsim's system score is the mean of its segment scores; chrF's,
    chrF++'s and TER's signatures are the same at both levels).

    Raises:
        ImportError: a sacreBLEU metric without sacreBLEU.
    """
    if metric not in SACREBLEU_METRICS:
        return None
    system = corpus_signature(metric, nrefs if nrefs is not None else 1)
    return None if system == metric_signature(metric, nrefs) else system


@dataclass(frozen=True)
class MetricScores:
    """One metric's scores of every segment.

    Attributes:
        metric: the metric's name (one of :data:`METRICS`).
        segments: ``segments[s][i]``: the score of system ``s``'s candidate for item ``i`` on
            the metric's own scale (charsim 0–1, sacreBLEU's 0–100), as given (TER: lower is
            better).
        statistics: for sacreBLEU's metrics, ``statistics[s][i]``: the segment's sufficient
            statistics (a system's corpus score is computed from their sums); None for charsim,
            whose corpus score is the mean of its segment scores.
    """

    metric: str
    segments: tuple[tuple[float, ...], ...]
    statistics: tuple[tuple[tuple, ...], ...] | None = None


def score_segments(
    metrics: Sequence[str],
    rows: Sequence[tuple[Sequence[str], Sequence[str]]],
    *,
    executor: Executor | None = None,
    in_flight: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[MetricScores]:
    """Score every system's candidate of every item with every metric.

    Args:
        metrics: names of :data:`METRICS`.
        rows: per item, ``(one candidate per system, the references)``.
        executor: where the chunks of :data:`CHUNK_ITEMS` items run (None: here).
        in_flight: most chunks sent and not yet collected (see ``run_chunks``).
        progress: called with the number of items scored, after each chunk.

    Returns:
        One :class:`MetricScores` per metric, in the order of ``metrics``.

    Raises:
        ValueError: an unknown metric; an item's error (as :func:`charsim.score` raises it).
        ImportError: a sacreBLEU metric without sacreBLEU.
        WorkerError: the executor could not score a chunk.
    """
    steps = score_segments_steps(metrics, rows, executor=executor, in_flight=in_flight)
    return finish(steps, progress)


def score_segments_steps(
    metrics: Sequence[str],
    rows: Sequence[tuple[Sequence[str], Sequence[str]]],
    *,
    executor: Executor | None = None,
    in_flight: int | None = None,
    chunk_items: int = CHUNK_ITEMS,
) -> Generator[int, None, list[MetricScores]]:
    """:func:`score_segments` in steps of ``chunk_items`` items: a generator that yields the
    items scored after each chunk and returns the scores; its errors are raised at the step
    that meets them (an unknown metric, or sacreBLEU missing, at the first)."""
    unknown = [metric for metric in metrics if metric not in METRICS]
    if unknown:
        raise ValueError(f"unknown metric {unknown[0]!r} (choose from {', '.join(METRICS)})")
    if set(metrics) & set(SACREBLEU_METRICS):
        require_sacrebleu()
    systems = len(rows[0][0]) if rows else 0
    task = functools.partial(_score_chunk, metrics=tuple(metrics), systems=systems)
    columns = {metric: [[] for _ in range(systems)] for metric in metrics}
    statistics = {metric: [[] for _ in range(systems)] for metric in metrics}
    parts = run_chunks(task, rows, chunk_size=chunk_items, executor=executor, in_flight=in_flight)
    for chunks, part in enumerate(parts, start=1):
        for metric, (scores, stats) in part.items():
            for s in range(systems):
                columns[metric][s].extend(scores[s])
                if stats is not None:
                    statistics[metric][s].extend(stats[s])
        yield min(len(rows), chunks * chunk_items)
    return [
        MetricScores(
            metric,
            tuple(map(tuple, columns[metric])),
            tuple(map(tuple, statistics[metric])) if metric in SACREBLEU_METRICS else None,
        )
        for metric in metrics
    ]


def _score_chunk(chunk, first_item: int, metrics: tuple[str, ...], systems: int) -> dict:
    """Every metric's scores of a chunk: metric → (scores[s], statistics[s] or None)."""
    rows = list(chunk)
    found = {}
    for metric in metrics:
        if metric in CHARSIM_METRICS:
            part = score_part(
                rows, first_item=first_item, systems=systems, **CHARSIM_METRICS[metric]
            )
            found[metric] = (part.scores, None)
        else:
            candidates = [[row[0][s] for row in rows] for s in range(systems)]
            stats = item_statistics(candidates, [row[1] for row in rows], metric)
            scores = [
                [sentence_score_from_statistics(metric, x) for x in column] for column in stats
            ]
            found[metric] = (scores, [[tuple(x) for x in column] for column in stats])
    return found
