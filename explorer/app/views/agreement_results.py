"""The Agreement page's numbers: what was read, every measure of every metric with its 95 %
interval (``*``: its difference from charsim is significant by the project's rule), and where
charsim leaves characters unmatched inside and outside the spans people marked: the numbers of
``charsim meta-eval`` on the same data and settings (:mod:`charsim.render.agreement`)."""

from __future__ import annotations

from html import escape

from panel.viewable import Viewer

from charsim.agreement.correlations import MEASURES
from charsim.agreement.evaluate import AgreementReport, Source
from charsim.agreement.judgments import Skipped
from charsim.agreement.minimal_pairs import OVERALL
from charsim.agreement.scoring import metric_label
from charsim.compare.sacrebleu import named_signature

from ..i18n import Message, UIText, counted
from ..states.agreement import AgreementState
from .common import html_pane, scroll_region, signature_html

__all__ = ["AgreementResultsView", "PAIR_GROUPS", "estimate_cell", "left_out", "measures_of"]

PAIR_GROUPS = ("base", "minor", "major", "critical", OVERALL)
"""The minimal pairs' groups of the table, by severity (``overall``: every error)."""


def measures_of(report: AgreementReport) -> list[str]:
    """The measures of ``report`` the page shows, in order: those of the human scores, then
    the minimal pairs' accuracy by severity."""
    found = list(MEASURES) if report.judgments is not None else []
    if report.minimal_pairs is not None:
        present = {e.measure for e in report.pair_estimates}
        found += [f"pairs:{g}" for g in PAIR_GROUPS if f"pairs:{g}" in present]
    return found


def left_out(skipped: Skipped) -> Message:
    """The page's sentence for what a reader left out, in the catalog's words
    (``agreement.skipped.<code>``), so that it reads in the page's language; a reason without
    a code (a reader's that the catalog does not know) is given as the reader wrote it."""
    names = {role: _listed(value) for role, value in skipped.details.items()}
    reason = Message(f"agreement.skipped.{skipped.code}", names) if skipped.code else skipped.reason
    return Message(
        "agreement.left_out", {"count": counted(skipped.count, skipped.unit), "reason": reason}
    )


def _listed(names: object) -> object:
    """A tuple of names as the first five, comma-separated, and how many more; else as it is."""
    if not isinstance(names, tuple):
        return names
    shown = ", ".join(names[:5])
    if len(names) <= 5:
        return shown
    return Message("agreement.names_more", {"names": shown, "count": len(names) - 5})


def estimate_cell(report: AgreementReport, measure: str, metric: str) -> str:
    """``0.3792 [0.3701, 0.3880]`` (``*`` after the value when the difference from charsim is
    significant), ``—`` where undefined: as ``charsim meta-eval`` prints it."""
    e = report.estimate(measure, metric)
    if e.value is None:
        return "—"
    mark = "*" if e.significant else ""
    interval = "" if e.interval is None else f" [{e.interval.low:.4f}, {e.interval.high:.4f}]"
    return f"{e.value:.4f}{mark}{interval}"


def _source(source: Source, text: UIText) -> str:
    key = "agreement.read_pairs" if source.unit == "pair" else "agreement.read_segments"
    said = text(
        key,
        source=source.source,
        what=source.human_name,
        systems=len(source.systems),
        items=source.items,
        units=source.units,
    )
    said_left = [text.message(left_out(s)) for s in source.skipped]
    left = "".join(f"<li>{escape(line)}</li>" for line in said_left)
    return f"<p>{escape(said)}</p>" + (f"<ul>{left}</ul>" if left else "")


