"""Per-reference breakdown ``M_i``, ``L_i``, ``s_i`` (§2.2–§2.4, §3.3)."""

from __future__ import annotations

import pandas as pd
import panel as pn
from panel.viewable import Viewer

from charsim import Explanation

from ..render import fraction
from ..state import ExplorerState

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

    def __init__(self, state: ExplorerState, **params) -> None:
        super().__init__(**params)
        self.state = state
        self._table = pn.widgets.Tabulator(
            reference_table(None), disabled=True, show_index=False, sizing_mode="stretch_width",
            max_height=260, formatters={"L_i": {"type": "money", "precision": 4},
                                        "M_i": {"type": "money", "precision": 4},
                                        "s_i": {"type": "money", "precision": 4}},
        )  # fmt: skip
        state.param.watch(self._update, ["explanation"])
        self._update()

    def _update(self, *_events) -> None:
        self._table.value = reference_table(self.state.explanation)

    def __panel__(self):
        note = pn.pane.Markdown(
            "Base form = mean of s_i (§2.4); max over references = max s_i (§3.3); the main "
            "score averages M_i and L_i first, then divides (§3.1)."
        )
        return pn.Column(note, self._table, sizing_mode="stretch_width")
