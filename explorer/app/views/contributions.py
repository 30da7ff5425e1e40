"""Per-order contributions ``m̄_n w_n / D`` (§4.4) as a Bokeh bar chart; a click picks the order."""

from __future__ import annotations

from html import escape

import panel as pn
from bokeh.models import ColumnDataSource, HoverTool, TapTool
from bokeh.plotting import figure
from panel.viewable import Viewer

from charsim import Explanation

from ..i18n import UIText
from ..markup.render import fraction
from ..staging import soon
from ..states.single import ExplorerState
from .chart_download import downloadable
from .common import html_pane, screen_reader_text

__all__ = ["ContributionsView", "contribution_data"]

_TOOLTIPS = [
    ("order", "@n"),
    ("contribution", "@contribution{0.0000} = @contribution_exact"),
    ("overlap", "@overlap"),
    ("candidate_count", "@count_t"),
    ("reference_count", "@count_r"),
    ("weight", "@weight"),
    ("gain", "@gain"),
]
"""Hover rows: catalog key ``contributions.tip.<name>`` → value."""


def contribution_data(e: Explanation | None) -> dict[str, list]:
    """The chart's columns, one row per order ``n = 1..N``; empty without an explanation or
    where P or R is undefined (an empty text: an empty-input rule gives the score, §3.1)."""
    defined = e is not None and None not in (e.precision, e.recall) and e.denominator > 0
    orders = e.orders if defined else ()
    return {
        "n": [o.n for o in orders],
        "contribution": [float(o.contribution) for o in orders],
        "contribution_exact": [fraction(o.contribution) for o in orders],
        "overlap": [fraction(o.mean_overlap) for o in orders],
        "count_t": [str(o.candidate_count) for o in orders],
        "count_r": [fraction(o.mean_reference_count) for o in orders],
        "weight": [fraction(o.weight) for o in orders],
        "gain": [fraction(o.gain) for o in orders],
    }


class ContributionsView(Viewer):
    """Bars over ``n = 1..N`` whose heights sum to the score; hover for the numbers. The
    chart's text alternative (for screen readers) lists each order's contribution and their
    sum."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._source = ColumnDataSource(contribution_data(None), name="contributions-source")
        self._hover = HoverTool()
        chart = figure(
            height=260,
            sizing_mode="stretch_width",
            toolbar_location=None,
            tools=[self._hover, TapTool()],
        )
        chart.vbar(
            x="n",
            top="contribution",
            width=0.8,
            source=self._source,
            color="#4c78a8",
            selection_color="#b8860b",
            nonselection_alpha=0.6,
        )
        chart.y_range.start = 0
        self._chart = chart
        self._source.selected.on_change("indices", self._picked)
        self._caption = html_pane()
        # no bars without contributions (P and R undefined): no empty frame, no buttons
        self._chart_column = downloadable(self._chart, "contributions", self.text, visible=False)
        state.param.watch(soon(self._update), ["explanation"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        text = self.text
        self._chart.xaxis.axis_label = text("contributions.x_axis")
        self._chart.yaxis.axis_label = text("contributions.y_axis")
        self._hover.tooltips = [(text(f"contributions.tip.{n}"), v) for n, v in _TOOLTIPS]
        self._update()

    def _picked(self, _attr, _old, new) -> None:
        if new:
            self.state.order = self._source.data["n"][new[0]]

    def _update(self, *_events) -> None:
        e = self.state.explanation
        self._source.data = contribution_data(e)
        self._chart_column.visible = bool(self._source.data["n"])
        if not self._chart_column.visible:
            self._caption.object = f"<p>{escape(self.text('contributions.none'))}</p>"
            return
        caption = self.text(
            "contributions.caption",
            bars=len(e.orders),
            cap=e.order_cap,
            total=sum(self._source.data["contribution"]),
            score=float(e.score),
        )
        values = "; ".join(
            f"n = {n}: {c:.4f}"
            for n, c in zip(self._source.data["n"], self._source.data["contribution"], strict=True)
        )
        alternative = self.text("contributions.text", values=values, total=float(e.score))
        self._caption.object = (
            f'<p data-testid="contributions-caption">{escape(caption)}</p>'
            + screen_reader_text(alternative, "contributions-text")
        )

    def __panel__(self):
        return pn.Column(self._caption, self._chart_column, sizing_mode="stretch_width")
