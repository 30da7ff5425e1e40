"""Where the candidate and the references match, beside the score: the texts drawn with the
n-grams of one informative order marked (the highest order with a shared n-gram)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from html import escape

from panel.viewable import Viewer

from charsim import Explanation, OrderDetail

from ..i18n import UIText, numbered
from ..markup.cards import alert
from ..staging import soon
from ..states.single import ExplorerState
from .common import html_pane
from .matches import text_rows

__all__ = ["EvidenceView", "informative_order"]

REFERENCES_SHOWN = 3
"""Most references drawn beside the score; the n-gram tab draws every one."""


def informative_order(e: Explanation) -> OrderDetail | None:
    """The highest order ``n`` of ``e`` whose n-grams some reference shares (``m̄_n > 0``), or
    None when no order has one: at order 1 almost every character matches, while the highest
    order with a match shows the longest stretches that candidate and references share (§4.4)."""
    shared = [order for order in e.orders if order.mean_overlap > 0]
    return shared[-1] if shared else None


class EvidenceView(Viewer):
    """The candidate and the first :data:`REFERENCES_SHOWN` references with the matches of
    :func:`informative_order` marked (boundaries drawn, words kept whole at line ends), and a
    sentence naming that order, its shared n-grams and its contribution to the score."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._html = html_pane(css_classes=["cs-evidence"])
        state.param.watch(soon(self._update), ["explanation"])
        self.text.param.watch(soon(self._update), "language")
        deque(self._update(), maxlen=0)  # at once: the view is drawn with its content

    def _update(self) -> Iterator[None]:
        """Draw the current explanation, one text per step (a long text and many references
        would otherwise make one long task)."""
        e, text = self.state.explanation, self.text
        if e is None:
            self._html.object = ""
            return
        if not e.matches_listed:
            self._html.object = alert(text.message(self.state.matches_note), "info")
            return
        order = informative_order(e)
        if order is None:
            self._html.object = f'<p data-testid="evidence">{escape(text("evidence.none"))}</p>'
            return
        title = text(
            "evidence.title",
            n=order.n,
            count=len(order.matches),
            contribution=float(order.contribution),
        )
        rows = []
        for row in text_rows(e, order, text, hook="evidence", references=REFERENCES_SHOWN):
            rows.append(row)
            yield
        more = e.k - REFERENCES_SHOWN
        note = ""
        if more > 0:
            note = f"<p>{escape(text(numbered('evidence.more', more), more=more))}</p>"
        self._html.object = (
            f'<p data-testid="evidence" data-order="{order.n}">{escape(title)}</p>'
            + "".join(rows)
            + note
        )

    def __panel__(self):
        return self._html
