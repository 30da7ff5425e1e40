"""The batch page's "scores that move under preprocessing": the items whose charsim and chrF move
most under a derived setting (:class:`~explorer.app.states.batch_fragility.FragilityState`), in an
item table whose rows open their item."""

from __future__ import annotations

from html import escape

import pandas as pd
import panel as pn
from panel.viewable import Viewer

from ..i18n import UIText
from ..states.batch import BatchState
from ..states.batch_fragility import FragilityState
from ..states.batch_metrics import NAMES
from .changed_characters import changed_characters
from .common import item_table

__all__ = ["FragilityView", "moved_frame"]

_DECIMALS = {"raw": 4, "derived": 4, "delta": 4}
_COLUMNS = [
    "metric",
    "item",
    "system",
    "raw",
    "setting",
    "derived",
    "delta",
    "changed",
    "candidate",
    "system_index",
]


def moved_frame(state: FragilityState, text: UIText) -> pd.DataFrame:
    """One row per listed item: metric, item (1-based), system, raw score, the derived setting
    (labelled so, in the current language), its score, the change and the characters changed
    (charsim 0–1, chrF 0–100)."""
    batch = state.batch.batch
    rows = [
        (
            NAMES[m.metric],
            m.index + 1,
            batch.names[row.system],
            m.raw,
            text("batch.fragility.derived", setting=m.setting),
            m.derived,
            m.delta,
            changed_characters(m.changes, text),
            batch.systems[row.system][m.index],
            row.system,
        )
        for row in state.rows
        for m in (row.moved,)
    ]
    return pd.DataFrame(rows, columns=_COLUMNS)


class FragilityView(Viewer):
    """The most-moved items of the loaded systems (computed once charsim's scores are in)."""

    def __init__(self, batch: BatchState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.batch, self.text = batch, text or UIText()
        self.state = FragilityState(batch)
        self._note, self._status = pn.pane.Markdown(), pn.pane.HTML()
        choice = {"type": "list", "valuesLookup": True, "clearable": True}
        self._table = item_table(
            moved_frame(self.state, self.text),
            self._open,
            ["changed", "candidate"],
            _DECIMALS,
            self.text,
            header_filters={"metric": choice, "system": choice, "setting": choice},
            hidden_columns=["system_index"],
            css_classes=["cs-batch-fragility"],
        )
        batch.param.watch(lambda _event: pn.state.execute(self.state.compute), ["results"])
        self.state.param.watch(self._update, ["rows", "computing", "message"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _open(self, row: pd.Series, _column: str) -> None:
        self.batch.open(int(row["system_index"]), int(row["item"]) - 1)

    def _update(self, *_events) -> None:
        text, state = self.text, self.state
        self._note.object = text("batch.fragility.note")
        status = (
            text("batch.fragility.computing")
            if state.computing
            else (text.message(state.message) if state.message else "")
        )
        self._status.object = (
            f'<p data-testid="batch-fragility-status">{escape(status)}</p>' if status else ""
        )
        titles = {c: text(f"batch.fragility.column.{c}") for c in _COLUMNS[3:8]}
        self._table.param.update(
            value=moved_frame(state, text),
            titles={
                "metric": text("batch.fragility.column.metric"),
                "item": text("batch.column.item"),
                "system": text("batch.column.system"),
                "candidate": text("batch.column.candidate"),
                **titles,
            },
        )
        self._table.visible = bool(state.rows)

    def __panel__(self):
        return pn.Column(self._note, self._status, self._table, sizing_mode="stretch_width")
