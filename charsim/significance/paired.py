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
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real
from operator import getitem

from ..metric.display import RichDisplay
from ..metric.values import as_tuple, check_progress, counted, flag, whole_number
from .resample import Interval, percentile_interval, resampled_sums

__all__ = [
    "DEFAULT_CONFIDENCE_LEVEL",
    "DEFAULT_RANDOMIZATION_TRIALS",
    "DEFAULT_RESAMPLES",
    "DEFAULT_SEED",
    "METHODS",
    "MAX_RESAMPLES",
    "MAX_SCORE",
    "MIN_BOOTSTRAP_ITEMS",
    "MIN_ITEMS",
    "MIN_RESAMPLES",
    "PROGRESS_EVERY",
    "Interval",
    "PairedResult",
    "SIGNIFICANT",
    "bootstrap_interval",
    "bootstrap_p_value",
    "bootstrap_interval_steps",
    "p_value_decimals",
    "p_value_floor",
    "paired_bootstrap",
    "paired_bootstrap_steps",
    "paired_randomization",
    "paired_randomization_steps",
    "significant",
    "too_few_for_bootstrap",
    "too_few_items",
]

DEFAULT_SEED = 12345
"""The seed of every resampling unless another is given (sacreBLEU's ``SACREBLEU_SEED``)."""
DEFAULT_RESAMPLES = 1000
"""Bootstrap resamples, for intervals and the paired bootstrap (sacreBLEU's default)."""
DEFAULT_RANDOMIZATION_TRIALS = 10_000
"""Trials of paired approximate randomization (sacreBLEU's default)."""
DEFAULT_CONFIDENCE_LEVEL = 0.95
"""The coverage of an interval: 95 %."""
METHODS = {"bs": "paired bootstrap resampling", "ar": "paired approximate randomization"}
"""The paired tests, by the name the signature gives them."""

MIN_RESAMPLES = 40
"""Fewest resamples or trials the command line takes. A 95 % interval leaves out the
``n // 40`` lowest and highest resampled means, so below 40 it would be their whole range, not a
central 95 %; and a p-value is at least ``1/(n + 1)``, which needs ``n >= 20`` to go below 0.05.
One minimum for the bootstrap and approximate randomization."""
MIN_ITEMS = 6
"""Fewest items the command line tests or gives an interval for. On ``N`` items the exact
paired randomization test (all ``2**N`` swaps of the two systems' item scores, of which
approximate randomization draws) cannot give a two-sided p-value below ``2 / 2**N``: 0.0625 for
5 items, 0.03125 for 6. On fewer no difference can be significant at 0.05, so a paired bootstrap
that says so (one item: every resample is the observed one, ``p = 1/(n + 1)``) is over-confident,
and its intervals, drawn from at most ``C(2N − 1, N)`` distinct resamples (126 for 5 items),
are too few values to be a 95 % interval (Koehn 2004 and sacreBLEU assume test sets of
hundreds of sentences; the survey ``../shared/spec/001_542e8b0ddb6cdfe0.txt``, §10.6: few
independent units make intervals and tests unstable)."""

MIN_BOOTSTRAP_ITEMS = 300
"""Fewest items on which the paired bootstrap marks a difference significant
(:func:`significant`); on fewer its p-value and intervals are still given, unmarked, and
approximate randomization (``--paired-ar``) is the test to use. 300 sentences is the smallest
test set on which Koehn (2004, "Statistical Significance Tests for Machine Translation
Evaluation") validated the paired bootstrap; Riezler & Maxwell (2005, "On Some Pitfalls in
Automatic Evaluation and Significance Testing for MT") found its p-values less conservative than
approximate randomization's, so more prone to type-I errors (the survey
``../shared/spec/001_542e8b0ddb6cdfe0.txt`` cites both, references 36 and 37; its §10.6
describes both tests). Measured on TED item scores under the null hypothesis (each item's two
scores swapped at random, 400 tests per size; ``benchmarks/bootstrap_calibration.py``), the
bootstrap marked 12.5 % of the tests at 6 items, 8–10 % from 12 to 50, 7.5 % at 100 and 6 % at
200 and 300, for a nominal 5 %; approximate randomization 2.5–6 % at every size. sacreBLEU has
no minimum."""

MAX_RESAMPLES = 1_000_000
"""Most resamples or trials any function here (and the command line's ``--confidence-n``,
``--paired-bs-n`` and ``--paired-ar-n``) takes: a thousand times sacreBLEU's default for the
bootstrap (1,000), a hundred times its default for approximate randomization (10,000). Each
resample is kept (``PairedResult.differences``), so more would only fill the memory."""

SIGNIFICANT = 0.05
"""A difference is marked significant (``*``) when its p-value is below this (sacreBLEU's
threshold) and, for the paired bootstrap, its interval leaves out 0 (:func:`significant`)."""

MAX_SCORE = 1e300
"""The largest magnitude of a score resampled: the difference of two such scores, and every mean,
is still a float (larger ones raise ValueError, not OverflowError)."""

PROGRESS_EVERY = 100
"""Resamples or trials between two progress calls (and two steps of the ``*_steps`` forms)."""


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


