"""Per-reference breakdown ``M_i``, ``L_i``, ``s_i`` (§2.2–§2.4, §3.3)."""

from __future__ import annotations

import pandas as pd
import panel as pn
from panel.viewable import Viewer

from charsim import Explanation
from explorer.runtime.staged import soon

from ..i18n import UIText
from ..render import fraction
from ..state import ExplorerState
from .common import read_only_table

__all__ = ["ReferencesView", "reference_table"]

_COLUMNS = ["#", "reference", "|r_i| chars", "L_i", "M_i", "s_i", "s_i exact"]


def reference_table(e: Explanation | None) -> pd.DataFrame:
    """One row per reference: its length, weighted length, weighted overlap and own score."""
    details = e.reference_details if e is not None else ()
    return pd.DataFrame(
        [
            [
                d.index + 1,
                d.text,
                len(d.text),
                float(d.weighted_length),
                float(d.weighted_overlap),
                float(d.score),
                fraction(d.score),
            ]
            for d in details
        ],  # fmt: skip
        columns=_COLUMNS,
    )


class ReferencesView(Viewer):
    """A table of every reference's own numbers; the base form is the mean of ``s_i``."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._table = read_only_table(
            reference_table(None), show_index=False, sizing_mode="stretch_width",
            max_height=260, formatters={"L_i": {"type": "money", "precision": 4},
                                        "M_i": {"type": "money", "precision": 4},
                                        "s_i": {"type": "money", "precision": 4}},
        )  # fmt: skip
        self._note = pn.pane.Markdown()
        state.param.watch(soon(self._update), ["explanation"])
        self.text.param.watch(self._relabel, "language")
        self._update()
        self._relabel()

    def _update(self, *_events) -> None:
        self._table.value = reference_table(self.state.explanation)

    def _relabel(self, *_events) -> None:
        self._note.object = self.text("references.note")
        self._table.titles = {
            "reference": self.text("references.column.reference"),
            "|r_i| chars": self.text("references.column.chars"),
            "s_i exact": self.text("references.column.exact"),
        }

    def __panel__(self):
        return pn.Column(self._note, self._table, sizing_mode="stretch_width")
