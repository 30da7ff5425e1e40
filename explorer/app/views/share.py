"""The shareable link: the page URL holds the state; problems with the link the page was opened
with are shown, and so is a state too long for the address bar. On paper, the signature of the
score printed (the link is printed by the page's shell, ``static/index.html``)."""

from __future__ import annotations

from html import escape

from panel.viewable import Viewer

import charsim

from ..i18n import UIText
from ..markup.cards import alert
from ..sources.link import MAX_ADDRESS_QUERY
from ..states.single import LINK_FIELDS, ExplorerState
from .common import html_pane, signature_html

__all__ = ["ShareView"]


class ShareView(Viewer):
    """What was wrong with the link the page was opened with, if anything, and whether the
    state shown is too long for the address bar (a reload would lose it: see
    :func:`~explorer.app.states.single.address_query`); on paper only (``cs-print-only``), the
    signature of the settings scored (:func:`charsim.signature`), so that a printed score
    says how it was computed."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._html = html_pane()
        state.param.watch(self._update, ["link_problems", *LINK_FIELDS])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        text, problems, notes = self.text, self.state.link_problems, []
        if problems:
            notes.append(alert(text("share.problems", problems=text.message(problems)), "error"))
        length = len(self.state.to_link(text.language))
        if length > MAX_ADDRESS_QUERY:
            notes.append(
                alert(text("share.address_too_long", length=length, limit=MAX_ADDRESS_QUERY))
            )
        signature = charsim.signature(
            max_order=self.state.max_order,
            weights=self.state.weights,
            nrefs=len(self.state.references) or None,
        )
        notes.append(
            f'<p class="cs-print-only" data-testid="print-signature">'
            f"{escape(text('batch.summary.signature'))}: "
            f"<code>{signature_html(signature)}</code></p>"
        )
        self._html.object = "".join(notes)

    def __panel__(self):
        return self._html
