"""The page's Panel-free HTML: message boxes, the score card (the three scores, P and R, the
precision-versus-recall decision, §3.1, §4.2, §4.3) and the numbers behind it (the lengths).

No Panel import: the page shows the same score card while the app is still loading
(:mod:`explorer.runtime.worker`) and inside it
(:class:`~explorer.app.views.score_card.ScoreCardView`). Every piece of text is escaped.
"""

from __future__ import annotations

from html import escape

from charsim import Explanation
from charsim.metric.config import Config

from ..i18n import UIText, numbered
from ..states.single import ExplorerState
from .render import decimal

__all__ = ["alert", "card_html", "derived_note", "numbers_html", "references_summary_html"]


def alert(text: str, kind: str = "warning", testid: str | None = None) -> str:
    """An escaped message box: ``kind`` is ``warning``, ``info`` or ``error``; ``testid``, if
    given, is its ``data-testid``."""
    hook = f' data-testid="{testid}"' if testid else ""
    return f'<div class="cs-alert cs-{kind}" role="status"{hook}>{escape(text)}</div>'


def card_html(state: ExplorerState, text: UIText) -> str:
    """The score card of ``state`` in the current language: its scores, P and R (the deciding
    one marked) and the decision, or the message saying why there is no score
    (``data-testid="score-message"``, in place of ``score-main``).

    The scores carry ``data-announce``, the sentence (score and decision) that the page
    announces politely once typing pauses (``static/a11y.js``)."""
    if state.summary is None:
        return alert(text.message(state.message), "info", testid="score-message")
    return _scores_html(state.summary, text)


def references_summary_html(state: ExplorerState, text: UIText) -> str:
    """How many references the editor holds, and how it reads them (the current format)."""
    hint = text(f"inputs.hint_{state.reference_format}")
    k = len(state.references)
    return alert(f"{text(numbered('inputs.k', k), k=k)} {hint}", "info")


def derived_note(state: ExplorerState, text: UIText) -> str:
    """The warning for a derived variant, or ``""`` for the article's settings: in English the
    sentence of :attr:`charsim.metric.config.Config.derived_note` (the command line's), in the
    page's language from the catalog."""
    if Config(state.max_order, state.weights).is_standard:
        return ""
    weights = text(f"inputs.weights_name_{state.weights}")
    return alert(text("inputs.derived", cap=state.max_order, weights=weights))


def _scores_html(e: Explanation, text: UIText) -> str:
    """The scores (charsim large, the base form and the max over references beside it), P and
    R with the deciding one marked, the decision sentence (marked the same way, §3.1, §4.2,
    §4.3) and the compact score line that a narrow window keeps in view."""
    derived = f'<span class="cs-derived">{escape(text("score.derived"))}</span>'
    label = "charsim" if e.is_standard else derived
    others = "".join(
        f'<div class="cs-score-other"><span class="cs-score-small cs-num" data-testid="{testid}">'
        f'{decimal(value)}</span> <span class="cs-score-label" data-testid="{testid}-label">'
        f"{escape(name)}<br>{escape(note)}</span></div>"
        for name, value, note, testid in (
            (text("score.base"), e.base_score, text("score.base_note"), "score-base"),
            (text("score.max"), e.max_score, text("score.max_note"), "score-max"),
        )
    )
    main = (
        f'<div class="cs-score-main"><div class="cs-score cs-num" data-testid="score-main">'
        f'{decimal(e.score)}</div><div class="cs-score-label" data-testid="score-main-label">'
        f"{label}<br>{escape(text('score.main_note'))}</div></div>"
    )
    headline = text(f"headline.{e.decision.value}", gap=_gap(e))
    name = "charsim" if e.is_standard else text("score.derived")
    announce = text("score.announce", name=name, score=decimal(e.score), headline=headline)
    deciding = _DECIDING.get(e.decision.value, "")
    mark = f'<span class="cs-decider">{deciding}</span> ' if deciding else ""
    line = f"{escape(name)} {decimal(e.score)}" + (
        f" · {deciding} {escape(text('score.decides'))}" if deciding else ""
    )
    return (
        f'<div class="cs-scores" data-announce="{escape(announce)}">{main}'
        f'<div class="cs-score-others">{others}</div></div>'
        f"{_ratios_html(e, deciding, text)}"
        f'<p class="cs-decision" data-testid="decision" data-decision="{e.decision.value}">'
        f"{mark}<strong>{escape(headline)}</strong> "
        f"{escape(text(f'reason.{e.decision.value}'))}</p>"
        f'<div class="cs-score-line" data-testid="score-line" aria-hidden="true">{line}</div>'
    )


_DECIDING = {"recall": "R", "precision": "P", "equal": "P = R"}
"""The ratio that decides the score, by decision (§4.2, §4.3); none for the empty-input rules."""


def _ratios_html(e: Explanation, deciding: str, text: UIText) -> str:
    """P and R side by side, the one that decides (both when equal) marked with a frame and the
    word that says so (not by colour alone)."""
    cells = []
    ratios = (("P", "P = M̄ / L_t", e.precision), ("R", "R = M̄ / L̄_r", e.recall))
    for symbol, formula, value in ratios:
        decides = symbol in deciding
        tag = f' <span class="cs-decides-tag">{escape(text("score.decides"))}</span>'
        tag = tag if decides else ""
        cells.append(
            f'<div class="cs-ratio{" cs-decides" if decides else ""}" '
            f'data-testid="ratio-{symbol}"><span class="cs-ratio-name">{escape(formula)}</span> '
            f'<span class="cs-num">{decimal(value)}</span>{tag}</div>'
        )
    return f'<div class="cs-ratios">{"".join(cells)}</div>'


def numbers_html(state: ExplorerState, text: UIText) -> str:
    """The numbers behind the score (the lengths, M̄, D, the length bound, N and K) as a
    table, or ``""`` without a score."""
    e = state.summary
    if e is None:
        return ""
    rows = [
        (text("score.candidate_length"), decimal(e.candidate_length)),
        (text("score.mean_reference_length"), decimal(e.mean_reference_length)),
        (text("score.mean_overlap"), decimal(e.mean_overlap)),
        ("D = max(L_t, L̄_r)", decimal(e.denominator)),
        (text(f"bound.{e.decision.value}"), decimal(e.length_bound)),
        (text("score.cap_used"), str(e.order_cap)),
        (text("score.k"), str(e.k)),
    ]
    table = "".join(
        f'<tr><th>{escape(name)}</th><td class="cs-num">{value}</td></tr>' for name, value in rows
    )
    return f'<table class="cs-exact cs-numbers" data-testid="score-numbers">{table}</table>'


def _gap(e: Explanation) -> float:
    """How much shorter or longer the candidate is than the mean reference (weighted length)."""
    if not e.mean_reference_length:
        return 0.0
    return float(abs(e.candidate_length - e.mean_reference_length) / e.mean_reference_length)
