"""The per-item table of the batch page: one row per item and system; a click opens the item."""

from __future__ import annotations

import pandas as pd
import panel as pn
from panel.viewable import Viewer

from ..i18n import UIText
from ..states.batch import BatchState
from .common import item_table

__all__ = ["ItemsView", "items_frame"]

_DECIMALS = {"score": 4, "P": 4, "R": 4, "L_t": 2, "L̄_r": 2}
_COLUMNS = ["item", "system", *_DECIMALS, "decision", "candidate", "system_index"]


def items_frame(state: BatchState, text: UIText) -> pd.DataFrame:
    """One row per (system, item) with its summary; empty until scored. The decision is the
    catalog's ``batch.decision.<value>`` in the current language (the header filter lists
    these words)."""
    batch = state.batch
    rows = [
        (
            index + 1,
            batch.names[number],
            s.score,
            s.precision,
            s.recall,
            s.candidate_length,
            s.mean_reference_length,
            text(f"batch.decision.{s.decision.value}"),
            batch.systems[number][index],
            number,
        )
        for number, summaries in enumerate(state.summaries)
        for index, s in enumerate(summaries)
    ]
    return pd.DataFrame(rows, columns=_COLUMNS)


class ItemsView(Viewer):
    """Sortable, filterable item scores (P, R, decision, lengths); a click opens the item."""

    def __init__(self, state: BatchState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        choice = {"type": "list", "valuesLookup": True, "clearable": True}
        self._table = item_table(
            items_frame(state, self.text),
            self._open,
            ["candidate"],
            _DECIMALS,
            self.text,
            header_filters={"system": choice, "decision": choice},
            hidden_columns=["system_index"],
        )
        self._note = pn.pane.Markdown()
        state.param.watch(self._update, ["summaries"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _open(self, row: pd.Series, _column: str) -> None:
        self.state.open(int(row["system_index"]), int(row["item"]) - 1)

    def _update(self, *_events) -> None:
        text = self.text
        self._note.object = text("batch.items.note")
        self._table.param.update(
            value=items_frame(self.state, text),
            titles={
                column: text(f"batch.column.{column}")
                for column in ("item", "system", "score", "decision", "candidate")
            },
        )

    def __panel__(self):
        return pn.Column(self._note, self._table, sizing_mode="stretch_width")
