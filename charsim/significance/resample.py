"""The bootstrap's one resampling loop: sums of per-item columns over resampled items.

Every statistic charsim resamples is a function of sums over items: a corpus score is the sum of
item scores over their number; a correlation with human judgments (:mod:`charsim.agreement`)
is one of the sums of its item's values, squares and products, or of sacreBLEU's sufficient
statistics. So a resample is a set of sums, never a recount: :func:`resampled_sums` draws the
resamples and adds up, for each, every column at once.

Determinism: resample ``j`` of ``N`` items is the ``j``-th ``choices(range(N), k=N)`` of one
``random.Random(seed)`` (as :func:`charsim.paired_bootstrap` draws them), and every column is
summed exactly, as integers (:func:`exact_column` writes a column of floats or fractions as
integers over one scale), so the sums are the same on every platform, CPython and Pyodide alike.
Standard library only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational, Real

from ..metric.values import counted

__all__ = [
    "Interval",
    "PackedColumns",
    "exact_column",
    "pack_columns",
    "percentile_interval",
    "resampled_sums",
    "tail_rank",
]


@dataclass(frozen=True)
class Interval:
    """A bootstrap confidence interval of a mean (or of a difference of two means, or of any
    statistic of resampled items).

    Attributes:
        low: the lower bound (a resampled value, see :func:`percentile_interval`).
        high: the upper bound.
        mean: ``μ``, the mean of the resampled values (sacreBLEU's "true mean" estimate).
        level: the intended coverage, e.g. 0.95.
    """

    low: float
    high: float
    mean: float
    level: float

    @property
    def half_width(self) -> float:
        """``(high − low) / 2``: the ``±`` that sacreBLEU prints after ``μ``."""
        return (self.high - self.low) / 2


def exact_column(values: Sequence[Real], name: str = "values") -> tuple[list[int], int]:
    """A column of exact numbers as integers over one common scale.

    Floats are dyadic fractions, so ``x.as_integer_ratio()`` is exact; a :class:`Fraction` (an
    MQM score is a multiple of 1/10 over a number of raters) keeps its denominator. The scale is
    the least common multiple of the denominators.

        >>> exact_column([0.5, Fraction(1, 3), 2])
        ([3, 2, 12], 6)

    Args:
        values: real numbers: ints, floats, :class:`Fraction` (not bool).
        name: what the column holds, for the messages.

    Returns:
        ``(integers, scale)``: ``values[i] == integers[i] / scale`` exactly.

    Raises:
        TypeError: a value is not a real number.
        ValueError: a value is NaN or infinite (the message names its index).
    """
    ratios = []
    for index, value in enumerate(values):
        if type(value) is float and math.isfinite(value):  # the common case, first
            ratios.append(value.as_integer_ratio())
        elif isinstance(value, bool) or not isinstance(value, Real):
            raise TypeError(f"{name}[{index}] must be a number, got {type(value).__name__}")
        elif isinstance(value, Rational):
            ratios.append((value.numerator, value.denominator))
        elif math.isfinite(value):
            ratios.append(float(value).as_integer_ratio())
        else:
            raise ValueError(f"{name}[{index}] is {value}: only finite numbers can be resampled")
    scale = math.lcm(*(denominator for _, denominator in ratios)) if ratios else 1
    return [numerator * (scale // denominator) for numerator, denominator in ratios], scale


@dataclass(frozen=True)
class PackedColumns:
    """Integer columns packed side by side into one integer per item, so that one ``sum`` of
    ``N`` packed integers adds up every column of a resample (:func:`pack_columns`).

    Attributes:
        items: one packed integer per item.
        fields: per column, ``(first byte, end byte, N · its lowest value)``: where its sum lies
            in a packed sum's bytes, and what to add back.
        size: the bytes of a packed sum.
    """

    items: tuple[int, ...]
    fields: tuple[tuple[int, int, int], ...]
    size: int


def pack_columns(columns: Sequence[Sequence[int]]) -> PackedColumns:
    """Pack integer columns (one integer per item each) for :func:`resampled_sums`: each is
    shifted to be at least 0 and given whole bytes wide enough for a sum of ``N`` items.

    Raises:
        ValueError: no columns, no items, or columns of different lengths.
    """
    if not columns or not columns[0]:
        raise ValueError("nothing to resample: no columns or no items")
    n = len(columns[0])
    if any(len(column) != n for column in columns):
        lengths = sorted({len(column) for column in columns})
        raise ValueError(f"columns of different lengths cannot be resampled together: {lengths}")
    lows = [min(column) for column in columns]
    widths = [
        max(1, (max(column) - low) * n).bit_length() + 7 >> 3
        for column, low in zip(columns, lows, strict=True)
    ]
    offsets = [0]
    for width in widths:
        offsets.append(offsets[-1] + width)
    packed = [0] * n
    for column, low, offset in zip(columns, lows, offsets, strict=False):
        shift = 8 * offset
        for i, value in enumerate(column):
            packed[i] += (value - low) << shift
    fields = zip(offsets, offsets[1:], [n * low for low in lows], strict=False)
    return PackedColumns(tuple(packed), tuple(fields), offsets[-1])


def resampled_sums(
    columns: Sequence[Sequence[int]] | PackedColumns,
    resamples: int,
    seed: int,
    skip: int = 0,
) -> Iterator[tuple[int, ...]]:
    """For each bootstrap resample of the items, the sum of every column over its items.

    Column ``c`` holds one integer per item; every column is summed over the same resampled
    items, all at once (:func:`pack_columns`).

        >>> list(resampled_sums([[1, 2, 3], [10, 20, 30]], resamples=2, seed=1))
        [(7, 70), (5, 50)]

    (the items of the two resamples, counted from 0: 0, 2, 2 and 0, 1, 1.)

    Args:
        columns: at least one column, all of the same length ``N >= 1`` (the items), or the
            columns packed.
        resamples: how many resamples (>= 0), counted from the first, ``skip`` included.
        seed: the seed of ``random.Random``.
        skip: resamples drawn but not summed first: resamples ``skip`` to ``resamples - 1``
            are the same as in a run from the first (a run can be split among processes).

    Yields:
        One tuple of column sums per resample, in the order drawn.

    Raises:
        ValueError: no columns, no items, or columns of different lengths.
    """
    packed = columns if isinstance(columns, PackedColumns) else pack_columns(columns)
    items, fields, size = packed.items, packed.fields, packed.size
    rng, n = random.Random(seed), len(items)
    for _ in range(min(skip, resamples)):
        rng.choices(items, k=n)
    for _ in range(skip, resamples):
        data = sum(rng.choices(items, k=n)).to_bytes(size, "little")
        yield tuple(int.from_bytes(data[a:b], "little") + base for a, b, base in fields)


def tail_rank(n: int, level: float) -> int:
    """The rank (0-based, in ascending order) of the lower bound of a percentile interval of
    ``n`` resampled values at coverage ``level``: ``⌊n · (1 − level) / 2⌋`` (``n // 40`` at 95 %),
    sacreBLEU's ``estimate_ci``; the upper bound is rank ``n − 1 −`` that.

        >>> tail_rank(1000, 0.95), tail_rank(39, 0.95)
        (25, 0)
    """
    return math.floor(n * (1 - Fraction(str(level))) / 2)


def percentile_interval(values: Sequence[Real], level: float, scale: int = 1):
    """The percentile interval of resampled values (sacreBLEU's ``estimate_ci`` ranks,
    :func:`tail_rank`), with the mean of all of them; every value is divided by ``scale`` first.

    Exact: the bounds are the values at their ranks and the mean is the exact mean, each rounded
    once to a float.

        >>> percentile_interval([3, 1, 2], 0.95, scale=2)
        Interval(low=0.5, high=1.5, mean=1.0, level=0.95)

    Args:
        values: at least one resampled value (ints, floats or fractions).
        level: the coverage, strictly between 0 and 1.
        scale: what each value is divided by (a column's scale, :func:`exact_column`).

    Returns:
        An :class:`Interval`.

    Raises:
        ValueError: no values.
    """
    if not values:
        raise ValueError(f"no resampled values: an interval needs {counted(1, 'value')} or more")
    ordered = sorted(values)
    n, tail = len(ordered), tail_rank(len(ordered), level)
    numerators, common = exact_column(ordered, "values")
    total = Fraction(sum(numerators), common)
    return Interval(
        float(Fraction(ordered[tail]) / scale),
        float(Fraction(ordered[n - 1 - tail]) / scale),
        float(total / (n * scale)),
        level,
    )
