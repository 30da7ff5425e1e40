"""Figure 1 of the article (§6.3): score against candidate length in the length model, with
sliders for λ, p and β and the score-weighted centroids recomputed live."""

from __future__ import annotations

from html import escape

import panel as pn
from bokeh.models import Span
from panel.viewable import Viewer

from ..i18n import UIText
from ..states.about import AboutState
from .common import figure_column, html_pane, line_chart, relabel_figure

__all__ = ["LengthModelView", "centroids_html"]

_LINES = (
    ("charsim", "#4c78a8", "solid"),
    ("chrF", "#f58518", "dashed"),
    ("BLEU", "#54a24b", "dotdash"),
)


def centroids_html(state: AboutState, text: UIText) -> str:
    """The centroids ``μ̄ = Σ j S(j) / Σ S(j)`` of the three curves, as escaped HTML."""
    low, high = state.centroid_lengths
    names = {"chrF": f"chrF (β = {state.beta:g})", "BLEU": "BLEU", "charsim": "charsim"}
    items = "".join(
        f"<li><strong>{escape(names[name])}</strong>: μ̄ = "
        f'<span data-testid="centroid-{name}">{state.centroids[name]:.1f}</span></li>'
        for name in ("chrF", "BLEU", "charsim")
    )
    intro = text("about.centroids", low=low, high=high, length=state.reference_length)
    return (
        f'<div data-testid="about-centroids"><p>{escape(intro)}</p><ul>{items}</ul>'
        f"<p>{escape(text('about.centroids_rate'))}</p></div>"
    )


class LengthModelView(Viewer):
    """Scores of a candidate of length j against one reference of length λ (§6.1–§6.3)."""

    def __init__(self, state: AboutState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        tooltips = [("j", "@j")] + [(name, f"@{name}{{0.000}}") for name, _, _ in _LINES]
        self._source, chart = line_chart(
            "about-length-source", state.length_curves, tooltips, y_range=(0, 1.02)
        )
        for name, color, dash in _LINES:
            chart.line(
                x="j",
                y=name,
                source=self._source,
                color=color,
                line_dash=dash,
                line_width=2,
                legend_label=name,
            )
        self._lambda = Span(
            location=state.reference_length,
            dimension="height",
            line_color="#888888",
            line_dash="dotted",
        )
        chart.add_layout(self._lambda)
        chart.legend.location = "top_right"
        self._chart = chart
        self._centroids = html_pane()
        self._sliders = {
            "length": pn.widgets.IntSlider.from_param(state.param.reference_length),
            "rate": pn.widgets.FloatSlider.from_param(
                state.param.rate, step=0.01, css_classes=["cs-about-rate"]
            ),
            "beta": pn.widgets.FloatSlider.from_param(
                state.param.beta, step=0.25, css_classes=["cs-about-beta"]
            ),
        }
        self._widgets = pn.FlexBox(*self._sliders.values())
        state.param.watch(self._update, ["length_curves", "centroids"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        relabel_figure(self._chart, self._sliders, self.text, "about.length")
        self._update()

    def _update(self, *_events) -> None:
        self._source.data = self.state.length_curves
        self._lambda.location = self.state.reference_length
        self._centroids.object = centroids_html(self.state, self.text)

    def __panel__(self):
        return figure_column(self._widgets, self._chart, self._centroids)
