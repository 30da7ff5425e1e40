"""The explanation of one score: every quantity of §2–§4, exact, plus the matched n-grams.

Compute once, render many: the explorer, the command line and the tests all read an
:class:`Explanation`; its ``score`` is the same exact rational that :func:`charsim.score` rounds.
"""

from __future__ import annotations

import inspect
from collections import defaultdict
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import compress

from .config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS, Config
from .decision import Decision, decide
from .display import RichDisplay
from .inputs import prepare
from .ngrams import NGram, ngram_count
from .overlap import OrderTally, Side, walk_orders
from .pair import pair_overlaps
from .preprocess import Preprocessing
from .signature import signature_of
from .stats import item_stats
from .values import counted, flag, short_text

__all__ = ["Explanation", "Match", "OrderDetail", "ReferenceDetail", "explain", "explain_steps"]


@dataclass(frozen=True)
class Match:
    """One n-gram shared by the candidate and at least one reference.

    Attributes:
        ngram: the n-gram, boundaries explicit.
        candidate_starts: for each occurrence in the candidate, the code-point index where
            ``ngram.text`` starts (overlapping occurrences count separately, §1.3).
        reference_starts: the same, per reference (an empty tuple where it does not occur).
    """

    ngram: NGram
    candidate_starts: tuple[int, ...]
    reference_starts: tuple[tuple[int, ...], ...]

    @property
    def candidate_count(self) -> int:
        """``c_t(g)``."""
        return len(self.candidate_starts)

    @property
    def reference_counts(self) -> tuple[int, ...]:
        """``c_{r_i}(g)`` per reference."""
        return tuple(map(len, self.reference_starts))

    @property
    def overlaps(self) -> tuple[int, ...]:
        """The clipped overlap ``min(c_{r_i}(g), c_t(g))`` per reference."""
        return tuple(min(c, self.candidate_count) for c in self.reference_counts)

    @property
    def mean_overlap(self) -> Fraction:
        """``F_g(c_t(g)) = (1/K) Σ_i min(c_{r_i}(g), c_t(g))`` (§7.2)."""
        return Fraction(sum(self.overlaps), len(self.reference_starts))


@dataclass(frozen=True)
class OrderDetail:
    """The quantities of one order ``n`` (§2.2, §3.1, §4.4). Counts are n-gram occurrences.

    Attributes:
        n: the order.
        weight: ``w_n`` (``1/n`` for the standard metric).
        candidate_count: ``ℓ_{t,n}``.
        reference_counts: ``ℓ_{i,n}`` per reference.
        overlaps: ``m_{i,n}`` per reference.
        contribution: ``w_n m̄_n / D``, this order's share of the score (None when D = 0).
        gain: ``w_n / D``, what one more unit of ``m̄_n`` adds to the score (None when D = 0).
        tally: the walk's n-grams of this order (None when nothing is shared).

    The shared n-grams themselves (:attr:`matches`, :attr:`candidate_positions`) are listed on
    first use: on long texts there are hundreds of thousands, and a view shows one order.
    """

    n: int
    weight: Fraction
    candidate_count: int
    reference_counts: tuple[int, ...]
    overlaps: tuple[int, ...]
    contribution: Fraction | None
    gain: Fraction | None
    tally: OrderTally | None = field(default=None, repr=False, hash=False)

    @cached_property
    def matches(self) -> tuple[Match, ...]:
        """The shared n-grams of this order, by first position in the candidate."""
        return () if self.tally is None else _matches(self.tally, len(self.overlaps))

    @cached_property
    def candidate_positions(self) -> tuple[int, ...]:
        """Where an occurrence of a shared n-gram of this order starts in the candidate padded
        with its begin boundary (0 is the boundary, ``i + 1`` the character ``i``), ascending."""
        if self.tally is None:
            return ()
        union = set().union(*self.tally.shared.values())
        side = self.tally.candidate
        return tuple(compress(side.positions, map(union.__contains__, side.grams)))

    @property
    def mean_overlap(self) -> Fraction:
        """``m̄_n = (1/K) Σ_i m_{i,n}``."""
        return Fraction(sum(self.overlaps), len(self.overlaps))

    @property
    def mean_reference_count(self) -> Fraction:
        """``ℓ̄_{r,n} = (1/K) Σ_i ℓ_{i,n}``."""
        return Fraction(sum(self.reference_counts), len(self.reference_counts))

    @property
    def gain_one_reference(self) -> Fraction | None:
        """``w_n / (K D)``: the gain when one reference's ``m_{i,n}`` grows by 1 (§4.4)."""
        return None if self.gain is None else self.gain / len(self.overlaps)


