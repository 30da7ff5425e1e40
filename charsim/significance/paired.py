"""Confidence intervals and paired significance tests on per-item scores (sacreBLEU's conventions).

charsim's corpus score is the mean of its item scores, so a resample is a mean over resampled
items and no n-gram is ever recounted. The methods follow ``sacrebleu/significance.py`` (2.6.0):

* :func:`bootstrap_interval`: the bootstrap confidence interval of a system's mean; the bounds
  are the resampled means at ranks ``⌊n·(1 − level)/2⌋`` and ``n − 1`` minus that rank (sorted;
  ``n // 40`` at 95 %), the centre ``μ`` their mean, as sacreBLEU's ``estimate_ci``;
* :func:`paired_bootstrap`: paired bootstrap resampling (Koehn 2004): both systems are resampled
  on the same items; the null distribution is ``|Δ*| − mean(|Δ*|)`` over the resampled
  differences ``Δ*``;
* :func:`paired_randomization`: paired approximate randomization: each item's two scores are
  swapped with probability 1/2; the statistic is ``|Δ*|``.

Both tests give ``p = (c + 1) / (n + 1)`` for ``c`` of ``n`` resamples or trials whose statistic
is **at least** the observed ``|Δ|``. This is the one deliberate difference from sacreBLEU, which
counts only those strictly greater: there a system compared with an identical copy gets
``p = 1/(n + 1)`` (``(p = 0.0010)*``, "significant"); here it gets ``p = 1``.

Two rules keep a p-value from saying more than the data can (:func:`p_value_floor`,
:func:`significant`):

* p is never below ``2 / 2**N`` on ``N`` items, the smallest p that the exact paired
  randomization test can give (of its ``2**N`` swaps, the observed one and its mirror image are
  always as extreme; Phipson & Smyth 2010, "Permutation p-values should never be zero"): the
  paired bootstrap alone gave 6 items that all move one way ``p = 1/1001`` where the exact
  test cannot go below 0.03125;
* a difference is marked significant (:data:`SIGNIFICANT`) when ``p < 0.05`` **and**, for the
  paired bootstrap, the interval of ``Δ`` from the same resamples leaves out 0: the centred
  p-value and the percentile interval are two readings of one distribution, and when they
  disagree (50 items: ``p = 0.030`` with an interval from -0.0013 to +0.1019) the data do not
  settle the question;
* the paired bootstrap marks nothing on fewer than :data:`MIN_BOOTSTRAP_ITEMS` (300) items, the
  smallest test set on which Koehn (2004) validated it: below, its p-value is over-confident
  (6 TED items gave ``p = 0.0312`` where approximate randomization gives 0.163), so its p and
  intervals are reported and :func:`too_few_for_bootstrap` says why there is no mark.

Long runs, stepwise: :func:`bootstrap_interval_steps`, :func:`paired_bootstrap_steps` and
:func:`paired_randomization_steps` are the same computations as generators that yield the
number of resamples or trials done every ``every`` of them and return the result (``yield
from`` gives it, or ``StopIteration.value``), so a caller can pause between steps: the explorer
runs them in the browser's worker a slice at a time, and the functions above are these
generators run to the end with ``progress`` called at each step.

Determinism: every function draws from its own ``random.Random(seed)`` (default
:data:`DEFAULT_SEED`, 12345 as in sacreBLEU). Resample ``j`` of ``N`` items is the ``j``-th
``choices(range(N), k=N)`` of that generator; trial ``j`` swaps item ``i`` when bit ``i`` of the
``j``-th ``getrandbits(N)`` is set. Sums are exact (each float score is an exact integer multiple
of a power of two), so equal differences tie exactly and the results are the same on every
platform, CPython and Pyodide alike.

Where the parts are: the defaults, the limits on items and resamples and their checks in
:mod:`charsim.significance.limits`; the paired bootstrap's p-value and how a p-value is shown in
:mod:`charsim.significance.pvalues`; the scores as exact integers in
:mod:`charsim.significance.columns`; the resampling loop in :mod:`charsim.significance.resample`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from numbers import Real
from operator import getitem

from ..metric.display import RichDisplay
from ..metric.values import check_progress, counted
from .columns import exact_columns
from .limits import (
    DEFAULT_CONFIDENCE_LEVEL,
    DEFAULT_RANDOMIZATION_TRIALS,
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    MIN_BOOTSTRAP_ITEMS,
    PROGRESS_EVERY,
    SIGNIFICANT,
    check_every,
    check_level,
    check_settings,
    p_value_floor,
)
from .pvalues import bootstrap_p_value, p_value_decimals
from .resample import Interval, percentile_interval, resampled_sums

__all__ = [
    "PairedResult",
    "bootstrap_interval",
    "bootstrap_interval_steps",
    "paired_bootstrap",
    "paired_bootstrap_steps",
    "paired_randomization",
    "paired_randomization_steps",
    "significant",
]


@dataclass(frozen=True)
class PairedResult(RichDisplay):
    """A system compared with a baseline on the same items.

    In a notebook it shows as HTML (:func:`charsim.render.html.paired_result_html`); its
    ``repr`` is one line without the resampled differences.

    Attributes:
        method: ``"bs"`` (paired bootstrap) or ``"ar"`` (approximate randomization), see
            :data:`METHODS`.
        samples: the number of resamples (bs) or trials (ar).
        seed: the seed of the generator.
        difference: ``Δ``, the system's mean minus the baseline's (observed).
        p_value: ``(c + 1) / (n + 1)``: how often chance alone gives a difference at least as
            large as ``|Δ|``, but never below :func:`p_value_floor` of the item count (module
            docstring).
        differences: the difference of the two means in each resample (bs: the bootstrap
            distribution of ``Δ``) or trial (ar: the distribution under the null hypothesis).
        difference_interval: bs only: the interval of ``Δ`` (None for ar).
        baseline_interval: bs only: the baseline's interval from the same resamples.
        system_interval: bs only: the system's interval from the same resamples.
        items: the number of items compared (None in a result made by hand: then
            :func:`significant` does not know it).
    """

    method: str
    samples: int
    seed: int
    difference: float
    p_value: float
    differences: tuple[float, ...]
    difference_interval: Interval | None = None
    baseline_interval: Interval | None = None
    system_interval: Interval | None = None
    items: int | None = None

    def __repr__(self) -> str:
        """``PairedResult(bs: Δ = +0.0123, p = 0.0010*, 1,000 samples, seed 12345)``; ``*``
        marks a significant difference (:func:`significant`)."""
        p_value = f"{self.p_value:.{p_value_decimals(self.p_value)}f}"
        mark = "*" if significant(self) else ""
        interval = self.difference_interval
        between = "" if interval is None else f", CI {interval.low:+.4f} to {interval.high:+.4f}"
        return (
            f"PairedResult({self.method}: Δ = {self.difference:+.4f}, p = {p_value}{mark}"
            f"{between}, {counted(self.samples, 'sample')}, seed {self.seed})"
        )


def significant(result: PairedResult, below: float = SIGNIFICANT) -> bool:
    """Whether ``result`` is marked significant (``*``): its p-value is below ``below`` and, for
    the paired bootstrap, the interval of ``Δ`` from the same resamples leaves out 0 and the
    items are at least :data:`MIN_BOOTSTRAP_ITEMS` (module docstring). The command line and the
    explorer mark by this rule.

    Args:
        result: a paired test's result.
        below: the threshold, :data:`SIGNIFICANT` (0.05) unless another is given.

    Returns:
        Whether the difference is marked significant.

    Raises:
        TypeError: ``result`` is not a :class:`PairedResult`, or ``below`` is not a number.
        ValueError: ``below`` is NaN or outside (0, 1].
    """
    if not isinstance(result, PairedResult):
        raise TypeError(f"result must be a PairedResult, got {type(result).__name__}")
    if isinstance(below, bool) or not isinstance(below, Real):
        raise TypeError(f"below must be a number, got {type(below).__name__}")
    if not 0 < below <= 1:  # NaN too
        raise ValueError(f"below must be a p-value threshold in (0, 1] (0.05), got {below}")
    interval = result.difference_interval
    holds_zero = interval is not None and interval.low <= 0 <= interval.high
    few = result.method == "bs" and result.items is not None and result.items < MIN_BOOTSTRAP_ITEMS
    return result.p_value < below and not holds_zero and not few


def bootstrap_interval(
    scores: Sequence[float],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    level: float = DEFAULT_CONFIDENCE_LEVEL,
    seed: int = DEFAULT_SEED,
    progress: Callable[[int], None] | None = None,
) -> Interval:
    """The bootstrap confidence interval of the mean of ``scores``.

    Args:
        scores: one score per item (real numbers, used as floats; e.g. a
            :class:`~charsim.corpus.CorpusResult`'s ``scores``).
        resamples: how many resamples of all the items, with replacement (1 to
            :data:`MAX_RESAMPLES`).
        level: the coverage, strictly between 0 and 1.
        seed: the generator's seed.
        progress: called now and then with the number of resamples done.

    Returns:
        The interval; the same ``seed`` and ``resamples`` give the same resamples as
        :func:`paired_bootstrap`, so its ``system_interval`` equals this interval.

    Raises:
        TypeError: a score is not a real number, or a setting has the wrong type.
        ValueError: no scores, a score that is NaN or infinite (the message names the item),
            ``resamples`` outside 1 to :data:`MAX_RESAMPLES`, ``seed < 0``, or ``level``
            outside (0, 1).
    """
    steps = bootstrap_interval_steps(scores, resamples=resamples, level=level, seed=seed)
    return _finish(steps, progress)


def bootstrap_interval_steps(
    scores: Sequence[float],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    level: float = DEFAULT_CONFIDENCE_LEVEL,
    seed: int = DEFAULT_SEED,
    every: int = PROGRESS_EVERY,
) -> Generator[int, None, Interval]:
    """:func:`bootstrap_interval`, stepwise: the same resamples and the same interval.

    Args:
        scores, resamples, level, seed: as :func:`bootstrap_interval`.
        every: resamples between two steps (>= 1).

    Returns:
        A generator that yields the number of resamples done after every ``every`` of them
        and after the last, and returns the :class:`Interval`.

    Raises:
        TypeError, ValueError: as :func:`bootstrap_interval` (and for ``every``), at once,
            before the first step.
    """
    resamples, seed = check_settings(resamples, seed)
    check_level(level)
    every = check_every(every)
    (column,), scale = exact_columns([("scores", scores)])
    return _interval_steps(column, scale, resamples, level, seed, every)


def _interval_steps(column, scale, resamples, level, seed, every) -> Generator:
    (sums,) = yield from _resampled_sums([column], resamples, seed, every)
    return _interval(sums, len(column) * scale, level)


def paired_bootstrap(
    baseline: Sequence[float],
    system: Sequence[float],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    level: float = DEFAULT_CONFIDENCE_LEVEL,
    seed: int = DEFAULT_SEED,
    progress: Callable[[int], None] | None = None,
) -> PairedResult:
    """Paired bootstrap resampling (Koehn 2004) of a system against a baseline.

    Each resample draws ``N`` items with replacement and takes both systems' means over them.
    The p-value is that of sacreBLEU's ``_paired_bs_test``, centring included, except that ties
    count (``>=``): two identical systems get ``p = 1``, not ``1/(n + 1)``; and it is never below
    :func:`p_value_floor` of the item count. Whether to mark it: :func:`significant`.

    Args:
        baseline: the baseline's item scores.
        system: the system's item scores, item for item (same length).
        resamples: how many resamples (1 to :data:`MAX_RESAMPLES`).
        level: the coverage of the intervals, strictly between 0 and 1.
        seed: the generator's seed.
        progress: called now and then with the number of resamples done.

    Returns:
        The p-value, the observed difference (system − baseline), its interval, its bootstrap
        distribution and both systems' intervals.

    Raises:
        TypeError, ValueError: as :func:`bootstrap_interval`, and for systems of different
            lengths.
    """
    steps = paired_bootstrap_steps(baseline, system, resamples=resamples, level=level, seed=seed)
    return _finish(steps, progress)


def paired_bootstrap_steps(
    baseline: Sequence[float],
    system: Sequence[float],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    level: float = DEFAULT_CONFIDENCE_LEVEL,
    seed: int = DEFAULT_SEED,
    every: int = PROGRESS_EVERY,
) -> Generator[int, None, PairedResult]:
    """:func:`paired_bootstrap`, stepwise: the same resamples and the same result.

    Args:
        baseline, system, resamples, level, seed: as :func:`paired_bootstrap`.
        every: resamples between two steps (>= 1).

    Returns:
        A generator that yields the number of resamples done after every ``every`` of them
        and after the last, and returns the :class:`PairedResult`.

    Raises:
        TypeError, ValueError: as :func:`paired_bootstrap` (and for ``every``), at once,
            before the first step.
    """
    resamples, seed = check_settings(resamples, seed)
    check_level(level)
    every = check_every(every)
    columns, scale = exact_columns([("baseline", baseline), ("system", system)])
    return _paired_bootstrap_steps(columns, scale, resamples, level, seed, every)


def _paired_bootstrap_steps(columns, scale, resamples, level, seed, every) -> Generator:
    base_sums, system_sums = yield from _resampled_sums(columns, resamples, seed, every)
    denominator = len(columns[0]) * scale
    observed = sum(columns[1]) - sum(columns[0])
    deltas = [s - b for b, s in zip(base_sums, system_sums, strict=True)]
    return PairedResult(
        "bs",
        resamples,
        seed,
        observed / denominator,
        bootstrap_p_value(observed, deltas, len(columns[0])),
        tuple(delta / denominator for delta in deltas),
        difference_interval=_interval(deltas, denominator, level),
        baseline_interval=_interval(base_sums, denominator, level),
        system_interval=_interval(system_sums, denominator, level),
        items=len(columns[0]),
    )


def paired_randomization(
    baseline: Sequence[float],
    system: Sequence[float],
    *,
    trials: int = DEFAULT_RANDOMIZATION_TRIALS,
    seed: int = DEFAULT_SEED,
    progress: Callable[[int], None] | None = None,
) -> PairedResult:
    """Paired approximate randomization of a system against a baseline.

    Each trial swaps every item's two scores with probability 1/2 and takes the difference of
    the two shuffled means. The p-value is that of sacreBLEU's ``_paired_ar_test`` except that
    ties count (``>=``): identical systems, or systems that differ on one item only, get
    ``p = 1``, not ``1/(n + 1)``; and it is never below :func:`p_value_floor` of the item count.

    Args:
        baseline: the baseline's item scores.
        system: the system's item scores, item for item (same length).
        trials: how many trials (1 to :data:`MAX_RESAMPLES`).
        seed: the generator's seed.
        progress: called now and then with the number of trials done.

    Returns:
        The p-value, the observed difference (system − baseline) and its distribution over the
        trials (no intervals).

    Raises:
        TypeError, ValueError: as :func:`paired_bootstrap` (``trials`` for ``resamples``).
    """
    return _finish(paired_randomization_steps(baseline, system, trials=trials, seed=seed), progress)


def paired_randomization_steps(
    baseline: Sequence[float],
    system: Sequence[float],
    *,
    trials: int = DEFAULT_RANDOMIZATION_TRIALS,
    seed: int = DEFAULT_SEED,
    every: int = PROGRESS_EVERY,
) -> Generator[int, None, PairedResult]:
    """:func:`paired_randomization`, stepwise: the same trials and the same result.

    Args:
        baseline, system, trials, seed: as :func:`paired_randomization`.
        every: trials between two steps (>= 1).

    Returns:
        A generator that yields the number of trials done after every ``every`` of them and
        after the last, and returns the :class:`PairedResult`.

    Raises:
        TypeError, ValueError: as :func:`paired_randomization` (and for ``every``), at once,
            before the first step.
    """
    trials, seed = check_settings(trials, seed, samples_name="trials")
    every = check_every(every)
    columns, scale = exact_columns([("baseline", baseline), ("system", system)])
    return _randomization_steps(columns, scale, trials, seed, every)


def _randomization_steps(columns, scale, trials, seed, every) -> Generator:
    base, other = columns
    n = len(base)
    deltas = [s - b for b, s in zip(base, other, strict=True)]
    observed = sum(deltas)
    # the sum of the swapped items' differences, 8 items per byte of the trial's random bits
    tables = [_subset_sums(deltas[k : k + 8]) for k in range(0, n, 8)]
    rng, width = random.Random(seed), len(tables)
    shuffled = []
    for trial in range(trials):
        bits = rng.getrandbits(n).to_bytes(width, "little")
        shuffled.append(observed - 2 * sum(map(getitem, tables, bits)))
        if _step_done(trial + 1, trials, every):
            yield trial + 1
    bound = abs(observed)
    count = sum(abs(delta) >= bound for delta in shuffled)
    denominator = n * scale
    return PairedResult(
        "ar",
        trials,
        seed,
        observed / denominator,
        max((count + 1) / (trials + 1), p_value_floor(n)),
        tuple(delta / denominator for delta in shuffled),
        items=n,
    )


def _resampled_sums(columns: list[list[int]], resamples: int, seed: int, every: int):
    """For each column, its sum over the items of each resample (all columns on the same items,
    :func:`charsim.significance.resample.resampled_sums`); a generator yielding the resamples
    done every ``every``, returning the sums."""
    totals: list[list[int]] = [[] for _ in columns]
    for done, sums in enumerate(resampled_sums(columns, resamples, seed), start=1):
        for column, value in zip(totals, sums, strict=True):
            column.append(value)
        if _step_done(done, resamples, every):
            yield done
    return totals


def _subset_sums(values: list[int]) -> list[int]:
    """``table[b]`` = the sum of ``values[j]`` over the bits ``j`` set in ``b``."""
    table = [0]
    for value in values:
        table += [partial + value for partial in table]
    return table


def _interval(sums: list[int], denominator: int, level: float) -> Interval:
    """The interval of the means ``sums / denominator`` (sacreBLEU's ``estimate_ci`` ranks)."""
    return percentile_interval(sums, level, denominator)


def _step_done(done: int, total: int, every: int) -> bool:
    return done % every == 0 or done == total


def _finish(steps: Generator, progress: Callable[[int], None] | None):
    """Run ``steps`` to the end, calling ``progress`` with each step's count; the result.

    Raises:
        TypeError: ``progress`` is neither None nor callable (before any step).
    """
    check_progress(progress)
    while True:
        try:
            done = next(steps)
        except StopIteration as finished:
            return finished.value
        if progress is not None:
            progress(done)
