"""The batch page's "metric against metric": per-item charsim beside sacreBLEU's chrF and BLEU.

A scatter of charsim against chrF (hover shows the item, a click opens it), Pearson and Spearman
over the items, the items whose ranks by charsim and chrF differ most (a click opens the item)
and, with two systems, whether each metric prefers the same system. The numbers are those of
:class:`~explorer.app.states.batch_metrics.BatchMetricsState`; this module lays them out.
"""

from __future__ import annotations

from html import escape

import pandas as pd
import panel as pn
from bokeh.models import ColumnDataSource, HoverTool, Legend, LegendItem, TapTool
from bokeh.plotting import figure
from panel.viewable import Viewer

from ..i18n import UIText
from ..states.batch import BatchState
from ..states.batch_metrics import METRICS, NAMES, BatchMetricsState
from .chart_download import downloadable
from .common import (
    html_pane,
    html_table,
    item_table,
    relabel_figure,
    scroll_region,
    signature_html,
)

__all__ = ["BatchMetricsView", "agreement_html"]

_COLORS = ("#4c78a8", "#f58518")
_SHOWN = 120
"""Most characters of a candidate shown in the scatter's hover."""
_DECIMALS = {
    "charsim": 4,
    "chrf": 2,
    "bleu": 2,
    "charsim rank": (0, 1),  # a tie's mean rank ends in .5
    "chrF rank": (0, 1),
    "rank difference": (0, 1),
}
_COLUMNS = ["item", "system", *_DECIMALS, "candidate", "reference", "system_index"]
_EMPTY = {"charsim": [], "chrf": [], "bleu": [], "item": [], "candidate": []}


def _number(metric: str, value: float) -> str:
    return f"{value:.4f}" if metric == "charsim" else f"{value:.2f}"


def agreement_html(state: BatchMetricsState, text: UIText) -> str:
    """Each system's mean per metric (and, with two, B − A and the system each prefers), the
    correlations of charsim with chrF and BLEU per system, and the signatures (escaped HTML)."""
    names, means = state.batch.batch.names, state.means()
    two = len(names) == 2
    header = [text("batch.metrics.column.metric"), *names]
    if two:
        header += ["B − A", text("batch.metrics.column.prefers")]
    rows, preferred = [], set()
    for metric in METRICS:
        row = [NAMES[metric], *(_number(metric, m) for m in means[metric])]
        if two:
            difference = means[metric][1] - means[metric][0]
            prefers = "=" if difference == 0 else "AB"[difference > 0]
            preferred.add(prefers)
            row += [f"{difference:+.4f}" if metric == "charsim" else f"{difference:+.2f}", prefers]
        rows.append(row)
    parts = [html_table("batch-metrics-means", header, rows)]
    if two:
        key = "batch.metrics.agree" if len(preferred) == 1 else "batch.metrics.disagree"
        parts.append(f"<p>{escape(text(key, a=names[0], b=names[1]))}</p>")
    methods = [f"{method} {m}" for m in METRICS[1:] for method in ("pearson", "spearman")]
    titles = [text(f"batch.metrics.column.{k.replace(' ', '_')}") for k in methods]
    correlations = [
        [name, *(f"{state.correlations(number)[k]:.3f}" for k in methods)]
        for number, name in enumerate(names)
    ]
    header = [text("batch.column.system"), *titles]
    table = html_table("batch-metrics-correlations", header, correlations)
    parts.append(scroll_region(table, text("batch.metrics.correlations")))  # 363 px on a phone
    signatures = "".join(
        f"<li>{escape(NAMES[m])}: <code>{signature_html(state.signatures[m])}</code></li>"
        for m in METRICS
    )
    parts.append(f"<p>{escape(text('batch.metrics.means_note'))}</p><ul>{signatures}</ul>")
    return "".join(parts)


def disagreements_frame(state: BatchMetricsState, rows: int = 50) -> pd.DataFrame:
    """The ``rows`` (system, item) pairs whose ranks by charsim and by chrF differ most, over
    every system (ranks within each system), largest difference first."""
    if not state.scores:
        return pd.DataFrame([], columns=_COLUMNS)
    frames = []
    for number, name in enumerate(state.batch.batch.names):
        frame = state.disagreements(number, rows)
        frames.append(frame.assign(system=name, system_index=number))
    frame = pd.concat(frames, ignore_index=True)
    order = frame["rank difference"].abs().sort_values(ascending=False, kind="stable").index
    return frame.loc[order].head(rows)[_COLUMNS].reset_index(drop=True)


