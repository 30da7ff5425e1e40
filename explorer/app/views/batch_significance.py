"""Is the difference real? The settings, the progress, the intervals, the chosen test's p-value,
the signature, a Bokeh histogram of the bootstrap distribution of ``Δ = B − A`` with 0 marked,
and what the numbers mean and what they do not (the catalog's ``batch.significance.*``)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import panel as pn
from bokeh.models import BoxAnnotation, ColumnDataSource, HoverTool, Range1d, Span
from bokeh.plotting import figure
from panel.viewable import Viewer

from charsim.significance import (
    MIN_BOOTSTRAP_ITEMS,
    Interval,
    p_value_decimals,
    significant,
    too_few_for_bootstrap,
)

from ..i18n import UIText, counted
from ..sources.batch_examples import BATCH_EXAMPLES
from ..states.batch_significance import P_MARKED_BELOW, SignificanceState
from .chart_download import downloadable
from .common import WRAPPED_BUTTONS, html_pane, relabel_figure, signature_html

__all__ = ["BINS", "SignificanceView", "command_line", "distribution_data", "significance_html"]

BINS = 40
"""Bins of the histogram of the resampled differences, between their least and greatest."""
_SETTINGS = ("method", "resamples", "trials", "seed")


def distribution_data(values: Sequence[float], bins: int = BINS) -> dict[str, list]:
    """Columns ``left``, ``right``, ``count`` of a histogram of ``values`` (``bins`` equal bins
    from the least to the greatest; one bin of width 0 if they are all equal)."""
    if not values:
        return {"left": [], "right": [], "count": []}
    low, high = min(values), max(values)
    if low == high:
        return {"left": [low], "right": [high], "count": [len(values)]}
    width = (high - low) / bins
    counts = [0] * bins
    for value in values:
        counts[min(int((value - low) / width), bins - 1)] += 1
    edges = [low + i * width for i in range(bins)] + [high]
    return {"left": edges[:-1], "right": edges[1:], "count": counts}


def command_line(state: SignificanceState) -> str:
    """The ``charsim`` options that print the same numbers for the same files and seed, after
    the TED example's files as the repository holds them (``…`` for uploaded files)."""
    batch = state.batch.batch
    files = "…"
    if batch.example is not None:
        example = BATCH_EXAMPLES[batch.example]
        paths = [
            [f"{example.folder}/{name}" for name in names]
            for names in (example.systems, example.references)
        ]
        files = f"-i {' '.join(paths[0])} -r {' '.join(paths[1])}"
    if len(batch.names) == 1:
        options = f"--confidence --confidence-n {state.resamples}"
    elif state.method == "bs":
        options = f"--paired-bs --paired-bs-n {state.resamples}"
    else:
        options = (
            f"--paired-ar --paired-ar-n {state.trials} --confidence "
            f"--confidence-n {state.resamples}"
        )
    return f"charsim {files} {options} --seed {state.seed}"


def _number(value: float, testid: str, decimals: int = 4, sign: str = "") -> str:
    """A decimal cell; ``data-value`` holds the float in full (for tests and copying)."""
    return f'<span data-testid="{testid}" data-value="{value!r}">{value:{sign}.{decimals}f}</span>'


def _interval(interval: Interval, testid: str, text: UIText, sign: str = "") -> str:
    return text(
        "batch.significance.to",
        low=_number(interval.low, f"{testid}-low", sign=sign),
        high=_number(interval.high, f"{testid}-high", sign=sign),
    )


def _row(name: str, cell: str) -> str:
    return f"<tr><th>{escape(name)}</th><td>{cell}</td></tr>"


def significance_html(state: SignificanceState, text: UIText) -> str:
    """The numbers of the last complete run and what they mean, escaped; "" without one."""
    result = state.result
    if result is None:
        return ""
    names, rows = state.batch.batch.names, []
    samples = text.message(counted(state.resamples, "resample"))
    if result.test is None:
        (interval,) = result.intervals
        rows.append(
            _row(
                text("batch.significance.row.interval", name=names[0]),
                _interval(interval, "significance-interval-1", text),
            )
        )
        verdict = ""
    else:
        test, bootstrap = result.test, result.bootstrap
        star = "*" if significant(test, P_MARKED_BELOW) else ""
        noun = "resample" if test.method == "bs" else "trial"
        rows += [
            _row(
                text("batch.significance.row.difference"),
                _number(test.difference, "significance-difference", sign="+"),
            ),
            _row(
                text("batch.significance.row.difference_ci"),
                _interval(bootstrap.difference_interval, "significance-difference", text, "+"),
            ),
            _row(
                text(
                    "batch.significance.row.p",
                    method=text(f"batch.significance.method.{test.method}"),
                    samples=text.message(counted(test.samples, noun)),
                ),
                _number(test.p_value, "significance-p", p_value_decimals(test.p_value)) + star,
            ),
        ]
        if test.method == "bs" and too_few_for_bootstrap(test.items):
            verdict = text(
                "batch.significance.too_few_for_bootstrap",
                items=f"{test.items:,}",
                minimum=f"{MIN_BOOTSTRAP_ITEMS:,}",
            )
        else:
            verdict = text(f"batch.significance.{'significant' if star else 'not_significant'}")
        verdict = f"<p>{escape(verdict)}</p>"
    for number, (name, interval) in enumerate(zip(names, result.intervals, strict=True), 1):
        cell = (
            f"{_number(interval.mean, f'significance-mean-{number}')} ± "
            f"{_number(interval.half_width, f'significance-half-{number}')}"
        )
        if result.test is not None:
            cell += f" ({_interval(interval, f'significance-interval-{number}', text)})"
        rows.append(_row(text("batch.significance.row.system", name=name), cell))
    return (
        f'<table class="cs-exact" data-testid="significance">{"".join(rows)}</table>{verdict}'
        f"<p>{escape(text('batch.significance.intervals', samples=samples))}</p>"
        f"<p>{escape(text('batch.significance.caveat'))}</p>"
        f"<p>{escape(text('batch.summary.signature'))}: "
        f'<code data-testid="significance-signature">{signature_html(result.signature)}</code></p>'
        f"<p>{escape(text('batch.significance.command'))} "
        f"<code>{escape(command_line(state))}</code></p>"
    )


