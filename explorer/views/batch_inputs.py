"""Batch inputs: the built-in example, and uploads of system, reference or JSON Lines files.

Uploaded files are read by the page itself; nothing is sent anywhere.
"""

from __future__ import annotations

from functools import partial
from html import escape

import panel as pn
from panel.viewable import Viewer

from ..batch_data import MAX_BYTES, MAX_SCORED, MAX_SYSTEMS
from ..batch_examples import BATCH_EXAMPLES, BatchExample
from ..batch_state import BatchState
from .common import html_pane

__all__ = ["BatchInputsView", "uploaded"]

_HELP = (
    "**Line files**: one candidate per line; line *i* of every reference file is a reference "
    "for candidate line *i* (an empty line is an empty reference), as for "
    "`charsim -i SYS -r REF`. **JSON Lines**: one "
    '`{"candidate": "...", "references": ["...", ...]}` per line, as for `charsim --jsonl`. '
    f"The page reads at most {MAX_BYTES / 1e6:.0f} MB in all and scores at most "
    f"{MAX_SCORED:,} items × systems; your files never leave this browser."
)


def uploaded(widget: pn.widgets.FileInput) -> list[tuple[str, bytes]]:
    """``(file name, bytes)`` of each file chosen in ``widget`` (multiple or not)."""
    if not widget.value:
        return []
    if widget.multiple:
        return list(zip(widget.filename, widget.value, strict=True))
    return [(widget.filename, widget.value)]


class BatchInputsView(Viewer):
    """An example button and three uploads; a complete set of files is loaded and scored.

    Each upload widget is cleared once read (the page keeps the files and lists their names),
    so choosing a corrected file of the same name reads it again.
    """

    def __init__(self, state: BatchState, **params) -> None:
        super().__init__(**params)
        self.state = state
        self._chosen: dict[str, list[tuple[str, bytes]]] = {"systems": [], "references": []}
        self._systems = pn.widgets.FileInput(multiple=True, accept=".txt,text/plain")
        self._references = pn.widgets.FileInput(multiple=True, accept=".txt,text/plain")
        self._jsonl = pn.widgets.FileInput(accept=".jsonl,.json,.txt")
        self._names = html_pane()
        self._systems.param.watch(partial(self._lines_chosen, "systems"), "value")
        self._references.param.watch(partial(self._lines_chosen, "references"), "value")
        self._jsonl.param.watch(self._jsonl_chosen, "value")

    async def _lines_chosen(self, key: str, event) -> None:
        if not event.new:
            return  # the widget was cleared
        self._chosen[key] = uploaded(event.obj)
        event.obj.clear()
        self._names.object = "".join(
            f"<p>{label}: {escape(', '.join(name for name, _ in self._chosen[key]))}</p>"
            for key, label in (("systems", "System files"), ("references", "Reference files"))
            if self._chosen[key]
        )
        systems, references = self._chosen["systems"], self._chosen["references"]
        if systems and references and self.state.load_files(systems, references):
            await self.state.score()

    async def _jsonl_chosen(self, event) -> None:
        if not event.new:
            return
        files = uploaded(event.obj)
        event.obj.clear()
        if self.state.load_jsonl(*files[0]):
            await self.state.score()

    def _example_button(self, example: BatchExample) -> pn.widgets.Button:
        button = pn.widgets.Button(label=example.label, color="primary", description=example.note)

        async def load(_event) -> None:
            if await self.state.load_example(example):
                await self.state.score()

        button.on_click(load)
        return button

    def __panel__(self):
        return pn.Column(
            pn.FlexBox(*(self._example_button(e) for e in BATCH_EXAMPLES.values())),
            pn.pane.Markdown(f"**System file(s)**, one or {MAX_SYSTEMS} systems"),
            self._systems,
            pn.pane.Markdown("**Reference file(s)**"),
            self._references,
            self._names,
            pn.pane.Markdown("**…or one JSON Lines file**"),
            self._jsonl,
            pn.pane.Markdown(_HELP),
            sizing_mode="stretch_width",
        )
