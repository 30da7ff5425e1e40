"""Item scores as exact integers: each column of float scores written as integers over one
common scale, a power of two (every finite float is an integer over a power of two, IEEE 754:
https://docs.python.org/3/library/stdtypes.html#float.as_integer_ratio), so that the sums of
:mod:`charsim.significance.paired`'s resamples are exact and tie exactly on every platform.
Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Real

from ..metric.values import as_tuple, counted

__all__ = ["MAX_SCORE", "exact_columns"]

MAX_SCORE = 1e300
"""The largest magnitude of a score resampled: the difference of two such scores, and every mean,
is still a float (larger ones raise ValueError, not OverflowError)."""


def exact_columns(named: list[tuple[str, Sequence[float]]]) -> tuple[list[list[int]], int]:
    """Each column of scores as exact integers ``score · scale`` over one common ``scale`` (a
    power of two: every float is an integer over a power of two)."""
    ratios = []
    named = [
        (name, as_tuple(scores, f"{name} must be a sequence of numbers")) for name, scores in named
    ]
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
        raise TypeError(
            f"{name}[{index}] (item {index + 1}) must be a number, got {type(value).__name__}"
        )
    try:
        shown = value = float(value)
    except OverflowError:  # an int or a Fraction beyond the floats: ValueError, as documented
        value, shown = math.inf, "too large for a float"
    if not math.isfinite(value) or abs(value) > MAX_SCORE:
        raise ValueError(
            f"{name}[{index}] (item {index + 1}) is {shown}: scores must be finite "
            f"numbers of magnitude at most {MAX_SCORE:g}"
        )
    return value.as_integer_ratio()
