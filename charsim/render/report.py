"""The plain text of an :class:`~charsim.Explanation`: what every rendering of it shares, and the
command line's ``--explain`` report (:func:`terminal_report`).

An explanation has two plain-text forms, and they differ on purpose:

* :func:`terminal_report` is what ``charsim --explain ITEM`` prints (and the ``"text"`` of its
  JSON, and the ``#`` lines of its TSV): a quantity a line, each exact fraction after its
  decimal, fixed-width order columns with each order's matched n-grams under its row, for
  reading in a terminal. Its bytes are part of the command line's output.
* :func:`charsim.render.export.explanation_document` with ``"text"`` is the worked example as a
  document: the same tables as its Markdown, LaTeX and HTML, in columns sized to their content
  (:func:`charsim.render.export.explanation_blocks` through
  :func:`charsim.render.formats.render`), to paste.

Both read the same pieces from here, so they cannot say different things: the texts as Python
string literals (:func:`text_rows`), the signature of the variant asked
(:func:`variant_signature`), which score leads (:func:`variant_first`), decimals
(:func:`decimal`) and the matched n-grams with the boundaries marked (:func:`listed_matches`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TypeVar

from ..metric.explain import Explanation, OrderDetail
from ..metric.ngrams import BEGIN_MARK, END_MARK
from ..metric.signature import signature_of

__all__ = [
    "BEGIN_MARK",
    "END_MARK",
    "VARIANT_QUANTITY",
    "decimal",
    "listed_matches",
    "terminal_report",
    "text_rows",
    "variant_first",
    "variant_signature",
]

VARIANT_QUANTITY = {"mean": "score", "base": "base_score", "max": "max_score"}
"""The attribute of an :class:`~charsim.Explanation` that is each variant's score: the mean over
references (§3.1), the base form (§2.4), the max over references (§3.3)."""

_T = TypeVar("_T")


def variant_signature(e: Explanation, variant: str = "mean") -> str:
    """The signature of ``e``'s score under ``variant`` (``e.signature`` is the mean's).

    Raises:
        ValueError: an unknown variant.
    """
    return signature_of(e.config, e.preprocessing, variant, nrefs=e.k)


def variant_first(
    items: Iterable[_T], variant: str, quantity: Callable[[_T], str] = str
) -> list[_T]:
    """``items`` with the one whose quantity is ``variant``'s score first, the rest in order:
    the asked variant's score leads every rendering of an explanation.

    Args:
        items: the items to order.
        variant: ``"mean"``, ``"base"`` or ``"max"``.
        quantity: an item's attribute name of :class:`~charsim.Explanation` (the item itself
            by default).

    Returns:
        A new list.

    Raises:
        KeyError: an unknown variant.

        >>> variant_first(["score", "base_score", "max_score"], "base")
        ['base_score', 'score', 'max_score']
    """
    first = VARIANT_QUANTITY[variant]
    return sorted(items, key=lambda item: quantity(item) != first)


def text_rows(e: Explanation) -> tuple[tuple[str, str], ...]:
    """The candidate and each reference (numbered from 1) as (label, Python string literal):
    quotes make leading and trailing spaces visible, invisible characters such as U+00A0 show
    as ``\\xa0``.

        >>> import charsim
        >>> text_rows(charsim.explain("ca", ["cat "]))
        (('candidate', "'ca'"), ('reference 1', "'cat '"))
    """
    return (
        ("candidate", repr(e.candidate)),
        *((f"reference {d.index + 1}", repr(d.text)) for d in e.reference_details),
    )


def decimal(value: Fraction | float | None, digits: int = 6) -> str | None:
    """``value`` with ``digits`` decimals (``"0.497512"``), or None for None (an undefined
    quantity, e.g. the contribution of an order above N)."""
    return None if value is None else f"{float(value):.{digits}f}"


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


def _value(x: Fraction | None) -> str:
    """``"0.497512 (100/201)"``: the decimal, then the exact fraction; ``"—"`` for None."""
    return "—" if x is None else f"{decimal(x)} ({x})"


_SCORES = {"score": "charsim", "base_score": "base form", "max_score": "max"}
"""The report's label of each variant's score."""
_LABEL = 10
"""The width of the report's labels (a space follows)."""


def terminal_report(e: Explanation, max_matches: int = 12, variant: str = "mean") -> str:
    """The command line's ``--explain`` report of ``e``: a quantity a line, then the orders and
    the references (see the module's docstring for how it differs from the worked example's
    text, :func:`charsim.render.export.explanation_document`).

    Args:
        e: the explanation.
        max_matches: how many matched n-grams to list per order (the rest are counted).
        variant: the variant reported (``"mean"``, ``"base"`` or ``"max"``): its score comes
            first and the signature is its own.

    Returns:
        The report, ending with a newline.

    Raises:
        ValueError: an unknown variant.
    """
    lines = [
        *(f"{label:<{_LABEL}} {text}" for label, text in text_rows(e)),
        f"{'signature':<{_LABEL}} {variant_signature(e, variant)}",
        *([e.config.derived_note] if e.config.derived_note else []),
        *(
            f"{_SCORES[name]:<{_LABEL}} {_value(getattr(e, name))}"
            for name in variant_first(_SCORES, variant)
        ),
        f"P = M̄/L_t  {_value(e.precision)}",
        f"R = M̄/L̄_r  {_value(e.recall)}",
        f"M̄ {e.mean_overlap}   L_t {e.candidate_length}   L̄_r {e.mean_reference_length}   "
        f"D {e.denominator}   K {e.k}",
        f"N {e.order_cap} = min(N', cap {e.config.max_order})   N' {e.n_prime}: the highest order "
        "with an n-gram (§2.5)",
        f"{'decision':<{_LABEL}} {e.decision.description}",
        "",
        "  n  weight  m̄_n  ℓ_t,n  ℓ̄_r,n  contribution m̄_n w_n / D",
    ]
    for o in e.orders:
        lines.append(
            f"{o.n:>3}  {o.weight!s:>6}  {o.mean_overlap!s:>4}  {o.candidate_count:>5}  "
            f"{o.mean_reference_count!s:>6}  {decimal(o.contribution) or '—'}"
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