class SignificanceView(Viewer):
    """Settings, progress and numbers; with two systems the histogram of Δ's resamples."""

    def __init__(self, state: SignificanceState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._method_label = html_pane()
        self._method = pn.widgets.RadioButtonGroup.from_param(
            state.param.method,
            name="",
            sizing_mode="stretch_width",
            max_width=460,  # as wide as its two titles on a wide window
            stylesheets=[WRAPPED_BUTTONS],
        )
        self._resamples = pn.widgets.IntInput.from_param(state.param.resamples, step=100)
        self._trials = pn.widgets.IntInput.from_param(state.param.trials, step=1000)
        self._seed = pn.widgets.IntInput.from_param(state.param.seed)
        for key in ("resamples", "trials", "seed"):  # the class is a hook for tests
            getattr(self, f"_{key}").param.update(
                width=170, description=None, css_classes=[f"cs-significance-{key}"]
            )
        self._progress = pn.indicators.Progress(
            value=0, max=1, visible=False, sizing_mode="stretch_width"
        )
        self._status, self._numbers, self._legend = html_pane(), html_pane(), html_pane()
        self._chart, self._source, self._marks = _distribution_chart()
        self._chart_pane = downloadable(self._chart, "differences", self.text, visible=False)
        state.param.watch(self._update, ["result", "done", "total", "running", *_SETTINGS])
        state.batch.param.watch(self._update, ["results"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        text = self.text
        self._method.options = {
            text(f"batch.significance.method.{key}"): key for key in ("bs", "ar")
        }
        self._method_label.object = f"<p>{escape(text('batch.significance.widget.method'))}</p>"
        for key in ("resamples", "trials", "seed"):
            getattr(self, f"_{key}").name = text(f"batch.significance.widget.{key}")
        relabel_figure(self._chart, {}, text, "batch.significance.chart")
        self._legend.object = f"<p>{escape(text('batch.significance.chart.legend'))}</p>"
        self._update()

    def _update(self, *_events) -> None:
        state, text = self.state, self.text
        paired = len(state.batch.results) == 2
        self._method_label.visible = self._method.visible = paired
        self._trials.visible = paired and state.method == "ar"
        self._progress.max = max(state.total, 1)  # first, on its own (see BatchSummaryView)
        self._progress.param.update(value=state.done, visible=state.running)
        progress = text("batch.significance.progress", done=state.done, total=state.total)
        self._status.object = (
            f'<p data-testid="significance-progress">{escape(progress)}</p>'
            if state.running
            else ""
        )
        self._numbers.object = significance_html(state, text)
        bootstrap = state.result.bootstrap if state.result else None
        self._chart_pane.visible = self._legend.visible = bootstrap is not None
        if bootstrap is not None:
            _draw(self._source, self._marks, self._chart, bootstrap)

    def __panel__(self):
        return pn.Column(
            pn.FlexBox(
                pn.Column(self._method_label, self._method),
                self._resamples,
                self._trials,
                self._seed,
            ),
            self._status,
            self._progress,
            self._numbers,
            self._chart_pane,
            self._legend,
            sizing_mode="stretch_width",
        )


def _distribution_chart():
    """An empty histogram with the line at 0, the observed Δ (dashed) and its interval."""
    source = ColumnDataSource(distribution_data([]), name="significance-distribution")
    chart = figure(
        height=260,
        sizing_mode="stretch_width",
        toolbar_location=None,
        x_range=Range1d(-1, 1),
        tools=[HoverTool(tooltips=[("Δ", "@left{+0.0000} – @right{+0.0000}"), ("#", "@count")])],
    )
    chart.y_range.start = 0
    chart.quad(
        left="left",
        right="right",
        top="count",
        bottom=0,
        source=source,
        color="#4c78a8",
        alpha=0.6,
        line_color="white",
    )
    band = BoxAnnotation(fill_color="#f58518", fill_alpha=0.15)
    zero = Span(location=0, dimension="height", line_color="#d62728", line_width=2)
    observed = Span(dimension="height", line_color="#333333", line_dash="dashed", line_width=2)
    for mark in (band, zero, observed):
        chart.add_layout(mark)
    return chart, source, (band, observed)


def _draw(source: ColumnDataSource, marks, chart, bootstrap) -> None:
    """Show ``bootstrap``'s resampled differences, its Δ and interval; 0 always in view."""
    band, observed = marks
    data = distribution_data(bootstrap.differences)
    source.data = data
    interval = bootstrap.difference_interval
    band.left, band.right, observed.location = interval.low, interval.high, bootstrap.difference
    low, high = min(0.0, *data["left"]), max(0.0, *data["right"])
    margin = (high - low) * 0.05 or 0.001
    chart.x_range.update(start=low - margin, end=high + margin)