@dataclass(frozen=True)
class ReferenceDetail:
    """One reference's own numbers (§2.2–§2.3).

    Attributes:
        index: position in the reference set (0-based).
        text: the reference (after any preprocessing).
        weighted_length: ``L_i``.
        weighted_overlap: ``M_i``.
        score: ``s_i = M_i / max(L_t, L_i)`` (1 if both texts are empty, 0 if one is).
    """

    index: int
    text: str
    weighted_length: Fraction
    weighted_overlap: Fraction
    score: Fraction


@dataclass(frozen=True)
class Explanation(RichDisplay):
    """Why charsim gives the score it gives, with every quantity exact (``Fraction``).

    In a notebook it shows as HTML (:func:`charsim.render.html.explanation_html`: score, P, R,
    the decision, the boundary-marked shared n-grams, the per-order contributions); its
    ``repr`` is one line with the score, P, R and the decision.

    Attributes:
        candidate: the candidate text (after any preprocessing).
        references: the ``K`` reference texts (after any preprocessing).
        config: order cap and weights (standard or a derived variant).
        preprocessing: what was done to the texts before scoring.
        order_cap: ``N = min(N', cap)`` (§2.5).
        candidate_length: ``L_t``.
        mean_reference_length: ``L̄_r``.
        mean_overlap: ``M̄``.
        score: ``charsim = M̄ / max(L_t, L̄_r)`` with the rules of §3.1.
        base_score: ``charsim_base`` (§2.4).
        max_score: ``max_i s_i`` (§3.3).
        decision: which side decides, or which empty-input rule applies.
        orders: one :class:`OrderDetail` per ``n = 1..N``.
        reference_details: one :class:`ReferenceDetail` per reference.
        matches_listed: whether the shared n-grams themselves were collected (``explain(...,
            matches=False)`` computes every quantity but not them: then each order's
            :attr:`~OrderDetail.matches` and :attr:`~OrderDetail.candidate_positions` are
            empty whatever it shares).
    """

    candidate: str
    references: tuple[str, ...]
    config: Config
    preprocessing: Preprocessing
    order_cap: int
    candidate_length: Fraction
    mean_reference_length: Fraction
    mean_overlap: Fraction
    score: Fraction
    base_score: Fraction
    max_score: Fraction
    decision: Decision
    orders: tuple[OrderDetail, ...]
    reference_details: tuple[ReferenceDetail, ...]
    matches_listed: bool = True

    @property
    def k(self) -> int:
        """``K``, the number of references."""
        return len(self.references)

    @property
    def n_prime(self) -> int:
        """``N' = max(|t|, max_i |r_i|) + 2`` (§2.5)."""
        return max(len(self.candidate), *map(len, self.references)) + 2

    @property
    def denominator(self) -> Fraction:
        """``D = max(L_t, L̄_r)``."""
        return max(self.candidate_length, self.mean_reference_length)

    @property
    def precision(self) -> Fraction | None:
        """``P = M̄ / L_t``; None when ``L_t = 0``."""
        return self.mean_overlap / self.candidate_length if self.candidate_length else None

    @property
    def recall(self) -> Fraction | None:
        """``R = M̄ / L̄_r``; None when ``L̄_r = 0``."""
        r = self.mean_reference_length
        return self.mean_overlap / r if r else None

    @property
    def length_bound(self) -> Fraction | None:
        """The ceiling the lengths put on the score: ``L_t/L̄_r`` (§4.2) or ``L̄_r/L_t`` (§4.3).

        None when an empty-input rule applies.
        """
        if self.decision in (Decision.RECALL, Decision.PRECISION, Decision.EQUAL):
            lengths = sorted((self.candidate_length, self.mean_reference_length))
            return lengths[0] / lengths[1]
        return None

    @property
    def is_standard(self) -> bool:
        """True for charsim's fixed settings; False for a derived variant (§5.7, §6.4)."""
        return self.config.is_standard

    @property
    def signature(self) -> str:
        """The signature of the main (mean-length) score."""
        return signature_of(self.config, self.preprocessing, nrefs=self.k)

    def __repr__(self) -> str:
        """``Explanation(charsim = 0.4975 = 100/201, P = 0.7547, R = 0.4975, recall decides;
        candidate 'ca', 1 reference, N = 5)``: the exact score when it is short (at most 24
        characters), long texts cut (``...``); every exact value is an attribute."""
        p, r = ("—" if x is None else f"{float(x):.4f}" for x in (self.precision, self.recall))
        exact = f" = {self.score}" if len(str(self.score)) <= 24 else ""
        return (
            f"Explanation(charsim = {float(self.score):.4f}{exact}, P = {p}, "
            f"R = {r}, {self.decision.value} decides; candidate "
            f"{short_text(self.candidate)}, {counted(self.k, 'reference')}, "
            f"N = {self.order_cap})"
        )


