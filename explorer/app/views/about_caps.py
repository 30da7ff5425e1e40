"""§5.7 in the explorer: the share of weight above order 4 for caps the user picks, and how the
single-item score moves with the cap (``charsim.explain(..., max_order=N)``, N = 1..64), with
the decomposition ``S_N1 − S_32 = (ΔA − S_32 ΔD) / (D_32 + ΔD)`` of
``charsim.metric.models.cap_change``.

The 64 explanations are computed only on request (the button, or the tab being shown).
"""

from __future__ import annotations

from html import escape

import panel as pn
from bokeh.models import ColumnDataSource, HoverTool, Span
from bokeh.plotting import figure
from panel.viewable import Viewer

from ..i18n import UIText
from ..markup.cards import alert
from ..markup.render import fraction
from ..states.about import BASE_CAP, AboutState, percent
from ..states.single import ExplorerState
from .common import html_pane, relabel_figure

__all__ = ["CapSensitivityView", "WeightShareView", "decomposition_html", "share_html"]


def share_html(state: AboutState, text: UIText) -> str:
    """The weight-share table (§5.7) of ``state.caps_text``, or why it cannot be read."""
    if state.share_problem:
        return alert(text.message(state.share_problem), "error")
    rows = "".join(
        f"<tr><th>N = {cap}</th><td data-testid='share-{cap}-harmonic'>{percent(h)}</td>"
        f"<td data-testid='share-{cap}-uniform'>{percent(u)}</td></tr>"
        for cap, h, u in state.share_rows
    )
    return (
        f'<table class="cs-exact" data-testid="about-shares"><tr><th>{escape(text("cap"))}</th>'
        f"<th>{escape(text('weights.harmonic'))}: 1 − H_4/H_N</th>"
        f"<th>{escape(text('weights.uniform'))}: 1 − 4/N</th></tr>"
        f"{rows}</table><p>{escape(text('about.shares.note'))}</p>"
    )


def decomposition_html(state: AboutState, text: UIText) -> str:
    """The cap-change decomposition between cap 32 and ``state.compare_cap`` as escaped HTML."""
    if state.cap_message:
        return alert(text.message(state.cap_message), "info")
    d = state.cap_decomposition
    if not d:
        return alert(text("about.caps.press", button=text("about.caps.button")), "info")
    n1 = state.compare_cap
    rows = [
        (f"S_{BASE_CAP} = A_{BASE_CAP} / D_{BASE_CAP}", d["S0"]),
        (f"S_{n1}", d["S1"]),
        (text("about.caps.delta_a"), d["delta_a"]),
        (text("about.caps.delta_d"), d["delta_d"]),
        (f"(ΔA − S_{BASE_CAP}·ΔD) / (D_{BASE_CAP} + ΔD)", d["change"]),
    ]
    body = "".join(
        f"<tr><th>{escape(name)}</th><td>{float(value):.4f}</td><td>{escape(fraction(value))}"
        "</td></tr>"
        for name, value in rows
    )
    note = text("about.caps.note", n1=n1, base=BASE_CAP, change=float(d["S1"] - d["S0"]))
    return (
        f'<table class="cs-exact" data-testid="about-cap-change">{body}</table>'
        f"<p>{escape(note)}</p>"
    )


class WeightShareView(Viewer):
    """The §5.7 table for the caps typed by the user."""

    def __init__(self, state: AboutState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._input = pn.widgets.TextInput.from_param(state.param.caps_text, width=300)
        self._table = html_pane()
        state.param.watch(self._update, ["share_rows", "share_problem"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        self._input.name = self.text("about.shares.input")
        self._table.object = share_html(self.state, self.text)

    def __panel__(self):
        return pn.Column(self._input, self._table, sizing_mode="stretch_width")


class CapSensitivityView(Viewer):
    """The single-item score at caps 1..64, with the decomposition against cap 32."""

    def __init__(
        self, state: AboutState, item: ExplorerState, text: UIText | None = None, **params
    ) -> None:
        super().__init__(**params)
        self.state, self.item, self.text = state, item, text or UIText()
        self._source = ColumnDataSource({"cap": [], "score": []}, name="about-cap-source")
        chart = figure(
            height=240,
            sizing_mode="stretch_width",
            toolbar_location=None,
            x_range=(0.5, 64.5),
            tools=[HoverTool(tooltips=[("N", "@cap"), ("charsim", "@score{0.0000}")])],
        )
        chart.line(x="cap", y="score", source=self._source, color="#4c78a8", line_width=2)
        chart.scatter(x="cap", y="score", source=self._source, color="#4c78a8", size=4)
        chart.add_layout(
            Span(location=BASE_CAP, dimension="height", line_color="#888888", line_dash="dotted")
        )
        self._figure = chart
        self._chart = pn.pane.Bokeh(chart, sizing_mode="stretch_width", visible=False)
        self._button = pn.widgets.Button()
        self._button.on_click(lambda _event: self.measure())
        self._compare = pn.widgets.IntSlider.from_param(state.param.compare_cap, width=300)
        self._text = html_pane()
        state.param.watch(self._update, ["cap_scores", "cap_decomposition", "cap_message"])
        item.param.watch(self._stale, ["explanation"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        relabel_figure(self._figure, {"compare": self._compare}, self.text, "about.caps")
        self._button.label = self.text("about.caps.button")
        self._update()

    def measure(self) -> None:
        """Score the single item at every cap (64 explanations)."""
        self.state.measure_caps(self.item)

    def _stale(self, *_events) -> None:
        self.state.clear_caps()

    def _update(self, *_events) -> None:
        self._source.data = self.state.cap_scores or {"cap": [], "score": []}
        self._chart.visible = bool(self.state.cap_scores)
        self._text.object = decomposition_html(self.state, self.text)

    def __panel__(self):
        return pn.Column(
            pn.FlexBox(self._button, self._compare),
            self._chart,
            self._text,
            sizing_mode="stretch_width",
        )
