"""Bokeh's stable defaults remembered per class (explorer.runtime.bokeh_defaults): the same values
as Bokeh's own, a theme's values still honoured, mutable defaults still each model's own.

Each check runs in a Python of its own: the change is to Bokeh's class, for the whole process."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest


def _run(code: str):
    """What ``code`` (run in a new Python) prints as JSON on its last line."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def test_a_theme_still_decides_a_default_a_class_has_remembered():
    answer = _run(
        """
        import json
        from bokeh.document import Document
        from bokeh.models import Div
        from bokeh.themes import Theme
        from explorer.runtime.bokeh_defaults import remember_stable_defaults

        remember_stable_defaults()
        plain = Div()
        before = plain.text  # worked out once for Div, then remembered
        themed = Div()
        Document(theme=Theme(json={"attrs": {"Div": {"text": "themed"}}})).add_root(themed)
        print(json.dumps([before, themed.text, plain.text, Div().text]))
        """
    )
    assert answer == ["", "themed", "", ""]


def test_a_mutable_default_is_still_each_models_own():
    answer = _run(
        """
        import json
        from bokeh.core.has_props import HasProps
        from bokeh.core.properties import Any
        from explorer.runtime.bokeh_defaults import remember_stable_defaults

        class Holder(HasProps):
            items = Any(default=[])  # stable for Bokeh (not callable), yet mutable

        remember_stable_defaults()
        first, second = Holder(), Holder()
        first.items.append(1)
        print(json.dumps([first.items is second.items, second.items]))
        """
    )
    assert answer == [False, []]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_apps_document_serializes_as_with_bokehs_own_defaults(scheme):
    """The app's whole document (every page built, its charts in the colour scheme's theme) in
    the JSON sent to the page, with the defaults remembered (twice: worked out, then looked up)
    and with Bokeh's own."""
    answer = _run(
        f"""
        import json
        from bokeh.core.property.descriptors import PropertyDescriptor
        from explorer.app.page import create_app
        from explorer.app.panel_private import document_json, model_json
        from explorer.app.states.batch import BatchState
        from explorer.app.states.single import ExplorerState
        from explorer.app.views.colour_scheme import chart_theme
        from explorer.runtime.bokeh_defaults import remember_stable_defaults

        remember_stable_defaults()
        app = create_app(ExplorerState(), BatchState())
        document, _ = model_json(app, "app", chart_theme({scheme!r}))
        sent = [document_json(document, "app") for _ in range(2)]
        remembered = PropertyDescriptor._get_default
        PropertyDescriptor._get_default = remembered.__wrapped__
        own = document_json(document, "app")
        print(json.dumps([remembered.remembers, sent[0] == own, sent[1] == own, len(own)]))
        """
    )
    assert answer[:3] == [True, True, True] and answer[3] > 100_000
