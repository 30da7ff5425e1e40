"""The Agreement page's charts (Bokeh), each with a text alternative: one measure of every metric
with its interval, the systems ranked by people and by each metric, and DEMETR's accuracy per
perturbation."""

from __future__ import annotations

from collections.abc import Iterator

import panel as pn
from bokeh.models import ColumnDataSource, FactorRange, HoverTool, LabelSet
from bokeh.palettes import Category10_10
from bokeh.plotting import figure
from bokeh.transform import factor_cmap
from panel.viewable import Viewer

from charsim.agreement.minimal_pairs import OVERALL
from charsim.agreement.scoring import LOWER_IS_BETTER, metric_label

from ..i18n import UIText
from ..staging import soon
from ..states.agreement import AgreementState
from .agreement_results import measures_of
from .common import html_pane, screen_reader_text

__all__ = ["AgreementChartsView", "ranks"]


def ranks(scores: tuple[float, ...], higher_is_better: bool = True) -> list[int]:
    """Each system's rank by ``scores`` (1 the best; tied scores share the best rank)."""
    ordered = sorted(scores, reverse=higher_is_better)
    return [ordered.index(score) + 1 for score in scores]


def _figure(**params):
    return figure(sizing_mode="stretch_width", toolbar_location=None, **params)


class AgreementChartsView(Viewer):
    """The three charts of a complete run (each shown where the report has its data)."""

    def __init__(self, state: AgreementState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._measure = pn.widgets.Select(  # narrower in a narrower window
            name="", options=[], max_width=360, sizing_mode="stretch_width"
        )
        self._redraw = soon(self._draw)
        self._measure.param.watch(self._redraw, "value")
        self._column = pn.Column(sizing_mode="stretch_width")
        state.param.watch(self._new_report, ["report"])
        self.text.param.watch(self._new_report, "language")
        self._new_report()

    def _new_report(self, *_events) -> None:
        report, text = self.state.report, self.text
        if report is None:
            self._column.objects = []
            return
        measures = measures_of(report)
        options = {text(f"agreement.measure.{m.replace(':', '_')}"): m for m in measures}
        chosen = self._measure.value if self._measure.value in measures else measures[0]
        self._measure.param.update(
            options=options, value=chosen, name=text("agreement.chart.measure")
        )
        self._redraw()

    def _draw(self) -> Iterator[None]:
        """The charts, one per step: in the browser each step is a task of its own, and the
        report's tables reach the page before the first chart (BokehJS lays the page out
        again for each new chart)."""
        report = self.state.report
        if report is None or self._measure.value is None:
            return
        yield
        parts = [self._measure, *self._measure_chart(report, self._measure.value)]
        self._column.objects = parts
        for shown, chart in (
            (len(report.system_scores) > 1, self._systems_chart),
            (report.minimal_pairs is not None, self._perturbations_chart),
        ):
            if shown:
                yield
                parts = [*parts, *chart(report)]
                self._column.objects = parts

    def _measure_chart(self, report, measure: str) -> list:
        text = self.text
        rows = [(metric_label(m), report.estimate(measure, m)) for m in report.metrics]
        rows = [(label, e) for label, e in rows if e.value is not None]
        labels = [label for label, _ in rows]
        source = ColumnDataSource(
            {
                "metric": labels,
                "value": [e.value for _, e in rows],
                "low": [e.interval.low if e.interval else e.value for _, e in rows],
                "high": [e.interval.high if e.interval else e.value for _, e in rows],
            }
        )
        title = text(
            "agreement.chart.measure_title",
            measure=self._measure.labels[self._measure.values.index(measure)],
        )
        chart = _figure(
            y_range=labels[::-1],
            height=60 + 28 * len(labels),
            title=title,
            tools=[
                HoverTool(tooltips=[("", "@metric: @value{0.0000} [@low{0.0000}, @high{0.0000}]")])
            ],
        )
        chart.hbar(y="metric", right="value", height=0.6, source=source, color="#9ecae1")
        chart.segment(
            x0="low",
            x1="high",
            y0="metric",
            y1="metric",
            source=source,
            line_width=3,
            color="#084594",
        )
        said = "; ".join(f"{label} {e.value:.4f}" for label, e in rows)
        return [
            chart,
            html_pane(object=screen_reader_text(f"{title}: {said}", "agreement-chart-measure")),
        ]

    def _systems_chart(self, report) -> list:
        text = self.text
        systems = report.judgments.systems
        rankers = [(name, scores) for name, scores in report.system_scores]
        columns = [
            text("agreement.chart.people") if n == "human" else metric_label(n) for n, _ in rankers
        ]
        ranked = [ranks(s, n not in LOWER_IS_BETTER) for n, s in rankers]
        xs = [columns] * len(systems)
        ys = [[ranked[r][s] for r in range(len(rankers))] for s in range(len(systems))]
        colours = [Category10_10[s % 10] for s in range(len(systems))]
        source = ColumnDataSource({"xs": xs, "ys": ys, "system": list(systems), "colour": colours})
        title = text("agreement.chart.systems_title")
        chart = _figure(
            x_range=columns,
            y_range=(len(systems) + 0.5, 0.5),
            height=420,
            title=title,
            tools=[HoverTool(tooltips=[("", "@system")])],
        )
        chart.multi_line("xs", "ys", source=source, line_color="colour", line_width=2)
        chart.yaxis.axis_label = text("agreement.chart.rank")
        people = [row[0] for row in ys]
        names = {"x": [columns[0]] * len(systems), "y": people, "text": list(systems)}
        chart.add_layout(  # a label set, so that the dark theme colours it (colour_scheme.py)
            LabelSet(
                x="x",
                y="y",
                text="text",
                source=ColumnDataSource(names),
                x_offset=-6,
                text_align="right",
                text_baseline="middle",
                text_font_size="9pt",
            )
        )
        said = "; ".join(
            f"{columns[r]}: "
            + ", ".join(s for _, s in sorted(zip(ranked[r], systems, strict=True)))
            for r in range(len(rankers))
        )
        return [
            chart,
            html_pane(object=screen_reader_text(f"{title}: {said}", "agreement-chart-systems")),
        ]

    def _perturbations_chart(self, report) -> list:
        text = self.text
        names = [
            e.measure.removeprefix("pairs:")
            for e in report.pair_estimates
            if e.metric == report.metrics[0]
        ]
        names = [n for n in names if n not in ("base", "minor", "major", "critical", OVERALL)]
        labels = [metric_label(m) for m in report.metrics]
        factors = [(name, label) for name in names for label in labels]
        values = [
            report.estimate(f"pairs:{n}", m).value or 0 for n in names for m in report.metrics
        ]
        source = ColumnDataSource(
            {"factor": factors, "value": values, "metric": [f[1] for f in factors]}
        )
        title = text("agreement.chart.pairs_title")
        chart = _figure(
            y_range=FactorRange(*factors[::-1]),
            height=80 + 11 * len(factors),
            x_range=(0, 1),
            title=title,
            tools=[HoverTool(tooltips=[("", "@factor: @value{0.000}")])],
        )
        chart.hbar(
            y="factor",
            right="value",
            height=0.8,
            source=source,
            fill_color=factor_cmap("metric", Category10_10, labels, start=1, end=2),
            line_color=None,
        )
        chart.yaxis.major_label_text_font_size = "8pt"
        chart.yaxis.group_label_orientation = "horizontal"
        said = "; ".join(
            f"{name}: "
            + ", ".join(
                f"{label} {report.estimate(f'pairs:{name}', m).value or 0:.3f}"
                for label, m in zip(labels, report.metrics, strict=True)
            )
            for name in names
        )
        return [
            chart,
            html_pane(object=screen_reader_text(f"{title}: {said}", "agreement-chart-pairs")),
        ]

    def __panel__(self):
        return self._column
