"""Boundary-marked n-gram matches for one order, and a table of that order's shared n-grams."""

from __future__ import annotations

from html import escape

import pandas as pd
import panel as pn
from panel.viewable import Viewer

from charsim import Explanation, OrderDetail
from explorer.runtime.staged import soon

from ..cards import alert
from ..i18n import UIText
from ..render import BEGIN_MARK, END_MARK, fraction, marked_text, ngram_label
from ..state import ExplorerState
from .common import html_pane, read_only_table

__all__ = ["MatchesView", "ngram_table", "ngram_titles"]


def ngram_table(order: OrderDetail, k: int) -> pd.DataFrame:
    """One row per shared n-gram of ``order``: counts per text, clipped overlaps and ``F_g``."""
    rows = []
    for match in order.matches:
        row = {
            "n-gram": ngram_label(match.ngram),
            "begin": _TICK if match.ngram.begin else "",
            "end": _TICK if match.ngram.end else "",
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


_TICK = "✓"
"""The begin/end columns show a tick where the n-gram holds the boundary symbol, else nothing:
as text, since Tabulator's ``tickCross`` formatter marks its cells ``aria-checked``, which a
grid cell may not carry (axe ``aria-allowed-attr``)."""


def ngram_titles(k: int, text: UIText) -> dict[str, str]:
    """The column titles of :func:`ngram_table` in the current language."""
    titles = {
        "n-gram": "n-gram", "begin": text("matches.column.begin"),
        "end": text("matches.column.end"), "candidate c_t": text("matches.column.candidate"),
        "F_g(c_t) = mean min": text("matches.column.mean"),
    }  # fmt: skip
    for i in range(1, k + 1):
        titles[f"ref {i} c_r"] = text("matches.column.reference_count", i=i)
        titles[f"ref {i} min"] = text("matches.column.reference_min", i=i)
    return titles


def _texts_html(e: Explanation, order: OrderDetail, text: UIText) -> str:
    rows = [("candidate", text("matches.candidate"), e.candidate, None)]
    rows += [
        (f"reference-{i + 1}", text("matches.reference", i=i + 1), r, i)
        for i, r in enumerate(e.references)
    ]
    body = "".join(
        f'<div class="cs-row" data-testid="text-{testid}">'
        f'<span class="cs-label">{escape(label)}</span>'
        f"{marked_text(shown, order.matches, which, text)}</div>"
        for testid, label, shown, which in rows
    )
    legend = escape(text("matches.legend", begin=BEGIN_MARK, end=END_MARK))
    summary = text(
        "matches.summary", n=order.n, count=len(order.matches), overlap=fraction(order.mean_overlap)
    )
    return f'<p class="cs-row">{legend}</p><p>{escape(summary)}</p>{body}'


class MatchesView(Viewer):
    """Pick an order; see the texts with boundaries and matches, and the n-gram table."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._slider = pn.widgets.IntSlider.from_param(state.param.order, end=5)
        self._html = html_pane()
        self._table = read_only_table(
            ngram_table(_EMPTY_ORDER, 1), show_index=False,
            sizing_mode="stretch_width", max_height=320, layout="fit_data_table",
        )  # fmt: skip
        state.param.watch(soon(self._update), ["explanation", "order"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        e, text = self.state.explanation, self.text
        self._slider.name = text("matches.order")
        if e is None:
            self._html.object = ""
            self._table.param.update(
                value=ngram_table(_EMPTY_ORDER, 1), titles=ngram_titles(1, text)
            )
            return
        self._slider.end = max(e.order_cap, 2)
        order = e.orders[min(self.state.order, e.order_cap) - 1]
        if e.matches_listed:
            self._html.object = _texts_html(e, order, text)
        else:
            self._html.object = alert(text.message(self.state.matches_note), "info")
        self._table.param.update(value=ngram_table(order, e.k), titles=ngram_titles(e.k, text))

    def __panel__(self):
        return pn.Column(self._slider, self._html, self._table, sizing_mode="stretch_width")


_EMPTY_ORDER = OrderDetail(1, 1, 0, (0,), (0,), None, None)
