"""The "by hand" view: every quantity as an exact fraction, for a reviewer with a pencil."""

from __future__ import annotations

from html import escape

from panel.viewable import Viewer

from charsim import Explanation

from ..i18n import UIText
from ..markup.render import fraction
from ..staging import soon
from ..states.single import ExplorerState
from .common import ROWS_SHOWN, html_pane, numeric

__all__ = ["ExactView", "exact_html"]


def _sum(terms: list) -> str:
    shown = [fraction(t) for t in terms if t]
    return " + ".join(shown) if shown else "0"


def exact_html(e: Explanation, text: UIText) -> str:
    """Formulas with the numbers of this input substituted, as exact fractions (escaped HTML):
    the sums, each order's terms, and each reference's ``s_i``."""
    k = e.k
    lines = [
        f"M̄ = Σ_n w_n m̄_n = {_sum([o.weight * o.mean_overlap for o in e.orders])} "
        f"= {fraction(e.mean_overlap)}",
        f"L_t = Σ_n w_n ℓ_t,n = {_sum([o.weight * o.candidate_count for o in e.orders])} "
        f"= {fraction(e.candidate_length)}",
        f"L̄_r = Σ_n w_n ℓ̄_r,n = {_sum([o.weight * o.mean_reference_count for o in e.orders])} "
        f"= {fraction(e.mean_reference_length)}",
        f"D = max(L_t, L̄_r) = {fraction(e.denominator)}",
        f"P = M̄ / L_t = {fraction(e.precision)}",
        f"R = M̄ / L̄_r = {fraction(e.recall)}",
        f"charsim = M̄ / D = {fraction(e.score)} ≈ {float(e.score):.6f}",
        f"{text('score.base')} = (1/{k}) Σ_i s_i = {fraction(e.base_score)} "
        f"≈ {float(e.base_score):.6f}",
        f"{text('score.max')} = max_i s_i = {fraction(e.max_score)} ≈ {float(e.max_score):.6f}",
    ]
    header = "".join(f"<th>{h}</th>" for h in ("n", "w_n", "m̄_n", "ℓ_t,n", "ℓ̄_r,n", "m̄_n w_n / D"))
    rows = "".join(
        "<tr>"
        + "".join(
            f"<td{numeric(str(v))}>{escape(str(v))}</td>"
            for v in (
                o.n,
                fraction(o.weight),
                fraction(o.mean_overlap),
                o.candidate_count,
                fraction(o.mean_reference_count),
                fraction(o.contribution),
            )
        )
        + "</tr>"
        for o in e.orders
    )
    formulas = "".join(f"<div class='cs-row'><code>{escape(line)}</code></div>" for line in lines)
    return (
        f'<div data-testid="exact">{formulas}</div>'
        + _region(text("tab.exact"), f'<table class="cs-exact"><tr>{header}</tr>{rows}</table>')
        + _region(text("tab.references"), _references(e))
    )


def _region(label: str, table: str) -> str:
    """A table in a region that scrolls sideways when its fractions are wider than the page
    (reached with Tab, so that the keyboard scrolls it)."""
    region = f'<div class="cs-wide" role="region" tabindex="0" aria-label="{escape(label)}">'
    return f"{region}{table}</div>"


def _references(e: Explanation) -> str:
    """Each reference's ``M_i``, ``L_i`` and ``s_i = M_i / max(L_t, L_i)`` as exact fractions
    (§2.2–§2.4), for the first :data:`~.common.ROWS_SHOWN` references."""
    header = "".join(f"<th>{h}</th>" for h in ("i", "M_i", "L_i", "s_i = M_i / max(L_t, L_i)"))
    rows = "".join(
        "<tr>"
        + "".join(
            f"<td{numeric(v)}>{escape(v)}</td>"
            for v in (
                str(d.index + 1),
                fraction(d.weighted_overlap),
                fraction(d.weighted_length),
                fraction(d.score),
            )
        )
        + "</tr>"
        for d in e.reference_details[:ROWS_SHOWN]
    )
    return f'<table class="cs-exact" data-testid="exact-references"><tr>{header}</tr>{rows}</table>'


class ExactView(Viewer):
    """Exact fractions for M̄, L_t, L̄_r, D, P, R and each order's contribution."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._html = html_pane()
        state.param.watch(soon(self._update), ["explanation"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        e = self.state.explanation
        self._html.object = "" if e is None else exact_html(e, self.text)

    def __panel__(self):
        return self._html
