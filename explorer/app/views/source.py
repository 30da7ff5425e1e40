"""Where the inputs shown came from, when the user did not type them, and the way back: the
article's example or the batch item (its example, system and item) that replaced the user's
texts, with Undo (the user's texts back; then Redo) and, for a batch item, a button back to the
batch page."""

from __future__ import annotations

from collections.abc import Callable

import panel as pn
from panel.viewable import Viewer

from ..i18n import UIText
from ..markup.cards import alert
from ..states.single import ExplorerState, Source
from .common import NOT_ON_PAPER, html_pane

__all__ = ["SourceView", "source_sentence"]


def source_sentence(source: Source, text: UIText) -> str:
    """What ``source`` is, in one sentence of ``text``'s language: the article's example (its
    label and what it shows), a batch item (item, system, system file and data set) or a
    disagreement (its item and what people judged)."""
    if source.judged is not None:
        return text("source.judged", item=source.judged.item, what=source.judged.human_name)
    if not source.item:
        return text(
            "source.example",
            label=text(f"example.{source.example}.label"),
            note=text(f"example.{source.example}.note"),
        )
    data = text(f"batch_example.{source.example}.name") if source.example else text("source.files")
    return text(
        "source.item", item=source.item, system=source.system, name=source.system_name, data=data
    )


class SourceView(Viewer):
    """A notice above the single-item page's inputs, shown while they come from an example or a
    batch item (``state.source``): which one, whether it was edited since, Undo or Redo
    (:meth:`ExplorerState.undo`) when the user's inputs were replaced, and a button back to the
    batch page for a batch item (``show_batch``, when given)."""

    def __init__(
        self,
        state: ExplorerState,
        text: UIText | None = None,
        show_batch: Callable[[], None] | None = None,
        **params,
    ) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        # the sentence beside the buttons where there is room, above them on a phone (a row
        # squeezed it to 120 px, two or three words a line)
        self._html = html_pane(styles={"flex": "1 1 280px"})
        self._undo = pn.widgets.Button(css_classes=["cs-undo"], stylesheets=[NOT_ON_PAPER])
        self._undo.on_click(lambda _event: state.undo())
        self._batch = pn.widgets.Button(
            css_classes=["cs-back-to-batch"], visible=False, stylesheets=[NOT_ON_PAPER]
        )
        if show_batch is not None:
            self._batch.on_click(lambda _event: show_batch())
        self._show_batch = show_batch is not None
        self._row = pn.FlexBox(
            self._html,
            self._undo,
            self._batch,
            align_items="center",
            sizing_mode="stretch_width",
            visible=False,
        )
        state.param.watch(self._update, ["source", "previous", "undone", "candidate", "references"])
        self.text.param.watch(self._update, "language")
        self._update()

    def _update(self, *_events) -> None:
        state, text, source = self.state, self.text, self.state.source
        self._row.visible = source is not None
        if source is None:
            return
        if state.undone:
            sentence = text("source.undone")
        else:
            sentence = source_sentence(source, text)
            if source.edited(state.candidate, state.references):
                sentence = f"{sentence} {text('source.edited')}"
        self._html.object = alert(sentence, "info", testid="source")
        self._undo.param.update(
            visible=state.previous is not None,
            label=text("source.redo" if state.undone else "source.undo"),
        )
        self._batch.param.update(
            visible=bool(source.item) and self._show_batch, label=text("source.back_to_batch")
        )

    def __panel__(self):
        return self._row
