"""Inputs: the candidate, the reference-set editor, the settings and the article's examples."""

from __future__ import annotations

import panel as pn
from bokeh.models import Tooltip
from panel.viewable import Viewer

from ..i18n import UIText
from ..markup.cards import derived_note, references_summary_html
from ..sources.examples import EXAMPLES
from ..states.single import ExplorerState
from .common import NOT_ON_PAPER, html_pane

__all__ = ["InputsView"]

MAX_TEXT = 10_000_000
"""Characters a text area accepts: far above what is scored live, so a paste is never cut."""


_WHOLE_ON_PAPER = """
@media print {
  :host { height: auto !important; }
  textarea { field-sizing: content; height: auto !important; overflow: visible; resize: none; }
}
"""
"""A text area prints its whole text (the item printed), as tall as it needs."""


_DARK_TOOLTIP = """@media screen and (prefers-color-scheme: dark) {
  :host { --tooltip-color: #2b3035 !important; --tooltip-text: #f0f3f6 !important;
    --tooltip-border: #6c757d !important; --tooltip-arrow-color: #6c757d !important; }
}"""
"""A tooltip in a dark colour scheme in Panel's dark theme's colours (static/style.css): BokehJS
draws it in its own light ones (its ``--tooltip-*`` variables, set on its ``:host`` after the
tooltip's own stylesheets), outside Panel's theme."""


def example_tooltip(note: str) -> Tooltip:
    """An example button's tooltip: ``note`` (plain text, not markup) under the button, within
    the window's width, shown while a mouse is over the button.

    A screen that cannot hover hides it (``.cs-example-tip`` in ``static/style.css``): a tap
    opened Panel's own tooltip (``description`` as a string: on the right of the button, past a
    phone's edge) and nothing closed it, and a tap loads the example, whose sentence above the
    inputs then says what its note says (:func:`explorer.app.views.source.source_sentence`).
    Bokeh's ``Tooltip`` places a tooltip ``attachment="below"`` within the window's width:
    https://github.com/bokeh/bokeh/blob/3.9.2/bokehjs/src/lib/models/ui/tooltip.ts
    """
    return Tooltip(
        content=note,
        position="bottom_center",
        attachment="below",
        css_classes=["cs-example-tip"],
        stylesheets=[":host { white-space: normal; max-width: min(300px, 90vw); }", _DARK_TOOLTIP],
        syncable=False,
    )


def _text_area(state: ExplorerState, name: str, **params) -> pn.widgets.TextAreaInput:
    """A text area bound both ways to ``state.<name>``, live while typing.

    Every keystroke reaches the state: in the browser Python runs in a worker, and the page
    sends it the newest text once it has taken the previous one, so a burst of typing costs at
    most one computation more than its last text.

    A change typed here is never sent back to the browser: by the time it arrived, the user
    might have typed on, and the text area would lose those keystrokes. A change from elsewhere
    (an example, a link) differs from what the browser holds (``value_input``), so setting
    ``value_input`` (with ``value``: Panel does not sync the two itself) shows it.
    """
    text = getattr(state, name)
    widget = pn.widgets.TextAreaInput(
        value=text,
        value_input=text,
        max_length=MAX_TEXT,
        sizing_mode="stretch_width",
        stylesheets=[_WHOLE_ON_PAPER],
        **params,
    )
    widget.param.watch(lambda event: setattr(state, name, event.new), "value_input")

    def show(event) -> None:
        if event.new != widget.value_input:
            widget.param.update(value=event.new, value_input=event.new)

    state.param.watch(show, name)
    return widget


class InputsView(Viewer):
    """Candidate, references (one per line or JSON) and settings; the example buttons apart
    (:meth:`examples`)."""

    def __init__(self, state: ExplorerState, text: UIText | None = None, **params) -> None:
        super().__init__(**params)
        self.state, self.text = state, text or UIText()
        # The classes name the widgets for the page, which hands the live view's input over
        # to them (static/page/takeover.js).
        self._candidate = _text_area(state, "candidate", height=90, css_classes=["cs-candidate"])
        self._references = _text_area(
            state, "references_text", height=120, css_classes=["cs-references"]
        )
        self._format = pn.widgets.RadioButtonGroup(
            value=state.reference_format, css_classes=["cs-format"]
        )
        self._format.param.watch(lambda e: state.change_format(e.new), "value")
        state.param.watch(lambda e: setattr(self._format, "value", e.new), "reference_format")
        self._add_empty_button = pn.widgets.Button(stylesheets=[NOT_ON_PAPER])
        self._add_empty_button.on_click(self._add_empty)
        self._cap = pn.widgets.IntSlider.from_param(
            state.param.max_order, width=260, css_classes=["cs-cap"]
        )
        self._weights = pn.widgets.RadioButtonGroup.from_param(
            state.param.weights, css_classes=["cs-weights"]
        )
        self._summary = html_pane()
        self._variant = html_pane()
        self._examples_title = pn.pane.Markdown()
        self._examples = [pn.widgets.Button() for _ in EXAMPLES]
        for button, example in zip(self._examples, EXAMPLES, strict=True):
            button.on_click(lambda _e, ex=example: self.state.load_example(ex))
        state.param.watch(self._update, ["references", "message", "max_order", "weights"])
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _add_empty(self, _event=None) -> None:
        self.state.set_inputs(self.state.candidate, [*self.state.references, ""], "json")

    def _relabel(self, *_events) -> None:
        text = self.text
        self._candidate.param.update(
            name=text("inputs.candidate"), placeholder=text("inputs.candidate_placeholder")
        )
        self._references.param.update(
            name=text("inputs.references"), placeholder=text("inputs.references_placeholder")
        )
        self._format.options = {
            text("inputs.format_lines"): "lines",
            text("inputs.format_json"): "json",
        }
        self._add_empty_button.label = text("inputs.add_empty")
        self._cap.name = text("inputs.cap")
        self._weights.options = {
            text("inputs.weights_harmonic"): "harmonic",
            text("inputs.weights_uniform"): "uniform",
        }
        self._examples_title.object = f"**{text('inputs.examples')}**"
        for button, example in zip(self._examples, EXAMPLES, strict=True):
            button.param.update(
                label=text(f"example.{example.key}.label"),
                description=example_tooltip(text(f"example.{example.key}.note")),
            )
        self._update()

    def _update(self, *_events) -> None:
        state, text = self.state, self.text
        self._summary.object = references_summary_html(state, text)
        self._variant.object = derived_note(state, text)

    def __panel__(self):
        return pn.Column(
            self._candidate,
            self._references,
            pn.Row(self._format, self._add_empty_button),
            self._summary,
            self._cap,
            self._weights,
            self._variant,
            sizing_mode="stretch_width",
        )

    def examples(self) -> pn.Column:
        """The article's examples, a button each: laid out apart from the inputs, so that a
        narrow window shows them after the score (the page's ``_single_columns``)."""
        return pn.Column(
            self._examples_title,
            pn.FlexBox(*self._examples),
            sizing_mode="stretch_width",
            stylesheets=[NOT_ON_PAPER],
        )
