"""Where charsim and chrF, BLEU part ways on one item, each difference keyed to the article (§5).

:func:`differences` reads a :class:`~charsim.compare.Comparison` and returns the differences that
apply to that input, as plain data: a key, the article section that explains it, and the values
its sentence quotes. The English sentences are in :data:`SENTENCES` (one per key, with
``str.format`` placeholders naming the values); the explorer's catalog copies them (and their
Japanese translations) under the same keys.

========================  ====  ============================================================
key                       §     applies when
========================  ====  ============================================================
``brevity-penalty``       §5.1  BLEU's brevity penalty is below 1
``longer-candidate``      §5.1  charsim's precision decides and BLEU has no length factor
``f-beta-versus-min``     §5.5  P ≠ R for charsim or chrF (both defined)
``bleu-zero-matches``     §5.2  a BLEU order has no match but another has
``bleu-no-matches``       §5.2  BLEU matches no word, charsim's shared n-grams score above 0
``orders-above-six``      §5.6  charsim's orders above 6 add to its score
``ratios-versus-counts``  §5.4  chrF averages at least one order and charsim's ``D > 0``
``whitespace``            §1.1  a text holds whitespace
``boundaries``            §1.2  charsim matches boundary n-grams
``best-reference``        §5.3  several references
``pooled-references``     §5.3  several references
``empty-input``           §3.1  an empty-input rule of charsim applies
``empty-input-no-ter``    §3.1  the same, in a comparison without TER
========================  ====  ============================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..metric.decision import Decision

__all__ = ["SECTIONS", "SENTENCES", "Difference", "differences"]

SECTIONS = {
    "brevity-penalty": "§5.1",
    "longer-candidate": "§5.1",
    "f-beta-versus-min": "§5.5",
    "bleu-zero-matches": "§5.2",
    "bleu-no-matches": "§5.2",
    "orders-above-six": "§5.6",
    "ratios-versus-counts": "§5.4",
    "whitespace": "§1.1",
    "boundaries": "§1.2",
    "best-reference": "§5.3",
    "pooled-references": "§5.3",
    "empty-input": "§3.1",
    "empty-input-no-ter": "§3.1",
}
"""The article section that explains each difference."""

SENTENCES = {
    "brevity-penalty": "BLEU multiplies its score by a brevity penalty of "
    "{brevity_penalty:.3f}: the candidate has {candidate_words} words, the closest reference "
    "{reference_words}. charsim has no separate length factor: its score is min(P, R), the "
    "lower of precision and recall (§5.1).",
    "longer-candidate": "The candidate is longer than the mean reference (L_t > L̄_r), so "
    "charsim's precision decides; BLEU has no length factor for a candidate at least as long as "
    "the closest reference ({candidate_words} and {reference_words} words): the extra words only "
    "lower its n-gram precisions (§5.1).",
    "f-beta-versus-min": "chrF combines its mean precision {chrf_precision:.3f} and mean recall "
    "{chrf_recall:.3f} into F_β with β = 2, which lies between the two and leans to recall; "
    "charsim takes min(P, R) = min({precision:.3f}, {recall:.3f}), so the lower side is the "
    "score (§5.5).",
    "bleu-zero-matches": "BLEU finds no matching word n-gram of order {orders}: without "
    "smoothing its geometric mean would be {unsmoothed:.2f}; sacreBLEU's 'exp' smoothing gives "
    "such an order the precision 100/(2^k · total) and BLEU is {bleu:.2f}. In charsim an order "
    "without overlap adds nothing and takes nothing from the other orders (§5.2).",
    "bleu-no-matches": "BLEU matches no word of the candidate and is 0; charsim still credits "
    "the character n-grams it shares with the references (M̄ = {mean_overlap:.3f}) (§5.2).",
    "orders-above-six": "charsim also counts orders 7 to {order_cap}: shared n-grams of orders 7 "
    "to {longest} add {share:.1%} of its score; chrF stops at order 6 (§5.6).",
    "ratios-versus-counts": "chrF averages the precisions and recalls of orders 1 to 6 with "
    "equal weight; charsim first adds the 1/n-weighted overlaps and lengths of all {order_cap} "
    "orders and divides once, so each order also weighs by how many n-grams it has (§5.4).",
    "whitespace": "chrF removes whitespace before it takes character n-grams; charsim keeps "
    "it: spaces and the n-grams across word boundaries count (whitespace characters in the "
    "candidate and the references: {whitespace}) (§1.1).",
    "boundaries": "charsim's n-grams include a begin and an end boundary, so a candidate that "
    "starts or ends like a reference earns extra n-grams (here {boundary_share:.1%} of M̄); "
    "chrF's n-grams have no boundaries (§1.2).",
    "best-reference": "chrF scores the candidate against each of the {k} references alone and "
    "keeps the best one (reference {chrf_reference}); charsim averages overlaps and lengths "
    "over all {k}, so an n-gram found in only one reference counts 1/{k} (§5.3).",
    "pooled-references": "BLEU clips each word n-gram by its largest count in any one of the "
    "{k} references, so matches from different references add up, and takes the length of the "
    "closest reference ({reference_words} words); charsim averages over the references (§5.3).",
    "empty-input": "An empty-input rule of charsim applies ({decision}), so charsim is "
    "{charsim:.0f}; chrF, BLEU and TER have no such rule and give {chrf:.1f}, {bleu:.1f} and "
    "{ter:.1f} (§3.1).",
    "empty-input-no-ter": "An empty-input rule of charsim applies ({decision}), so charsim is "
    "{charsim:.0f}; chrF and BLEU have no such rule and give {chrf:.1f} and {bleu:.1f} (§3.1).",
}
"""The English sentence of each difference; placeholders name :attr:`Difference.values`."""

_EMPTY_RULES = (Decision.ALL_EMPTY, Decision.CANDIDATE_EMPTY, Decision.REFERENCES_EMPTY)


@dataclass(frozen=True)
class Difference:
    """One way the metrics part on this item.

    Attributes:
        key: one of :data:`SENTENCES`' keys.
        values: what the sentence quotes (numbers, counts, words), by placeholder name.
    """

    key: str
    values: dict = field(default_factory=dict, hash=False)

    @property
    def section(self) -> str:
        """The article section that explains it (``"§5.1"``)."""
        return SECTIONS[self.key]

    @property
    def sentence(self) -> str:
        """The English sentence, values filled in."""
        return SENTENCES[self.key].format(**self.values)


def differences(comparison) -> tuple[Difference, ...]:
    """The differences that apply to one item, in the order of :data:`SENTENCES`.

    Args:
        comparison: a :class:`~charsim.compare.Comparison` (with or without TER).

    Returns:
        A tuple of :class:`Difference` (possibly empty).
    """
    e, chrf, bleu = comparison.explanation, comparison.chrf, comparison.bleu
    score = {s.metric: s.score for s in comparison.scores}
    words = {"candidate_words": bleu.candidate_length, "reference_words": bleu.reference_length}
    found = []
    if bleu.brevity_penalty < 1:
        found.append(
            Difference("brevity-penalty", {"brevity_penalty": bleu.brevity_penalty, **words})
        )
    if e.decision == Decision.PRECISION and bleu.brevity_penalty == 1:
        found.append(Difference("longer-candidate", words))
    defined = e.precision is not None and e.recall is not None and chrf.effective_orders
    if defined and (e.precision != e.recall or chrf.precision != chrf.recall):
        found.append(
            Difference(
                "f-beta-versus-min",
                {
                    "chrf_precision": float(chrf.precision),
                    "chrf_recall": float(chrf.recall),
                    "precision": float(e.precision),
                    "recall": float(e.recall),
                },
            )
        )
    if sum(bleu.matches) and bleu.zero_match_orders:
        orders = ", ".join(map(str, bleu.zero_match_orders))
        found.append(
            Difference(
                "bleu-zero-matches",
                {"orders": orders, "unsmoothed": bleu.unsmoothed, "bleu": score["bleu"]},
            )
        )
    if not sum(bleu.matches) and e.score > 0 and e.decision not in _EMPTY_RULES:
        found.append(Difference("bleu-no-matches", {"mean_overlap": float(e.mean_overlap)}))
    above = [o for o in e.orders[6:] if o.contribution]
    if above:
        share = sum(o.contribution for o in above) / e.score
        found.append(
            Difference(
                "orders-above-six",
                {"order_cap": e.order_cap, "longest": above[-1].n, "share": float(share)},
            )
        )
    if chrf.effective_orders and e.denominator:
        found.append(Difference("ratios-versus-counts", {"order_cap": e.order_cap}))
    whitespace = sum(c.isspace() for text in (e.candidate, *e.references) for c in text)
    if whitespace:
        found.append(Difference("whitespace", {"whitespace": whitespace}))
    boundary = _boundary_overlap(e)
    if boundary:
        share = float(boundary / e.mean_overlap)
        found.append(Difference("boundaries", {"boundary_share": share}))
    if e.k > 1:
        found.append(
            Difference("best-reference", {"k": e.k, "chrf_reference": chrf.chosen_reference + 1})
        )
        found.append(Difference("pooled-references", {"k": e.k, **words}))
    if e.decision in _EMPTY_RULES:
        key = "empty-input" if "ter" in score else "empty-input-no-ter"
        found.append(Difference(key, {"decision": e.decision.value, **score}))
    return tuple(found)


def _boundary_overlap(e) -> Fraction:
    """The part of ``M̄`` that boundary-marked n-grams contribute: ``Σ_n w_n m̄_n`` over them.

    Of each order, only the candidate's first and last n-grams can be boundary-marked (the
    padded text's begin and end), so they are the only ones looked up (an explanation without
    n-gram lists, ``matches=False``, has none)."""
    total = Fraction(0)
    for order in e.orders:
        tally = order.tally
        if tally is None or not tally.candidate.grams:
            continue
        grams = tally.candidate.grams
        for gram in dict.fromkeys((grams[0], grams[-1])):
            if gram[0] == tally.begin or gram[-1] == tally.end:
                overlap = sum(
                    min(tally.candidate.counts[gram], tally.references[i].counts[gram])
                    for i, shared in tally.shared.items()
                    if gram in shared
                )
                total += order.weight * Fraction(overlap, e.k)
    return total
