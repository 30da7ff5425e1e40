"""Two systems side by side: per-item score difference, the largest disagreements first."""

from __future__ import annotations

from html import escape

import pandas as pd
import panel as pn
from panel.viewable import Viewer

from ..i18n import UIText
from ..states.batch import BatchState
from .common import html_pane, item_table

__all__ = ["DifferencesView", "differences_frame"]

_DECIMALS = {"score A": 4, "score B": 4, "B − A": 4}
_COLUMNS = ["item", *_DECIMALS, "candidate A", "candidate B", "reference"]


def differences_frame(state: BatchState) -> pd.DataFrame:
    """One row per item, sorted by ``|B − A|`` descending (then by item); empty unless two
    systems are scored. ``reference`` is the item's first reference."""
    if len(state.summaries) != 2:
        return pd.DataFrame([], columns=_COLUMNS)
    batch, (a, b) = state.batch, state.summaries
    rows = [
        (
            i + 1,
            x.score,
            y.score,
            y.score - x.score,
            batch.systems[0][i],
            batch.systems[1][i],
            batch.references[i][0],
        )
        for i, (x, y) in enumerate(zip(a, b, strict=True))
    ]
    rows.sort(key=lambda row: (-abs(row[3]), row[0]))
    return pd.DataFrame(rows, columns=_COLUMNS)


class DifferencesView(Viewer):
    """Shown with two systems: where they disagree most; a click opens A's or B's candidate."""

    def __init__(self, state: BatchState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._legend = html_pane()
        self._table = item_table(
            differences_frame(state),
            self._open,
            ["candidate A", "candidate B", "reference"],
            _DECIMALS,
            self.text,
        )
        self._heading = pn.pane.Markdown(disable_anchors=True)
        self._layout = pn.Column(
            self._heading,
            self._legend,
            self._table,
            sizing_mode="stretch_width",
        )
        state.param.watch(self._update, ["summaries"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _open(self, row: pd.Series, column: str) -> None:
        self.state.open(1 if column.endswith(" B") else 0, int(row["item"]) - 1)

    def _update(self, *_events) -> None:
        text = self.text
        self._table.param.update(
            value=differences_frame(self.state),
            titles={
                "item": text("batch.column.item"),
                "score A": text("batch.column.score_a"),
                "score B": text("batch.column.score_b"),
                "candidate A": text("batch.column.candidate_a"),
                "candidate B": text("batch.column.candidate_b"),
                "reference": text("batch.column.reference"),
            },
        )
        self._layout.visible = len(self.state.summaries) == 2
        names = self.state.batch.names if self._layout.visible else ("", "")
        self._heading.object = f"## {text('batch.differences.heading')}"
        legend = text("batch.differences.legend", a=names[0], b=names[1])
        self._legend.object = f"<p>{escape(legend)}</p>"

    def __panel__(self):
        return self._layout