def too_few_items(n_items: int, test: bool = True) -> str | None:
    """Why ``n_items`` items are too few for a paired test (``test``) or for an interval alone
    (None: they are enough); the rule is :data:`MIN_ITEMS`.

    Args:
        n_items: the number of items, a whole number (``int``, ``numpy.int64``) of at least 1.
        test: the reason for a paired test (else for a system's interval).

    Returns:
        The reason, a sentence, or None.

        >>> too_few_items(6) is None, too_few_items(3)
        (True, '3 items are too few: there even the exact paired randomization test (all 8 swaps) cannot give p below 0.25, so no difference can be significant at 0.05; at least 6 items are needed')

    Raises:
        TypeError: ``n_items`` is not a whole number (a float, a text, a bool), or ``test`` is
            not a bool.
        ValueError: ``n_items`` is below 1.
    """  # noqa: E501
    n_items, test = _item_count(n_items), flag(test, "test")
    if n_items >= MIN_ITEMS:
        return None
    verb = "is" if n_items == 1 else "are"
    if test:
        swaps = 2**n_items
        why = (
            f"there even the exact paired randomization test (all {swaps:,} swaps) cannot give "
            f"p below {p_value_floor(n_items):.4g}, so no difference can be significant at 0.05"
        )
    else:
        distinct = counted(math.comb(2 * n_items - 1, n_items), "distinct resample")
        why = (
            f"the bootstrap draws from {distinct} of them, too few values for a 95 % interval "
            "(the rule of the paired tests)"
        )
    needed = f"at least {MIN_ITEMS} items are needed"
    return f"{counted(n_items, 'item')} {verb} too few: {why}; {needed}"


def too_few_for_bootstrap(n_items: int) -> str | None:
    """Why the paired bootstrap marks no difference on ``n_items`` items (None: they are
    enough); the rule is :data:`MIN_BOOTSTRAP_ITEMS`.

        >>> too_few_for_bootstrap(300) is None, too_few_for_bootstrap(6)
        (True, 'no *: on 6 items the paired bootstrap is over-confident (it marks a difference from 300 items on, the smallest test set Koehn 2004 validated it on); use --paired-ar')

    Args:
        n_items: the number of items, a whole number of at least 1.

    Returns:
        The reason, a sentence, or None.

    Raises:
        TypeError: ``n_items`` is not a whole number.
        ValueError: ``n_items`` is below 1.
    """  # noqa: E501
    n_items = _item_count(n_items)
    if n_items >= MIN_BOOTSTRAP_ITEMS:
        return None
    return (f"no *: on {counted(n_items, 'item')} the paired bootstrap is over-confident (it "
            f"marks a difference from {MIN_BOOTSTRAP_ITEMS} items on, the smallest test set "
            "Koehn 2004 validated it on); use --paired-ar")  # fmt: skip


def p_value_floor(n_items: int) -> float:
    """The smallest p-value that ``n_items`` paired items can support: ``2 / 2**n_items``, the
    least the exact paired randomization test gives (its ``2**N`` swaps always include the
    observed one and its mirror image; Phipson & Smyth 2010). Both paired tests report no p
    below it (module docstring).

        >>> p_value_floor(6), p_value_floor(1)
        (0.03125, 1.0)

    Args:
        n_items: the number of items, a whole number of at least 1.

    Returns:
        The floor, in (0, 1] (0.0 once it is below the smallest float).

    Raises:
        TypeError: ``n_items`` is not a whole number.
        ValueError: ``n_items`` is below 1.
    """
    return math.ldexp(1.0, 1 - _item_count(n_items))


def bootstrap_p_value(observed: Real, differences: Sequence[Real], n_items: int) -> float:
    """The p-value of paired bootstrap resampling (Koehn 2004) as sacreBLEU centres it, ties
    counted: ``(c + 1) / (n + 1)`` for the ``c`` of ``n`` resampled differences ``Δ*`` with
    ``|Δ*| − mean(|Δ*|) >= |Δ|``, never below :func:`p_value_floor` of ``n_items`` (module
    docstring). Exact: the comparison is made in fractions (floats are dyadic fractions).

        >>> bootstrap_p_value(1, [1, 2, 3, 0, 4, 2], n_items=300)
        0.42857142857142855

    (``mean |Δ*| = 2``, and ``|Δ*| − 2 >= 1`` for 3 and 4: ``(2 + 1) / (6 + 1)``.)

    Args:
        observed: the observed difference ``Δ`` (any statistic: a difference of means, of
            correlations, ...).
        differences: the same difference in each resample (at least one).
        n_items: the number of items resampled.

    Returns:
        The p-value, in (0, 1].

    Raises:
        ValueError: no differences; ``n_items`` below 1.
        TypeError: ``n_items`` is not a whole number.
    """
    if not differences:
        raise ValueError("no resampled differences: a p-value needs at least one resample")
    n = len(differences)
    sizes = [abs(_exact(delta)) for delta in differences]
    # |Δ*| − mean(|Δ*|) >= |Δ|, multiplied by n: exact
    bound, total = n * abs(_exact(observed)), sum(sizes)
    count = sum(n * size - total >= bound for size in sizes)
    return max((count + 1) / (n + 1), p_value_floor(n_items))


