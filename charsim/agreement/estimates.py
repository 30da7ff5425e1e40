"""Every measure with its bootstrap interval, and every metric against a baseline metric with the
paired difference, its interval and its p-value: the statistics shared by the correlations with
human scores (:mod:`charsim.agreement.correlations`) and the minimal pairs
(:mod:`charsim.agreement.minimal_pairs`).

Each measure is a function of sums over items (:class:`Columns`), so a bootstrap resample is one
set of sums (:func:`charsim.significance.resample.resampled_sums`: items drawn with replacement,
the project's seeded resamples, summed exactly); the measure of each metric is computed on the
same resamples, so the difference of two metrics' measures is paired. Its p-value is that of
the paired bootstrap (:func:`charsim.significance.pvalues.bootstrap_p_value`: sacreBLEU's
centring, ties counted, never below ``2 / 2**N`` on ``N`` items), and it is marked significant
by the project's rule (p < 0.05, the interval of the difference leaves out 0, at least 300
items: :func:`charsim.significance.paired.significant`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from fractions import Fraction
from numbers import Real

from ..corpus.chunks import run_chunks
from ..significance.limits import MIN_BOOTSTRAP_ITEMS, SIGNIFICANT
from ..significance.pvalues import bootstrap_p_value
from ..significance.resample import (
    Interval,
    exact_column,
    pack_columns,
    percentile_interval,
    resampled_sums,
)

__all__ = [
    "Columns",
    "Estimate",
    "estimates",
    "finish",
    "resampled_values",
    "resampled_values_steps",
    "shown_resamples",
    "staged",
]


@dataclass(frozen=True)
class Estimate:
    """One measure of one metric, with its interval and its difference from the baseline.

    Attributes:
        measure: the measure's key (e.g. ``"segment_acc_eq"``, ``"pairs:critical"``).
        metric: the metric's name.
        value: the measure on all the items (None where it is undefined, e.g. a correlation
            with a constant side).
        interval: its bootstrap percentile interval (None without resamples).
        difference: ``value`` minus the baseline metric's (None for the baseline itself).
        difference_interval: the interval of that difference over the same resamples.
        p_value: the paired bootstrap's p-value of the difference.
        items: the number of items resampled.
        epsilon: for ``acc*_eq``, the tie threshold on the metric's own scale.
    """

    measure: str
    metric: str
    value: float | None
    interval: Interval | None = None
    difference: float | None = None
    difference_interval: Interval | None = None
    p_value: float | None = None
    items: int = 0
    epsilon: float | None = None

    @property
    def significant(self) -> bool:
        """Whether the difference from the baseline is marked (``*``): p < 0.05, its interval
        leaves out 0 and there are at least 300 items (the project's rule for the paired
        bootstrap, :func:`charsim.significance.paired.significant`)."""
        interval = self.difference_interval
        return (
            self.p_value is not None
            and self.p_value < SIGNIFICANT
            and interval is not None
            and not interval.low <= 0 <= interval.high
            and self.items >= MIN_BOOTSTRAP_ITEMS
        )


class Columns:
    """Per-item columns of exact numbers, each group of columns over one scale, to be summed
    over the items of each resample."""

    def __init__(self, items: int) -> None:
        self.items = items
        self.columns: list[list[int]] = []
        self.scales: list[int] = []

    def add(self, *columns: Sequence[Real]) -> list[int]:
        """Add columns (one number per item each) over one common scale, so that their sums
        compare as integers; returns their indices."""
        exact = [exact_column(column) for column in columns]
        scale = math.lcm(*(own for _, own in exact))
        first = len(self.columns)
        for values, own in exact:
            if len(values) != self.items:
                raise ValueError(f"a column of {len(values)} values for {self.items} items")
            self.columns.append([value * (scale // own) for value in values])
            self.scales.append(scale)
        return list(range(first, len(self.columns)))

    def value(self, sums: Sequence[int], index: int) -> Fraction:
        """The exact sum of column ``index`` in ``sums``."""
        return Fraction(sums[index], self.scales[index])

    def totals(self) -> tuple[int, ...]:
        """Every column's sum over all the items (each once): the observed sums."""
        return tuple(map(sum, self.columns))

    def __getstate__(self) -> dict:
        """What a copy sent to a worker process holds: the scales, not the columns (a worker
        gets them packed, :func:`resampled_values`)."""
        return {"items": self.items, "columns": None, "scales": self.scales}


Statistic = Callable[[Sequence[int]], dict[str, dict[str, float | Fraction | None]]]
"""Sums of the columns → measure → metric → value."""