class BatchMetricsView(Viewer):
    """charsim against chrF and BLEU over the loaded items (computed once charsim's are)."""

    def __init__(self, batch: BatchState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.batch, self.text = batch, text or UIText()
        self.state = BatchMetricsState(batch)
        self._heading, self._summary, self._note = pn.pane.Markdown(), html_pane(), html_pane()
        chart = figure(
            height=320,
            sizing_mode="stretch_width",
            toolbar_location=None,
            x_range=(-0.02, 1.02),  # a dot at a corner, (1, 100) or (0, 0), drawn whole
            y_range=(-2, 102),
            tools=[TapTool()],
        )
        chart.add_layout(Legend(location="top_left"))
        self._hover = HoverTool(tooltips=[])
        chart.add_tools(self._hover)
        self._sources, self._dots = [], []
        for number, color in enumerate(_COLORS):
            source = ColumnDataSource(dict(_EMPTY), name=f"batch-metrics-{number + 1}")
            dots = chart.scatter(
                "charsim",
                "chrf",
                source=source,
                color=color,
                alpha=0.4,
                size=5,
                nonselection_alpha=0.4,
            )
            source.selected.on_change("indices", self._tapped(number))
            self._sources.append(source)
            self._dots.append(dots)
        self._chart = chart
        self._table = item_table(
            disagreements_frame(self.state),
            self._open,
            ["candidate", "reference"],
            _DECIMALS,
            self.text,
            hidden_columns=["system_index"],
        )
        self._layout = pn.Column(
            self._heading,
            self._summary,
            downloadable(chart, "vs-chrf", self.text),
            self._note,
            self._table,
            sizing_mode="stretch_width",
        )
        batch.param.watch(lambda _event: pn.state.execute(self.state.compute), ["results"])
        self.state.param.watch(self._update, ["scores", "computing"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _tapped(self, system: int):
        def open_item(_attribute, _old, new) -> None:
            if not new:
                return
            items = self._sources[system].data["item"]
            self._sources[system].selected.indices = []  # so that the next tap is a change too
            if new[0] < len(items):  # else a point of data replaced since: none opens
                self.batch.open(system, int(items[new[0]]) - 1)

        return open_item

    def _open(self, row: pd.Series, _column: str) -> None:
        self.batch.open(int(row["system_index"]), int(row["item"]) - 1)

    def _update(self, *_events) -> None:
        text, state = self.text, self.state
        self._heading.object = f"### {text('batch.metrics.heading')}"
        self._note.object = f"<p>{escape(text('batch.metrics.table_note'))}</p>"
        relabel_figure(self._chart, {}, text, "batch.metrics.scatter")
        self._hover.tooltips = [
            (text("batch.column.item"), "@item"),
            ("charsim", "@charsim{0.0000}"),
            ("chrF2", "@chrf{0.00}"),
            ("BLEU", "@bleu{0.00}"),
            (text("batch.column.candidate"), "@candidate"),
        ]
        names = state.batch.batch.names if state.scores else ()
        items = []
        for number, (source, dots) in enumerate(zip(self._sources, self._dots, strict=True)):
            shown = number < len(names)
            source.data = self._points(number) if shown else dict(_EMPTY)
            dots.visible = shown
            if shown:
                label = names[number] if len(names) == 1 else f"{'AB'[number]}: {names[number]}"
                items.append(LegendItem(label=label, renderers=[dots]))
        self._chart.legend[0].items = items
        if state.computing:
            self._summary.object = f"<p>{escape(text('batch.metrics.computing'))}</p>"
        else:
            self._summary.object = agreement_html(state, text) if state.scores else ""
        self._table.param.update(
            value=disagreements_frame(state),
            titles={
                "item": text("batch.column.item"),
                "system": text("batch.column.system"),
                "chrf": "chrF2",
                "bleu": "BLEU",
                "candidate": text("batch.column.candidate"),
                "reference": text("batch.column.reference"),
                "charsim rank": text("batch.metrics.column.charsim_rank"),
                "chrF rank": text("batch.metrics.column.chrf_rank"),
                "rank difference": text("batch.metrics.column.rank_difference"),
            },
        )
        self._layout.visible = bool(state.scores) or state.computing

    def _points(self, system: int) -> dict[str, list]:
        frame = self.state.frame(system)
        candidates = [c if len(c) <= _SHOWN else c[:_SHOWN] + "…" for c in frame["candidate"]]
        return {
            **{m: list(frame[m]) for m in METRICS},
            "item": list(frame["item"]),
            "candidate": candidates,
        }

    def __panel__(self):
        return self._layout
