"""A worked example to paste: one :class:`~charsim.Explanation` (and, when given, its
:class:`~charsim.compare.Comparison` with chrF, BLEU and TER) as Markdown, LaTeX, plain text or
JSON.

Every format holds the per-order table, the decision, the exact fractions and the comparison.
Exact values stay exact: ``a/b`` in Markdown, text and JSON (strings, e.g. ``"100/201"``, read
back with ``fractions.Fraction``), ``\\frac{a}{b}`` in LaTeX; decimals are given beside them.
Candidate and reference texts are shown as Python string literals (quotes make leading and
trailing spaces visible, invisible characters such as U+00A0 appear as ``\\xa0``), escaped for
the format. References are numbered from 1.

The plain text here is the document's: its tables in columns. The command line's ``--explain``
prints the other plain-text form, a quantity a line
(:func:`charsim.render.report.terminal_report`); both take the texts, the signature, the leading
score, the decimals and the matched n-grams from :mod:`charsim.render.report`.
"""

from __future__ import annotations

from fractions import Fraction

from ..metric.explain import Explanation
from ..metric.values import counted
from .formats import Label, Paragraph, Table, render
from .report import (
    BEGIN_MARK,
    END_MARK,
    decimal,
    listed_matches,
    text_rows,
    variant_first,
    variant_signature,
)

__all__ = [
    "comparison_blocks",
    "explanation_blocks",
    "explanation_data",
    "explanation_document",
    "matches_blocks",
]

_L = Label
_QUANTITIES = (
    (_L("charsim = M̄ / max(L_t, L̄_r)", r"charsim $= \bar M / \max(L_t, \bar L_r)$"), "score"),
    (_L("P = M̄ / L_t", r"$P = \bar M / L_t$"), "precision"),
    (_L("R = M̄ / L̄_r", r"$R = \bar M / \bar L_r$"), "recall"),
    (_L("M̄", r"$\bar M$"), "mean_overlap"),
    (_L("L_t", r"$L_t$"), "candidate_length"),
    (_L("L̄_r", r"$\bar L_r$"), "mean_reference_length"),
    (_L("D = max(L_t, L̄_r)", r"$D = \max(L_t, \bar L_r)$"), "denominator"),
    (_L("length bound (§4.2, §4.3)", r"length bound (\S4.2, \S4.3)"), "length_bound"),
    (_L("base form (§2.4)", r"base form (\S2.4)"), "base_score"),
    (_L("max over references (§3.3)", r"max over references (\S3.3)"), "max_score"),
)
"""The exact quantities of an explanation: (label, attribute)."""


