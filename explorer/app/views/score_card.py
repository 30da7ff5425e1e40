"""Score card: the three scores, P and R, the lengths, and the precision-versus-recall decision."""

from __future__ import annotations

from html import escape

import panel as pn
from bokeh.models import ColumnDataSource, LabelSet, Range1d
from bokeh.plotting import figure
from panel.viewable import Viewer

from charsim import Explanation

from ..i18n import UIText
from ..state import ExplorerState
from .common import alert, html_pane

__all__ = ["ScoreCardView"]


def _number(value) -> str:
    return "—" if value is None else f"{float(value):.4f}"


def _scores_html(e: Explanation, text: UIText) -> str:
    label = (
        "charsim" if e.is_standard else f'<span class="cs-derived">{text("score.derived")}</span>'
    )
    cells = [
        (label, e.score, text("score.main_note"), "score-main"),
        (text("score.base"), e.base_score, text("score.base_note"), "score-base"),
        (text("score.max"), e.max_score, text("score.max_note"), "score-max"),
    ]
    boxes = "".join(
        f'<div><div class="cs-score" data-testid="{testid}">{_number(value)}</div>'
        f'<div class="cs-score-label" data-testid="{testid}-label">{name}<br>{escape(note)}</div>'
        "</div>"
        for name, value, note, testid in cells
    )
    rows = [
        ("P = M̄ / L_t", _number(e.precision)),
        ("R = M̄ / L̄_r", _number(e.recall)),
        (text("score.candidate_length"), _number(e.candidate_length)),
        (text("score.mean_reference_length"), _number(e.mean_reference_length)),
        (text("score.mean_overlap"), _number(e.mean_overlap)),
        ("D = max(L_t, L̄_r)", _number(e.denominator)),
        (text(f"bound.{e.decision.value}"), _number(e.length_bound)),
        (text("score.cap_used"), str(e.order_cap)),
        (text("score.k"), str(e.k)),
    ]
    table = "".join(f"<tr><th>{escape(name)}</th><td>{value}</td></tr>" for name, value in rows)
    headline = text(f"headline.{e.decision.value}", gap=_gap(e))
    return (
        f'<div class="cs-scores">{boxes}</div>'
        f'<p class="cs-decision" data-testid="decision" data-decision="{e.decision.value}">'
        f"<strong>{escape(headline)}</strong> {escape(text(f'decision.{e.decision.value}'))}</p>"
        f'<table class="cs-exact">{table}</table>'
    )


def _gap(e: Explanation) -> float:
    """How much shorter or longer the candidate is than the mean reference (weighted length)."""
    if not e.mean_reference_length:
        return 0.0
    return float(abs(e.candidate_length - e.mean_reference_length) / e.mean_reference_length)


class ScoreCardView(Viewer):
    """Scores, lengths and the decision, with a bar of ``L_t`` against ``L̄_r`` and the bound."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._html = html_pane()
        self._source = ColumnDataSource(
            data={"what": [], "length": [], "label": []}, name="lengths-source"
        )
        chart = figure(
            x_range=Range1d(0, 1, name="lengths-x-range"), y_range=["L̄_r", "L_t"], height=140,
            sizing_mode="stretch_width", toolbar_location=None,
        )  # fmt: skip
        chart.hbar(y="what", right="length", height=0.6, source=self._source, color="#4c78a8")
        chart.add_layout(LabelSet(x="length", y="what", text="label", source=self._source,
                                  x_offset=4, y_offset=-6, text_font_size="11px"))  # fmt: skip
        self._figure = chart
        self._chart = pn.pane.Bokeh(chart, sizing_mode="stretch_width")
        state.param.watch(self._update, ["explanation", "message"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        e, text = self.state.explanation, self.text
        self._figure.title.text = text("score.chart_title")
        if e is None:
            self._html.object = alert(text.message(self.state.message), "info")
            self._source.data = {"what": [], "length": [], "label": []}
            self._chart.visible = False
            return
        self._html.object = _scores_html(e, text)
        lengths = [float(e.candidate_length), float(e.mean_reference_length)]
        self._source.data = {
            "what": ["L_t", "L̄_r"],
            "length": lengths,
            "label": [f"{x:.3f}" for x in lengths],
        }
        self._figure.x_range.end = 1.2 * max(lengths) or 1  # room for the labels
        self._chart.visible = True

    def __panel__(self):
        return pn.Column(self._html, self._chart, sizing_mode="stretch_width")
