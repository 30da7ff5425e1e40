"""Figure 1 of the article (§6.3): score against candidate length in the length model, with
sliders for λ, p and β and the score-weighted centroids recomputed live."""

from __future__ import annotations

from html import escape

import panel as pn
from bokeh.models import Span
from panel.viewable import Viewer

from ..about_state import AboutState
from .common import figure_column, html_pane, line_chart

__all__ = ["LengthModelView", "centroids_html"]

_LINES = (("charsim", "#4c78a8", "solid"), ("chrF", "#f58518", "dashed"),
          ("BLEU", "#54a24b", "dotdash"))  # fmt: skip


def centroids_html(state: AboutState) -> str:
    """The centroids ``μ̄ = Σ j S(j) / Σ S(j)`` of the three curves, as escaped HTML."""
    low, high = state.centroid_lengths
    names = {"chrF": f"chrF (β = {state.beta:g})", "BLEU": "BLEU", "charsim": "charsim"}
    items = "".join(
        f"<li><strong>{escape(names[name])}</strong>: μ̄ = "
        f'<span data-testid="centroid-{name}">{state.centroids[name]:.1f}</span></li>'
        for name in ("chrF", "BLEU", "charsim")
    )
    return (
        f'<div data-testid="about-centroids"><p>Score-weighted centroids over candidate lengths '
        f"j = {low}..{high} (λ = {state.reference_length}; a centroid of λ means no length "
        f"bias, above λ the metric favours longer candidates):</p><ul>{items}</ul>"
        "<p>The match rate p scales every score alike, so it moves the curves but not the "
        "centroids; λ and β move them.</p></div>"
    )


class LengthModelView(Viewer):
    """Scores of a candidate of length j against one reference of length λ (§6.1–§6.3)."""

    def __init__(self, state: AboutState, **params) -> None:
        super().__init__(**params)
        self.state = state
        tooltips = [("j", "@j")] + [(name, f"@{name}{{0.000}}") for name, _, _ in _LINES]
        self._source, chart = line_chart(
            "about-length-source", state.length_curves, tooltips, y_range=(0, 1.02),
            x_axis_label="candidate length j", y_axis_label="score",
            title="Figure 1: score against candidate length (length model, §6.3)",
        )  # fmt: skip
        for name, color, dash in _LINES:
            chart.line(x="j", y=name, source=self._source, color=color, line_dash=dash,
                       line_width=2, legend_label=name)  # fmt: skip
        self._lambda = Span(location=state.reference_length, dimension="height",
                            line_color="#888888", line_dash="dotted")  # fmt: skip
        chart.add_layout(self._lambda)
        chart.legend.location = "top_right"
        self._chart = chart
        self._centroids = html_pane()
        self._widgets = pn.Row(
            pn.widgets.IntSlider.from_param(state.param.reference_length, name="reference λ"),
            pn.widgets.FloatSlider.from_param(state.param.rate, name="match rate p", step=0.01,
                                              css_classes=["cs-about-rate"]),
            pn.widgets.FloatSlider.from_param(state.param.beta, name="chrF β", step=0.25,
                                              css_classes=["cs-about-beta"]),
            sizing_mode="stretch_width",
        )  # fmt: skip
        state.param.watch(self._update, ["length_curves", "centroids"])
        self._update()

    def _update(self, *_events) -> None:
        self._source.data = self.state.length_curves
        self._lambda.location = self.state.reference_length
        self._centroids.object = centroids_html(self.state)

    def __panel__(self):
        return figure_column(self._widgets, self._chart, self._centroids)