def _starts(side: Side, keep: set[str]) -> dict[str, list[int]]:
    grouped: dict[str, list[int]] = defaultdict(list)
    for p, g in zip(side.positions, side.grams, strict=True):
        if g in keep:
            grouped[g].append(max(p - 1, 0))  # padded index → index of the text's first char
    return grouped


def _matches(tally: OrderTally, k: int) -> tuple[Match, ...]:
    union = set().union(*tally.shared.values())
    in_candidate = _starts(tally.candidate, union)
    in_references = {i: _starts(side, tally.shared[i]) for i, side in tally.references.items()}
    matches = [
        Match(
            NGram.from_padded(g, tally.begin, tally.end),
            tuple(starts),
            tuple(tuple(in_references.get(i, {}).get(g, ())) for i in range(k)),
        )
        for g, starts in in_candidate.items()
    ]
    matches.sort(key=lambda m: (m.candidate_starts[0], m.ngram))
    return tuple(matches)


def explain(
    candidate: str,
    references: Sequence[str],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
    matches: bool = True,
) -> Explanation:
    """Explain the charsim score of ``candidate`` against ``references``.

    Args:
        candidate: the candidate text ``t`` (characters are code points).
        references: the reference set, a sequence of ``K >= 1`` texts (a multiset: duplicates
            count separately, order does not matter).
        max_order: the order cap, 1 to 64 (32 is standard, §2.5; other values are derived
            variants; outside 1..64 it raises ValueError).
        weights: ``"harmonic"`` (1/n, standard) or ``"uniform"`` (derived variant, §6.4).
        normalize: optional Unicode normalisation applied to every text first (NFC, NFKC, ...).
        casefold: apply case folding to every text first.
        fold_whitespace_quotes: fold whitespace and curly quotes in every text first
            (:func:`charsim.metric.preprocess.fold_whitespace_quotes`).
        matches: collect the shared n-grams (the default). ``False`` computes the same
            quantities by the path of :func:`charsim.score`, which keeps no n-gram once it is
            counted, and sets :attr:`Explanation.matches_listed` to False: it takes about as
            long as :func:`charsim.score` and far less memory on long texts
            (``docs/benchmarks.md``).

    Returns:
        An :class:`Explanation` holding every quantity of §2–§4 as an exact ``Fraction``.

    Raises:
        TypeError: a non-``str`` candidate or reference, ``references`` given as one ``str``,
            or ``matches`` that is not a bool (``"no"``).
        UndefinedScoreError: ``references`` is empty (K = 0).
        ValueError: invalid settings.
    """
    steps = explain_steps(
        candidate,
        references,
        max_order=max_order,
        weights=weights,
        normalize=normalize,
        casefold=casefold,
        fold_whitespace_quotes=fold_whitespace_quotes,
        matches=matches,
    )
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def explain_steps(
    candidate: str, references: Sequence[str], **settings
) -> Generator[int, None, Explanation]:
    """:func:`explain` in steps, for a caller that interleaves other work (an event loop that
    must keep answering): the settings and errors are those of :func:`explain`, checked at once.

    Returns:
        A generator that yields each order ``n`` once its n-grams are tallied (with
        ``matches=False``, once per reference instead) and returns the :class:`Explanation`
        (``StopIteration.value``); closing it early abandons the work.

    Raises:
        TypeError, UndefinedScoreError, ValueError: as :func:`explain`, at this call (not at
            the first step); a keyword :func:`explain` does not take is a TypeError.
    """
    given = inspect.signature(explain).bind(candidate, references, **settings)
    given.apply_defaults()
    options = dict(given.arguments)
    matches = flag(options.pop("matches"), "matches")
    return _explain(prepare(*options.values()), matches)


