"""The single item under charsim, chrF, chrF++, BLEU and TER (its row saying why when it was left
out), and why they differ (§5).

The numbers are those of :func:`charsim.compare.compare` (sacreBLEU's own, with its defaults)
and the sentences those of :mod:`charsim.corpus.differences`, in the catalog as
``metrics.difference.<key>``; the fragility table is
:func:`charsim.compare.fragility.fragility`'s and the downloads :mod:`charsim.render.export`'s
(Markdown, LaTeX, JSON); this module only lays them out.
"""

from __future__ import annotations

import io
import json
from html import escape

import panel as pn
from panel.viewable import Viewer

from charsim.render.export import explanation_data, explanation_document

from ..i18n import UIText
from ..markup.cards import alert
from ..markup.render import decimal, fraction
from ..staging import soon
from ..states.metrics import MetricsState
from .changed_characters import changed_characters
from .common import html_pane, html_table, scroll_region

__all__ = ["MetricsView", "metrics_html", "metrics_view"]


def _section(text: UIText, key: str, *parts: str) -> str:
    """A section under its heading (the catalog's ``metrics.heading.<key>``): ``parts`` (HTML),
    each table in a region of its own that scrolls, named by the heading (the fragility table,
    six columns, ran 131 px past a phone's screen and the page scrolled sideways)."""
    heading = text(f"metrics.heading.{key}")
    shown = (scroll_region(p, heading) if p.startswith("<table") else p for p in parts)
    return f"<h4>{escape(heading)}</h4>" + "".join(shown)


def _paragraph(line: str) -> str:
    return f"<p>{escape(line)}</p>"


def _scores(c, text: UIText, ter_left_out: str = "") -> str:
    """The scores table; TER's row gives ``ter_left_out``, why it was left out, if it was."""
    rows = [
        [
            s.name,
            (
                f"{s.score:.4f}" if s.metric == "charsim" else f"{s.score:.2f}",
                f"metric-{s.metric}",
                repr(s.score),
            ),
            text(f"metrics.scale.{s.metric}"),
            s.signature,
        ]
        for s in c.scores
    ]
    if ter_left_out:
        reason = (ter_left_out, "metrics-ter-left-out", ter_left_out)
        rows.append(["TER", "—", text("metrics.scale.ter"), reason])
    header = [text(f"metrics.column.{k}") for k in ("metric", "score", "scale", "signature")]
    return _section(text, "scores", html_table("metrics-scores", header, rows))


def _orders(c, text: UIText) -> str:
    e, chrf = c.explanation, c.chrf
    rows = []
    for pair in c.order_pairs:
        o, f = pair.charsim, pair.chrf
        if pair.n > 6 and (o is None or not o.mean_overlap):
            continue
        rows.append(
            [
                str(pair.n),
                "—" if o is None else fraction(o.mean_overlap),
                "—" if o is None else str(o.candidate_count),
                "—" if o is None else fraction(o.mean_reference_count),
                "—" if o is None or o.contribution is None else decimal(o.contribution),
                "—" if f is None else str(f.matches),
                "—" if f is None else f"{f.candidate_count} / {f.reference_count}",
                "—" if f is None else decimal(f.precision),
                "—" if f is None else decimal(f.recall),
            ]
        )
    header = [
        "n",
        "m̄_n",
        "ℓ_t,n",
        "ℓ̄_r,n",
        "w_n m̄_n / D",
        text("metrics.column.chrf_matches"),
        text("metrics.column.chrf_counts"),
        "chrF P_n",
        "chrF R_n",
    ]
    summary = html_table(
        "metrics-summary",
        ["", "P", "R", text("metrics.column.combined")],
        [
            ["charsim", decimal(e.precision), decimal(e.recall), f"min(P, R) = {decimal(e.score)}"],
            [
                c.chrf.metric.replace("chrf", "chrF"),
                decimal(chrf.precision),
                decimal(chrf.recall),
                f"F_{chrf.beta} = {decimal(chrf.f_beta)}",
            ],
        ],
    )
    return _section(
        text,
        "orders",
        _paragraph(text("metrics.orders_intro")),
        html_table("metrics-orders", header, rows),
        summary,
    )


def _length(c, text: UIText) -> str:
    e, bleu = c.explanation, c.bleu
    orders = range(1, len(bleu.totals) + 1)
    rows = [
        [str(n), f"{bleu.matches[n - 1]} / {bleu.totals[n - 1]}", f"{bleu.precisions[n - 1]:.2f}"]
        for n in orders
    ]
    zero = ", ".join(map(str, bleu.zero_match_orders)) or "—"
    lines = [
        text(
            "metrics.length.charsim",
            candidate_length=decimal(e.candidate_length),
            reference_length=decimal(e.mean_reference_length),
        ),
        text(f"decision.{e.decision.value}"),
        text(
            "metrics.length.bleu",
            candidate_words=bleu.candidate_length,
            reference_words=bleu.reference_length,
            brevity_penalty=bleu.brevity_penalty,
        ),
        text(
            "metrics.length.smoothing",
            smoothing=bleu.smoothing,
            zero=zero,
            unsmoothed=bleu.unsmoothed,
            bleu=c.score("bleu").score,
        ),
    ]
    header = ["n", text("metrics.column.bleu_matches"), text("metrics.column.bleu_precision")]
    return _section(
        text, "length", *map(_paragraph, lines), html_table("metrics-bleu", header, rows)
    )


