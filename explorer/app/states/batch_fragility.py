"""State of the batch page's "how fragile are these scores": the items whose charsim and chrF
move most under a derived setting (NFC, NFKC, case folding, whitespace/quote folding).

No Panel import here: the view runs :meth:`FragilityState.compute` when the batch's charsim
scores arrive; tests drive it directly. Each item is
:func:`charsim.compare.fragility.item_moved`, per metric and system, computed in chunks that yield
to the event loop so the page keeps answering; sacreBLEU (for chrF) is imported on first use (in
the browser it is installed after the first view).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import param

from charsim.compare.fragility import MovedItem

from ..i18n import Message
from .batch import BatchState

__all__ = ["CHUNK", "METRICS", "TOP", "FragilityState", "MovedRow"]

METRICS = ("charsim", "chrf")
"""The metrics whose moves are listed, by their command-line names."""

TOP = 20
"""Items listed per metric, over every system."""

CHUNK = 10
"""Items (for every system and metric) computed between two yields to the event loop: short, as
the worker answers the page only between two of them (as :data:`.batch_metrics.CHUNK`)."""


@dataclass(frozen=True)
class MovedRow:
    """A listed item: which system's, and how it moves.

    Attributes:
        system: the 0-based system number.
        moved: the item (its 0-based ``index``), its metric, setting, scores and changes.
    """

    system: int
    moved: MovedItem


class FragilityState(param.Parameterized):
    """Per metric, the :data:`TOP` items of the loaded systems whose score moves most."""

    rows = param.List(
        default=[],
        item_type=MovedRow,
        constant=True,
        doc="Per metric of METRICS in turn, its moved items, largest |Δ| first.",
    )
    computing = param.Boolean(default=False, constant=True, doc="Whether a run is under way.")
    message = param.ClassSelector(
        class_=Message,
        default=None,
        constant=True,
        doc="Why there are no rows: no files scored, or no item moves (None while computing).",
    )

    def __init__(self, batch: BatchState, **params) -> None:
        super().__init__(**params)
        self.batch = batch
        self._generation = 0
        self._set([], False, Message("batch.fragility.no_files"))

    def _set(self, rows: list[MovedRow], computing: bool, message: Message | None) -> None:
        with param.edit_constant(self):
            self.param.update(rows=rows, computing=computing, message=message)

    async def compute(self) -> None:
        """Find the items that move most, for every metric and system; a newer batch or run
        makes this one stop. Clears the rows while there are none."""
        from charsim.compare.fragility import item_moved

        self._generation += 1
        generation, state = self._generation, self.batch
        if not state.results:
            self._set([], False, Message("batch.fragility.no_files"))
            return
        self._set([], True, None)
        batch, results = state.batch, state.results  # as they are now: a new load replaces both
        found: dict[str, list[MovedRow]] = {metric: [] for metric in METRICS}
        for start in range(0, batch.size, CHUNK):
            for i in range(start, min(start + CHUNK, batch.size)):
                for number, system in enumerate(batch.systems):
                    known = {"charsim": results[number].scores[i]}  # the raw score
                    for metric in METRICS:
                        moved = item_moved(
                            i, system[i], batch.references[i], metric=metric, raw=known.get(metric)
                        )
                        if moved is not None:
                            found[metric].append(MovedRow(number, moved))
            await asyncio.sleep(0)  # let the page draw and answer clicks
            if generation != self._generation or state.results is not results:
                return  # a newer run, or a new load (whose scores start a run of their own)
        rows = []
        for metric in METRICS:
            ranked = sorted(found[metric], key=lambda r: (-abs(r.moved.delta), r.moved.index))
            rows += ranked[:TOP]  # a tie keeps system A first
        self._set(rows, False, None if rows else Message("batch.fragility.none_moved"))
