"""HTML of a candidate with the error spans people marked and the characters charsim leaves
unmatched (no Panel here).

A span people marked is a ``<mark>`` shaded by its severity, in the tab order, its severity and
category shown on hover and on focus (``data-error``) and said to screen readers in text before
its characters; a character charsim leaves unmatched (:func:`charsim.corpus.coverage.unmatched`)
is underlined with a wave, inside or outside a span. Below the text: the figure (the share of the
marked characters left unmatched against the share of the others), the errors in words and the
unmatched characters in words, so that nothing is said by colour or shape alone. Every text is
escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from charsim import NGram
from charsim.agreement.spans import runs

from ..i18n import UIText
from .render import TEXT_SHOWN, ngram_label

if TYPE_CHECKING:
    from charsim.agreement.judgments import ErrorSpan
    from charsim.agreement.spans import SpanShares

__all__ = ["SEVERITY_CLASSES", "spans_html"]

SEVERITY_CLASSES = {"major": "cs-major", "minor": "cs-minor"}
"""The CSS class of a span by its lower-cased severity (any other: ``cs-other``)."""


def _label(span: ErrorSpan, text: UIText) -> str:
    return text("judged.error_label", severity=span.severity, category=span.category)


def _runs(size: int, spans: Sequence[ErrorSpan]) -> list[tuple[int, int, tuple[int, ...]]]:
    """``(start, end, indices of the spans covering it)`` of each run of characters covered by
    the same spans."""
    covering = [[] for _ in range(size)]
    for k, span in enumerate(spans):
        if span.located:
            for i in range(span.start, min(span.end, size)):
                covering[i].append(k)
    runs: list[tuple[int, int, tuple[int, ...]]] = []
    for i, found in enumerate(covering):
        if runs and runs[-1][2] == tuple(found) and runs[-1][1] == i:
            runs[-1] = (runs[-1][0], i + 1, runs[-1][2])
        else:
            runs.append((i, i + 1, tuple(found)))
    return runs


def _characters(candidate: str, missed: Sequence[bool], start: int, end: int) -> str:
    return "".join(
        f'<span class="cs-jc{" cs-unmatched" if missed[i] else ""}">'
        f"{escape(ngram_label(NGram(candidate[i])))}</span>"
        for i in range(start, end)
    )


def _text(candidate: str, missed: Sequence[bool], spans: Sequence[ErrorSpan], ui: UIText) -> str:
    shown = min(len(candidate), TEXT_SHOWN)
    parts = []
    for start, end, covering in _runs(shown, spans):
        chars = _characters(candidate, missed, start, end)
        if not covering:
            parts.append(chars)
            continue
        labels = "; ".join(_label(spans[k], ui) for k in covering)
        severity = spans[covering[0]].severity.lower()
        css = SEVERITY_CLASSES.get(severity, "cs-other")
        said = escape(ui("judged.sr_error", errors=labels))
        parts.append(
            f'<mark class="cs-error {css}" tabindex="0" data-error="{escape(labels)}" '
            f'title="{escape(labels)}"><span class="cs-sr-only">{said} </span>{chars}</mark>'
        )
    return "".join(parts)


def _errors(candidate: str, spans: Sequence[ErrorSpan], ui: UIText) -> str:
    items = []
    for span in spans:
        words = {"severity": span.severity, "category": span.category, "rater": span.rater}
        if span.located:
            marked = candidate[span.start : span.end]
            where = {"span": marked, "start": span.start + 1, "end": span.end}
            what = ui("judged.error", **where, **words)
        else:
            what = ui("judged.error_nowhere", **words)
        items.append(f"<li>{escape(what)}</li>")
    if not items:
        return f"<p>{escape(ui('judged.no_errors'))}</p>"
    return (
        f"<p>{escape(ui('judged.errors'))}</p><ol data-testid='judged-errors'>{''.join(items)}</ol>"
    )


def _unmatched_words(candidate: str, missed: Sequence[bool], ui: UIText) -> str:
    found = [
        ui(
            "judged.unmatched_run",
            chars="".join(ngram_label(NGram(c)) for c in candidate[start:end]),
            start=start + 1,
            end=end,
        )
        for start, end in runs(missed)
    ]
    listed = "; ".join(found) if found else ui("judged.unmatched_none")
    return f'<p data-testid="judged-unmatched">{escape(ui("judged.unmatched", runs=listed))}</p>'


def _percent(share) -> str:
    return "—" if share is None else f"{float(share):.1%}"


def spans_html(
    candidate: str,
    missed: Sequence[bool],
    spans: Sequence[ErrorSpan],
    shares: SpanShares,
    ui: UIText,
) -> str:
    """The candidate drawn with ``spans`` and its unmatched characters ``missed`` (one bool per
    character), the figure of ``shares``, the errors and the unmatched characters in words; at
    most :data:`~explorer.app.markup.render.TEXT_SHOWN` characters are drawn."""
    figure = ui(
        "judged.figure",
        marked=shares.marked,
        marked_unmatched=shares.marked_unmatched,
        marked_share=_percent(shares.marked_share),
        unmarked=shares.unmarked,
        unmarked_unmatched=shares.unmarked_unmatched,
        unmarked_share=_percent(shares.unmarked_share),
    )
    shortened = ""
    if len(candidate) > TEXT_SHOWN:
        shortened = (
            f"<p>{escape(ui('render.shortened', shown=TEXT_SHOWN, size=len(candidate)))}</p>"
        )
    legend = (
        f'<p>{escape(ui("judged.legend"))} <mark class="cs-error cs-major">'
        f'{escape(ui("judged.legend_major"))}</mark> <mark class="cs-error cs-minor">'
        f'{escape(ui("judged.legend_minor"))}</mark> <span class="cs-jc cs-unmatched">'
        f"{escape(ui('judged.legend_unmatched'))}</span></p>"
    )
    return (
        f"{legend}<div class='cs-text cs-judged' data-testid='judged-text'>"
        f"{_text(candidate, missed, spans, ui)}</div>{shortened}"
        f'<p data-testid="judged-figure"><strong>{escape(figure)}</strong></p>'
        f"<p>{escape(ui('judged.definition'))}</p>"
        f"{_errors(candidate, spans, ui)}{_unmatched_words(candidate, missed, ui)}"
    )
