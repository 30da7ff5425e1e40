"""Batch inputs: the built-in example, and uploads of system, reference or JSON Lines files.

Uploaded files are read by the page itself; nothing is sent anywhere.
"""

from __future__ import annotations

from functools import partial
from html import escape

import panel as pn
import param
from panel.viewable import Viewer

from ..i18n import UIText
from ..sources.batch_data import MAX_BYTES, MAX_SCORED, MAX_SYSTEMS
from ..sources.batch_examples import BATCH_EXAMPLES, BatchExample
from ..states.batch import BatchState
from .common import example_notes, html_pane

__all__ = ["BatchInputsView", "uploaded"]


def uploaded(widget: pn.widgets.FileInput) -> list[tuple[str, bytes]]:
    """``(file name, bytes)`` of each file chosen in ``widget`` (multiple or not); ``[]``
    until both the names and the contents have arrived (the page sends them one by one)."""
    if not widget.value or not widget.filename:
        return []
    if not widget.multiple:
        return [(widget.filename, widget.value)]
    if len(widget.filename) != len(widget.value):
        return []
    return list(zip(widget.filename, widget.value, strict=True))


class BatchInputsView(Viewer):
    """An example button and three uploads; a complete set of files is loaded and scored.

    Each upload widget is cleared once read (the page keeps the files and lists their names),
    so choosing a corrected file of the same name reads it again. The page's input, cleared,
    tells Python so (``static/page/sync.js`` sends what the page changes in answer to a patch
    of the worker, as BokehJS's client of a Bokeh server does:
    https://github.com/bokeh/bokeh/blob/3.9.2/bokehjs/src/lib/client/session.ts), so that the
    next file arrives with its name and its contents, even an empty one or one of the same
    name. Panel's own page for a worker drops every change made while a patch is applied
    (https://github.com/holoviz/panel/blob/v1.9.4/panel/_templates/pyodide_handler.js), and
    with it the cleared input: the next file's contents, if empty, or its name, if the same,
    then arrived as no change.
    """

    def __init__(self, state: BatchState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        self._chosen: dict[str, list[tuple[str, bytes]]] = {"systems": [], "references": []}
        self._systems = pn.widgets.FileInput(multiple=True, accept=".txt,text/plain")
        self._references = pn.widgets.FileInput(multiple=True, accept=".txt,text/plain")
        self._jsonl = pn.widgets.FileInput(accept=".jsonl,.json,.txt")
        self._names = html_pane()
        self._examples = {key: self._example_button(e) for key, e in BATCH_EXAMPLES.items()}
        self._notes = html_pane()
        # Each file input's name is its label (a <label> for the input, as screen readers need).
        self._file_inputs = {
            "systems": self._systems,
            "references": self._references,
            "jsonl": self._jsonl,
        }
        self._reading: set[str] = set()  # the keys of the file inputs about to be read
        for key, widget in self._file_inputs.items():
            widget.param.watch(partial(self._changed, key), ["filename", "value"])
        self._help = pn.pane.Markdown()
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        text = self.text
        self._notes.object = example_notes(self._examples, text, "batch_example")
        for key, widget in self._file_inputs.items():
            widget.name = text(f"batch.upload.{key}", systems=MAX_SYSTEMS)
        self._help.object = text("batch.help", megabytes=MAX_BYTES / 1e6, items=MAX_SCORED)
        self._list_files()

    def _changed(self, key: str, *_events) -> None:
        # The page's patch sets a file input's contents, name and type at once, and Panel hands
        # them to the watchers one by one: the file is read once, when all of them are set.
        if key not in self._reading:
            self._reading.add(key)
            param.parameterized.async_executor(partial(self._read, key))

    async def _read(self, key: str) -> None:
        self._reading.discard(key)
        await (self._jsonl_chosen() if key == "jsonl" else self._lines_chosen(key))

    async def _lines_chosen(self, key: str) -> None:
        widget = self._file_inputs[key]
        files = uploaded(widget)
        if not files:
            return  # cleared, or the names or the contents are still on their way
        self._chosen[key] = files
        widget.clear()
        self._list_files()
        systems, references = self._chosen["systems"], self._chosen["references"]
        if systems and references and self.state.load_files(systems, references):
            await self.state.score()

    def _list_files(self) -> None:
        self._names.object = "".join(
            f"<p>{escape(self.text(f'batch.chosen.{key}'))}: "
            f"{escape(', '.join(name for name, _ in files))}</p>"
            for key, files in self._chosen.items()
            if files
        )

    async def _jsonl_chosen(self) -> None:
        # The file name, not the bytes, says whether a file was chosen: an empty file arrives
        # as no value at all (Panel decodes "" to None), and must still be loaded, so that
        # load_jsonl says it holds no items and clears the previous results.
        widget = self._jsonl
        name, data = widget.filename, widget.value or b""
        if not name:
            return  # the widget was cleared
        widget.clear()
        if self.state.load_jsonl(name, data):
            await self.state.score()

    def _example_button(self, example: BatchExample) -> pn.widgets.Button:
        button = pn.widgets.Button(color="primary")

        async def load(_event) -> None:
            if await self.state.load_example(example):
                await self.state.score()

        button.on_click(load)
        return button

    def __panel__(self):
        return pn.Column(
            pn.FlexBox(*self._examples.values()),
            self._notes,
            self._systems,
            self._references,
            self._names,
            self._jsonl,
            self._help,
            sizing_mode="stretch_width",
        )
