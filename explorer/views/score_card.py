"""Score card: the three scores, P and R, the lengths, and the precision-versus-recall decision."""

from __future__ import annotations

from html import escape

import panel as pn
from bokeh.models import ColumnDataSource, LabelSet
from bokeh.plotting import figure
from panel.viewable import Viewer

from charsim import Decision, Explanation

from ..state import ExplorerState
from .common import alert, html_pane

__all__ = ["ScoreCardView"]


def _number(value) -> str:
    return "—" if value is None else f"{float(value):.4f}"


def _scores_html(e: Explanation) -> str:
    label = "charsim" if e.is_standard else '<span class="cs-derived">derived variant</span>'
    cells = [
        (label, e.score, "main definition, mean-length (§3.1)", "score-main"),
        ("base form", e.base_score, "mean of per-reference scores (§2.4)", "score-base"),
        ("max over references", e.max_score, "best single reference (§3.3)", "score-max"),
    ]
    boxes = "".join(
        f'<div><div class="cs-score" data-testid="{testid}">{_number(value)}</div>'
        f'<div class="cs-score-label">{name}<br>{escape(note)}</div></div>'
        for name, value, note, testid in cells
    )
    rows = [
        ("P = M̄ / L_t", _number(e.precision)),
        ("R = M̄ / L̄_r", _number(e.recall)),
        ("L_t (candidate, weighted)", _number(e.candidate_length)),
        ("L̄_r (mean reference, weighted)", _number(e.mean_reference_length)),
        ("M̄ (mean weighted overlap)", _number(e.mean_overlap)),
        ("D = max(L_t, L̄_r)", _number(e.denominator)),
        (_bound_name(e), _number(e.length_bound)),
        ("N (order cap used)", str(e.order_cap)),
        ("K (references)", str(e.k)),
    ]
    table = "".join(f"<tr><th>{name}</th><td>{value}</td></tr>" for name, value in rows)
    return (
        f'<div class="cs-scores">{boxes}</div>'
        f'<p class="cs-decision" data-testid="decision" data-decision="{e.decision.value}">'
        f"<strong>{escape(_headline(e))}</strong> {escape(e.decision.description)}</p>"
        f'<table class="cs-exact">{table}</table>'
    )


def _bound_name(e: Explanation) -> str:
    if e.decision is Decision.RECALL:
        return "score ≤ L_t / L̄_r (§4.2)"
    if e.decision is Decision.PRECISION:
        return "score ≤ L̄_r / L_t (§4.3)"
    return "length bound"


def _headline(e: Explanation) -> str:
    if e.decision is Decision.RECALL:
        return f"Recall decides — the candidate is {_ratio(e)} shorter than the mean reference."
    if e.decision is Decision.PRECISION:
        return f"Precision decides — the candidate is {_ratio(e)} longer than the mean reference."
    if e.decision is Decision.EQUAL:
        return "Precision and recall decide together — equal weighted lengths."
    return "Special empty-input rule."


def _ratio(e: Explanation) -> str:
    gap = abs(e.candidate_length - e.mean_reference_length) / e.mean_reference_length
    return f"{float(gap):.0%} (weighted length)"


class ScoreCardView(Viewer):
    """Scores, lengths and the decision, with a bar of ``L_t`` against ``L̄_r`` and the bound."""

    def __init__(self, state: ExplorerState, **params) -> None:
        super().__init__(**params)
        self.state = state
        self._html = html_pane()
        self._source = ColumnDataSource(
            data={"what": [], "length": [], "label": []}, name="lengths-source"
        )
        chart = figure(
            y_range=["L̄_r (mean reference)", "L_t (candidate)"], height=140,
            sizing_mode="stretch_width", toolbar_location=None, title="Weighted lengths",
        )  # fmt: skip
        chart.hbar(y="what", right="length", height=0.6, source=self._source, color="#4c78a8")
        chart.add_layout(LabelSet(x="length", y="what", text="label", source=self._source,
                                  x_offset=4, y_offset=-6, text_font_size="11px"))  # fmt: skip
        chart.x_range.start = 0
        self._chart = pn.pane.Bokeh(chart, sizing_mode="stretch_width")
        state.param.watch(self._update, ["explanation", "message"])
        self._update()

    def _update(self, *_events) -> None:
        e = self.state.explanation
        if e is None:
            self._html.object = alert(self.state.message, "info")
            self._source.data = {"what": [], "length": [], "label": []}
            self._chart.visible = False
            return
        self._html.object = _scores_html(e)
        self._source.data = {
            "what": ["L_t (candidate)", "L̄_r (mean reference)"],
            "length": [float(e.candidate_length), float(e.mean_reference_length)],
            "label": [f"{float(e.candidate_length):.3f}", f"{float(e.mean_reference_length):.3f}"],
        }
        self._chart.visible = True

    def __panel__(self):
        return pn.Column(self._html, self._chart, sizing_mode="stretch_width")
