"""The settings of the resampling and the item counts a test needs: sacreBLEU's defaults
(``sacrebleu/significance.py``, 2.6.0), the limits this package adds, and the checks of both.

* :data:`MIN_ITEMS` and :func:`p_value_floor`: on ``N`` items the exact paired randomization
  test cannot give a p-value below ``2 / 2**N`` (Phipson & Smyth 2010, "Permutation p-values
  should never be zero"), so on fewer than 6 items no difference can be significant at 0.05;
* :data:`MIN_BOOTSTRAP_ITEMS`: the paired bootstrap marks a difference from 300 items on, the
  smallest test set Koehn (2004, "Statistical Significance Tests for Machine Translation
  Evaluation") validated it on;
* :data:`MIN_RESAMPLES` and :data:`MAX_RESAMPLES`: the fewest resamples that give a central 95 %
  interval, and the most that are kept.

The tests themselves are in :mod:`charsim.significance.paired`. Standard library only.
"""

from __future__ import annotations

import math
from numbers import Real

from ..metric.values import counted, flag, whole_number

__all__ = [
    "DEFAULT_CONFIDENCE_LEVEL",
    "DEFAULT_RANDOMIZATION_TRIALS",
    "DEFAULT_RESAMPLES",
    "DEFAULT_SEED",
    "METHODS",
    "MAX_RESAMPLES",
    "MIN_BOOTSTRAP_ITEMS",
    "MIN_ITEMS",
    "MIN_RESAMPLES",
    "PROGRESS_EVERY",
    "SIGNIFICANT",
    "p_value_floor",
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
hundreds of sentences; the survey "自然言語処理における表層マッチング指標 —— 定義・観点・使い分け",
§10.6: few independent units make intervals and tests unstable)."""

MIN_BOOTSTRAP_ITEMS = 300
"""Fewest items on which the paired bootstrap marks a difference significant
(:func:`significant`); on fewer its p-value and intervals are still given, unmarked, and
approximate randomization (``--paired-ar``) is the test to use. 300 sentences is the smallest
test set on which Koehn (2004, "Statistical Significance Tests for Machine Translation
Evaluation") validated the paired bootstrap; Riezler & Maxwell (2005, "On Some Pitfalls in
Automatic Evaluation and Significance Testing for MT") found its p-values less conservative than
approximate randomization's, so more prone to type-I errors (the survey above describes both
tests in its §10.6). How often each test marks a difference that is not there, by the number of
items: ``docs/significance.md`` (``benchmarks/bootstrap_calibration.py``). sacreBLEU has no
minimum."""

MAX_RESAMPLES = 1_000_000
"""Most resamples or trials any function of :mod:`charsim.significance` (and the command line's
``--confidence-n``, ``--paired-bs-n`` and ``--paired-ar-n``) takes: a thousand times sacreBLEU's
default for the bootstrap (1,000), a hundred times its default for approximate randomization
(10,000). Each resample is kept (``PairedResult.differences``), so more would only fill the
memory."""

SIGNIFICANT = 0.05
"""A difference is marked significant (``*``) when its p-value is below this (sacreBLEU's
threshold) and, for the paired bootstrap, its interval leaves out 0 (:func:`significant`)."""

PROGRESS_EVERY = 100
"""Resamples or trials between two progress calls (and two steps of the ``*_steps`` forms)."""


def too_few_items(n_items: int, test: bool = True) -> str | None:
    """Why ``n_items`` items are too few for a paired test (``test``) or for an interval alone
    (None: they are enough); the rule is :data:`MIN_ITEMS`.

    Args:
        n_items: the number of items, a whole number (``int``, ``numpy.int64``) of at least 1.
        test: the reason for a paired test (else for a system's interval).

    Returns:
        The reason, a sentence, or None.

        >>> too_few_items(6) is None, too_few_items(3)
        (True, '3 items are too few: even the exact paired randomization test (all 8 swaps) cannot give p below 0.25 on them, so no difference can be significant at 0.05; at least 6 items are needed')

    Raises:
        TypeError: ``n_items`` is not a whole number (a float, a text, a bool), or ``test`` is
            not a bool.
        ValueError: ``n_items`` is below 1.
    """  # noqa: E501
    n_items, test = item_count(n_items), flag(test, "test")
    if n_items >= MIN_ITEMS:
        return None
    verb, them = ("is", "it") if n_items == 1 else ("are", "them")
    if test:
        swaps = "both of its 2" if n_items == 1 else f"all {2**n_items:,}"
        why = (
            f"even the exact paired randomization test ({swaps} swaps) cannot give p "
            f"below {p_value_floor(n_items):.4g} on {them}, so no difference can be significant "
            "at 0.05"
        )
    else:
        distinct = counted(math.comb(2 * n_items - 1, n_items), "distinct resample")
        why = (
            f"the bootstrap draws from {distinct} of {them}, too few values for a 95 % interval "
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
    n_items = item_count(n_items)
    if n_items >= MIN_BOOTSTRAP_ITEMS:
        return None
    return (
        f"no *: on {counted(n_items, 'item')} the paired bootstrap is over-confident (it "
        f"marks a difference from {MIN_BOOTSTRAP_ITEMS} items on, the smallest test set "
        "Koehn 2004 validated it on); use --paired-ar"
    )


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
    return math.ldexp(1.0, 1 - item_count(n_items))


def item_count(n_items: object) -> int:
    """``n_items`` as an int (``numpy.int64`` too), checked: a test needs items.

    Raises:
        TypeError: ``n_items`` is not a whole number.
        ValueError: ``n_items`` is below 1.
    """
    return _at_least_one(n_items, "n_items", "a test needs items")


def check_settings(samples: int, seed: int, samples_name: str = "resamples") -> tuple[int, int]:
    """``(samples, seed)`` as ints (``numpy.int64`` too), checked.

    Raises:
        TypeError: either is not a whole number.
        ValueError: ``samples`` outside 1 to :data:`MAX_RESAMPLES` (named ``samples_name``), or
            ``seed`` below 0.
    """
    samples, seed = whole_number(samples, samples_name), whole_number(seed, "seed")
    if samples < 1:
        raise ValueError(f"{samples_name} must be at least 1, got {samples}")
    if samples > MAX_RESAMPLES:
        raise ValueError(
            f"{samples_name} must be at most {MAX_RESAMPLES:,} (each one is kept), got {samples:,}"
        )
    if seed < 0:
        raise ValueError(f"seed must be at least 0, got {seed}")
    return samples, seed


def check_level(level: float) -> None:
    """Refuse a coverage ``level`` that is not strictly between 0 and 1.

    Raises:
        TypeError: ``level`` is not a real number (a text, a bool).
        ValueError: ``level`` is NaN or outside (0, 1).
    """
    if isinstance(level, bool) or not isinstance(level, Real):
        raise TypeError(f"level must be a number, got {type(level).__name__}")
    if not 0 < level < 1:
        raise ValueError(f"level must be strictly between 0 and 1 (0.95 for 95 %), got {level}")


def check_every(every: int) -> int:
    """``every`` (resamples or trials between two steps) as an int, checked.

    Raises:
        TypeError: ``every`` is not a whole number.
        ValueError: ``every`` is below 1.
    """
    return _at_least_one(every, "every", "resamples or trials per step")


def _at_least_one(value: object, name: str, why: str) -> int:
    value = whole_number(value, name)
    if value < 1:
        raise ValueError(f"{name} must be at least 1 ({why}), got {value}")
    return value
