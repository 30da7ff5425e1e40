"""Score card: the three scores, P and R and the precision-versus-recall decision; and the
lengths behind them (a table and a bar chart), shown further down the page."""

from __future__ import annotations

import panel as pn
from bokeh.models import ColumnDataSource, LabelSet, Range1d
from bokeh.plotting import figure
from panel.viewable import Viewer

from ..i18n import UIText
from ..markup.cards import card_html, numbers_html
from ..staging import later, soon
from ..states.single import ExplorerState
from .chart_download import downloadable
from .common import html_pane, screen_reader_text

__all__ = ["LengthsView", "ScoreCardView"]


class ScoreCardView(Viewer):
    """The scores, P and R and the decision (:func:`~explorer.app.markup.cards.card_html`),
    updated at once: the page shows the score before anything else is redrawn."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._html = html_pane(css_classes=["cs-score-card"])  # greyed by the page's take-over
        state.param.watch(self._update, ["summary", "message"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        self._html.object = card_html(self.state, self.text)

    def __panel__(self):
        return self._html


class LengthsView(Viewer):
    """The numbers behind the score (lengths, M̄, D, the bound, N, K) and a bar of ``L_t``
    against ``L̄_r``; the chart's text alternative (for screen readers) gives both lengths."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._numbers = html_pane()
        self._source = ColumnDataSource(
            data={"what": [], "length": [], "label": []}, name="lengths-source"
        )
        chart = figure(
            x_range=Range1d(0, 1, name="lengths-x-range"),
            y_range=["L̄_r", "L_t"],
            height=140,
            sizing_mode="stretch_width",
            toolbar_location=None,
        )
        chart.hbar(y="what", right="length", height=0.6, source=self._source, color="#4c78a8")
        chart.add_layout(
            LabelSet(
                x="length",
                y="what",
                text="label",
                source=self._source,
                x_offset=4,
                y_offset=-6,
                text_font_size="11px",
            )
        )
        self._figure = chart
        self._chart = downloadable(chart, "lengths", self.text)
        self._chart_text = html_pane()
        # After the score (staging.soon): the page shows the score before it redraws these.
        # Both need only the summary (no n-gram lists).
        state.param.watch(soon(self._update), ["summary", "message"])
        self.text.param.watch(self._update, "language")
        self._update()
        # The chart is the first part staged (staging.later): the first view the page draws,
        # inputs and scores, is then a short task.
        self._layout = pn.Column(
            self._numbers,
            later(lambda: self._chart, page="single"),
            self._chart_text,
            sizing_mode="stretch_width",
        )

    def _update(self, *_events) -> None:
        self._numbers.object = numbers_html(self.state, self.text)
        e = self.state.summary
        self._figure.title.text = self.text("score.chart_title")
        if e is None:
            self._source.data = {"what": [], "length": [], "label": []}
            self._chart.visible = False
            self._chart_text.object = ""
            return
        lengths = [float(e.candidate_length), float(e.mean_reference_length)]
        self._source.data = {
            "what": ["L_t", "L̄_r"],
            "length": lengths,
            "label": [f"{x:.3f}" for x in lengths],
        }
        self._figure.x_range.end = 1.2 * max(lengths) or 1  # room for the labels
        self._chart.visible = True
        alternative = self.text("score.chart_text", candidate=lengths[0], reference=lengths[1])
        self._chart_text.object = screen_reader_text(alternative, "lengths-text")

    def __panel__(self):
        return self._layout
