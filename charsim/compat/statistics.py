"""charsim's item scores as sacreBLEU's sufficient statistics, summed exactly.

sacreBLEU's paired tests (``sacrebleu/significance.py``, 2.6.0: ``PairedTest``, bootstrap and
approximate randomization) never see item scores: they take a metric's statistics per item
(``_extract_corpus_statistics``), sum the rows of each resample, and ask the metric for the score
of the sums (``_compute_score_from_stats``). charsim's corpus score is the mean of its item
scores (§3.1), so an item's statistics are its count (1) and its score, and the score of summed
statistics is their sum's mean, as :func:`charsim.paired_bootstrap` takes the mean of a
resample.

sacreBLEU converts the statistics to ``float32`` before it sums them, which holds integers up to
``2**24`` exactly and a float score to 24 bits only. So an item's score ``s`` is written as the
integer ``s · 2**SCALE_BITS`` in base-256 digits, one column each: a digit is at most 255, a sum
over :data:`MAX_ITEMS` rows at most ``2**24 − 1``, and every sum is exact; the mean is then the
exact sum divided by the count, rounded once, the number :func:`charsim.corpus.score_rows`
gives for the same items.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

__all__ = ["MAX_ITEMS", "SCALE_BITS", "item_statistics", "mean_of_statistics", "summed"]

SCALE_BITS = 104
"""A float ``s`` in ``[2**-52, 1]`` is an integer multiple of ``2**-104`` (its 53-bit mantissa),
so ``s · 2**104`` is an integer of at most 105 bits."""
DIGIT_BITS = 8
DIGITS = math.ceil((SCALE_BITS + 1) / DIGIT_BITS)
"""Base-256 digits of ``s · 2**104`` for ``s <= 1``: 14 columns, after the count."""
MAX_ITEMS = (2**24 - 1) // (2**DIGIT_BITS - 1)
"""The most items whose digits sum exactly in ``float32`` (65,793): a resample of ``N`` items
sums ``N`` rows."""
_SMALLEST = 2.0**-52


def item_statistics(score: float) -> list[int]:
    """One item's statistics: ``[1, d_0, ..., d_13]``, the count and the base-256 digits of
    ``score · 2**104``, lowest first.

    Args:
        score: the item's charsim score, a float in ``[0, 1]``.

    Raises:
        ValueError: ``score`` is below ``2**-52`` and not 0 (its digits would not be exact), or
            outside ``[0, 1]``.
    """
    if not 0 <= score <= 1 or 0 < score < _SMALLEST:
        raise ValueError(
            f"an item score of {score!r} cannot be written exactly as sacreBLEU's statistics "
            "(0, or 2**-52 to 1): use charsim's own tests, charsim.paired_bootstrap"
        )
    scaled = int(Fraction(score) * 2**SCALE_BITS)
    return [1, *((scaled >> (DIGIT_BITS * j)) & 0xFF for j in range(DIGITS))]


def summed(rows: Iterable[Sequence[float]]) -> list[int]:
    """The column sums of statistics rows (Python ints, exact)."""
    totals = [0] * (DIGITS + 1)
    for row in rows:
        for column, value in enumerate(_whole(row)):
            totals[column] += value
    return totals


def mean_of_statistics(stats: Sequence[float]) -> tuple[float, int]:
    """The mean item score of summed statistics (rounded once) and the number of items.

    Args:
        stats: the column sums of :func:`item_statistics` rows, as sacreBLEU sums them (ints,
            or ``float32`` values that hold whole numbers).

    Raises:
        ValueError: a value that is not a whole number (the sums were not exact), a row of
            another length, or a count of 0.
    """
    count, *digits = _whole(stats)
    if count < 1:
        raise ValueError("no item in the statistics: a mean of no items has no charsim score")
    total = sum(digit << (DIGIT_BITS * j) for j, digit in enumerate(digits))
    return float(Fraction(total, count << SCALE_BITS)), count


def _whole(row: Sequence[float]) -> list[int]:
    """``row``'s values as ints, each checked to be a whole number.

    Raises:
        ValueError: a value that is not whole, or a row that is not ``DIGITS + 1`` long.
    """
    values = list(row)
    if len(values) != DIGITS + 1 or any(value != int(value) for value in values):
        raise ValueError(
            f"not charsim's statistics: expected {DIGITS + 1} whole numbers per row (a count "
            f"and {DIGITS} digits), got {values[:4]}..."
        )
    return [int(value) for value in values]
