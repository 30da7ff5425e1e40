"""Smoke test of the offline explorer site: it starts, scores typed text and stays on 127.0.0.1."""

from __future__ import annotations

import charsim

from .conftest import CANDIDATE, REFERENCES


def test_typed_text_gets_its_score_and_no_request_leaves_the_machine(app, wait_until):
    """Typing a candidate and references other than the default ("ca", "cat") shows their
    score; no request leaves 127.0.0.1 (the ``app`` fixture fails the test on any foreign
    request, console error or page error)."""
    app.locator(CANDIDATE).fill("the cat sat")
    app.locator(REFERENCES).fill("a cat sat on the mat")

    expected = f"{charsim.score('the cat sat', ['a cat sat on the mat']):.4f}"
    score = app.locator('[data-testid="score-main"]')
    wait_until(lambda: score.inner_text() == expected, timeout=20, message=f"the score {expected}")
    assert expected != f"{charsim.score('ca', ['cat']):.4f}"
    assert not app.locator("#loading").is_visible()


def test_the_page_links_every_stylesheet_its_configuration_names(app):
    """The site's configuration lists the CSS that Panel's models need on the page (Tabulator's
    theme); the page links each one, and the browser has loaded its rules."""
    styles = app.evaluate("JSON.parse(document.getElementById('site-config').textContent).styles")
    assert any("tabulator" in href for href in styles), styles
    loaded = app.evaluate(
        """() => [...document.styleSheets].filter((sheet) => sheet.href && sheet.cssRules.length)
               .map((sheet) => new URL(sheet.href).pathname)"""
    )
    assert all(any(path.endswith(href) for path in loaded) for href in styles), (styles, loaded)
