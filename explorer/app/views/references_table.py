"""Per-reference breakdown ``M_i``, ``L_i``, ``s_i`` (§2.2–§2.4, §3.3)."""

from __future__ import annotations

import panel as pn
from panel.viewable import Viewer

from charsim import Explanation

from ..i18n import UIText
from ..staging import soon
from ..states.single import ExplorerState
from .common import html_pane, long_table

__all__ = ["ReferencesView", "reference_rows", "references_html"]


def reference_rows(e: Explanation | None) -> list[list[str]]:
    """One row per reference: its number, its text, its length in characters (code points),
    its weighted length ``L_i``, weighted overlap ``M_i`` and own score ``s_i`` (4 decimals;
    the exact fractions are in :func:`~.exact.exact_html`)."""
    details = e.reference_details if e is not None else ()
    return [
        [
            str(d.index + 1),
            d.text,
            f"{len(d.text):,}",
            f"{float(d.weighted_length):.4f}",
            f"{float(d.weighted_overlap):.4f}",
            f"{float(d.score):.4f}",
        ]
        for d in details
    ]


def references_html(e: Explanation | None, text: UIText) -> str:
    """The per-reference table as escaped HTML (a :func:`~.common.long_table`)."""
    header = [
        "#",
        text("references.column.reference"),
        text("references.column.chars"),
        "L_i",
        "M_i",
        "s_i",
    ]
    return long_table("reference-table", header, reference_rows(e), text("tab.references"), text)


class ReferencesView(Viewer):
    """A table of every reference's own numbers; the base form is the mean of ``s_i``."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._table = html_pane()
        self._note = pn.pane.Markdown()
        state.param.watch(soon(self._update), ["explanation"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        self._note.object = self.text("references.note")
        self._table.object = references_html(self.state.explanation, self.text)

    def __panel__(self):
        return pn.Column(self._note, self._table, sizing_mode="stretch_width")
