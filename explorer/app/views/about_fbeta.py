"""§5.5 on the single item: charsim's ``min(P, R)`` next to F_β of the same ``P`` and ``R``,
with a β slider and F_β plotted against β. Its text is the catalog's ``about.fbeta.*``."""

from __future__ import annotations

from fractions import Fraction
from html import escape

import panel as pn
from bokeh.core.properties import value
from bokeh.models import HoverTool, Span
from panel.viewable import Viewer

from ..i18n import UIText
from ..markup.cards import alert
from ..markup.render import fraction
from ..states.compare import CompareState
from .common import html_pane, line_chart, relabel_figure, value_table

__all__ = ["FBetaView", "fbeta_html"]

_LINES = (
    ("f_beta", "#f58518", "solid"),
    ("minimum", "#4c78a8", "dashed"),
    ("maximum", "#888888", "dotted"),
)
"""Curve (a column of ``CompareState.fbeta_curve``; catalog ``about.fbeta.line.<name>``),
colour, dash."""


def _beta(beta: Fraction) -> str:
    return f"{float(beta):g}"


def fbeta_html(state: CompareState, text: UIText) -> str:
    """P, R, ``min(P, R)`` and F_β at β = 1, 2, 3 and the slider's β, exact and as decimals."""
    if state.fbeta_message:
        return alert(text.message(state.fbeta_message), "info")
    rows = [
        (text("about.fbeta.row.precision"), state.precision, "fbeta-p"),
        (text("about.fbeta.row.recall"), state.recall, "fbeta-r"),
        (text("about.fbeta.row.charsim"), min(state.precision, state.recall), "fbeta-min"),
    ]
    *fixed, (beta, slider) = state.fbeta_rows
    rows += [
        (text("about.fbeta.row.fixed", beta=_beta(b)), f, f"fbeta-{_beta(b)}") for b, f in fixed
    ]
    rows.append((text("about.fbeta.row.slider", beta=_beta(beta)), slider, "fbeta-slider"))
    table = value_table(
        "about-fbeta",
        tuple(text(f"about.fbeta.column.{key}") for key in ("quantity", "value", "exact")),
        [(name, f"{float(v):.4f}", fraction(v), testid) for name, v, testid in rows],
        text("about.fbeta.title"),
    )
    return f"{table}<p>{escape(text('about.fbeta.why'))}</p>"


class FBetaView(Viewer):
    """The β slider, F_β against β with the ``min(P, R)`` and ``max(P, R)`` lines, and the table."""

    def __init__(self, state: CompareState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._source, chart = line_chart(
            "about-fbeta-source", state.fbeta_curve or _EMPTY, [], y_range=(0, 1.02)
        )
        self._hover = chart.select_one(HoverTool)
        for name, color, dash in _LINES:
            chart.line(
                x="beta",
                y=name,
                source=self._source,
                color=color,
                line_dash=dash,
                line_width=2,
                legend_label=name,
            )
        self._beta = Span(
            location=state.beta, dimension="height", line_color="#888888", line_dash="dotted"
        )
        chart.add_layout(self._beta)
        chart.legend.location = "bottom_right"
        self._chart = chart
        self._table = html_pane()
        self._slider = pn.widgets.FloatSlider.from_param(
            state.param.beta, step=0.05, css_classes=["cs-fbeta-beta"]
        )
        # the slider and the chart, hidden together (a Bokeh pane's own visible follows its
        # figure's, and a figure hidden and shown again in one update stayed hidden)
        self._chart_column = pn.Column(
            self._slider,
            pn.pane.Bokeh(chart, sizing_mode="stretch_width"),
            sizing_mode="stretch_width",
        )
        state.param.watch(self._update, ["fbeta_rows", "fbeta_message"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        text = self.text
        relabel_figure(self._chart, {"beta": self._slider}, text, "about.fbeta")
        lines = {name: text(f"about.fbeta.line.{name}") for name, _, _ in _LINES}
        for item, name in zip(self._chart.legend.items, lines, strict=True):
            item.label = value(lines[name])  # a text, not a column
        self._hover.tooltips = [(text("about.fbeta.x_axis"), "@beta{0.00}")] + [
            (label, f"@{name}{{0.0000}}") for name, label in lines.items()
        ]
        self._update()

    def _update(self, *_events) -> None:
        self._source.data = self.state.fbeta_curve or _EMPTY
        # P and R undefined (an empty candidate, a paused input): the table's message alone
        self._chart_column.visible = bool(self.state.fbeta_curve)
        self._beta.location = self.state.beta
        self._table.object = fbeta_html(self.state, self.text)

    def __panel__(self):
        return pn.Column(self._chart_column, self._table, sizing_mode="stretch_width")


_EMPTY = {"beta": [], "f_beta": [], "minimum": [], "maximum": []}
