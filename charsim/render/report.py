"""Plain-text rendering of an :class:`~charsim.Explanation` (the command line's ``--explain``).

It shows what the explorer shows: scores, lengths, the decision, per-order contributions, the
matched n-grams of each order with boundaries marked, and per-reference numbers; exact fractions
next to decimals.
"""

from __future__ import annotations

from ..metric.explain import Explanation, OrderDetail
from ..metric.signature import signature_of


def variant_signature(e: Explanation, variant: str = "mean") -> str:
    """The signature of ``e``'s score under ``variant`` (``e.signature`` is the mean's).

    Raises:
        ValueError: an unknown variant.
    """
    return signature_of(e.config, e.preprocessing, variant, nrefs=e.k)


__all__ = ["BEGIN_MARK", "END_MARK", "explanation_text", "listed_matches", "variant_signature"]

BEGIN_MARK = "⟨^⟩"
"""How a begin boundary is printed (a typed ``^`` prints as ``^``)."""
END_MARK = "⟨$⟩"
"""How an end boundary is printed (a typed ``$`` prints as ``$``)."""


def listed_matches(o: OrderDetail, max_matches: int = 12) -> str:
    """The shared n-grams of one order with the boundaries marked (:data:`BEGIN_MARK`,
    :data:`END_MARK`), as Python string literals (quotes show spaces at the ends), by first
    position in the candidate: ``"'⟨^⟩c'  'ca'  (+3 more)"``.

    Args:
        o: the order's detail (its :attr:`~charsim.OrderDetail.matches`; none are listed when
            the explanation was computed with ``matches=False``).
        max_matches: how many to list (the rest are counted).

    Returns:
        The list, or ``""`` when the order shares no listed n-gram.
    """
    shown = [m.ngram.display(BEGIN_MARK, END_MARK) for m in o.matches[:max_matches]]
    more = len(o.matches) - len(shown)
    return "  ".join(map(repr, shown)) + (f"  (+{more} more)" if shown and more > 0 else "")


def _value(x) -> str:
    return "—" if x is None else f"{float(x):.6f} ({x})"


def explanation_text(e: Explanation, max_matches: int = 12, variant: str = "mean") -> str:
    """A multi-line report of ``e``.

    Args:
        e: the explanation.
        max_matches: how many matched n-grams to list per order (the rest are counted).
        variant: the variant reported (``"mean"``, ``"base"`` or ``"max"``): its score comes
            first and the signature is its own.

    Returns:
        The report, ending with a newline.
    """
    scores = {"mean": f"charsim    {_value(e.score)}",
              "base": f"base form  {_value(e.base_score)}",
              "max": f"max        {_value(e.max_score)}"}  # fmt: skip
    lines = [
        f"candidate  {e.candidate!r}",
        *(f"reference {d.index + 1} {d.text!r}" for d in e.reference_details),
        f"signature  {variant_signature(e, variant)}",
        *([e.config.derived_note] if e.config.derived_note else []),
        scores.pop(variant),
        *scores.values(),
        f"P = M̄/L_t  {_value(e.precision)}",
        f"R = M̄/L̄_r  {_value(e.recall)}",
        f"M̄ {e.mean_overlap}   L_t {e.candidate_length}   L̄_r {e.mean_reference_length}   "
        f"D {e.denominator}   K {e.k}",
        f"N {e.order_cap} = min(N', cap {e.config.max_order})   N' {e.n_prime}: the highest order "
        "with an n-gram (§2.5)",
        f"decision   {e.decision.description}",
        "",
        "  n  weight  m̄_n  ℓ_t,n  ℓ̄_r,n  contribution m̄_n w_n / D",
    ]
    for o in e.orders:
        contribution = "—" if o.contribution is None else f"{float(o.contribution):.6f}"
        lines.append(
            f"{o.n:>3}  {o.weight!s:>6}  {o.mean_overlap!s:>4}  {o.candidate_count:>5}  "
            f"{o.mean_reference_count!s:>6}  {contribution}"
        )
        shown = listed_matches(o, max_matches)
        if shown:
            lines.append("       matches: " + shown)
    lines.append("")
    lines.append("  i  M_i  L_i  s_i")
    for d in e.reference_details:
        lines.append(
            f"{d.index + 1:>3}  {d.weighted_overlap}  {d.weighted_length}  {_value(d.score)}"
        )
    return "\n".join(lines) + "\n"
