"""Boundary-marked n-gram matches for one order, and a table of that order's shared n-grams."""

from __future__ import annotations

from html import escape

import pandas as pd
import panel as pn
from panel.viewable import Viewer

from charsim import Explanation, OrderDetail

from ..render import BEGIN_MARK, END_MARK, fraction, marked_text, ngram_label
from ..state import ExplorerState
from .common import html_pane

__all__ = ["MatchesView", "ngram_table"]

_LEGEND = (
    f'<p class="cs-row">Boundaries are drawn as boxed <span class="cs-boundary">{BEGIN_MARK}</span>'
    f' (begin) and <span class="cs-boundary">{END_MARK}</span> (end); a <code>^</code> or '
    "<code>$</code> you type is an ordinary character. Matched characters are "
    '<span class="cs-hit">underlined and shaded</span>; hover one for its n-grams and counts '
    "(candidate, each reference, clipped overlap min).</p>"
)


def ngram_table(order: OrderDetail, k: int) -> pd.DataFrame:
    """One row per shared n-gram of ``order``: counts per text, clipped overlaps and ``F_g``."""
    rows = []
    for match in order.matches:
        row = {
            "n-gram": ngram_label(match.ngram),
            "begin": match.ngram.begin,
            "end": match.ngram.end,
            "candidate c_t": match.candidate_count,
        }
        for i in range(k):
            row[f"ref {i + 1} c_r"] = match.reference_counts[i]
            row[f"ref {i + 1} min"] = match.overlaps[i]
        row["F_g(c_t) = mean min"] = fraction(match.mean_overlap)
        rows.append(row)
    return pd.DataFrame(rows, columns=_columns(k))


def _columns(k: int) -> list[str]:
    per_reference = [f"ref {i + 1} {what}" for i in range(k) for what in ("c_r", "min")]
    return ["n-gram", "begin", "end", "candidate c_t", *per_reference, "F_g(c_t) = mean min"]


def _texts_html(e: Explanation, order: OrderDetail) -> str:
    rows = [("Candidate", marked_text(e.candidate, order.matches, None))]
    rows += [
        (f"Reference {i + 1}", marked_text(r, order.matches, i)) for i, r in enumerate(e.references)
    ]
    body = "".join(
        f'<div class="cs-row" data-testid="text-{label.lower().replace(" ", "-")}">'
        f'<span class="cs-label">{escape(label)}</span>{html}</div>'
        for label, html in rows
    )
    summary = (
        f"<p>Order n = {order.n}: {len(order.matches)} shared n-gram"
        f"{'s' if len(order.matches) != 1 else ''}; m̄_n = {fraction(order.mean_overlap)}.</p>"
    )
    return _LEGEND + summary + body


class MatchesView(Viewer):
    """Pick an order; see the texts with boundaries and matches, and the n-gram table."""

    def __init__(self, state: ExplorerState, **params) -> None:
        super().__init__(**params)
        self.state = state
        self._slider = pn.widgets.IntSlider.from_param(state.param.order, label="Order n", end=5)
        self._html = html_pane()
        self._table = pn.widgets.Tabulator(
            ngram_table(_EMPTY_ORDER, 1), disabled=True, show_index=False,
            sizing_mode="stretch_width", max_height=320, layout="fit_data_table",
        )  # fmt: skip
        state.param.watch(self._update, ["explanation", "order"])
        self._update()

    def _update(self, *_events) -> None:
        e = self.state.explanation
        if e is None:
            self._html.object = ""
            self._table.value = ngram_table(_EMPTY_ORDER, 1)
            return
        self._slider.end = max(e.order_cap, 2)
        order = e.orders[min(self.state.order, e.order_cap) - 1]
        self._html.object = _texts_html(e, order)
        self._table.value = ngram_table(order, e.k)

    def __panel__(self):
        return pn.Column(self._slider, self._html, self._table, sizing_mode="stretch_width")


_EMPTY_ORDER = OrderDetail(1, 1, 0, (0,), (0,), None, None, ())
