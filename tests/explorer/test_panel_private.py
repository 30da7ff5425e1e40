"""The Panel adapter (explorer.app.panel_private) against the installed Panel: every private
name it uses is still there, and what it does through them shows in public behaviour."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import panel as pn
import pytest

from explorer.app import panel_private


def _source(path: str) -> str:
    """The source of the module that holds ``path`` (a module, or a class or object in one),
    found without importing it (``panel.io.pyodide`` imports ``js``, which only Pyodide has)."""
    module = path
    while True:
        try:
            spec = importlib.util.find_spec(module)
        except ModuleNotFoundError:  # a name inside a module: look one level up
            spec = None
        if spec is not None and spec.origin is not None:
            return Path(spec.origin).read_text(encoding="utf-8")
        module = module.rpartition(".")[0]


@pytest.mark.parametrize("path", sorted(panel_private.PRIVATE_NAMES))
def test_each_private_name_is_in_the_installed_panel(path):
    source = _source(path)
    for name in panel_private.PRIVATE_NAMES[path]:
        assert re.search(rf"\b{name}\b", source), (
            f"{path}: {name} is gone from Panel {pn.__version__}; see explorer/app/panel_private.py"
        )


def test_retitle_tabs_renames_the_rendered_tabs():
    tabs = pn.Tabs(("one", pn.pane.Markdown("a")), ("two", pn.pane.Markdown("b")))
    model = tabs.get_root()
    panel_private.retitle_tabs(tabs, ["eins", "zwei"])
    assert [panel.title for panel in model.tabs] == ["eins", "zwei"]
    assert tabs._names == ["eins", "zwei"]


def test_set_sanitizer_replaces_the_html_sanitizer(monkeypatch):
    from panel.util import HTML_SANITIZER

    monkeypatch.setattr(HTML_SANITIZER, "_sanitize", HTML_SANITIZER._sanitize, raising=False)
    panel_private.set_sanitizer(str.upper)
    assert HTML_SANITIZER.clean("<b>x</b>") == "<B>X</B>"


def test_a_button_with_a_js_click_runs_its_code_on_the_page_and_registers_no_link():
    from bokeh.document import Document
    from panel.links import Callback

    chart = pn.pane.Markdown("a chart").get_root()
    button = panel_private.button_with_js_click(
        "save(chart, format)", {"chart": chart, "format": "png"}, name="Save", button_type="light"
    )
    model = button.get_root(Document())
    (callback,) = model.js_event_callbacks["button_click"]
    assert callback.code == "save(chart, format)"
    assert callback.args == {"chart": chart, "format": "png"}
    assert (model.label, model.button_type) == ("Save", "light")
    assert button not in Callback.registry


def test_the_whole_app_registers_no_panel_link():
    """A Panel link (``js_on_click``, ``jslink``) makes Panel walk every model of the document
    twice at each change of a layout's children, each staged part's placing among them."""
    from panel.links import Callback

    from explorer.app.page import create_app

    Callback.registry.clear()
    create_app()
    assert dict(Callback.registry) == {}


def test_share_stylesheets_gives_a_model_the_documents_shared_stylesheets():
    """A model given stylesheets of its own for URLs that its document shares (as Panel gives
    one whose styles it computes out of the document) gets the shared ones back
    (``state._stylesheets``: one per URL and document), and keeps its other stylesheets."""
    from bokeh.document import Document
    from bokeh.models import ImportedStyleSheet
    from panel.io.state import state

    document = Document()
    root = pn.Column(pn.pane.HTML("<p>a</p>")).get_root(document)
    document.add_root(root)
    html = root.children[0]
    before = list(html.stylesheets)
    html.stylesheets = [
        ImportedStyleSheet(url=s.url) if isinstance(s, ImportedStyleSheet) else s for s in before
    ]
    panel_private.share_stylesheets(document, root)
    shared = state._stylesheets[document]
    after = list(html.stylesheets)
    assert len(after) == len(before) and any(isinstance(s, ImportedStyleSheet) for s in after)
    for old, new in zip(before, after, strict=True):
        if isinstance(old, ImportedStyleSheet):
            assert new is shared[old.url]
        else:
            assert new == old