def _references(c, text: UIText) -> str:
    e = c.explanation
    lines = [
        text("metrics.references.charsim", k=e.k) if e.k > 1 else text("metrics.references.one"),
        text("metrics.references.chrf", chosen=c.chrf.chosen_reference + 1),
        text("metrics.references.bleu", reference_words=c.bleu.reference_length),
    ]
    if c.ter is not None:
        ter = c.ter
        lines.append(
            text(
                "metrics.references.ter",
                chosen=ter.chosen_reference + 1,
                mean=ter.mean_reference_length,
            )
        )
    rows = [
        [
            str(d.index + 1),
            decimal(d.score),
            f"{c.chrf.reference_scores[d.index]:.2f}",
            str(c.bleu.reference_lengths[d.index]),
            *([] if c.ter is None else [str(c.ter.reference_edits[d.index])]),
        ]
        for d in e.reference_details
    ]
    header = [
        "#",
        "charsim s_i",
        text("metrics.column.chrf_alone"),
        text("metrics.column.bleu_words"),
        *([] if c.ter is None else [text("metrics.column.ter_edits")]),
    ]
    return _section(
        text, "references", *map(_paragraph, lines), html_table("metrics-references", header, rows)
    )


def _differences(c, text: UIText) -> str:
    items = "".join(
        f'<li data-difference="{escape(d.key)}"><b>{escape(d.section)}</b> '
        f"{escape(text(f'metrics.difference.{d.key}', **d.values))}</li>"
        for d in c.differences
    )
    body = (
        f'<ul data-testid="metrics-differences">{items}</ul>'
        if items
        else _paragraph(text("metrics.no_difference"))
    )
    return _section(text, "differences", body)


def _fragility(state: MetricsState, text: UIText) -> str:
    f = state.fragility
    if f is None:
        reason = text.message(state.fragility_message) if state.fragility_message else ""
        left_out = f'<p data-testid="metrics-fragility-left-out">{escape(reason)}</p>'
        return _section(text, "fragility", left_out) if reason else ""
    rows = []
    for setting in (f.raw, *f.settings):
        rows.append(
            [
                setting.setting,
                decimal(setting.score),
                f"{float(f.delta(setting)):+.4f}",
                f"{setting.chrf:.2f}",
                changed_characters(setting.changes, text),
                setting.signature,
            ]
        )
    header = [
        text(f"metrics.fragility.column.{k}")
        for k in ("setting", "charsim", "delta", "chrf", "changed", "signature")
    ]
    return _section(
        text,
        "fragility",
        _paragraph(text("metrics.fragility.intro")),
        html_table("metrics-fragility", header, rows),
    )


def metrics_html(state: MetricsState, text: UIText) -> str:
    """The comparison in the current language (escaped HTML), or the message why there is
    none."""
    c = state.comparison
    if c is None:
        return alert(text.message(state.message), "info") if state.message else ""
    ter_left_out = text.message(state.ter_message) if state.ter_message else ""
    parts = (_differences, _orders, _length, _references)
    html = _scores(c, text, ter_left_out) + "".join(part(c, text) for part in parts)
    html += _fragility(state, text)
    return f'<div data-testid="metrics">{html}</div>'


class MetricsView(Viewer):
    """charsim beside sacreBLEU's chrF, chrF++, BLEU and TER on the single item, with the
    quantities that make them differ and one sentence per difference (§5)."""

    def __init__(self, state: MetricsState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._html = html_pane()
        self._downloads = {
            fmt: pn.widgets.FileDownload(
                callback=self._export(fmt),
                filename=f"charsim-item.{suffix}",
                label=label,
                embed=False,
            )
            for fmt, suffix, label in _EXPORTS
        }
        self._export_label = pn.pane.Markdown()
        state.param.watch(
            self._update, ["comparison", "message", "ter_message", "fragility_message"]
        )
        self.text.param.watch(self._update, "language")
        self._update()

    def _export(self, fmt: str):
        """The callback of one download: the worked example of the item in ``fmt``, with the
        comparison, or with the message why there is none."""

        def document() -> io.BytesIO:
            c, message = self.state.comparison, self.state.message or self.state.ter_message
            e = c.explanation if c is not None else self.state.item.explanation
            note = self.text.message(message) if message else ""
            if fmt == "json":
                data = json.dumps(explanation_data(e, c, note), ensure_ascii=False, indent=1)
            else:
                data = explanation_document(e, fmt, c, note)
            return io.BytesIO(data.encode("utf-8"))

        return document

    def _update(self, *_events) -> None:
        self._html.object = metrics_html(self.state, self.text)
        self._export_label.object = self.text("metrics.export")
        for download in self._downloads.values():
            download.disabled = self.state.item.explanation is None

    def __panel__(self):
        return pn.Column(
            # a row that wraps: five buttons ran past a phone's screen (pn.Row does not wrap)
            pn.FlexBox(self._export_label, *self._downloads.values(), align_items="center"),
            self._html,
            sizing_mode="stretch_width",
        )


_EXPORTS = (("markdown", "md", "Markdown"), ("latex", "tex", "LaTeX"), ("json", "json", "JSON"))
"""Each download: the format of :mod:`charsim.render.export`, the file's suffix, the button's
label."""


def metrics_view(item, text: UIText) -> MetricsView:
    """The view of a :class:`MetricsState` that follows ``item`` (recomputed after the score
    card in the browser)."""
    return MetricsView(MetricsState(item, deferred=soon), text)
