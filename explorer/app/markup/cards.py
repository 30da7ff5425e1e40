"""The page's Panel-free HTML: message boxes and the score card's text (the three scores, P, R,
the lengths and the precision-versus-recall decision, §3.1, §4.2, §4.3).

No Panel import: the page shows the same score card while the app is still loading
(:mod:`explorer.runtime.worker`) and inside it
(:class:`~explorer.app.views.score_card.ScoreCardView`). Every piece of text is escaped.
"""

from __future__ import annotations

from html import escape

from charsim import Explanation
from charsim.metric.config import Config

from ..i18n import UIText
from ..states.single import ExplorerState
from .render import decimal

__all__ = ["alert", "card_html", "derived_note", "references_summary_html"]


def alert(text: str, kind: str = "warning", testid: str | None = None) -> str:
    """An escaped message box: ``kind`` is ``warning``, ``info`` or ``error``; ``testid``, if
    given, is its ``data-testid``."""
    hook = f' data-testid="{testid}"' if testid else ""
    return f'<div class="cs-alert cs-{kind}" role="status"{hook}>{escape(text)}</div>'


def card_html(state: ExplorerState, text: UIText) -> str:
    """The score card of ``state`` in the current language: its scores, P, R, lengths and
    decision, or the message saying why there is no score (``data-testid="score-message"``,
    in place of ``score-main``).

    The scores carry ``data-announce``, the sentence (score and decision) that the page
    announces politely once typing pauses (``static/a11y.js``)."""
    if state.summary is None:
        return alert(text.message(state.message), "info", testid="score-message")
    return _scores_html(state.summary, text)


def references_summary_html(state: ExplorerState, text: UIText) -> str:
    """How many references the editor holds, and how it reads them (the current format)."""
    hint = text(f"inputs.hint_{state.reference_format}")
    return alert(f"{text('inputs.k', k=len(state.references))} {hint}", "info")


def derived_note(state: ExplorerState, text: UIText) -> str:
    """The warning for a derived variant, or ``""`` for the article's settings: in English the
    sentence of :attr:`charsim.metric.config.Config.derived_note` (the command line's), in the
    page's language from the catalog."""
    if Config(state.max_order, state.weights).is_standard:
        return ""
    weights = text(f"inputs.weights_name_{state.weights}")
    return alert(text("inputs.derived", cap=state.max_order, weights=weights))


def _scores_html(e: Explanation, text: UIText) -> str:
    label = (
        "charsim" if e.is_standard else f'<span class="cs-derived">{text("score.derived")}</span>'
    )
    cells = [
        (label, e.score, text("score.main_note"), "score-main"),
        (text("score.base"), e.base_score, text("score.base_note"), "score-base"),
        (text("score.max"), e.max_score, text("score.max_note"), "score-max"),
    ]
    boxes = "".join(
        f'<div><div class="cs-score" data-testid="{testid}">{decimal(value)}</div>'
        f'<div class="cs-score-label" data-testid="{testid}-label">{name}<br>{escape(note)}</div>'
        "</div>"
        for name, value, note, testid in cells
    )
    rows = [
        ("P = M̄ / L_t", decimal(e.precision)),
        ("R = M̄ / L̄_r", decimal(e.recall)),
        (text("score.candidate_length"), decimal(e.candidate_length)),
        (text("score.mean_reference_length"), decimal(e.mean_reference_length)),
        (text("score.mean_overlap"), decimal(e.mean_overlap)),
        ("D = max(L_t, L̄_r)", decimal(e.denominator)),
        (text(f"bound.{e.decision.value}"), decimal(e.length_bound)),
        (text("score.cap_used"), str(e.order_cap)),
        (text("score.k"), str(e.k)),
    ]
    table = "".join(f"<tr><th>{escape(name)}</th><td>{value}</td></tr>" for name, value in rows)
    headline = text(f"headline.{e.decision.value}", gap=_gap(e))
    name = "charsim" if e.is_standard else text("score.derived")
    announce = text("score.announce", name=name, score=decimal(e.score), headline=headline)
    return (
        f'<div class="cs-scores" data-announce="{escape(announce)}">{boxes}</div>'
        f'<p class="cs-decision" data-testid="decision" data-decision="{e.decision.value}">'
        f"<strong>{escape(headline)}</strong> {escape(text(f'reason.{e.decision.value}'))}</p>"
        f'<table class="cs-exact">{table}</table>'
    )


def _gap(e: Explanation) -> float:
    """How much shorter or longer the candidate is than the mean reference (weighted length)."""
    if not e.mean_reference_length:
        return 0.0
    return float(abs(e.candidate_length - e.mean_reference_length) / e.mean_reference_length)
