"""Where charsim and people disagree most, as a sortable table: each row opens its item on the
single-item page with both candidates (the one people prefer and the one charsim prefers) and
the errors people marked in them. Needs pandas (Tabulator), installed when the page is used."""

from __future__ import annotations

from html import escape

import pandas as pd
from panel.viewable import Viewer

from ..i18n import UIText
from ..states.agreement import AgreementState
from .common import html_pane, item_table

__all__ = ["DisagreementsView", "disagreements_frame"]

_COLUMNS = (
    "number",
    "item",
    "kind",
    "people",
    "charsim_prefers",
    "human_gap",
    "charsim_gap",
    "candidate",
)


def disagreements_frame(state: AgreementState) -> pd.DataFrame:
    """One row per disagreement of the report (segments, then minimal pairs): its number, the
    item, what kind, the text people prefer, the one charsim prefers, the humans' difference
    and charsim's (the latter's score minus the former's), and the candidate charsim prefers
    (the button that opens the item)."""
    report = state.report
    found = [] if report is None else [*report.disagreements, *report.pair_disagreements]
    return pd.DataFrame(
        {
            "number": range(1, len(found) + 1),
            "item": [d.item for d in found],
            "kind": [d.kind for d in found],
            "people": [d.better for d in found],
            "charsim_prefers": [d.worse for d in found],
            "human_gap": [None if d.human is None else d.human[0] - d.human[1] for d in found],
            "charsim_gap": [d.charsim[1] - d.charsim[0] for d in found],
            "candidate": [d.worse_text for d in found],
        },
        columns=list(_COLUMNS),
    )


class DisagreementsView(Viewer):
    """The table of the report's disagreements (a note while there are none)."""

    def __init__(self, state: AgreementState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._note = html_pane()
        self._table = item_table(
            disagreements_frame(state),
            self._open,
            ["item", "kind", "people", "charsim_prefers", "candidate"],
            {"human_gap": 2, "charsim_gap": 4},
            self.text,
            titles=self._titles(),
            sorters=[],
            height=480,
        )
        state.param.watch(self._update, ["report"])
        self.text.param.watch(self._relabel, "language")
        self._update()

    def _titles(self) -> dict[str, str]:
        return {c: self.text(f"agreement.column.{c}") for c in _COLUMNS}

    def _relabel(self, *_events) -> None:
        self._table.titles = self._titles()
        self._update()

    def _open(self, row, _column: str) -> None:
        self.state.open(int(row["number"]) - 1)

    def _update(self, *_events) -> None:
        report = self.state.report
        empty = report is None or not (report.disagreements or report.pair_disagreements)
        self._note.object = (
            f"<p>{escape(self.text('agreement.no_disagreements'))}</p>"
            if empty
            else f"<p>{escape(self.text('agreement.disagreements_intro'))}</p>"
        )
        # emptied while a run is under way: a row of the last report would open nothing
        self._table.value = disagreements_frame(self.state)

    def __panel__(self):
        from panel import Column

        return Column(self._note, self._table, sizing_mode="stretch_width")
