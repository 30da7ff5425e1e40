"""A Bokeh histogram of the item scores, one colour per system, with each system's mean."""

from __future__ import annotations

from collections.abc import Sequence

from bokeh.models import ColumnDataSource, HoverTool, Legend, LegendItem, Span
from bokeh.plotting import figure
from panel.viewable import Viewer

from ..i18n import UIText
from ..states.batch import BatchState
from .chart_download import downloadable
from .common import relabel_figure

__all__ = ["BINS", "COLORS", "BatchHistogramView", "histogram_data"]

BINS = 20
"""Bins of width 1/20 over [0, 1]; a score of exactly 1 falls in the last bin."""
COLORS = ("#4c78a8", "#f58518")
"""The colours of system A and system B in the batch charts."""


def histogram_data(scores: Sequence[float], bins: int = BINS) -> dict[str, list]:
    """Columns ``left``, ``right``, ``count`` of a histogram of ``scores`` over [0, 1]."""
    counts = [0] * bins
    for score in scores:
        counts[min(int(score * bins), bins - 1)] += 1
    return {
        "left": [i / bins for i in range(bins)],
        "right": [(i + 1) / bins for i in range(bins)],
        "count": counts,
    }


class BatchHistogramView(Viewer):
    """How the item scores spread, per system; dashed lines mark the corpus means."""

    def __init__(self, state: BatchState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        chart = figure(
            height=260,
            sizing_mode="stretch_width",
            toolbar_location=None,
            x_range=(0, 1),
            tools=[HoverTool(tooltips=[("charsim", "@left{0.00}–@right{0.00}"), ("#", "@count")])],
        )
        chart.y_range.start = 0
        chart.add_layout(Legend(location="top_left"))
        self._sources, self._means = [], []
        for number, color in enumerate(COLORS):
            source = ColumnDataSource(histogram_data([]), name=f"histogram-{number + 1}")
            bars = chart.quad(
                left="left",
                right="right",
                top="count",
                bottom=0,
                source=source,
                color=color,
                alpha=0.55,
                line_color="white",
            )
            mean = Span(
                dimension="height",
                line_color=color,
                line_dash="dashed",
                line_width=2,
                visible=False,
            )
            chart.add_layout(mean)
            self._sources.append((source, bars))
            self._means.append(mean)
        self._chart = chart
        state.param.watch(self._update, ["results"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()
        self._update()

    def _relabel(self, *_events) -> None:
        relabel_figure(self._chart, {}, self.text, "batch.histogram")

    def _update(self, *_events) -> None:
        results, names = self.state.results, self.state.batch.names if self.state.results else ()
        items = []
        pairs = zip(self._sources, self._means, strict=True)
        for number, ((source, bars), mean) in enumerate(pairs):
            shown = number < len(results)
            source.data = histogram_data(results[number].scores if shown else [])
            bars.visible = mean.visible = shown
            if shown:
                mean.location = results[number].score
                label = names[number] if len(results) == 1 else f"{'AB'[number]}: {names[number]}"
                items.append(LegendItem(label=label, renderers=[bars]))
        self._chart.legend[0].items = items

    def __panel__(self):
        return downloadable(self._chart, "histogram", self.text)
