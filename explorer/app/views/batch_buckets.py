"""Where does a system win? Item scores per bucket of reference length and of candidate/reference
length ratio (:func:`charsim.length_buckets`): a table of both bucketings and a grouped bar chart
of one, chosen beside it. Needs pandas: built once the tables can be (explorer.app.staging)."""

from __future__ import annotations

from html import escape

import pandas as pd
import panel as pn
from bokeh.models import ColumnDataSource, FactorRange, HoverTool, Legend, LegendItem
from bokeh.plotting import figure
from bokeh.transform import factor_cmap
from panel.viewable import Viewer

import charsim

from ..i18n import UIText
from ..panel_private import set_table_configuration
from ..states.batch import BatchState
from .batch_histogram import COLORS
from .chart_download import downloadable
from .common import (
    html_pane,
    number_formatter,
    read_only_table,
    relabel_figure,
    tabulator_locale,
)

__all__ = ["BUCKETINGS", "BucketsView", "bar_data", "buckets_frame", "length_buckets_of"]

BUCKETINGS = ("by_reference_length", "by_length_ratio")
"""The two bucketings (attributes of :class:`charsim.LengthBuckets`; catalog
``batch.buckets.by.<name>``)."""
_SYSTEMS = "AB"
_EMPTY = charsim.length_buckets([[]], [[]], [])
"""No items: every bucket, empty (the chart's factors before scoring)."""


def length_buckets_of(state: BatchState) -> charsim.LengthBuckets | None:
    """The batch's length buckets, once it is scored (None before)."""
    if not state.results:
        return None
    scores = [result.scores for result in state.results]
    return charsim.length_buckets(scores, state.batch.systems, state.batch.references)


def _columns(systems: int) -> list[str]:
    per_system = [f"{field} {s}" for s in _SYSTEMS[:systems] for field in ("items", "mean")]
    return ["by", "bucket", *per_system, *(["B − A"] if systems == 2 else [])]


def buckets_frame(buckets: charsim.LengthBuckets | None, text: UIText) -> pd.DataFrame:
    """One row per bucket of both bucketings: per system its items and their mean score (NaN
    for none), and with two systems ``B − A`` of the means; empty before scoring."""
    if buckets is None:
        return pd.DataFrame([], columns=_columns(1))
    rows = []
    for name in BUCKETINGS:
        for bucket in getattr(buckets, name):
            row = [text(f"batch.buckets.by.{name}"), bucket.label]
            for count, mean in zip(bucket.counts, bucket.means, strict=True):
                row += [count, mean]
            if len(bucket.means) == 2:
                a, b = bucket.means
                row.append(None if a is None or b is None else b - a)
            rows.append(row)
    return pd.DataFrame(rows, columns=_columns(len(buckets.by_reference_length[0].counts)))


def bar_data(buckets: charsim.LengthBuckets | None, name: str) -> dict[str, list]:
    """Columns of the grouped bars of bucketing ``name``: ``x`` (bucket label, system letter),
    ``system``, ``mean`` and ``items``; an empty bucket's bars are left out."""
    data = {"x": [], "system": [], "mean": [], "items": []}
    for bucket in getattr(buckets, name) if buckets else ():
        for letter, count, mean in zip(_SYSTEMS, bucket.counts, bucket.means, strict=False):
            if mean is not None:
                data["x"].append((bucket.label, letter))
                data["system"].append(letter)
                data["mean"].append(mean)
                data["items"].append(count)
    return data


def _factors(buckets: charsim.LengthBuckets, name: str) -> list[tuple[str, str]]:
    """The chart's two-level factors: (bucket label, system letter), empty buckets included."""
    return [
        (bucket.label, letter)
        for bucket in getattr(buckets, name)
        for letter in _SYSTEMS[: len(bucket.counts)]
    ]


class BucketsView(Viewer):
    """The bucketing choice, the grouped bar chart of its means, and the table of both."""

    def __init__(self, state: BatchState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._choice = pn.widgets.RadioButtonGroup(value=BUCKETINGS[0])
        self._source = ColumnDataSource(bar_data(None, BUCKETINGS[0]), name="buckets-bars")
        chart = figure(
            height=280,
            sizing_mode="stretch_width",
            toolbar_location=None,
            x_range=FactorRange(factors=_factors(_EMPTY, BUCKETINGS[0])),
            y_range=(0, 1),
            tools=[HoverTool(tooltips=[("", "@x"), ("charsim", "@mean{0.0000}"), ("#", "@items")])],
        )
        bars = chart.vbar(
            x="x",
            top="mean",
            width=0.9,
            source=self._source,
            line_color="white",
            fill_color=factor_cmap("system", list(COLORS), list(_SYSTEMS)),
        )
        chart.add_layout(Legend(location="top_right"))
        self._chart, self._bars = chart, bars
        self._note = html_pane()
        self._table = read_only_table(
            buckets_frame(None, self.text),
            show_index=False,
            selectable=False,
            sizing_mode="stretch_width",
            layout="fit_data_stretch",
            configuration=tabulator_locale(self.text),
        )
        self._buckets = None
        self._choice.param.watch(self._draw, "value")
        state.param.watch(self._update, ["results"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        text = self.text
        self._choice.options = {text(f"batch.buckets.by.{name}"): name for name in BUCKETINGS}
        self._note.object = f"<p>{escape(text('batch.buckets.note'))}</p>"
        # sent again with the columns (see common.item_table); the frame's "by" column is in
        # the language too
        set_table_configuration(self._table, tabulator_locale(text))
        self._update()

    def _update(self, *_events) -> None:
        text = self.text
        self._buckets = length_buckets_of(self.state)
        frame = buckets_frame(self._buckets, text)
        titles = {
            "by": text("batch.buckets.column.by"),
            "bucket": text("batch.buckets.column.bucket"),
        }
        for letter in _SYSTEMS:
            titles[f"items {letter}"] = text("batch.buckets.column.items", system=letter)
            titles[f"mean {letter}"] = text("batch.buckets.column.mean", system=letter)
        self._table.param.update(
            value=frame,
            titles={column: titles.get(column, column) for column in frame.columns},
            formatters={
                column: number_formatter(4)
                for column in frame.columns
                if column.startswith(("mean", "B"))
            },
        )
        self._draw()

    def _draw(self, *_events) -> None:
        name, buckets = self._choice.value, self._buckets
        relabel_figure(self._chart, {}, self.text, f"batch.buckets.chart.{name}")
        # the factors first: bars on factors the range does not have yet fail in BokehJS
        self._chart.x_range.factors = _factors(buckets or _EMPTY, name)
        self._source.data = data = bar_data(buckets, name)
        names = self.state.batch.names if buckets else ()
        self._chart.legend[0].items = [
            LegendItem(
                label=f"{letter}: {system}",
                renderers=[self._bars],
                index=data["system"].index(letter),
            )
            for letter, system in zip(_SYSTEMS, names, strict=False)
            if letter in data["system"]
        ]

    def __panel__(self):
        return pn.Column(
            self._note,
            self._choice,
            downloadable(self._chart, "buckets", self.text),
            self._table,
            sizing_mode="stretch_width",
        )
