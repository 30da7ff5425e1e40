"""Length bias on the single item (§6.1–§6.3): the length model of charsim, chrF_β and BLEU at
the item's candidate length, mean reference length and observed match rate, as curves over
candidate length with the item's point marked (sacreBLEU does not load offline in Pyodide).
Its text is the catalog's ``about.bias.*``."""

from __future__ import annotations

from html import escape

import panel as pn
from bokeh.core.properties import value
from bokeh.models import ColumnDataSource, HoverTool, Span
from panel.viewable import Viewer

from ..i18n import UIText
from ..markup.cards import alert
from ..markup.render import fraction
from ..states.compare import CompareState
from .common import html_pane, line_chart, relabel_figure, value_table

__all__ = ["LengthBiasView", "bias_html"]

_LINES = (
    ("charsim", "#4c78a8", "solid"),
    ("chrF", "#f58518", "dashed"),
    ("BLEU", "#54a24b", "dotdash"),
)
_MODELS = [name for name, _, _ in _LINES]


def _names(state: CompareState) -> dict[str, str]:
    """The models' names (the same in every language), chrF with the slider's β."""
    return {"charsim": "charsim", "chrF": f"chrF (β = {float(state.exact_beta):g})", "BLEU": "BLEU"}


def _line_name(name: str, text: UIText) -> str:
    return text("about.bias.chrF_line") if name == "chrF" else name


def bias_html(state: CompareState, text: UIText) -> str:
    """The model's inputs and scores at the item's point, and the item's real charsim."""
    if state.bias_message:
        return alert(text.message(state.bias_message), "info")
    point, names = state.bias_point, _names(state)
    rows = [
        (text("about.bias.row.length"), str(point["length"]), "", "bias-length"),
        (
            text("about.bias.row.reference_length"),
            f"{float(point['reference_length']):.2f}",
            fraction(point["reference_length"]),
            "bias-reference-length",
        ),
        (
            text("about.bias.row.rate"),
            f"{float(point['rate']):.4f}",
            fraction(point["rate"]),
            "bias-rate",
        ),
    ]
    rows += [
        (text("about.bias.row.model", name=names[name]), f"{point[name]:.4f}", "", f"bias-{name}")
        for name in _MODELS
    ]
    rows.append(
        (
            text("about.bias.row.actual"),
            f"{float(point['score']):.4f}",
            fraction(point["score"]),
            "bias-score",
        )
    )
    header = tuple(text(f"about.bias.column.{key}") for key in ("quantity", "value", "exact"))
    table = value_table("about-bias", header, rows, text("about.bias.title"))
    return f"{table}<p>{escape(text('about.bias.how'))}</p>"


class LengthBiasView(Viewer):
    """The three model curves over candidate length, λ marked, the item's point on each."""

    def __init__(self, state: CompareState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._source, chart = line_chart("about-bias-source", _EMPTY_CURVES, [], y_range=(0, 1.02))
        self._line_hover = chart.select_one(HoverTool)
        lines = [
            chart.line(
                x="j",
                y=name,
                source=self._source,
                color=color,
                line_dash=dash,
                line_width=2,
                legend_label=name,
            )
            for name, color, dash in _LINES
        ]
        self._line_hover.renderers = lines
        self._points = ColumnDataSource(_EMPTY_POINTS, name="about-bias-points")
        # No legend item: BokehJS draws a legend sample from the first row of a colour column and
        # fails (RangeError, stopping the page's Python watchers) while the source is empty.
        dots = chart.scatter(
            x="j", y="score", source=self._points, color="color", size=10, marker="diamond"
        )
        self._point_hover = HoverTool(renderers=[dots])
        chart.add_tools(self._point_hover)
        self._lambda = Span(
            location=0, dimension="height", line_color="#888888", line_dash="dotted"
        )
        chart.add_layout(self._lambda)
        # below the plot: inside it hid parts of the curves, on its right it squeezed the plot
        # to 75 px in a 400-px window
        chart.add_layout(chart.legend[0], "below")
        self._figure = chart
        self._chart = pn.pane.Bokeh(chart, sizing_mode="stretch_width")
        self._table = html_pane()
        self.note = html_pane()
        state.param.watch(self._update, ["bias_curves", "bias_point", "bias_message"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        text = self.text
        relabel_figure(self._figure, {}, text, "about.bias")
        labels = [_line_name(name, text) for name in _MODELS]
        for item, label in zip(self._figure.legend.items, labels, strict=True):
            item.label = value(label)  # a text, not a column
        j = text("about.bias.tip.j")
        self._line_hover.tooltips = [(j, "@j{0.0}")] + [
            (_line_name(name, text), f"@{name}{{0.000}}") for name in _MODELS
        ]
        self._point_hover.tooltips = [
            (text("about.bias.tip.model"), "@model"),
            (j, "@j"),
            (text("about.bias.tip.score"), "@score{0.0000}"),
        ]
        self.note.object = alert(text("about.bias.model_only"), "info")
        self._update()

    def _update(self, *_events) -> None:
        point, names = self.state.bias_point, _names(self.state)
        self._source.data = self.state.bias_curves or _EMPTY_CURVES
        self._points.data = (
            {
                "j": [point["length"]] * len(_LINES),
                "score": [point[name] for name in _MODELS],
                "model": [names[name] for name in _MODELS],
                "color": [color for _, color, _ in _LINES],
            }
            if point
            else _EMPTY_POINTS
        )
        self._lambda.location = float(point["reference_length"]) if point else 0
        self._chart.visible = bool(point)
        self._table.object = bias_html(self.state, self.text)

    def __panel__(self):
        return pn.Column(self.note, self._chart, self._table, sizing_mode="stretch_width")


_EMPTY_CURVES = {"j": [], **{name: [] for name in _MODELS}}
_EMPTY_POINTS = {"j": [], "score": [], "model": [], "color": []}
