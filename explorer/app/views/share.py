"""The shareable link: the page URL always holds the full state; problems with a link are shown."""

from __future__ import annotations

from panel.viewable import Viewer

from ..i18n import UIText
from ..markup.cards import alert
from ..states.single import ExplorerState
from .common import html_pane

__all__ = ["ShareView"]


class ShareView(Viewer):
    """What was wrong with the link the page was opened with, if anything."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._html = html_pane()
        state.param.watch(self._update, ["link_problems"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        problems = self.state.link_problems
        self._html.object = (
            ""
            if not problems
            else alert(self.text("share.problems", problems=self.text.message(problems)), "error")
        )

    def __panel__(self):
        return self._html
