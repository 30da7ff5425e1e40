"""The Agreement page's inputs and progress: the built-in examples, a file of the user's own, the
metrics and resamples, what the page computes, and how far a run is. Imported when the page is
built (its first opening), as meta-evaluation is."""

from __future__ import annotations

from html import escape

import panel as pn
from panel.viewable import Viewer

from charsim.agreement.scoring import METRICS, metric_label

from ..i18n import UIText
from ..markup.cards import alert
from ..sources.agreement_examples import AGREEMENT_EXAMPLES, AgreementExample
from ..sources.batch_data import MAX_BYTES
from ..states.agreement import AgreementState
from .batch_inputs import uploaded
from .common import WRAPPED_BUTTONS, example_notes, html_pane

__all__ = ["AgreementInputsView"]


_WRAPPED_TITLE = ".bk-input-group > label { white-space: normal; }"
"""The file input's title on as many lines as the column needs (BokehJS keeps a widget's title
on one line: it ran under the results beside it)."""


class AgreementInputsView(Viewer):
    """Example buttons, a file input, the settings, and the run's progress and problems."""

    def __init__(self, state: AgreementState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._examples = {key: self._example_button(e) for key, e in AGREEMENT_EXAMPLES.items()}
        self._notes = html_pane()
        self._file = pn.widgets.FileInput(
            multiple=True, accept=".tsv,.jsonl,.json,.txt", stylesheets=[_WRAPPED_TITLE]
        )
        self._file.param.watch(self._chosen, ["filename", "value"])
        self._metrics = pn.widgets.CheckButtonGroup(
            options={metric_label(m): m for m in METRICS},
            value=list(state.metrics),
            css_classes=["cs-metric-choice"],
            name="",
            sizing_mode="stretch_width",
            stylesheets=[WRAPPED_BUTTONS],
        )
        self._metrics.param.watch(self._metrics_chosen, "value")
        self._resamples = pn.widgets.IntInput.from_param(state.param.resamples, name="")
        self._help, self._metrics_label = pn.pane.Markdown(), pn.pane.Markdown()
        self._status, self._message = html_pane(), html_pane()
        self._progress = pn.indicators.Progress(
            value=0, max=1, visible=False, sizing_mode="stretch_width"
        )
        state.param.watch(
            self._update, ["stage", "done", "total", "running", "message", "source", "report"]
        )
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        text = self.text
        self._notes.object = example_notes(self._examples, text, "agreement.example")
        self._file.name = text("agreement.upload")
        self._resamples.name = text("agreement.resamples")
        self._metrics_label.object = text("agreement.metrics")
        self._help.object = text("agreement.help", megabytes=MAX_BYTES / 1e6)
        self._update()

    def _metrics_chosen(self, event) -> None:
        self.state.metrics = [m for m in METRICS if m in event.new]

    async def _chosen(self, *_events) -> None:
        files = uploaded(self._file)
        if not files:
            return  # cleared, or the names or the contents are still on their way
        self._file.clear()
        self.state.load_files(files)

    def _example_button(self, example: AgreementExample) -> pn.widgets.Button:
        button = pn.widgets.Button(color="primary")

        async def load(_event) -> None:
            await self.state.load_example(example)

        button.on_click(load)
        return button

    def _update(self, *_events) -> None:
        state, text = self.state, self.text
        self._message.object = (
            alert(text("agreement.problem", problems=text.message(state.message)), "error")
            if state.message
            else ""
        )
        self._progress.max = max(state.total, 1)
        self._progress.param.update(value=state.done, visible=state.running)
        if state.running:
            status = text(
                "agreement.progress", stage=state.stage or "…", done=state.done, total=state.total
            )
        elif state.report is not None:
            status = text("agreement.finished", source=state.source)
        else:
            status = ""
        self._status.object = (
            f'<p role="status" data-testid="agreement-status">{escape(status)}</p>'
            if status
            else ""
        )

    def __panel__(self):
        return pn.Column(
            pn.FlexBox(*self._examples.values()),
            self._notes,
            self._file,
            self._help,
            self._metrics_label,
            self._metrics,
            self._resamples,
            self._message,
            self._status,
            self._progress,
            sizing_mode="stretch_width",
        )
