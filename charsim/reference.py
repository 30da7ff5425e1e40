"""A reference set precomputed once and reused for many candidates (§7.2).

For every n-gram ``g`` of the references (orders ``1..cap``) the table stores
``K · F_g(m) = Σ_i min(c_{r_i}(g), m)`` for ``m = 0..max_i c_{r_i}(g)``; larger ``m`` saturate and
unseen n-grams give 0. A candidate then needs only its own n-gram counts and ``L_t``:
``K m̄_n = Σ_g K F_g(c_t(g))``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from functools import lru_cache

from .config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS, Config, ScaledWeights
from .explain import Explanation, explain
from .inputs import check_references
from .ngrams import boundaries
from .overlap import side, survivors
from .preprocess import Preprocessing
from .signature import signature_of
from .stats import mean_length_float

__all__ = ["ReferenceSet"]


def _cumulative(counts: list[int]) -> tuple[int, ...]:
    """``(Σ_i min(c_i, m) for m = 0..max c_i)`` for the per-reference counts ``c_i > 0``."""
    return tuple(sum(min(c, m) for c in counts) for m in range(max(counts) + 1))


class ReferenceSet:
    """The precomputed table ``F_g`` and ``L̄_r`` of §7.2 for one reference set.

    ``ReferenceSet(R).score(t) == charsim.score(t, R)`` exactly, for every candidate.

    Args:
        references: ``K >= 1`` reference texts (a multiset).
        max_order, weights, normalize, casefold: as in :func:`charsim.score`; preprocessing is
            applied to the references now and to each candidate when it is scored.

    Raises:
        TypeError: ``references`` is a ``str`` or holds a non-``str``.
        UndefinedScoreError: ``references`` is empty (K = 0).
        ValueError: invalid settings.

    Memory: one table entry per distinct n-gram of the references, at most
    ``cap · Σ_i (|r_i| + 2)`` entries.
    """

    def __init__(
        self,
        references: Sequence[str],
        *,
        max_order: int = DEFAULT_MAX_ORDER,
        weights: str = DEFAULT_WEIGHTS,
        normalize: str | None = None,
        casefold: bool = False,
    ) -> None:
        check_references(references)
        self.config = Config(max_order, weights)
        self.preprocessing = Preprocessing(normalize, casefold)
        self._given = tuple(references)
        self.references = tuple(map(self.preprocessing.apply, references))
        self._longest = max(map(len, self.references))
        # Boundaries absent from every reference, plus a placeholder for candidate characters
        # that happen to equal a boundary: such characters can never match a reference anyway.
        self._begin, self._end, placeholder = boundaries(self.references, 3)
        self._mask = str.maketrans({self._begin: placeholder, self._end: placeholder})
        self._table = self._build_table()
        self._weights = lru_cache(maxsize=None)(self._weights_for)

    @property
    def k(self) -> int:
        """``K``, the number of references."""
        return len(self.references)

    def _build_table(self) -> dict[str, tuple[int, ...]]:
        per_gram: dict[str, list[int]] = defaultdict(list)
        for reference in filter(None, self.references):
            padded = self._begin + reference + self._end
            orders = min(self.config.max_order, len(padded))
            counts = Counter(reference)
            for n in range(2, orders + 1):
                counts.update(padded[p : p + n] for p in range(len(padded) - n + 1))
            for gram, count in counts.items():
                per_gram[gram].append(count)
        return {gram: _cumulative(counts) for gram, counts in per_gram.items()}

    def _weights_for(self, order_cap: int) -> tuple[ScaledWeights, int]:
        """Integer weights for ``N = order_cap`` and ``Σ_i L_i`` in their unit."""
        weights = self.config.scaled_weights(order_cap)
        return weights, sum(weights.weighted_length(len(r)) for r in self.references)

    def _mean_overlap(self, candidate: str, weights: tuple[int, ...]) -> int:
        """``K M̄`` in the units of ``weights``, from table look-ups only."""
        table = self._table
        if self._begin in candidate or self._end in candidate:
            candidate = candidate.translate(self._mask)
        padded = self._begin + candidate + self._end
        positions: range | list[int] = range(1, len(padded) - 1)  # order 1: real characters
        total = 0
        for n, weight in enumerate(weights, start=1):
            tally = side(padded, positions, n)
            shared = tally.counts.keys() & table.keys()
            if not shared:
                break
            for gram in shared:
                cumulative = table[gram]
                total += weight * cumulative[min(tally.counts[gram], len(cumulative) - 1)]
            if n == 1:
                positions = range(len(padded) - 1)
            else:
                positions = survivors(tally, shared)
        return total

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
        total_overlap = self._mean_overlap(candidate, weights.values) if candidate else 0
        total_length_t = self.k * weights.weighted_length(len(candidate))
        return mean_length_float(total_overlap, total_length_t, total_length_r)

    def explain(self, candidate: str) -> Explanation:
        """The full :class:`Explanation` of ``candidate`` against this set."""
        return explain(
            candidate,
            self._given,
            max_order=self.config.max_order,
            weights=self.config.weights,
            normalize=self.preprocessing.normalize,
            casefold=self.preprocessing.casefold,
        )

    @property
    def signature(self) -> str:
        """The signature of scores computed with this set."""
        return signature_of(self.config, self.preprocessing, nrefs=self.k)
