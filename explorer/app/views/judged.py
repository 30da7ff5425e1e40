"""The judged texts of an item on the single-item page: which of its two candidates people prefer
and which charsim prefers (a switch puts either in the candidate box), and the candidate drawn
with the error spans people marked beside the characters charsim leaves unmatched
(:mod:`explorer.app.markup.spans`). Shown only while the state holds judged texts
(``ExplorerState.judged``); meta-evaluation's modules are imported then."""

from __future__ import annotations

from html import escape

import panel as pn
from panel.viewable import Viewer

from ..i18n import UIText
from ..markup.cards import alert
from ..sources.judged import Judged, JudgedText
from ..states.single import MATCHES_LIMIT, ExplorerState
from .common import html_pane

__all__ = ["JudgedView"]


def _choice(judged: JudgedText, human_name: str, text: UIText) -> str:
    key = f"judged.choice.{judged.preferred_by or 'none'}"
    score = "" if judged.human is None else f" ({human_name} {judged.human:g})"
    return text(key, name=judged.name) + score


class JudgedView(Viewer):
    """The judged texts of ``state`` (nothing while there are none)."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._heading = html_pane()
        self._switch = pn.widgets.RadioButtonGroup(
            options=[], css_classes=["cs-judged-switch"], name=""
        )
        self._drawing = html_pane()
        self._switch.param.watch(self._switched, "value")
        self._panel = pn.Column(
            self._heading, self._switch, self._drawing, visible=False, sizing_mode="stretch_width"
        )
        fields = ["judged", "candidate", "references", "max_order"]
        state.param.watch(self._update, fields)
        self.text.param.watch(self._update, "language")
        self._update()

    def _switched(self, event) -> None:
        judged = self.state.judged
        if judged is not None and event.new in range(len(judged.texts)):
            self.state.candidate = judged.texts[event.new].text

    def _update(self, *_events) -> None:
        judged: Judged | None = self.state.judged
        self._panel.visible = judged is not None
        if judged is None:
            return
        text = self.text
        key = "judged.heading" if judged.item else "judged.heading_text"
        heading = text(key, item=judged.item, what=judged.human_name)
        self._heading.object = f"<h2>{escape(heading)}</h2>"
        options = {_choice(t, judged.human_name, text): k for k, t in enumerate(judged.texts)}
        shown = judged.of(self.state.candidate)
        self._switch.param.update(
            options=options,
            value=None if shown is None else judged.texts.index(shown),
            visible=len(judged.texts) > 1,
        )
        self._drawing.object = self._drawn(shown)

    def _drawn(self, shown: JudgedText | None) -> str:
        text, state = self.text, self.state
        if shown is None:
            return alert(text("judged.edited"), "info")
        if not state.references:
            return alert(text("state.no_references"), "info")
        size = len(shown.text) + sum(map(len, state.references))
        if size > MATCHES_LIMIT:
            return alert(text("judged.too_long", size=size, limit=MATCHES_LIMIT), "info")
        from charsim.agreement.spans import marked_characters, shares_of
        from charsim.corpus.coverage import unmatched

        from ..markup.spans import spans_html

        missed = unmatched(shown.text, state.references, state.max_order)
        shares = shares_of(marked_characters(len(shown.text), shown.spans), missed)
        return spans_html(shown.text, missed, shown.spans, shares, text)

    def __panel__(self):
        return self._panel
