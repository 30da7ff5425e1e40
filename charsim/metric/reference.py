"""A reference set precomputed once and reused for many candidates (§7.2).

The table ``K · F_g(m) = Σ_i min(c_{r_i}(g), m)`` (:mod:`charsim.metric.table`) and ``L̄_r`` are
built once; a candidate then needs only its own n-grams and ``L_t``: ``K m̄_n = Σ_g K F_g(c_t(g))``.
The time per candidate hardly depends on ``K`` (``benchmarks/reference_set_k.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS, Config, ScaledWeights
from .explain import Explanation, explain
from .inputs import check_references
from .preprocess import Preprocessing
from .signature import signature_of
from .stats import mean_length_float
from .table import ReferenceTable

__all__ = ["ReferenceSet"]


class ReferenceSet:
    """The precomputed table ``F_g`` and ``L̄_r`` of §7.2 for one reference set.

    ``ReferenceSet(R).score(t) == charsim.score(t, R)`` exactly, for every candidate.

    Args:
        references: ``K >= 1`` reference texts (a multiset).
        max_order, weights, normalize, casefold, fold_whitespace_quotes: as in
            :func:`charsim.score`; preprocessing is applied to the references now and to each
            candidate when it is scored.

    Raises:
        TypeError: ``references`` is a ``str`` or holds a non-``str``.
        UndefinedScoreError: ``references`` is empty (K = 0).
        ValueError: invalid settings.

    Cost: building is linear in ``Σ_i |r_i|`` in time and memory (``docs/benchmarks.md`` gives
    them for one reference of 1,000,000 characters), whatever ``max_order``; scoring is linear
    in ``|t|``.
    """

    def __init__(
        self,
        references: Sequence[str],
        *,
        max_order: int = DEFAULT_MAX_ORDER,
        weights: str = DEFAULT_WEIGHTS,
        normalize: str | None = None,
        casefold: bool = False,
        fold_whitespace_quotes: bool = False,
    ) -> None:
        check_references(references)
        self.config = Config(max_order, weights)
        self.preprocessing = Preprocessing(normalize, casefold, fold_whitespace_quotes)
        self._given = tuple(references)
        self.references = tuple(map(self.preprocessing.apply, references))
        self._longest = max(map(len, self.references))
        self._table = ReferenceTable(self.references, self.config)
        self._lengths: dict[int, tuple[ScaledWeights, int]] = {}  # by order cap N

    @property
    def k(self) -> int:
        """``K``, the number of references."""
        return len(self.references)

    def _weights(self, order_cap: int) -> tuple[ScaledWeights, int]:
        """Integer weights for ``N = order_cap`` and ``Σ_i L_i`` in their unit (kept per N)."""
        if order_cap not in self._lengths:
            weights = self.config.scaled_weights(order_cap)
            total = sum(weights.weighted_length(len(r)) for r in self.references)
            self._lengths[order_cap] = weights, total
        return self._lengths[order_cap]

    def score(self, candidate: str) -> float:
        """charsim of ``candidate`` against this set (§3.1, §7.2); equal to :func:`charsim.score`.

        Raises:
            TypeError: ``candidate`` is not a ``str``.
        """
        if not isinstance(candidate, str):
            raise TypeError(f"candidate must be a str, got {type(candidate).__name__}")
        candidate = self.preprocessing.apply(candidate)
        order_cap = self.config.order_cap(max(len(candidate), self._longest))
        weights, total_length_r = self._weights(order_cap)
        total_overlap = self._table.mean_overlap(candidate, weights) if candidate else 0
        total_length_t = self.k * weights.weighted_length(len(candidate))
        return mean_length_float(total_overlap, total_length_t, total_length_r)

    def explain(self, candidate: str) -> Explanation:
        """The full :class:`Explanation` of ``candidate`` against this set."""
        return explain(
            candidate,
            self._given,
            max_order=self.config.max_order,
            weights=self.config.weights,
            **self.preprocessing.options,
        )

    @property
    def signature(self) -> str:
        """The signature of scores computed with this set."""
        return signature_of(self.config, self.preprocessing, nrefs=self.k)