def _exact(value: Real) -> int | Fraction:
    """``value`` as an exact int or fraction (an int as it is: the common case, kept fast)."""
    return value if isinstance(value, int) else Fraction(value)


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


def _item_count(n_items: object) -> int:
    n_items = whole_number(n_items, "n_items")
    if n_items < 1:
        raise ValueError(f"n_items must be at least 1 (a test needs items), got {n_items}")
    return n_items


def p_value_decimals(p_value: float) -> int:
    """The decimals that show a p-value: 4, as sacreBLEU prints it (``p = 0.0010``); for a
    p-value that would print as ``0.0000`` (below 0.00005: possible from 20,000 resamples or
    trials on), enough for two significant digits.

        >>> [f"{p:.{p_value_decimals(p)}f}" for p in (0.0123, 1 / 1001, 1 / 100001)]
        ['0.0123', '0.0010', '0.0000100']

    Args:
        p_value: a p-value, a real number from 0 to 1.

    Returns:
        The number of decimals.

    Raises:
        TypeError: ``p_value`` is not a real number (a text, a bool).
        ValueError: ``p_value`` is NaN or outside [0, 1].
    """
    if isinstance(p_value, bool) or not isinstance(p_value, Real):
        raise TypeError(f"p_value must be a number, got {type(p_value).__name__}")
    if not 0 <= p_value <= 1:  # NaN too
        raise ValueError(f"p_value must be from 0 to 1, got {p_value}")
    return 4 if p_value >= 0.00005 or p_value <= 0 else 1 - math.floor(math.log10(p_value))


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
    resamples, seed = _check_settings(resamples, seed)
    _check_level(level)
    every = _check_every(every)
    (column,), scale = _exact_columns([("scores", scores)])
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
    resamples, seed = _check_settings(resamples, seed)
    _check_level(level)
    every = _check_every(every)
    columns, scale = _exact_columns([("baseline", baseline), ("system", system)])
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
    trials, seed = _check_settings(trials, seed, samples_name="trials")
    every = _check_every(every)
    columns, scale = _exact_columns([("baseline", baseline), ("system", system)])
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


def _check_settings(samples: int, seed: int, samples_name: str = "resamples") -> tuple[int, int]:
    """``(samples, seed)`` as ints (``numpy.int64`` too), checked."""
    samples, seed = whole_number(samples, samples_name), whole_number(seed, "seed")
    if samples < 1:
        raise ValueError(f"{samples_name} must be at least 1, got {samples}")
    if samples > MAX_RESAMPLES:
        raise ValueError(f"{samples_name} must be at most {MAX_RESAMPLES:,} (each one is kept), "
                         f"got {samples:,}")  # fmt: skip
    if seed < 0:
        raise ValueError(f"seed must be at least 0, got {seed}")
    return samples, seed


def _check_level(level: float) -> None:
    if isinstance(level, bool) or not isinstance(level, Real):
        raise TypeError(f"level must be a number, got {type(level).__name__}")
    if not 0 < level < 1:
        raise ValueError(f"level must be strictly between 0 and 1 (0.95 for 95 %), got {level}")


def _exact_columns(named: list[tuple[str, Sequence[float]]]) -> tuple[list[list[int]], int]:
    """Each column of scores as exact integers ``score · scale`` over one common ``scale`` (a
    power of two: every float is an integer over a power of two)."""
    ratios = []
    named = [(name, as_tuple(scores, f"{name} must be a sequence of numbers"))
             for name, scores in named]  # fmt: skip
    for name, scores in named:
        if not scores:
            raise ValueError(f"{name} holds no scores: nothing to resample")
        if len(scores) != len(named[0][1]):
            raise ValueError(
                f"{name} has {counted(len(scores), 'score')} but {named[0][0]} has "
                f"{counted(len(named[0][1]), 'score')}; a paired test needs one score per item "
                "from each"
            )
        ratios.append([_ratio(value, name, i) for i, value in enumerate(scores)])
    scale = max(denominator for column in ratios for _, denominator in column)
    return [[num * (scale // den) for num, den in column] for column in ratios], scale


def _ratio(value: float, name: str, index: int) -> tuple[int, int]:
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{name}[{index}] (item {index + 1}) must be a number, "
                        f"got {type(value).__name__}")  # fmt: skip
    try:
        shown = value = float(value)
    except OverflowError:  # an int or a Fraction beyond the floats: ValueError, as documented
        value, shown = math.inf, "too large for a float"
    if not math.isfinite(value) or abs(value) > MAX_SCORE:
        raise ValueError(f"{name}[{index}] (item {index + 1}) is {shown}: scores must be finite "
                         f"numbers of magnitude at most {MAX_SCORE:g}")  # fmt: skip
    return value.as_integer_ratio()


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


def _check_every(every: int) -> int:
    every = whole_number(every, "every")
    if every < 1:
        raise ValueError(f"every must be at least 1 (resamples or trials per step), got {every}")
    return every


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
