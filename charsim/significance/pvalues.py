"""The p-value of paired bootstrap resampling (Koehn 2004, "Statistical Significance Tests for
Machine Translation Evaluation") as sacreBLEU's ``_paired_bs_test`` centres it
(``sacrebleu/significance.py``, 2.6.0), ties counted and never below
:func:`~charsim.significance.limits.p_value_floor`, and how many decimals show a p-value.
Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from numbers import Real

from .limits import p_value_floor

__all__ = ["bootstrap_p_value", "p_value_decimals"]


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
