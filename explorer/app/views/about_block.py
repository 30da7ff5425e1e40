"""Figure 2 of the article (§6.4): ``B_N``, one block of matches over scattered matches, against
the cap N for 1/n and uniform weights, with sliders for λ and q."""

from __future__ import annotations

from html import escape

import panel as pn
from bokeh.core.properties import value
from panel.viewable import Viewer

from ..i18n import UIText
from ..states.about import AboutState
from .common import figure_column, html_pane, line_chart, relabel_figure

__all__ = ["BlockRatioView", "block_html"]

_MARKED_CAPS = (32, 100)


def block_html(state: AboutState, text: UIText) -> str:
    """``B_32`` and ``B_100`` of both weightings, as HTML (numbers only, nothing to escape)."""
    rows = "".join(
        f'<tr><th>N = {cap}</th><td data-testid="block-{cap}-harmonic">{b["harmonic"]:.1f}</td>'
        f'<td data-testid="block-{cap}-uniform">{b["uniform"]:.1f}</td></tr>'
        for cap in _MARKED_CAPS
        for b in (state.block_at(cap),)
    )
    return (
        f'<table class="cs-exact" data-testid="about-block"><tr><th>B_N (λ = '
        f"{state.block_length}, q = {state.block_rate:g})</th>"
        f"<th>{escape(text('weights.harmonic'))}</th><th>{escape(text('weights.uniform'))}</th>"
        f"</tr>{rows}</table><p>{escape(text('about.block.note'))}</p>"
    )


class BlockRatioView(Viewer):
    """``B_N`` for ``N = 1..100``; the values at caps 32 and 100 printed below."""

    def __init__(self, state: AboutState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._source, chart = line_chart(
            "about-block-source",
            state.block_curves,
            [("N", "@cap"), ("1/n", "@harmonic{0.00}"), ("uniform", "@uniform{0.00}")],
        )
        for weights, color, dash in (
            ("harmonic", "#4c78a8", "solid"),
            ("uniform", "#f58518", "dashed"),
        ):
            chart.line(
                x="cap",
                y=weights,
                source=self._source,
                color=color,
                line_width=2,
                line_dash=dash,
                legend_label=weights,
            )
        chart.legend.location = "top_left"
        self._chart = chart
        self._values = html_pane()
        self._sliders = {
            "length": pn.widgets.IntSlider.from_param(state.param.block_length),
            "rate": pn.widgets.FloatSlider.from_param(state.param.block_rate, step=0.01),
        }
        self._widgets = pn.FlexBox(*self._sliders.values())
        state.param.watch(self._update, ["block_curves"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        relabel_figure(self._chart, self._sliders, self.text, "about.block")
        for item, weights in zip(self._chart.legend.items, ("harmonic", "uniform"), strict=True):
            item.label = value(self.text(f"weights.{weights}"))  # a text, not a column
        self._update()

    def _update(self, *_events) -> None:
        self._source.data = self.state.block_curves
        self._values.object = block_html(self.state, self.text)

    def __panel__(self):
        return figure_column(self._widgets, self._chart, self._values)