def _table(report: AgreementReport, text: UIText) -> str:
    measures = measures_of(report)
    heads = "".join(
        f"<th scope='col'>{escape(text(f'agreement.measure.{_key(m)}'))}</th>" for m in measures
    )
    rows = "".join(
        f"<tr><th scope='row'>{escape(metric_label(metric))}</th>"
        + "".join(
            f'<td data-testid="agreement-{escape(m)}-{escape(metric)}">'
            f"{_unbroken(estimate_cell(report, m, metric))}</td>"
            for m in measures
        )
        + "</tr>"
        for metric in report.metrics
    )
    caption = text("agreement.table_caption", resamples=report.resamples, seed=report.seed)
    return scroll_region(
        f"<table class='cs-exact' data-testid='agreement-table'><caption>{escape(caption)}"
        f"</caption><tr><th scope='col'>{escape(text('agreement.metric'))}</th>{heads}</tr>"
        f"{rows}</table>",
        caption,
    )


def _unbroken(cell: str) -> str:
    """A cell's text (:func:`estimate_cell`) as escaped HTML whose numbers never break inside
    themselves (``cs-num``): a line may break between the value and its interval's bounds. In a
    narrow window the Japanese table's columns had shrunk to a character, "0." over "5"."""
    return " ".join(f'<span class="cs-num">{escape(part)}</span>' for part in cell.split(" "))


def _notes(report: AgreementReport, text: UIText) -> str:
    """Why a measure cannot tell the metrics apart here (the report's notes, in English as the
    command line prints them), under the table; empty when there is none."""
    notes = "".join(
        f"<li>{escape(text(f'agreement.measure.{_key(measure)}'))}: {escape(why)}.</li>"
        for measure, why in report.notes
    )
    return (
        f"<p>{escape(text('agreement.notes'))}</p><ul data-testid='agreement-notes'>{notes}</ul>"
        if notes
        else ""
    )


def _key(measure: str) -> str:
    return measure.replace(":", "_")


def _spans(report: AgreementReport, text: UIText) -> str:
    shares = report.spans
    if shares is None or not shares.marked:
        return ""
    rows = "".join(
        f"<tr><th scope='row'>{escape(text(f'agreement.measure.{_key(key)}'))}</th>"
        f"<td>{count:,}</td><td>{missed:,}</td>"
        f'<td data-testid="agreement-{key}">{_unbroken(estimate_cell(report, key, "charsim"))}'
        "</td></tr>"
        for key, count, missed in (
            ("spans:marked", shares.marked, shares.marked_unmatched),
            ("spans:unmarked", shares.unmarked, shares.unmarked_unmatched),
        )
    )
    heads = "".join(
        f"<th scope='col'>{escape(text(f'agreement.spans.{k}'))}</th>"
        for k in ("characters", "in_all", "unmatched", "share")
    )
    intro = text("agreement.spans.intro", segments=shares.segments)
    return (
        f"<h3>{escape(text('agreement.spans.heading'))}</h3><p>{escape(intro)}</p>"
        f"<table class='cs-exact' data-testid='agreement-spans'><tr>{heads}</tr>{rows}</table>"
    )


class AgreementResultsView(Viewer):
    """What was read and the report's tables, once a run is complete."""

    def __init__(self, state: AgreementState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._html = html_pane()
        state.param.watch(self._update, ["report"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        report, text = self.state.report, self.text
        if report is None:
            self._html.object = f"<p>{escape(text('agreement.nothing_yet'))}</p>"
            return
        sources = [s for s in (report.judgments, report.minimal_pairs) if s is not None]
        system = text("agreement.system_scores")
        lines = [
            *(
                (metric_label(m), named_signature(metric_label(m), sig))
                for m, sig in report.signatures
            ),
            *(
                (f"{metric_label(m)}, {system}", named_signature(metric_label(m), sig))
                for m, sig in report.system_signatures
            ),
        ]
        signatures = "".join(
            f"<li>{escape(label)}: <code>{signature_html(sig)}</code></li>" for label, sig in lines
        )
        self._html.object = (
            "".join(_source(s, text) for s in sources)
            + _table(report, text)
            + _notes(report, text)
            + _spans(report, text)
            + f"<details><summary>{escape(text('agreement.signatures'))}</summary>"
            f"<ul>{signatures}</ul></details>"
        )

    def __panel__(self):
        return self._html
