"""Length bias on the single item (§6.1–§6.3): the length model of charsim, chrF_β and BLEU at
the item's candidate length, mean reference length and observed match rate, as curves over
candidate length with the item's point marked (sacreBLEU does not load offline in Pyodide)."""

from __future__ import annotations

from html import escape

import panel as pn
from bokeh.models import ColumnDataSource, HoverTool, Span
from panel.viewable import Viewer

from ..compare_state import CompareState
from ..render import fraction
from .common import alert, html_pane, line_chart, value_table

__all__ = ["TEXT", "LengthBiasView", "bias_html"]

TEXT = {
    "heading": "Length bias at the single item's lengths: charsim, chrF and BLEU (§6.1–§6.3)",
    "no_sacrebleu": (
        "sacreBLEU's chrF and sentence BLEU cannot run here: sacreBLEU 2.6.0 does not load in "
        "this offline Pyodide (it imports portalocker, which needs the fcntl module Pyodide "
        "lacks, and lxml, which has no offline Pyodide build), so this shows the §6 length "
        "model only, at your input's lengths and match rate."
    ),
    "title": "Length model at the single item's lengths (§6.1–§6.3)",
    "x_axis": "candidate length j (characters)",
    "y_axis": "model score",
    "j": "j",
    "charsim": "charsim",
    "chrF": "chrF (β = {beta})",
    "chrF_line": "chrF_β (β of the F_β slider)",
    "BLEU": "BLEU",
    "point": "your candidate",
    "model": "model",
    "score": "score",
    "quantity": "at your input",
    "value": "value",
    "exact": "exact",
    "length": "λ̂ = |t|, candidate length (characters)",
    "reference_length": "λ = mean reference length (characters)",
    "rate": "p̂ = M̄ / min(L_t, L̄_r) = max(P, R), observed match rate",
    "model_row": "{name}, length model",
    "actual": "charsim of your input, exact",
    "how": (
        "The model (§6.1) gives one reference of λ characters and a candidate of j, and lets a "
        "share p of the shorter side's n-grams match. Your p̂ is that share measured on your "
        "input, with the orders weighted as charsim weighs them. Left of λ charsim falls with "
        "recall (p·j/λ) and BLEU by its brevity penalty; right of λ both fall with precision "
        "(p·λ/j), while chrF with β > 1 weighs recall more and falls slowly there: it favours "
        "longer candidates, the length bias of §6.3."
    ),
}
"""Every user-visible string of this view (``{beta}`` and ``{name}`` are filled in)."""

_LINES = (("charsim", "#4c78a8", "solid"), ("chrF", "#f58518", "dashed"),
          ("BLEU", "#54a24b", "dotdash"))  # fmt: skip
_MODELS = [name for name, _, _ in _LINES]


def _names(state: CompareState) -> dict[str, str]:
    beta = f"{float(state.exact_beta):g}"
    return {name: TEXT[name].format(beta=beta) for name in _MODELS}


def _line_name(name: str) -> str:
    return TEXT["chrF_line"] if name == "chrF" else TEXT[name]


def bias_html(state: CompareState) -> str:
    """The model's inputs and scores at the item's point, and the item's real charsim."""
    if state.bias_message:
        return alert(state.bias_message, "info")
    point, names = state.bias_point, _names(state)
    rows = [
        (TEXT["length"], str(point["length"]), "", "bias-length"),
        (TEXT["reference_length"], f"{float(point['reference_length']):.2f}",
         fraction(point["reference_length"]), "bias-reference-length"),
        (TEXT["rate"], f"{float(point['rate']):.4f}", fraction(point["rate"]), "bias-rate"),
    ]  # fmt: skip
    rows += [
        (TEXT["model_row"].format(name=names[name]), f"{point[name]:.4f}", "", f"bias-{name}")
        for name in _MODELS
    ]
    rows.append((TEXT["actual"], f"{float(point['score']):.4f}", fraction(point["score"]),
                 "bias-score"))  # fmt: skip
    header = (TEXT["quantity"], TEXT["value"], TEXT["exact"])
    return f"{value_table('about-bias', header, rows)}<p>{escape(TEXT['how'])}</p>"


class LengthBiasView(Viewer):
    """The three model curves over candidate length, λ marked, the item's point on each."""

    def __init__(self, state: CompareState, **params) -> None:
        super().__init__(**params)
        self.state = state
        tooltips = [(TEXT["j"], "@j{0.0}")]
        tooltips += [(_line_name(name), f"@{name}{{0.000}}") for name in _MODELS]
        self._source, chart = line_chart(
            "about-bias-source", _EMPTY_CURVES, tooltips, x_axis_label=TEXT["x_axis"],
            y_axis_label=TEXT["y_axis"], title=TEXT["title"], y_range=(0, 1.02),
        )  # fmt: skip
        lines = [
            chart.line(x="j", y=name, source=self._source, color=color, line_dash=dash,
                       line_width=2, legend_label=_line_name(name))
            for name, color, dash in _LINES
        ]  # fmt: skip
        chart.select_one(HoverTool).renderers = lines
        self._points = ColumnDataSource(_EMPTY_POINTS, name="about-bias-points")
        dots = chart.scatter(x="j", y="score", source=self._points, color="color", size=10,
                             marker="diamond", legend_label=TEXT["point"])  # fmt: skip
        chart.add_tools(HoverTool(renderers=[dots], tooltips=[
            (TEXT["model"], "@model"), (TEXT["j"], "@j"), (TEXT["score"], "@score{0.0000}"),
        ]))  # fmt: skip
        self._lambda = Span(location=0, dimension="height", line_color="#888888",
                            line_dash="dotted")  # fmt: skip
        chart.add_layout(self._lambda)
        chart.legend.location = "top_right"
        self._chart = pn.pane.Bokeh(chart, sizing_mode="stretch_width")
        self._table = html_pane()
        self.note = html_pane(object=alert(TEXT["no_sacrebleu"], "info"))
        state.param.watch(self._update, ["bias_curves", "bias_point", "bias_message"])
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
        self._table.object = bias_html(self.state)

    def __panel__(self):
        return pn.Column(self.note, self._chart, self._table, sizing_mode="stretch_width")


_EMPTY_CURVES = {"j": [], **{name: [] for name in _MODELS}}
_EMPTY_POINTS = {"j": [], "score": [], "model": [], "color": []}