def _explain(prepared, matches: bool) -> Generator[int, None, Explanation]:
    candidate, references, config = prepared.candidate, prepared.references, prepared.config
    k, order_cap = len(references), prepared.order_cap

    tallies: dict[int, OrderTally] = {}
    if matches:
        matrix = [[0] * order_cap for _ in references]
        for tally in walk_orders(candidate, references, order_cap):
            for i in tally.references:
                matrix[i][tally.n - 1] = tally.overlap(i)
            tallies[tally.n] = tally
            yield tally.n
    else:
        matrix = []
        for n, r in enumerate(references, 1):
            matrix.append(pair_overlaps(candidate, r, order_cap))
            yield n
    stats = item_stats(candidate, references, config, matrix)

    def exact(scaled: int) -> Fraction:
        return Fraction(scaled, stats.scale)

    length_t = exact(stats.candidate_length)
    length_r = exact(sum(stats.reference_lengths)) / k
    mean_overlap = exact(sum(stats.overlaps)) / k
    denominator = max(length_t, length_r)
    orders = []
    for n in range(1, order_cap + 1):
        weight = config.weight(n)
        overlaps_n = tuple(row[n - 1] for row in matrix)
        gain = weight / denominator if denominator else None
        orders.append(
            OrderDetail(
                n=n,
                weight=weight,
                candidate_count=ngram_count(len(candidate), n),
                reference_counts=tuple(ngram_count(len(r), n) for r in references),
                overlaps=overlaps_n,
                contribution=None if gain is None else gain * Fraction(sum(overlaps_n), k),
                gain=gain,
                tally=tallies.get(n),
            )
        )
    details = tuple(
        ReferenceDetail(i, r, exact(stats.reference_lengths[i]), exact(stats.overlaps[i]), s)
        for i, (r, s) in enumerate(zip(references, stats.reference_scores(), strict=True))
    )
    return Explanation(
        candidate=candidate,
        references=references,
        config=config,
        preprocessing=prepared.preprocessing,
        order_cap=order_cap,
        candidate_length=length_t,
        mean_reference_length=length_r,
        mean_overlap=mean_overlap,
        score=stats.mean_length_score(),
        base_score=stats.base_score(),
        max_score=stats.max_score(),
        decision=decide(length_t, length_r),
        orders=tuple(orders),
        reference_details=details,
        matches_listed=matches,
    )
