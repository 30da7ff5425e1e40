"""Order cap and order weights: the standard settings and their derived variants (§2.5, §5.7, §6.4).

The standard charsim uses weight ``1/n`` for order ``n`` and sums orders ``1..N`` with
``N = min(N', 32)``, ``N' = max(|t|, max_i |r_i|) + 2``. Any other cap or uniform weights give a
*derived variant*, which results and signatures label as such.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm

from .values import whole_number

__all__ = [
    "DEFAULT_MAX_ORDER",
    "DEFAULT_WEIGHTS",
    "MAX_ORDER_LIMIT",
    "WEIGHTS",
    "Config",
    "ScaledWeights",
]

DEFAULT_MAX_ORDER = 32
"""The order cap of §2.5."""

MAX_ORDER_LIMIT = 64
"""Largest order cap accepted, by :class:`Config` (so by every function that takes
``max_order``), the command line and the explorer (§5.7's tables stop at 64).

The work per item grows with ``min(cap, length)``: without a cap, a long line with many matches
would cost time and memory that grow with the square of its length (``docs/benchmarks.md``).
"""

DEFAULT_WEIGHTS = "harmonic"
"""Weight ``1/n`` for order ``n`` (§2.2)."""

WEIGHTS = ("harmonic", "uniform")
"""Accepted weight schemes: ``"harmonic"`` (1/n, standard) and ``"uniform"`` (1, §6.4 variant)."""


@dataclass(frozen=True)
class Config:
    """Order cap and weight scheme of one computation.

    Args:
        max_order: the cap on the order ``n``, an int from 1 to :data:`MAX_ORDER_LIMIT` (64);
            32 is standard (§2.5).
        weights: ``"harmonic"`` for ``1/n`` (standard) or ``"uniform"`` for 1 (derived, §6.4).

    Raises:
        TypeError: ``max_order`` is not an int.
        ValueError: ``max_order`` outside 1..64 or ``weights`` not one of :data:`WEIGHTS`.
    """

    max_order: int = DEFAULT_MAX_ORDER
    weights: str = DEFAULT_WEIGHTS

    def __post_init__(self) -> None:
        object.__setattr__(self, "max_order", whole_number(self.max_order, "max_order"))
        if self.max_order < 1:
            raise ValueError(f"max_order must be at least 1, got {self.max_order}")
        if self.max_order > MAX_ORDER_LIMIT:
            raise ValueError(
                f"max_order must be at most {MAX_ORDER_LIMIT} (32 is charsim), got {self.max_order}"
            )
        if self.weights not in WEIGHTS:
            raise ValueError(f"weights must be one of {WEIGHTS}, got {self.weights!r}")

    @property
    def is_standard(self) -> bool:
        """True for the article's settings (cap 32, weights 1/n); False for a derived variant."""
        return self.max_order == DEFAULT_MAX_ORDER and self.weights == DEFAULT_WEIGHTS

    @property
    def derived_note(self) -> str:
        """``""`` for the article's settings; for a derived variant, a sentence saying so and why
        (the command line prints it, the explorer shows it)."""
        if self.is_standard:
            return ""
        weights = "1/n" if self.weights == "harmonic" else "uniform"
        return (
            f"Derived variant — not charsim: the article fixes the cap at {DEFAULT_MAX_ORDER} and "
            f"the weights at 1/n; this uses cap {self.max_order} and {weights} weights "
            "(§5.7, §6.4)."
        )

    def order_cap(self, longest: int) -> int:
        """``N = min(N', max_order)`` with ``N' = longest + 2`` (§2.5).

        Args:
            longest: ``max(|t|, max_i |r_i|)`` in characters (code points).
        """
        return min(longest + 2, self.max_order)

    def weight(self, n: int) -> Fraction:
        """The exact weight of order ``n``: ``1/n`` (harmonic) or ``1`` (uniform)."""
        return Fraction(1, n) if self.weights == "harmonic" else Fraction(1)

    def scaled_weights(self, order_cap: int) -> ScaledWeights:
        """Integer weights of orders ``1..order_cap`` over one common denominator (cached)."""
        return _scaled_weights(self.weights, order_cap)


@dataclass(frozen=True)
class ScaledWeights:
    """Weights ``w_n = values[n - 1] / scale`` for ``n = 1..N``, for exact integer sums.

    Attributes:
        scale: the common denominator ``W`` (the LCM of ``1..N`` for 1/n weights, else 1).
        values: ``w_n · W`` for ``n = 1..N``.
    """

    scale: int
    values: tuple[int, ...]
    _sums: tuple[int, ...]  # _sums[m] = Σ_{n=2..m} w_n W
    _moments: tuple[int, ...]  # _moments[m] = Σ_{n=2..m} n w_n W

    def weighted_length(self, length: int) -> int:
        """``Σ_{n=1..N} ℓ_{x,n} w_n · W`` for a text of ``length`` characters (§1.2, §2.2).

        Closed form of the sum with ``ℓ_{x,1} = |x|`` and ``ℓ_{x,n} = |x| + 3 - n`` for
        ``2 <= n <= |x| + 2`` (0 beyond, and 0 for the empty text): O(1).
        """
        if length == 0:
            return 0
        top = min(len(self.values), length + 2)
        return length * self.values[0] + (length + 3) * self._sums[top] - self._moments[top]


@lru_cache(maxsize=256)
def _scaled_weights(weights: str, order_cap: int) -> ScaledWeights:
    if weights == "uniform":
        scale, values = 1, (1,) * order_cap
    else:
        scale = lcm(*range(1, order_cap + 1)) if order_cap > 1 else 1
        values = tuple(scale // n for n in range(1, order_cap + 1))
    sums, moments = [0, 0], [0, 0]
    for n in range(2, order_cap + 1):
        sums.append(sums[-1] + values[n - 1])
        moments.append(moments[-1] + n * values[n - 1])
    return ScaledWeights(scale, values, tuple(sums), tuple(moments))
