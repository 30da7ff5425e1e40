"""Inputs: the candidate, the reference-set editor, the settings and the article's examples."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

import panel as pn
from panel.viewable import Viewer

from ..examples import EXAMPLES
from ..state import ExplorerState
from .common import alert, html_pane

__all__ = ["InputsView"]

TYPING_DELAY = 0.06 if sys.platform == "emscripten" else 0.0
"""Seconds of quiet typing before the browser recomputes (0: at once, e.g. under panel serve)."""


MAX_TEXT = 10_000_000
"""Characters a text area accepts: far above what is scored live, so a paste is never cut."""


class _Debounced:
    """Call ``apply(value)`` once typing has paused for ``delay`` seconds (latest value wins)."""

    def __init__(self, apply: Callable[[str], None], delay: float) -> None:
        self._apply, self._delay, self._handle = apply, delay, None

    def __call__(self, event) -> None:
        if self._delay <= 0:
            self._apply(event.new)
            return
        if self._handle is not None:
            self._handle.cancel()
        loop = asyncio.get_event_loop()
        self._handle = loop.call_later(self._delay, self._apply, event.new)


def _text_area(state: ExplorerState, name: str, label: str, **params) -> pn.widgets.TextAreaInput:
    """A text area bound both ways to ``state.<name>``, live while typing (debounced).

    ``value_input`` is kept equal to ``value`` on every change from the state, so the browser's
    next keystroke always differs from what Python holds (Panel does not sync the two itself).
    """
    text = getattr(state, name)
    widget = pn.widgets.TextAreaInput(
        label=label, value=text, value_input=text, max_length=MAX_TEXT,
        sizing_mode="stretch_width", **params,
    )  # fmt: skip
    widget.param.watch(_Debounced(lambda v: setattr(state, name, v), TYPING_DELAY), "value_input")
    state.param.watch(
        lambda event: widget.param.update(value=event.new, value_input=event.new), name
    )
    return widget


class InputsView(Viewer):
    """Candidate, references (one per line or JSON), settings and example buttons."""

    def __init__(self, state: ExplorerState, **params) -> None:
        super().__init__(**params)
        self.state = state
        self._candidate = _text_area(
            state, "candidate", "Candidate", height=90, placeholder="Type the candidate text"
        )
        self._references = _text_area(
            state, "references_text", "References", height=120,
            placeholder="One reference per line",
        )  # fmt: skip
        self._format = pn.widgets.RadioButtonGroup(
            options={"One per line": "lines", "JSON list": "json"},
            value=state.reference_format,
        )
        self._format.param.watch(self._reformat, "value")
        state.param.watch(lambda e: setattr(self._format, "value", e.new), "reference_format")
        self._summary = html_pane()
        self._variant = html_pane()
        state.param.watch(self._update, ["references", "message", "max_order", "weights"])
        self._update()

    def _reformat(self, event) -> None:
        if event.new == self.state.reference_format:
            return
        if self.state.message.startswith("The reference set could not be read"):
            self.state.reference_format = event.new  # keep the text; let the user mend it
            return
        self.state.set_inputs(self.state.candidate, list(self.state.references), event.new)

    def _add_empty(self, _event=None) -> None:
        self.state.set_inputs(self.state.candidate, [*self.state.references, ""], "json")

    def _update(self, *_events) -> None:
        state = self.state
        k = len(state.references)
        hint = (
            "One reference per line; blank lines are skipped, duplicates are kept."
            if state.reference_format == "lines"
            else 'A JSON list of strings, e.g. ["cat", "", "cat"] (empty references allowed).'
        )
        note = f"K = {k} reference{'s' if k != 1 else ''}. {hint}"
        self._summary.object = alert(note, "info")
        standard = state.max_order == 32 and state.weights == "harmonic"
        self._variant.object = (
            ""
            if standard
            else alert(
                "Derived variant — not charsim: the article fixes the cap at 32 and the weights "
                f"at 1/n; this uses cap {state.max_order} and "
                f"{'1/n' if state.weights == 'harmonic' else 'uniform'} weights (§5.7, §6.4)."
            )
        )

    def _examples(self) -> pn.FlexBox:
        buttons = []
        for example in EXAMPLES:
            button = pn.widgets.Button(label=example.label, description=example.note)
            button.on_click(lambda _e, ex=example: self.state.load_example(ex))
            buttons.append(button)
        return pn.FlexBox(*buttons)

    def __panel__(self):
        settings = pn.Row(
            pn.widgets.IntSlider.from_param(
                self.state.param.max_order, label="Order cap N (32 = charsim)", width=260
            ),
            pn.widgets.RadioButtonGroup.from_param(
                self.state.param.weights,
                options={"weights 1/n (charsim)": "harmonic", "uniform weights": "uniform"},
            ),
        )
        return pn.Column(
            self._candidate,
            self._references,
            pn.Row(self._format, self._add_empty_button()),
            self._summary,
            settings,
            self._variant,
            pn.pane.Markdown("**Examples from the article**"),
            self._examples(),
            sizing_mode="stretch_width",
        )

    def _add_empty_button(self) -> pn.widgets.Button:
        button = pn.widgets.Button(label="+ empty reference")
        button.on_click(self._add_empty)
        return button
