"""Figure 2 of the article (§6.4): ``B_N``, one block of matches over scattered matches, against
the cap N for 1/n and uniform weights, with sliders for λ and q."""

from __future__ import annotations

import panel as pn
from panel.viewable import Viewer

from ..about_state import AboutState
from .common import figure_column, html_pane, line_chart

__all__ = ["BlockRatioView", "block_html"]

_MARKED_CAPS = (32, 100)


def block_html(state: AboutState) -> str:
    """``B_32`` and ``B_100`` of both weightings, as HTML (numbers only, nothing to escape)."""
    rows = "".join(
        f'<tr><th>N = {cap}</th><td data-testid="block-{cap}-harmonic">{b["harmonic"]:.1f}</td>'
        f'<td data-testid="block-{cap}-uniform">{b["uniform"]:.1f}</td></tr>'
        for cap in _MARKED_CAPS
        for b in (state.block_at(cap),)
    )
    return (
        f'<table class="cs-exact" data-testid="about-block"><tr><th>B_N (λ = '
        f"{state.block_length}, q = {state.block_rate:g})</th><th>1/n weights</th>"
        f"<th>uniform weights</th></tr>{rows}</table>"
        "<p>B_N &gt; 1: one contiguous block of matching characters outscores the same number "
        "of matches scattered at rate q; uniform weights reward the block far more.</p>"
    )


class BlockRatioView(Viewer):
    """``B_N`` for ``N = 1..100``; the values at caps 32 and 100 printed below."""

    def __init__(self, state: AboutState, **params) -> None:
        super().__init__(**params)
        self.state = state
        self._source, chart = line_chart(
            "about-block-source", state.block_curves,
            [("N", "@cap"), ("1/n", "@harmonic{0.00}"), ("uniform", "@uniform{0.00}")],
            x_axis_label="order cap N", y_axis_label="B_N (block / scattered)",
            title="Figure 2: block versus scattered matches (§6.4)",
        )  # fmt: skip
        chart.line(x="cap", y="harmonic", source=self._source, color="#4c78a8", line_width=2,
                   legend_label="1/n weights")  # fmt: skip
        chart.line(x="cap", y="uniform", source=self._source, color="#f58518", line_width=2,
                   line_dash="dashed", legend_label="uniform weights")  # fmt: skip
        chart.legend.location = "top_left"
        self._chart = chart
        self._values = html_pane()
        self._widgets = pn.Row(
            pn.widgets.IntSlider.from_param(state.param.block_length, name="length λ"),
            pn.widgets.FloatSlider.from_param(state.param.block_rate, name="match rate q",
                                              step=0.01),
            sizing_mode="stretch_width",
        )  # fmt: skip
        state.param.watch(self._update, ["block_curves"])
        self._update()

    def _update(self, *_events) -> None:
        self._source.data = self.state.block_curves
        self._values.object = block_html(self.state)

    def __panel__(self):
        return figure_column(self._widgets, self._chart, self._values)