def _exact(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def explanation_blocks(e: Explanation, variant: str = "mean") -> list:
    """charsim's part of the document (blocks of :mod:`charsim.render.formats`): the texts, the
    exact quantities, the decision, the per-order table and the per-reference table; ``variant``'s
    score (``"mean"``, ``"base"``, ``"max"``) leads the quantities, under its signature."""
    quantities = variant_first(_QUANTITIES, variant, lambda quantity: quantity[1])
    return [
        Table(("", "text"), text_rows(e), text_columns=(1,)),
        Paragraph(("signature:", variant_signature(e, variant))),
        *([Paragraph((e.config.derived_note,))] if e.config.derived_note else []),
        Table(
            ("quantity", "decimal", "exact"),
            tuple(
                (label, decimal(getattr(e, name)), getattr(e, name)) for label, name in quantities
            )
            + (
                (
                    _L("N = min(N', cap), K", r"$N = \min(N', \mathrm{cap})$, $K$"),
                    f"{e.order_cap} (N' = {e.n_prime}, cap {e.config.max_order}), {e.k}",
                    None,
                ),
            ),
        ),
        Paragraph(
            (
                _L(
                    "N' = max(|t|, max_i |r_i|) + 2 is the highest order with an n-gram (§2.5).",
                    r"$N' = \max(|t|, \max_i |r_i|) + 2$ is the highest order with an n-gram "
                    r"(\S2.5).",
                ),
            )
        ),
        Paragraph(("decision:", e.decision.description)),
        Table(
            (
                "n",
                _L("w_n", "$w_n$"),
                _L("m̄_n", r"$\bar m_n$"),
                _L("ℓ_t,n", r"$\ell_{t,n}$"),
                _L("ℓ̄_r,n", r"$\bar\ell_{r,n}$"),
                _L("w_n m̄_n / D", r"$w_n \bar m_n / D$"),
                "exact",
            ),
            tuple(
                (
                    str(o.n),
                    o.weight,
                    o.mean_overlap,
                    str(o.candidate_count),
                    o.mean_reference_count,
                    decimal(o.contribution),
                    o.contribution,
                )
                for o in e.orders
            ),
        ),
        Table(
            ("reference", _L("M_i", "$M_i$"), _L("L_i", "$L_i$"), _L("s_i", "$s_i$"), "exact"),
            tuple(
                (str(d.index + 1), d.weighted_overlap, d.weighted_length, decimal(d.score), d.score)
                for d in e.reference_details
            ),
        ),
    ]


def matches_blocks(e: Explanation, max_matches: int = 12) -> list:
    """The shared n-grams of each order, boundaries marked (``⟨^⟩``, ``⟨$⟩``; a typed ``^`` or
    ``$`` is shown as itself), at most ``max_matches`` per order (the rest counted): a table of
    the orders that share any, or a sentence when there is none or they were not listed
    (``explain(..., matches=False)``)."""
    if not e.matches_listed:
        return [Paragraph(("The shared n-grams were not listed (explain(..., matches=False)).",))]
    rows = tuple((str(o.n), shown) for o in e.orders if (shown := listed_matches(o, max_matches)))
    if not rows:
        return [Paragraph(("The candidate shares no n-gram with the references.",))]
    marks = f"shared n-grams ({BEGIN_MARK} begin, {END_MARK} end boundary)"
    return [Table(("n", marks), rows, text_columns=(1,))]


def comparison_blocks(c, note: str = "") -> list:
    """The comparison's part of the document: scores and signatures, chrF's orders next to
    charsim's, F_β next to min(P, R), BLEU's length rule and orders, the references (§5.3) and
    the differences.

    Args:
        c: the item's :class:`~charsim.compare.Comparison` (with or without TER), or None.
        note: said instead when ``c`` is None (e.g. why there is no comparison), or after the
            scores when ``c`` has no TER (why TER was left out).
    """
    if c is None:
        return [Paragraph((note,))] if note else []
    e, chrf, bleu, ter = c.explanation, c.chrf, c.bleu, c.ter
    scores = Table(
        ("metric", "score", "signature"),
        tuple(
            (s.name, decimal(s.score, 4 if s.metric == "charsim" else 2), s.signature)
            for s in c.scores
        ),
        text_columns=(2,),
    )
    scores = [scores, Paragraph((note,))] if ter is None and note else [scores]
    word_orders = [o for o in c.chrf_plus.orders if o.kind == "word"]
    orders = Table(
        (
            "n",
            _L("charsim m̄_n", r"charsim $\bar m_n$"),
            _L("ℓ_t,n", r"$\ell_{t,n}$"),
            _L("ℓ̄_r,n", r"$\bar\ell_{r,n}$"),
            "chrF matches",
            "chrF candidate",
            "chrF reference",
            _L("chrF P_n", "chrF $P_n$"),
            _L("chrF R_n", "chrF $R_n$"),
        ),
        tuple(
            (str(p.n), *_charsim_order(p.charsim), *_chrf_order(p.chrf))
            for p in c.order_pairs
            if p.chrf is not None
        )
        + tuple((f"word {o.n} (chrF++)", None, None, None, *_chrf_order(o)) for o in word_orders),
    )
    combined = Table(
        ("", f"chrF (reference {chrf.chosen_reference + 1})", "charsim"),
        (
            ("precision", chrf.precision, e.precision),
            ("recall", chrf.recall, e.recall),
            (
                "combined",
                _L(f"F_β, β = {chrf.beta}", rf"$F_\beta$, $\beta = {chrf.beta}$"),
                _L("min(P, R)", r"$\min(P, R)$"),
            ),
            ("value", chrf.f_beta, e.score),
        ),
    )
    lengths = Table(
        ("length rule (§5.1)", "BLEU (words)", "charsim (weighted characters)"),
        (
            ("candidate", str(bleu.candidate_length), e.candidate_length),
            ("reference", f"{bleu.reference_length} (closest)", e.mean_reference_length),
            (
                "factor",
                f"brevity penalty {bleu.brevity_penalty:.6f}",
                f"none: min(P, R) ({e.decision.value})",
            ),
        ),
    )
    bleu_orders = Table(
        ("n", "BLEU matches", "BLEU total", "precision (%)"),
        tuple(
            (str(n), str(m), str(t), decimal(p, 4) if n <= bleu.orders_used else None)
            for n, (m, t, p) in enumerate(
                zip(bleu.matches, bleu.totals, bleu.precisions, strict=True), start=1
            )
        ),
    )
    zero = ", ".join(map(str, bleu.zero_match_orders)) or "none"
    smoothing = Paragraph(
        (
            f"BLEU smoothing: {bleu.smoothing}; orders used: {bleu.orders_used}; "
            f"orders without a match: {zero}; unsmoothed BLEU: "
            f"{bleu.unsmoothed:.4f}",
        )
    )
    references = Table(
        (
            "reference (§5.3)",
            _L("charsim M_i", "charsim $M_i$"),
            _L("L_i", "$L_i$"),
            "chrF alone",
            "BLEU words",
            *(("TER edits",) if ter else ()),
        ),
        tuple(
            (
                str(d.index + 1),
                d.weighted_overlap,
                d.weighted_length,
                decimal(chrf.reference_scores[d.index], 4),
                str(bleu.reference_lengths[d.index]),
                *((str(ter.reference_edits[d.index]),) if ter else ()),
            )
            for d in e.reference_details
        ),
    )
    rules = Paragraph(
        (
            f"charsim averages M_i and L_i over {counted(e.k, 'reference')}; chrF keeps reference "
            f"{chrf.chosen_reference + 1}; BLEU clips by the largest count in any reference and "
            f"uses the closest length ({counted(bleu.reference_length, 'word')})"
            + (
                "."
                if ter is None
                else f"; TER keeps the fewest edits (reference {ter.chosen_reference + 1}) over "
                f"the mean length ({ter.mean_reference_length:g} "
                f"word{'' if ter.mean_reference_length == 1 else 's'})."
            ),
        )
    )
    found = [Paragraph((f"{d.key}:", d.sentence)) for d in c.differences]
    return [*scores, orders, combined, lengths, bleu_orders, smoothing, references, rules, *found]


def _charsim_order(o):
    if o is None:
        return None, None, None
    return o.mean_overlap, str(o.candidate_count), o.mean_reference_count


def _chrf_order(o):
    return str(o.matches), str(o.candidate_count), str(o.reference_count), o.precision, o.recall


def explanation_document(e: Explanation, fmt: str, comparison=None, note: str = "") -> str:
    """The worked example in ``fmt`` (``"text"``, ``"markdown"`` or ``"latex"``): the tables of
    :func:`explanation_blocks` and :func:`comparison_blocks`. Its ``"text"`` is these tables in
    columns, not the command line's ``--explain`` report
    (:func:`charsim.render.report.terminal_report`).

    Args:
        e: the explanation.
        fmt: the format; LaTeX is a sequence of ``tabular`` environments and paragraphs for a
            document body (non-ASCII text needs XeLaTeX or LuaLaTeX).
        comparison: the item's :class:`~charsim.compare.Comparison`, or None.
        note: said instead of the comparison when it is None, after its scores when it has no
            TER.

    Raises:
        TypeError: ``e`` is not an :class:`~charsim.Explanation` (a text, None).
        ValueError: an unknown format.
    """
    _check_explanation(e)
    return render(explanation_blocks(e) + comparison_blocks(comparison, note), fmt)


def _check_explanation(e: object) -> None:
    if not isinstance(e, Explanation):
        raise TypeError(
            f"e must be an Explanation (charsim.explain(candidate, references)), "
            f"got {type(e).__name__}"
        )


def explanation_data(
    e: Explanation, comparison=None, note: str = "", variant: str = "mean"
) -> dict:
    """The worked example as JSON-ready data: exact values as ``"a/b"`` strings (or None).

    Keys: ``candidate``, ``references``, ``variant`` (the variant reported, ``variant``),
    ``signature`` (that variant's), ``derived_note``, ``order_cap`` (``N =
    min(N', max_order)``), ``n_prime`` (``N'``, the highest order with an n-gram, §2.5),
    ``max_order`` (the cap asked for), ``k``,
    ``decision`` (a :class:`~charsim.Decision` value) and ``decision_text``; each quantity of
    the explanation (``score``, ``precision``, ``recall``, ``mean_overlap``,
    ``candidate_length``, ``mean_reference_length``, ``denominator``, ``length_bound``,
    ``base_score``, ``max_score``) as ``{"exact": "a/b", "value": float}``; ``orders`` and
    ``reference_details`` (per order and per reference); ``comparison`` (None, with
    ``comparison_note`` saying why, when there is none; its ``ter`` None, with
    ``comparison_note`` saying why, when TER was left out).

    Raises:
        TypeError: ``e`` is not an :class:`~charsim.Explanation` (a text, None).
        ValueError: an unknown variant.
    """
    _check_explanation(e)
    data = {
        "candidate": e.candidate,
        "references": list(e.references),
        "variant": variant,
        "signature": variant_signature(e, variant),
        "derived_note": e.config.derived_note,
        "order_cap": e.order_cap,
        "n_prime": e.n_prime,
        "max_order": e.config.max_order,
        "k": e.k,
        "decision": e.decision.value,
        "decision_text": e.decision.description,
        **{name: _pair(getattr(e, name)) for _, name in _QUANTITIES},
        "orders": [
            {
                "n": o.n,
                "weight": _exact(o.weight),
                "candidate_count": o.candidate_count,
                "reference_counts": list(o.reference_counts),
                "overlaps": list(o.overlaps),
                "mean_overlap": _exact(o.mean_overlap),
                "mean_reference_count": _exact(o.mean_reference_count),
                "contribution": _exact(o.contribution),
            }
            for o in e.orders
        ],
        "reference_details": [
            {
                "reference": d.index + 1,
                "weighted_overlap": _exact(d.weighted_overlap),
                "weighted_length": _exact(d.weighted_length),
                "score": _pair(d.score),
            }
            for d in e.reference_details
        ],
    }
    data["comparison"] = None if comparison is None else _comparison_data(comparison)
    if comparison is None or comparison.ter is None:
        data["comparison_note"] = note
    return data


def _pair(value: Fraction | None) -> dict:
    return {"exact": _exact(value), "value": None if value is None else float(value)}


def _comparison_data(c) -> dict:
    return {
        "scores": [
            {"metric": s.metric, "name": s.name, "score": s.score, "signature": s.signature}
            for s in c.scores
        ],
        "chrf": _chrf_data(c.chrf),
        "chrf++": _chrf_data(c.chrf_plus),
        "bleu": {
            "smoothing": c.bleu.smoothing,
            "candidate_length": c.bleu.candidate_length,
            "reference_length": c.bleu.reference_length,
            "reference_lengths": list(c.bleu.reference_lengths),
            "matches": list(c.bleu.matches),
            "totals": list(c.bleu.totals),
            "precisions": list(c.bleu.precisions),
            "brevity_penalty": c.bleu.brevity_penalty,
            "orders_used": c.bleu.orders_used,
            "zero_match_orders": list(c.bleu.zero_match_orders),
            "unsmoothed": c.bleu.unsmoothed,
        },
        "ter": None
        if c.ter is None
        else {
            "edits": c.ter.edits,
            "mean_reference_length": c.ter.mean_reference_length,
            "reference_edits": list(c.ter.reference_edits),
            "chosen_reference": c.ter.chosen_reference + 1,
        },
        "differences": [
            {"key": d.key, "section": d.section, "sentence": d.sentence, "values": d.values}
            for d in c.differences
        ],
    }


def _chrf_data(d) -> dict:
    return {
        "beta": d.beta,
        "chosen_reference": d.chosen_reference + 1,
        "reference_scores": list(d.reference_scores),
        "precision": _exact(d.precision),
        "recall": _exact(d.recall),
        "f_beta": _exact(d.f_beta),
        "orders": [
            {
                "kind": o.kind,
                "n": o.n,
                "candidate_count": o.candidate_count,
                "reference_count": o.reference_count,
                "matches": o.matches,
                "precision": _exact(o.precision),
                "recall": _exact(o.recall),
            }
            for o in d.orders
        ],
    }
