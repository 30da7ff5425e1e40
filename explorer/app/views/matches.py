"""Boundary-marked n-gram matches for one order, and a table of that order's shared n-grams."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from html import escape

import panel as pn
from panel.viewable import Viewer

from charsim import Explanation, OrderDetail

from ..i18n import UIText, numbered
from ..markup.cards import alert
from ..markup.render import BEGIN_MARK, END_MARK, fraction, marked_text, ngram_label
from ..staging import soon
from ..states.single import ExplorerState
from .common import html_pane, long_table

__all__ = ["MatchesView", "ngram_rows", "ngram_table_html", "ngram_titles", "text_rows"]

_TICK = "✓"
"""The begin/end columns show a tick where the n-gram holds the boundary symbol, else nothing."""


def ngram_rows(order: OrderDetail, k: int) -> list[list[str]]:
    """One row per shared n-gram of ``order`` (in the explanation's order): the n-gram, its
    begin and end marks, its count in the candidate ``c_t``, per reference its count ``c_r`` and
    clipped overlap ``min``, and ``F_g(c_t)``, the mean clipped overlap (an exact fraction)."""
    return [
        [
            ngram_label(match.ngram),
            _TICK if match.ngram.begin else "",
            _TICK if match.ngram.end else "",
            str(match.candidate_count),
            *(
                str(value)
                for i in range(k)
                for value in (match.reference_counts[i], match.overlaps[i])
            ),
            fraction(match.mean_overlap),
        ]
        for match in order.matches
    ]


def ngram_titles(k: int, text: UIText) -> list[str]:
    """The column titles of :func:`ngram_rows` in the current language."""
    titles = [
        "n-gram",
        text("matches.column.begin"),
        text("matches.column.end"),
        text("matches.column.candidate"),
    ]
    for i in range(1, k + 1):
        titles += [
            text("matches.column.reference_count", i=i),
            text("matches.column.reference_min", i=i),
        ]
    return [*titles, text("matches.column.mean")]


def ngram_table_html(order: OrderDetail, k: int, text: UIText) -> str:
    """The n-gram table of ``order`` as escaped HTML (a :func:`~.common.long_table`; the
    exports of the comparison tab hold every row)."""
    label = text("matches.table_label", n=order.n)
    return long_table("ngram-table", ngram_titles(k, text), ngram_rows(order, k), label, text)


def text_rows(
    e: Explanation,
    order: OrderDetail,
    text: UIText,
    hook: str = "text",
    references: int | None = None,
) -> Iterator[str]:
    """One row of escaped HTML per text of ``e`` (the candidate, then each reference, or the
    first ``references`` of them), the characters covered by a match of ``order`` marked;
    each row's ``data-testid`` is ``<hook>-candidate``, ``<hook>-reference-<i>``."""
    rows = [("candidate", text("matches.candidate"), e.candidate, None)]
    rows += [
        (f"reference-{i + 1}", text("matches.reference", i=i + 1), r, i)
        for i, r in enumerate(e.references[:references])
    ]
    for testid, label, shown, which in rows:
        yield (
            f'<div class="cs-row" data-testid="{hook}-{testid}">'
            f'<span class="cs-label">{escape(label)}</span>'
            f"{marked_text(shown, order.matches, which, text)}</div>"
        )


def _heading(order: OrderDetail, text: UIText) -> str:
    """The legend of the marks and the summary of ``order``'s matches, as escaped HTML."""
    legend = escape(text("matches.legend", begin=BEGIN_MARK, end=END_MARK))
    count = len(order.matches)
    summary = text(
        numbered("matches.summary", count),
        n=order.n,
        count=count,
        overlap=fraction(order.mean_overlap),
    )
    return f'<p class="cs-row">{legend}</p><p>{escape(summary)}</p>'


class MatchesView(Viewer):
    """Pick an order; see the texts with boundaries and matches, and the n-gram table."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._slider = pn.widgets.IntSlider.from_param(state.param.order, end=5)
        self._html = html_pane()
        self._table = html_pane()
        state.param.watch(soon(self._update), ["explanation", "order"])
        self.text.param.watch(soon(self._update), "language")
        deque(self._update(), maxlen=0)  # at once: the view is drawn with its content

    def _update(self) -> Iterator[None]:
        """Draw the current explanation in short steps: the order's matches, each text, the
        table (a long text and many references would otherwise make one long task)."""
        e, text = self.state.explanation, self.text
        self._slider.name = text("matches.order")
        if e is None:
            self._html.object = self._table.object = ""
            return
        self._slider.end = max(e.order_cap, 2)
        order = e.orders[min(self.state.order, e.order_cap) - 1]
        if e.matches_listed:
            order.matches  # noqa: B018 -- computed (and cached) in a step of its own
            yield
            rows = []
            for row in text_rows(e, order, text):
                rows.append(row)
                yield
            self._html.object = _heading(order, text) + "".join(rows)
        else:
            self._html.object = alert(text.message(self.state.matches_note), "info")
        yield
        self._table.object = ngram_table_html(order, e.k, text)

    def __panel__(self):
        return pn.Column(self._slider, self._html, self._table, sizing_mode="stretch_width")
