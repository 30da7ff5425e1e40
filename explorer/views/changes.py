"""What would change the score (§4.4): the gain of one more match at each order, and for each
candidate character the longest matched order covering it (:func:`charsim.coverage`)."""

from __future__ import annotations

from html import escape

import panel as pn
from panel.viewable import Viewer

from charsim import Explanation, NGram

from ..i18n import UIText
from ..render import fraction, ngram_label
from ..state import ExplorerState
from .common import alert, html_pane

__all__ = ["COVERAGE_SHOWN", "TEXT", "ChangesView", "coverage_html", "gains_html"]

TEXT = {
    "tab": "What would change the score",
    "gains_heading": "Gain of one more match, per order (§4.4)",
    "gains_intro": (
        "For an edit that keeps the lengths (so D = {denominator} stays), one more unit of the "
        "mean overlap m̄_n adds w_n/D to the score (1/(nD) with 1/n weights); one more match "
        "with a single reference adds w_n/(KD), K = {k}. An edit changes the overlaps at "
        "several orders at once: add their gains."
    ),
    "n": "order n",
    "weight": "w_n",
    "overlap": "m̄_n now",
    "count": "ℓ_t,n",
    "gain": "gain w_n/D",
    "gain_one": "one reference w_n/(KD)",
    "no_gains": "No gains: an empty-input rule or an undefined score applies (D = 0).",
    "coverage_heading": "Longest matched order covering each candidate character",
    "coverage_intro": (
        "Each candidate character is coloured by the highest order n of an n-gram it belongs "
        "to that some reference shares (hover for the order). Boundary-marked n-grams count "
        "with their full order: a shared ⊳ca covers c and a at order 3. Characters at order 0 "
        "(red, dotted) are in no shared n-gram."
    ),
    "legend": "order:",
    "none": "none",
    "char_title": "character {index}: longest matched order {order}",
    "summary": (
        "{uncovered:,} of {size:,} characters covered by no shared n-gram; longest order {top}."
    ),
    "shortened": "Showing the first {shown:,} of {size:,} characters.",
    "empty": "The candidate is empty: no characters to cover.",
    "no_explanation": "No explanation: {message}",
}
"""Every user-visible string of this view (``{…}`` fields are filled in)."""

COVERAGE_SHOWN = 3_000
"""Most candidate characters drawn in the coverage view (the rest are summarised)."""

_BINS = ((0, "none"), (1, "1"), (2, "2"), (3, "3"), (4, "4–5"), (6, "6–8"), (9, "9–16"),
         (17, "17+"))  # fmt: skip
"""Colour classes ``cs-cov-0..7``: the lowest order of each and its legend label."""


def _bin(order: int) -> int:
    return max(i for i, (low, _) in enumerate(_BINS) if order >= low)


def _exact(value) -> str:
    return f"{float(value):.4f} = {fraction(value)}"


def gains_html(e: Explanation) -> str:
    """One row per order ``n = 1..N``: ``w_n``, ``m̄_n``, ``ℓ_t,n``, ``w_n/D`` and ``w_n/(KD)``."""
    if e.denominator == 0:
        return alert(TEXT["no_gains"], "info")
    heads = "".join(
        f"<th>{escape(TEXT[key])}</th>"
        for key in ("n", "weight", "overlap", "count", "gain", "gain_one")
    )
    rows = "".join(
        f"<tr><td>{o.n}</td><td>{fraction(o.weight)}</td><td>{fraction(o.mean_overlap)}</td>"
        f'<td>{o.candidate_count}</td><td data-testid="gain-{o.n}">{_exact(o.gain)}</td>'
        f'<td data-testid="gain-one-{o.n}">{_exact(o.gain_one_reference)}</td></tr>'
        for o in e.orders
    )
    intro = TEXT["gains_intro"].format(denominator=fraction(e.denominator), k=e.k)
    return (
        f"<p>{escape(intro)}</p><div class='cs-scroll'><table class='cs-exact' "
        f"data-testid='gains'><tr>{heads}</tr>{rows}</table></div>"
    )


def coverage_html(candidate: str, coverage: tuple[int, ...]) -> str:
    """The candidate's characters coloured by coverage order, escaped, with a legend; at most
    :data:`COVERAGE_SHOWN` characters are drawn."""
    if not candidate:
        return alert(TEXT["empty"], "info")
    legend = "".join(
        f'<span class="cs-cov cs-cov-{i}">{escape(TEXT["none"] if low == 0 else label)}</span> '
        for i, (low, label) in enumerate(_BINS)
    )
    chars = "".join(
        f'<span class="cs-cov cs-cov-{_bin(order)}" data-order="{order}" title="'
        f'{escape(TEXT["char_title"].format(index=i, order=order))}">'
        f"{escape(ngram_label(NGram(char)))}</span>"
        for i, (char, order) in enumerate(zip(candidate[:COVERAGE_SHOWN], coverage, strict=False))
    )
    summary = TEXT["summary"].format(
        uncovered=coverage.count(0), size=len(candidate), top=max(coverage)
    )
    if len(candidate) > COVERAGE_SHOWN:
        summary += " " + TEXT["shortened"].format(shown=COVERAGE_SHOWN, size=len(candidate))
    return (
        f"<p>{escape(TEXT['coverage_intro'])}</p><p>{escape(TEXT['legend'])} {legend}</p>"
        f'<div class="cs-text" data-testid="coverage">{chars}</div>'
        f'<p data-testid="coverage-summary">{escape(summary)}</p>'
    )


class ChangesView(Viewer):
    """The gains table and the per-character coverage of the single item."""

    def __init__(self, state: ExplorerState, **params) -> None:
        super().__init__(**params)
        self.state = state
        self._gains = html_pane()
        self._coverage = html_pane()
        state.param.watch(self._update, ["explanation", "message"])
        self._update()

    def _update(self, *_events) -> None:
        e = self.state.explanation
        if e is None:
            message = alert(
                TEXT["no_explanation"].format(message=UIText().message(self.state.message)), "info"
            )
            self._gains.object = self._coverage.object = message
            return
        self._gains.object = gains_html(e)
        self._coverage.object = coverage_html(e.candidate, self.state.coverage)

    def __panel__(self):
        return pn.Column(
            pn.pane.Markdown(f"#### {TEXT['coverage_heading']}"), self._coverage,
            pn.pane.Markdown(f"#### {TEXT['gains_heading']}"), self._gains,
            sizing_mode="stretch_width",
        )  # fmt: skip
