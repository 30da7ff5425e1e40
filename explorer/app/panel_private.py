"""Every use of Panel's private names, in one module, for Panel 1.9.4 (``static/pins.toml``).

Panel has no public API for what these functions do; each says which private name it uses and
why. The app's views and the browser runtime (:mod:`explorer.runtime.worker`,
:mod:`explorer.runtime.shims`) call them; nothing else of the explorer touches Panel's
internals, so a Panel upgrade is checked here (``tests/explorer/test_panel_private.py`` fails
when a name used here is gone). Panel is imported inside each function: the runtime's live view
imports this module before Panel is installed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

__all__ = [
    "FLEXBOX_CONTAINER",
    "PRIVATE_NAMES",
    "button_with_js_click",
    "document_json",
    "document_patch",
    "document_ready",
    "model_json",
    "page_patch",
    "rendered_models",
    "retitle_tabs",
    "set_sanitizer",
    "set_table_configuration",
    "share_stylesheets",
]

FLEXBOX_CONTAINER = '[id^="flexbox-"]'
"""A CSS selector of the element that holds the children of Panel's ``FlexBox`` (its template,
``panel/layout/flexbox.html``: ``<div id="flexbox">``, which ReactiveHTML names
``flexbox-<id>``, each child in a ``<div id="flex-item-N">`` of ``display: contents``), for a
stylesheet that lays them out as a grid; Panel has no option for a grid with named areas."""

PRIVATE_NAMES = {
    "panel.io.pyodide": ("_dict_converter", "_process_document_events", "_convert_json_patch"),
    "panel.layout.tabs.Tabs": ("_models", "_panels"),
    "panel.widgets.tables.Tabulator": ("_configuration",),
    "panel.util.HTML_SANITIZER": ("_sanitize",),
    "panel.io.state.state": ("_schedule_on_load", "_stylesheets"),
    "panel.widgets.button.Button": ("_get_model",),
    "panel.links.Callback": ("_process_callbacks",),
    "panel.viewable.Renderable": ("_models",),
}
"""The private names used here, by the module or object that holds them."""


def retitle_tabs(tabs, titles: list[str]) -> None:
    """Rename the tabs of ``tabs`` (a ``pn.Tabs``) in place, live.

    Panel keeps a tab's rendered Bokeh panel when only its title changes (``Tabs._get_objects``),
    and BokehJS redraws the headers only when the list of panels changes, so each rendered panel
    (``Tabs._models``) is replaced by a retitled one (same child) and Panel's cache of panels
    (``Tabs._panels``) is pointed at it.
    """
    from bokeh.models import TabPanel

    tabs[:] = list(zip(titles, tabs.objects, strict=True))
    for ref, (model, _parent) in tabs._models.items():
        panels = [
            TabPanel(title=title, child=old.child, name=old.name, closable=old.closable)
            for old, title in zip(model.tabs, titles, strict=True)
        ]
        tabs._panels[ref].update(
            {id(pane): panel for pane, panel in zip(tabs.objects, panels, strict=True)}
        )
        model.tabs = panels


def button_with_js_click(code: str, args: dict[str, Any], **params) -> Any:
    """A ``pn.widgets.Button`` (``params``) whose click runs the JavaScript ``code`` on the
    page, with ``args`` (Bokeh models or plain values) as its variables.

    Panel's ``Button.js_on_click`` registers a link (``panel.links.Callback``), and while any
    link is registered Panel walks every model of the page's document twice whenever a layout's
    children change (``Callback._process_callbacks``): a third of the time it takes to put a
    staged part in its place. Here Bokeh's own ``CustomJS`` is attached to each Bokeh model of
    the button as Panel makes it (``Button._get_model``), and no link is registered.
    """
    return _button_with_js_click_class()(click_code=code, click_args=args, **params)


@cache
def _button_with_js_click_class() -> type:
    import panel as pn
    from bokeh.models import CustomJS

    class ButtonWithJSClick(pn.widgets.Button):
        def __init__(self, *, click_code: str, click_args: dict[str, Any], **params) -> None:
            super().__init__(**params)
            self._click_code, self._click_args = click_code, click_args

        def _get_model(self, doc, root=None, parent=None, comm=None):
            model = super()._get_model(doc, root, parent, comm)
            click = CustomJS(args=self._click_args, code=self._click_code)
            model.js_on_event("button_click", click)
            return model

    return ButtonWithJSClick


def set_table_configuration(table, configuration: dict) -> None:
    """Give a ``pn.widgets.Tabulator`` a new Tabulator ``configuration`` after it was made.

    Panel has no parameter for it: the ``configuration`` argument is kept in
    ``Tabulator._configuration`` and sent again with the columns when a parameter such as the
    header filters changes (the caller changes one next).
    """
    table._configuration = configuration


def set_sanitizer(sanitize: Callable[[str], str]) -> None:
    """Clean every string parameter of Panel's ReactiveHTML components with ``sanitize``.

    Panel's ``HTML_SANITIZER`` imports ``nh3`` on first use, through its private ``_sanitize``;
    replacing that attribute is the only way to clean without it.
    """
    from panel.util import HTML_SANITIZER

    HTML_SANITIZER._sanitize = sanitize


def model_json(app, target: str, theme: Any = None) -> tuple[Any, str]:
    """``(document, model JSON)`` of ``app`` rendered into the page element ``target``, in a new
    document held until the worker links it to the page: what Panel's ``pyodide-worker``
    template sends the page (as ``panel.io.pyodide._model_json`` makes it); its charts in the
    Bokeh ``theme`` (None: Bokeh's default)."""
    from bokeh.document import Document
    from bokeh.themes import default

    document = Document(theme=theme or default)
    document.hold()
    app.server_doc(doc=document)
    return document, document_json(document, target)


def rendered_models(layout) -> list[tuple[Any, list]]:
    """The Bokeh models of the Panel ``layout`` in the documents it is rendered in, each with
    its children as they are now (``Reactive._models``: Panel has no public way to the model it
    made for a viewable but to make one again)."""
    return [(model, list(model.children)) for model, _parent in layout._models.values()]


def share_stylesheets(document, model) -> None:
    """Give ``model`` and the models it references the stylesheets that Panel shares in
    ``document``: Panel keeps one ``ImportedStyleSheet`` per URL and document
    (``state._stylesheets``), but gives a model whose styles it computes while the model is out
    of any document new ones; its next update of that model puts the shared ones back, a change
    of the model's stylesheets that BokehJS applies slowly (``docs/benchmarks.md``)."""
    from bokeh.models import ImportedStyleSheet
    from panel.io.state import state

    shared = state._stylesheets.setdefault(document, {})
    for each in model.references():
        # a model without them: getattr's AttributeError would look for close names (difflib)
        if "stylesheets" not in each.properties():
            continue
        sheets = each.stylesheets or []
        wanted = [
            shared.setdefault(s.url, s) if isinstance(s, ImportedStyleSheet) else s for s in sheets
        ]
        if any(a is not b for a, b in zip(wanted, sheets, strict=True)):
            each.stylesheets = wanted


def document_json(document, target: str) -> str:
    """The model JSON of a ``document`` that :func:`model_json` made, as it is now (every change
    since included), for the page element ``target``: its first root, in the format of Panel's
    ``pyodide-worker`` protocol (``panel.io.pyodide._model_json``'s), without building the app
    again."""
    import json

    import panel
    from bokeh.embed.util import standalone_docs_json_and_render_items

    root = document.roots[0]
    docs_json, _ = standalone_docs_json_and_render_items([root], suppress_callback_warning=True)
    doc_json = next(iter(docs_json.values()))
    return json.dumps(
        {
            "target_id": target,
            "root_id": root.ref["id"],
            "doc": doc_json,
            "version": panel.__version__,
        }
    )


def document_patch(document, events: list) -> tuple[Any, Any]:
    """``(patch, buffers)`` of the document ``events`` as plain JS values for the page, as
    Panel's worker protocol sends them (``_process_document_events``, converted with
    ``_dict_converter``)."""
    import js
    from panel.io.pyodide import _dict_converter, _process_document_events
    from pyodide.ffi import to_js

    patch, buffers = _process_document_events(document, events)
    buffers = js.Map.new(js.Object.entries(to_js(buffers)))
    return to_js(patch, dict_converter=_dict_converter), buffers


def page_patch(patch) -> dict:
    """The page's Bokeh ``patch`` (a JS object) as the JSON patch ``Document.apply_json_patch``
    takes (``panel.io.pyodide._convert_json_patch``)."""
    from panel.io.pyodide import _convert_json_patch

    return _convert_json_patch(patch)


def document_ready(document) -> None:
    """Tell the app that ``document`` is on the page: its ``pn.state.onload`` callbacks run, as
    Panel's worker protocol runs them (``state._schedule_on_load`` on ``document_ready``)."""
    import functools

    from bokeh.events import DocumentReady
    from panel.io.state import state

    document.on_event("document_ready", functools.partial(state._schedule_on_load, document))
    document.callbacks.trigger_event(DocumentReady())
