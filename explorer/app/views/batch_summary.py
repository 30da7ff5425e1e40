"""Batch summary: load errors, scoring progress, each system's corpus mean and the signature."""

from __future__ import annotations

from html import escape

import panel as pn
from panel.viewable import Viewer

from ..i18n import UIText
from ..markup.cards import alert
from ..states.batch import BatchState
from .common import html_pane, signature_html

__all__ = ["BatchSummaryView", "summary_html"]


def summary_html(state: BatchState, text: UIText) -> str:
    """The corpus means (and with two systems their difference) and the signature, escaped."""
    batch, results = state.batch, state.results
    if batch is None or not results:
        return ""
    rows = "".join(
        f'<tr><th>{escape(name)}</th><td data-testid="batch-mean-{number}">{r.score:.4f}</td></tr>'
        for number, (name, r) in enumerate(zip(batch.names, results, strict=True), start=1)
    )
    html = (
        f"<p>{escape(text('batch.summary.mean', size=batch.size))}</p>"
        f'<table class="cs-exact">{rows}</table>'
    )
    if len(results) == 2:
        a, b = (r.scores for r in results)
        better = sum(y > x for x, y in zip(a, b, strict=True))
        worse = sum(y < x for x, y in zip(a, b, strict=True))
        comparison = text(
            "batch.summary.compare",
            difference=results[1].score - results[0].score,
            better=better,
            worse=worse,
            same=batch.size - better - worse,
            a=batch.names[0],
            b=batch.names[1],
        )
        html += f"<p>{escape(comparison)}</p>"
    signature = signature_html(results[0].signature)
    return (
        html + f"<p>{escape(text('batch.summary.signature'))}: "
        f'<code data-testid="batch-signature">{signature}</code></p>'
    )


class BatchSummaryView(Viewer):
    """What went wrong, how far scoring is, and the corpus scores once done."""

    def __init__(self, state: BatchState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._message = html_pane()
        self._progress = pn.indicators.Progress(
            value=0, max=1, visible=False, sizing_mode="stretch_width"
        )
        self._status = html_pane()
        self._summary = html_pane()
        state.param.watch(self._update, ["message", "done", "total", "scoring", "results"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        state, text = self.state, self.text
        self._message.object = alert(text.message(state.message), "error") if state.message else ""
        # max first, on its own: the value's bounds follow it only once it is set
        self._progress.max = max(state.total, 1)
        self._progress.param.update(value=state.done, visible=state.scoring)
        progress = text("batch.progress", done=state.done, total=state.total)
        self._status.object = (
            f'<p data-testid="batch-progress">{escape(progress)}</p>' if state.scoring else ""
        )
        self._summary.object = summary_html(state, text)

    def __panel__(self):
        return pn.Column(
            self._message,
            self._status,
            self._progress,
            self._summary,
            sizing_mode="stretch_width",
        )
