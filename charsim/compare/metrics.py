"""One candidate and its reference set under charsim, chrF, chrF++, BLEU and TER, with the
quantities that make them differ on that input, in the article's terms (§5).

Plain data for the explorer's comparison view and the command line's ``--explain`` exports:
:func:`compare` returns a :class:`Comparison` holding each metric's score and signature, chrF's
per-order counts, precision and recall and its F_β next to charsim's :class:`~charsim.Explanation`,
BLEU's brevity penalty and per-order precisions next to charsim's length rule (§5.1, §5.2), how
each metric aggregates several references (§5.3), and the differences found
(:mod:`charsim.corpus.differences`). sacreBLEU (``pip install 'charsim[compare]'``) is imported on
first use; see :mod:`charsim.compare.sacrebleu` for the settings (sacreBLEU's defaults, BLEU with
``effective_order=True`` as at sentence level).

Counts are exact integers; chrF's precisions, recalls and F_β are recomputed from them as exact
fractions with sacreBLEU's formula (its float scores are kept as reported).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ..corpus.differences import Difference, differences
from ..metric.display import RichDisplay
from ..metric.explain import Explanation, OrderDetail, explain_steps
from ..metric.inputs import check_inputs
from ..metric.signature import VARIANTS, signature_of
from ..metric.values import counted, short_text
from .base import MetricScore
from .sacrebleu import (
    metric_object,
    reference_statistics,
    require_sacrebleu,
    score_from_statistics,
    sentence_signature,
)
from .slices import bleu_statistics_steps, chrf_statistics_steps, none_steps

__all__ = [
    "COMPARE_LIMIT",
    "BleuDetail",
    "ChrFDetail",
    "ChrFOrder",
    "Comparison",
    "MetricScore",
    "OrderPair",
    "TerDetail",
    "compare",
    "compare_steps",
    "compared_size",
    "skipped_note",
]

COMPARE_LIMIT = 2_000
"""Most characters (candidate plus references) that ``--explain`` compares with chrF, BLEU and
TER. sacreBLEU's sentence-level TER keeps a word-by-word edit-distance table of the candidate
against each reference (memory grows with their product) and searches shifts over up to 1,000
candidates (``_MAX_SHIFT_CANDIDATES`` in ``sacrebleu/metrics/lib_ter.py``), so its time grows
much faster than the text, and a line of a million characters needs gigabytes
(``docs/benchmarks.md`` gives the times on TED text and that memory). Every TED item is within
the limit (the longest has 1,002 characters). sacreBLEU itself has no such limit;
:func:`compare` takes any length."""


@dataclass(frozen=True)
class ChrFOrder:
    """chrF's statistics of one order against one reference, as sacreBLEU counts them.

    Attributes:
        kind: ``"character"`` (whitespace removed first) or ``"word"`` (chrF++).
        n: the order.
        candidate_count: the candidate's n-grams of this order; sacreBLEU counts 0 when the
            reference has none of this order.
        reference_count: the reference's n-grams of this order.
        matches: ``Σ_g min(c_t(g), c_r(g))``.
    """

    kind: str
    n: int
    candidate_count: int
    reference_count: int
    matches: int

    @property
    def effective(self) -> bool:
        """Whether chrF averages this order: both sides have n-grams of it."""
        return self.candidate_count > 0 and self.reference_count > 0

    @property
    def precision(self) -> Fraction | None:
        """``matches / candidate_count``; None when the candidate has none."""
        return Fraction(self.matches, self.candidate_count) if self.candidate_count else None

    @property
    def recall(self) -> Fraction | None:
        """``matches / reference_count``; None when the reference has none."""
        return Fraction(self.matches, self.reference_count) if self.reference_count else None


@dataclass(frozen=True)
class ChrFDetail:
    """chrF (or chrF++) of the item: per reference, its orders; the reference chosen (§5.3).

    sacreBLEU scores the candidate against each reference alone and keeps the statistics of the
    first reference with the highest F_β. Its score averages the precisions and the recalls of
    the effective orders with equal weight, then takes ``F_β = (1 + β²) P R / (β² P + R)``
    (§5.4, §5.5; 0 when ``P + R = 0``).

    Attributes:
        metric: ``"chrf"`` or ``"chrf++"``.
        beta: β (2).
        reference_orders: for each reference, its :class:`ChrFOrder` per order (character
            orders 1..6, then word orders 1..2 for chrF++).
        reference_scores: sacreBLEU's chrF against each reference alone (0–100).
        chosen_reference: the index (0-based) of the reference whose statistics are kept.
    """

    metric: str
    beta: int
    reference_orders: tuple[tuple[ChrFOrder, ...], ...]
    reference_scores: tuple[float, ...]
    chosen_reference: int

    @property
    def orders(self) -> tuple[ChrFOrder, ...]:
        """The orders of the chosen reference: the ones the score is computed from."""
        return self.reference_orders[self.chosen_reference]

    @property
    def effective_orders(self) -> tuple[ChrFOrder, ...]:
        """The orders chrF averages (both sides have n-grams of the order)."""
        return tuple(o for o in self.orders if o.effective)

    @property
    def precision(self) -> Fraction:
        """The mean precision over the effective orders (0 if there is none)."""
        used = self.effective_orders
        return sum((o.precision for o in used), Fraction(0)) / len(used) if used else Fraction(0)

    @property
    def recall(self) -> Fraction:
        """The mean recall over the effective orders (0 if there is none)."""
        used = self.effective_orders
        return sum((o.recall for o in used), Fraction(0)) / len(used) if used else Fraction(0)

    @property
    def f_beta(self) -> Fraction:
        """``F_β`` of :attr:`precision` and :attr:`recall` (0–1; chrF is 100 times it)."""
        p, r, b2 = self.precision, self.recall, self.beta**2
        return (1 + b2) * p * r / (b2 * p + r) if p + r else Fraction(0)


@dataclass(frozen=True)
class BleuDetail:
    """Sentence BLEU of the item (13a words, orders 1..4, ``exp`` smoothing, effective order).

    Attributes:
        smoothing: sacreBLEU's smoothing method, ``"exp"`` (NIST: the k-th order without a
            match gets precision ``100 / (2^k · total)``).
        candidate_length: the candidate's words after 13a tokenization.
        reference_length: the length of the reference closest to it (the shorter on a tie),
            which the brevity penalty uses (§5.3).
        reference_lengths: each reference's words.
        matches: per order 1..4, the candidate's n-grams clipped by their largest count in any
            one reference (§5.3).
        totals: per order, the candidate's n-grams.
        precisions: sacreBLEU's per-order precisions in percent, smoothed.
        brevity_penalty: ``exp(1 - r/c)`` when the candidate is shorter, else 1 (§5.1).
        unsmoothed: the same BLEU without smoothing (0 as soon as an order has no match, §5.2).
    """

    smoothing: str
    candidate_length: int
    reference_length: int
    reference_lengths: tuple[int, ...]
    matches: tuple[int, ...]
    totals: tuple[int, ...]
    precisions: tuple[float, ...]
    brevity_penalty: float
    unsmoothed: float

    @property
    def orders_used(self) -> int:
        """The effective order: the orders up to the first one the candidate has no n-gram of."""
        return next((n for n, total in enumerate(self.totals) if total == 0), len(self.totals))

    @property
    def zero_match_orders(self) -> tuple[int, ...]:
        """The orders used that have no match: where smoothing decides the score (§5.2)."""
        return tuple(n for n in range(1, self.orders_used + 1) if self.matches[n - 1] == 0)


@dataclass(frozen=True)
class TerDetail:
    """TER of the item: the fewest edits to any reference over the mean reference length.

    Attributes:
        edits: the fewest word edits (insertions, deletions, substitutions, shifts) to turn the
            candidate into one of the references (tercom tokenization, lowercased).
        mean_reference_length: the mean reference length in words.
        reference_edits: the edits to each reference.
        chosen_reference: the index of the first reference with the fewest edits.
    """

    edits: int
    mean_reference_length: float
    reference_edits: tuple[int, ...]
    chosen_reference: int


@dataclass(frozen=True)
class OrderPair:
    """Order ``n`` of charsim next to character order ``n`` of chrF (§5.4, §5.6).

    Attributes:
        n: the order.
        charsim: charsim's :class:`~charsim.OrderDetail` (None beyond charsim's order cap N).
        chrf: chrF's :class:`ChrFOrder` of the chosen reference (None beyond order 6).
    """

    n: int
    charsim: OrderDetail | None
    chrf: ChrFOrder | None


@dataclass(frozen=True)
class Comparison(RichDisplay):
    """charsim, chrF, chrF++, BLEU and TER (unless left out) on one item, with what makes them
    differ.

    In a notebook it shows as HTML (:func:`charsim.render.html.comparison_html`); its ``repr``
    is one line of the five scores.

    Attributes:
        explanation: charsim's :class:`~charsim.Explanation` (per-order overlap, P, R, min(P, R),
            the decision, per-reference ``M_i`` and ``L_i``: charsim averages them, §5.3).
        scores: charsim, chrF, chrF++, BLEU, TER, in this order (without TER when it was left
            out).
        chrf: chrF's detail.
        chrf_plus: chrF++'s detail (character orders 1..6, word orders 1..2).
        bleu: sentence BLEU's detail.
        ter: TER's detail, or None when TER was left out (``compare(..., ter=False)``).
    """

    explanation: Explanation
    scores: tuple[MetricScore, ...]
    chrf: ChrFDetail
    chrf_plus: ChrFDetail
    bleu: BleuDetail
    ter: TerDetail | None

    def __repr__(self) -> str:
        """``Comparison(charsim 0.4975, chrF2 57.23, ...; candidate 'ca', 1 reference)``."""
        scores = ", ".join(
            f"{s.name} {s.score:.4f}" if s.metric == "charsim" else f"{s.name} {s.score:.2f}"
            for s in self.scores
        )
        e = self.explanation
        return (
            f"Comparison({scores}; candidate {short_text(e.candidate)}, "
            f"{counted(e.k, 'reference')})"
        )

    def score(self, metric: str) -> MetricScore:
        """The :class:`MetricScore` of ``metric`` (a command-line name).

        Raises:
            KeyError: an unknown metric.
        """
        for item in self.scores:
            if item.metric == metric:
                return item
        raise KeyError(metric)

    @property
    def order_pairs(self) -> tuple[OrderPair, ...]:
        """charsim's orders next to chrF's character orders, ``n = 1..max(N, 6)``."""
        e, chrf = self.explanation, [o for o in self.chrf.orders if o.kind == "character"]
        return tuple(
            OrderPair(
                n,
                e.orders[n - 1] if n <= len(e.orders) else None,
                chrf[n - 1] if n <= len(chrf) else None,
            )
            for n in range(1, max(len(e.orders), len(chrf)) + 1)
        )

    @cached_property
    def differences(self) -> tuple[Difference, ...]:
        """The differences between the metrics on this item, each with its key and section
        (:func:`charsim.corpus.differences.differences`)."""
        return differences(self)


def compared_size(candidate: str, references: Sequence[str]) -> int:
    """The characters (code points) of the candidate plus its references, the size
    :data:`COMPARE_LIMIT` bounds."""
    return len(candidate) + sum(map(len, references))


def skipped_note(candidate: str, references: Sequence[str]) -> str:
    """Why the item is not compared with chrF, BLEU and TER, or ``""`` when it is within
    :data:`COMPARE_LIMIT`."""
    size = compared_size(candidate, references)
    if size <= COMPARE_LIMIT:
        return ""
    return (
        f"The comparison with chrF, chrF++, BLEU and TER was skipped: this item has {size:,} "
        f"characters (candidate plus references), more than the {COMPARE_LIMIT:,} compared, "
        "since sentence-level TER's search for shifts grows much faster than the text."
    )


def compare(
    candidate: str,
    references: Sequence[str],
    *,
    variant: str = "mean",
    ter: bool = True,
    **settings,
) -> Comparison:
    """Score one item with charsim and sacreBLEU's chrF, chrF++, BLEU and TER, with details.

    Args:
        candidate: the candidate text.
        references: its ``K >= 1`` references (all of them go to every metric, as sacreBLEU
            takes them).
        variant: charsim's score in ``scores``: ``"mean"`` (charsim, §3.1), ``"base"`` (§2.4)
            or ``"max"`` (§3.3), with that variant's signature; the explanation and the
            differences are the mean's, whichever is asked.
        ter: whether to score TER; ``False`` leaves it out (:attr:`Comparison.ter` is None and
            ``scores`` has no TER): its search for shifts is the one step whose time grows much
            faster than the text (:data:`COMPARE_LIMIT`).
        **settings: charsim's keyword settings, as in :func:`charsim.explain` (``max_order``,
            ``weights``, ``normalize``, ``casefold``, ``fold_whitespace_quotes``); they apply to
            charsim only: sacreBLEU's metrics get the texts as given, with their defaults (their
            signatures say so).

    Returns:
        A :class:`Comparison`.

    Raises:
        TypeError: a non-``str`` text, ``references`` given as one ``str``, or an unknown
            setting (the message names it and ``compare``).
        UndefinedScoreError: ``references`` is empty (K = 0).
        ValueError: invalid charsim settings or an unknown variant.
        ImportError: sacreBLEU is not installed (the message says how to install it).
    """
    *_, comparison = compare_steps(candidate, references, variant=variant, ter=ter, **settings)
    return comparison


def compare_steps(
    candidate: str,
    references: Sequence[str],
    *,
    variant: str = "mean",
    ter: bool = True,
    **settings,
) -> Iterator[Comparison | None]:
    """:func:`compare` in short steps, for a caller that answers other work between two steps
    (the explorer's worker scores the next keystroke there).

    Args:
        candidate, references, variant, ter, settings: as for :func:`compare`.

    Yields:
        None between two of its steps (charsim an order at a time; chrF, chrF++ and BLEU a
        slice of the text at a time, :mod:`charsim.compare.slices`; then, unless ``ter`` is
        False, TER against each reference in turn: the costly steps, sentence-level TER's search
        for shifts), then the :class:`Comparison`.

    Raises:
        The errors of :func:`compare`, at the first step.
    """
    check_inputs(candidate, references)
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, got {variant!r}")
    unknown = sorted(set(settings) - set(_SETTINGS))
    if unknown:
        raise TypeError(
            f"compare() got an unexpected keyword argument {unknown[0]!r} (charsim's "
            f"settings are variant, {', '.join(_SETTINGS)})"
        )
    references = list(references)
    e = yield from none_steps(explain_steps(candidate, references, **settings))
    chrf, chrf_score = yield from _chrf(candidate, references, "chrf")
    chrf_plus, chrf_plus_score = yield from _chrf(candidate, references, "chrf++")
    bleu, bleu_score = yield from _bleu(candidate, references)
    value = {"mean": e.score, "base": e.base_score, "max": e.max_score}[variant]
    signature = signature_of(e.config, e.preprocessing, variant, nrefs=e.k)
    charsim_score = MetricScore("charsim", "charsim", float(value), signature)
    scores = (charsim_score, chrf_score, chrf_plus_score, bleu_score)
    ter_detail = None
    if ter:
        scorer, per_reference = metric_object("ter", sentence=True), []
        for reference in references:
            yield None
            per_reference += reference_statistics(scorer, candidate, [reference])
        ter_detail, ter_score = _ter(scorer, per_reference, len(references))
        scores += (ter_score,)
    yield Comparison(e, scores, chrf, chrf_plus, bleu, ter_detail)


_SETTINGS = ("max_order", "weights", "normalize", "casefold", "fold_whitespace_quotes", "matches")
"""The keyword settings of :func:`charsim.explain`, which :func:`compare` passes on."""


def _chrf(candidate: str, references: list[str], metric: str):
    """chrF's (or chrF++'s) :class:`ChrFDetail` and :class:`MetricScore`, in steps (yielding
    None between two slices of the text, :mod:`charsim.compare.slices`): the score is
    sacreBLEU's from the statistics of the first reference with the highest F_β, as its
    ``sentence_score`` computes it."""
    scorer = metric_object(metric, sentence=True)
    per_reference = yield from chrf_statistics_steps(scorer, candidate, references)
    results = [score_from_statistics(scorer, s) for s in per_reference]
    f_scores = [float(result.score) for result in results]
    kinds = [("character", n) for n in range(1, scorer.char_order + 1)]
    kinds += [("word", n) for n in range(1, scorer.word_order + 1)]
    orders = tuple(
        tuple(ChrFOrder(kind, n, *stats[3 * i : 3 * i + 3]) for i, (kind, n) in enumerate(kinds))
        for stats in per_reference
    )
    chosen = f_scores.index(max(f_scores))  # sacreBLEU keeps the first best reference
    detail = ChrFDetail(metric, scorer.beta, orders, tuple(f_scores), chosen)
    return detail, _metric_score(metric, results[chosen], len(references))


def _bleu(candidate: str, references: list[str]):
    """Sentence BLEU's :class:`BleuDetail` and :class:`MetricScore`, in steps (as
    :func:`_chrf`)."""
    scorer = metric_object("bleu", sentence=True)
    statistics, lengths = yield from bleu_statistics_steps(scorer, candidate, references)
    result = score_from_statistics(scorer, statistics)
    unsmoothed = require_sacrebleu().BLEU.compute_bleu(
        list(result.counts),
        list(result.totals),
        result.sys_len,
        result.ref_len,
        smooth_method="none",
        effective_order=True,
    )
    detail = BleuDetail(
        smoothing="exp",
        candidate_length=result.sys_len,
        reference_length=result.ref_len,
        reference_lengths=tuple(lengths),
        matches=tuple(result.counts),
        totals=tuple(result.totals),
        precisions=tuple(result.precisions),
        brevity_penalty=float(result.bp),
        unsmoothed=float(unsmoothed.score),
    )
    return detail, _metric_score("bleu", result, len(references))


def _metric_score(metric: str, result, k: int) -> MetricScore:
    """The :class:`MetricScore` of sacreBLEU's sentence score ``result`` with ``k`` references
    (its sentence-level signature)."""
    return MetricScore(metric, result.name, float(result.score), sentence_signature(metric, k))


def _ter(scorer, per_reference: list[list], k: int) -> tuple[TerDetail, MetricScore]:
    """TER from its statistics against each of the ``k`` references, computed once each; the
    item's statistics are sacreBLEU's from them (the fewest edits over the mean reference
    length), so the costly shift search is not run twice."""
    edits = tuple(int(stats[0]) for stats in per_reference)
    mean_length = sum(stats[1] for stats in per_reference) / k
    result = score_from_statistics(scorer, [min(edits), mean_length])
    score = MetricScore("ter", result.name, float(result.score), sentence_signature("ter", k))
    detail = TerDetail(min(edits), float(mean_length), edits, edits.index(min(edits)))
    return detail, score
