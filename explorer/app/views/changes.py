"""What would change the score (§4.4): the gain of one more match at each order, and for each
candidate character the longest matched order covering it (:func:`charsim.coverage`)."""

from __future__ import annotations

from html import escape

import panel as pn
from panel.viewable import Viewer

from charsim import Explanation, NGram

from ..i18n import UIText
from ..markup.cards import alert
from ..markup.render import TEXT_SHOWN, fraction, ngram_label
from ..staging import soon
from ..states.single import ExplorerState
from .common import html_pane, scroll_region

__all__ = ["ChangesView", "coverage_html", "gains_html"]

_COLUMNS = ("n", "weight", "overlap", "count", "gain", "gain_one")
"""Columns of the gains table (catalog ``changes.column.<name>``)."""

_BINS = ((0, ""), (1, "1"), (2, "2"), (3, "3"), (4, "4–5"), (6, "6–8"), (9, "9–16"), (17, "17+"))
"""Colour classes ``cs-cov-0..7``: the lowest order of each and its legend label (order 0:
the catalog's ``changes.none``)."""


def _bin(order: int) -> int:
    return max(i for i, (low, _) in enumerate(_BINS) if order >= low)


def _exact(value) -> str:
    return f"{float(value):.4f} = {fraction(value)}"


def gains_html(e: Explanation, text: UIText) -> str:
    """One row per order ``n = 1..N``: ``w_n``, ``m̄_n``, ``ℓ_t,n``, ``w_n/D`` and ``w_n/(KD)``."""
    if e.denominator == 0:
        return alert(text("changes.no_gains"), "info")
    heads = "".join(f"<th>{escape(text(f'changes.column.{key}'))}</th>" for key in _COLUMNS)
    rows = "".join(
        f"<tr><td>{o.n}</td><td>{fraction(o.weight)}</td><td>{fraction(o.mean_overlap)}</td>"
        f'<td>{o.candidate_count}</td><td data-testid="gain-{o.n}">{_exact(o.gain)}</td>'
        f'<td data-testid="gain-one-{o.n}">{_exact(o.gain_one_reference)}</td></tr>'
        for o in e.orders
    )
    intro = text("changes.gains_intro", denominator=fraction(e.denominator), k=e.k)
    table = f"<table class='cs-exact' data-testid='gains'><tr>{heads}</tr>{rows}</table>"
    return f"<p>{escape(intro)}</p>" + scroll_region(table, text("changes.heading.gains"))


def coverage_html(candidate: str, coverage: tuple[int, ...], text: UIText) -> str:
    """The candidate's characters coloured by coverage order, escaped, with a legend; at most
    :data:`~explorer.app.markup.render.TEXT_SHOWN` characters are drawn."""
    if not candidate:
        return alert(text("changes.empty"), "info")
    legend = "".join(
        f'<span class="cs-cov cs-cov-{i}">{escape(label or text("changes.none"))}</span> '
        for i, (_, label) in enumerate(_BINS)
    )
    chars = "".join(
        f'<span class="cs-cov cs-cov-{_bin(order)}" data-order="{order}" title="'
        f'{escape(text("changes.char_title", index=i, order=order))}">'
        f"{escape(ngram_label(NGram(char)))}</span>"
        for i, (char, order) in enumerate(zip(candidate[:TEXT_SHOWN], coverage, strict=False))
    )
    summary = text(
        "changes.summary", uncovered=coverage.count(0), size=len(candidate), top=max(coverage)
    )
    if len(candidate) > TEXT_SHOWN:
        summary += " " + text("render.shortened", shown=TEXT_SHOWN, size=len(candidate))
    return (
        f"<p>{escape(text('changes.coverage_intro'))}</p>"
        f"<p>{escape(text('changes.legend'))} {legend}</p>"
        f'<div class="cs-text" data-testid="coverage">{chars}</div>'
        f'<p data-testid="coverage-summary">{escape(summary)}</p>'
    )


class ChangesView(Viewer):
    """The gains table and the per-character coverage of the single item."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._headings = {key: pn.pane.Markdown() for key in ("coverage", "gains")}
        self._gains = html_pane()
        self._coverage = html_pane()
        state.param.watch(soon(self._update), ["explanation", "message"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        for key, heading in self._headings.items():
            heading.object = f"### {self.text(f'changes.heading.{key}')}"
        self._update()

    def _update(self, *_events) -> None:
        e, text = self.state.explanation, self.text
        if e is None and self.state.message is None:
            return  # the explanation is on its way (the state computes it after a pause)
        if e is None:
            reason = text("changes.no_explanation", message=text.message(self.state.message))
            self._gains.object = self._coverage.object = alert(reason, "info")
            return
        self._gains.object = gains_html(e, text)
        if e.matches_listed:
            self._coverage.object = coverage_html(e.candidate, self.state.coverage, text)
        else:
            self._coverage.object = alert(text.message(self.state.matches_note), "info")

    def __panel__(self):
        return pn.Column(
            self._headings["coverage"],
            self._coverage,
            self._headings["gains"],
            self._gains,
            sizing_mode="stretch_width",
        )