def resampled_values(
    columns: Columns,
    statistic: Statistic,
    resamples: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> list[dict]:
    """``statistic`` of each resample's sums, in the order drawn.

    Args:
        columns: the per-item columns.
        statistic: the measures from one resample's sums (picklable, to run on ``executor``).
        resamples: how many resamples.
        seed: their seed.
        progress: called with the number of resamples done, every 100 and after the last (or
            after each block on ``executor``).
        executor: where blocks of resamples run (a process pool), each drawing the same
            resamples as a run from the first (None: here, one after the other).

    Returns:
        One value of ``statistic`` per resample; the same with any executor.
    """
    steps = resampled_values_steps(columns, statistic, resamples, seed, executor)
    return finish(steps, progress, shown_resamples(resamples, executor))


def staged(stage: str, steps: Generator, total: int) -> Generator:
    """``steps`` (a generator yielding counts) yielding ``(stage, count, total)`` instead;
    returns their result."""
    while True:
        try:
            done = next(steps)
        except StopIteration as finished:
            return finished.value
        yield stage, done, total


def shown_resamples(resamples: int, executor: Executor | None) -> Callable[[int], bool]:
    """Which counts of resamples done a progress report shows: every 100th and the last
    (each block's on an executor), never 0."""
    every = 1 if executor is not None else 100
    return lambda done: done > 0 and (done % every == 0 or done == resamples)


def resampled_values_steps(
    columns: Columns,
    statistic: Statistic,
    resamples: int,
    seed: int,
    executor: Executor | None = None,
) -> Generator[int, None, list[dict]]:
    """:func:`resampled_values` in steps: a generator that yields the resamples done after
    each resample (after each block on ``executor``) and returns their values."""
    packed = pack_columns(columns.columns)
    found = []
    if executor is None:
        for sums in resampled_sums(packed, resamples, seed):
            found.append(statistic(sums))
            yield len(found)
        return found
    task = functools.partial(_block, packed=packed, statistic=statistic, seed=seed)
    size = -(-resamples // BLOCKS)
    blocks = run_chunks(
        task, range(resamples), chunk_size=size, executor=executor, in_flight=BLOCKS
    )
    for block in blocks:
        found.extend(block)
        yield len(found)
    return found


def finish(
    steps: Generator,
    progress: Callable[..., None] | None = None,
    shown: Callable[[int], bool] = lambda _done: True,
):
    """Run ``steps`` to the end, calling ``progress`` with each value they yield for which
    ``shown(value)``; return their result."""
    while True:
        try:
            done = next(steps)
        except StopIteration as finished:
            return finished.value
        if progress is not None and shown(done):
            progress(done)


BLOCKS = 4
"""Blocks of resamples sent to an executor (each gets the packed columns once)."""


def _block(chunk, first_item: int, packed, statistic: Statistic, seed: int) -> list[dict]:
    """The statistic of resamples ``first_item − 1`` to ``first_item − 2 + len(chunk)``."""
    skip = first_item - 1
    return [statistic(sums) for sums in resampled_sums(packed, skip + len(chunk), seed, skip)]


def estimates(
    observed: dict,
    resampled: list[dict],
    baseline: str,
    items: int,
    level: float,
    epsilons: dict | None = None,
) -> tuple[Estimate, ...]:
    """Every measure of every metric, with intervals and differences from ``baseline``.

    Args:
        observed: measure → metric → value on all the items.
        resampled: the same for each resample.
        baseline: the metric every other is compared with.
        items: the number of items resampled.
        level: the coverage of the intervals.
        epsilons: measure → metric → tie threshold, where there is one.

    Returns:
        One :class:`Estimate` per measure and metric, measures in the order of ``observed``.
    """
    found = []
    for measure, values in observed.items():
        for metric, value in values.items():
            draws = [r[measure][metric] for r in resampled if r[measure][metric] is not None]
            estimate = Estimate(
                measure,
                metric,
                _float(value),
                _interval(draws, level),
                items=items,
                epsilon=(epsilons or {}).get(measure, {}).get(metric),
            )
            base = values.get(baseline)
            if metric != baseline and value is not None and base is not None:
                pairs = [(r[measure][metric], r[measure][baseline]) for r in resampled]
                deltas = [a - b for a, b in pairs if a is not None and b is not None]
                delta = value - base
                estimate = _with_difference(estimate, delta, deltas, items, level)
            found.append(estimate)
    return tuple(found)


def _with_difference(estimate: Estimate, delta, deltas, items: int, level: float) -> Estimate:
    return replace(
        estimate,
        difference=float(delta),
        difference_interval=_interval(deltas, level),
        p_value=bootstrap_p_value(delta, deltas, items) if deltas else None,
    )


def _interval(values: list, level: float) -> Interval | None:
    return percentile_interval(values, level) if values else None


def _float(value) -> float | None:
    return None if value is None else float(value)
