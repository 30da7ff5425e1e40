"""§5.5 on the single item: charsim's ``min(P, R)`` next to F_β of the same ``P`` and ``R``,
with a β slider and F_β plotted against β."""

from __future__ import annotations

from fractions import Fraction
from html import escape

import panel as pn
from bokeh.models import Span
from panel.viewable import Viewer

from ..compare_state import CompareState
from ..render import fraction
from .common import alert, figure_column, html_pane, line_chart, value_table

__all__ = ["TEXT", "FBetaView", "fbeta_html"]

TEXT = {
    "heading": "Why min(P, R) and not F_β: the single item's P and R (§5.5)",
    "slider": "β of F_β",
    "title": "F_β of the single item's P and R against β (§5.5)",
    "x_axis": "β",
    "y_axis": "score",
    "f_beta": "F_β",
    "minimum": "min(P, R): charsim",
    "maximum": "max(P, R)",
    "quantity": "quantity",
    "exact": "exact",
    "value": "value",
    "precision": "P = M̄ / L_t",
    "recall": "R = M̄ / L̄_r",
    "charsim": "charsim: min(P, R)",
    "row": "F_β at β = {beta}",
    "slider_row": "F_β at β = {beta} (slider)",
    "why": (
        "F_β = (1+β²)PR/(β²P+R) always lies between P and R, so the higher of the two makes up "
        "for part of the lower one; charsim takes min(P, R) ≤ F_β, so the lower one caps the "
        "score and surplus text (low P) and missing text (low R) are both penalised, with no β "
        "to choose (§5.5). Here both use charsim's P and R; chrF itself computes P and R per "
        "order, so its final score differs in more than the combination."
    ),
}
"""Every user-visible string of this view (``{beta}`` is filled in)."""

_LINES = (("f_beta", "#f58518", "solid"), ("minimum", "#4c78a8", "dashed"),
          ("maximum", "#888888", "dotted"))  # fmt: skip


def _beta(beta: Fraction) -> str:
    return f"{float(beta):g}"


def fbeta_html(state: CompareState) -> str:
    """P, R, ``min(P, R)`` and F_β at β = 1, 2, 3 and the slider's β, exact and as decimals."""
    if state.fbeta_message:
        return alert(state.fbeta_message, "info")
    rows = [
        (TEXT["precision"], state.precision, "fbeta-p"),
        (TEXT["recall"], state.recall, "fbeta-r"),
        (TEXT["charsim"], min(state.precision, state.recall), "fbeta-min"),
    ]
    *fixed, (beta, value) = state.fbeta_rows
    rows += [(TEXT["row"].format(beta=_beta(b)), f, f"fbeta-{_beta(b)}") for b, f in fixed]
    rows.append((TEXT["slider_row"].format(beta=_beta(beta)), value, "fbeta-slider"))
    table = value_table(
        "about-fbeta",
        (TEXT["quantity"], TEXT["value"], TEXT["exact"]),
        [(name, f"{float(v):.4f}", fraction(v), testid) for name, v, testid in rows],
    )
    return f"{table}<p>{escape(TEXT['why'])}</p>"


class FBetaView(Viewer):
    """The β slider, F_β against β with the ``min(P, R)`` and ``max(P, R)`` lines, and the table."""

    def __init__(self, state: CompareState, **params) -> None:
        super().__init__(**params)
        self.state = state
        tooltips = [(TEXT["x_axis"], "@beta{0.00}")]
        tooltips += [(TEXT[name], f"@{name}{{0.0000}}") for name, _, _ in _LINES]
        self._source, chart = line_chart(
            "about-fbeta-source", state.fbeta_curve or _EMPTY, tooltips,
            x_axis_label=TEXT["x_axis"], y_axis_label=TEXT["y_axis"], title=TEXT["title"],
            y_range=(0, 1.02),
        )  # fmt: skip
        for name, color, dash in _LINES:
            chart.line(x="beta", y=name, source=self._source, color=color, line_dash=dash,
                       line_width=2, legend_label=TEXT[name])  # fmt: skip
        self._beta = Span(location=state.beta, dimension="height", line_color="#888888",
                          line_dash="dotted")  # fmt: skip
        chart.add_layout(self._beta)
        chart.legend.location = "bottom_right"
        self._chart = chart
        self._table = html_pane()
        self._slider = pn.widgets.FloatSlider.from_param(
            state.param.beta, name=TEXT["slider"], step=0.05, css_classes=["cs-fbeta-beta"]
        )
        state.param.watch(self._update, ["fbeta_rows", "fbeta_message"])
        self._update()

    def _update(self, *_events) -> None:
        self._source.data = self.state.fbeta_curve or _EMPTY
        self._beta.location = self.state.beta
        self._table.object = fbeta_html(self.state)

    def __panel__(self):
        return figure_column(self._slider, self._chart, self._table)


_EMPTY = {"beta": [], "f_beta": [], "minimum": [], "maximum": []}
