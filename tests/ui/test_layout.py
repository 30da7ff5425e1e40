"""Narrow windows: no tab of the explorer scrolls sideways, and the results of the single-item
tab sit beside the inputs while there is room (760 px), below them when there is not (420 px)."""

from __future__ import annotations

import pytest

import charsim

from .conftest import CANDIDATE, REFERENCES

WIDTH = "document.documentElement.scrollWidth"


def _open_tab(app, wait_until, tab, shown):
    """Click the top tab ``tab`` and wait until the locator ``shown`` is visible on it."""
    app.get_by_text(tab, exact=True).click()
    wait_until(lambda: shown.count() and shown.is_visible(), timeout=30, message=f"{tab!r}")


def _box(locator):
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not shown"
    return box


@pytest.mark.parametrize("width", [760, 420])
def test_no_tab_scrolls_sideways_in_a_narrow_window(app, wait_until, width):
    app.set_viewport_size({"width": width, "height": 900})
    score = app.locator('[data-testid="score-main"]')
    wait_until(lambda: score.count() and score.is_visible(), timeout=20, message="the score")
    # BokehJS lays the page out again after the window's resize, in a frame of its own
    wait_until(lambda: app.evaluate(WIDTH) <= width, timeout=5, message=f"a page {width} px wide")
    inputs, result = _box(app.locator(CANDIDATE)), _box(score)
    if width == 760:  # beside the inputs: the score is seen while typing
        assert result["x"] >= inputs["x"] + inputs["width"]
    else:
        assert result["y"] >= inputs["y"] + inputs["height"]

    _open_tab(app, wait_until, "About the metric", app.locator(".cs-about-rate"))
    assert app.evaluate(WIDTH) <= width

    example = app.get_by_role("button", name="Try it: TED talks, 2 systems")
    _open_tab(app, wait_until, "Batch: score files", example)
    assert app.evaluate(WIDTH) <= width
    example.click()  # its results hold the long signature
    signature = app.locator('[data-testid="batch-signature"]')
    wait_until(lambda: signature.count() and signature.is_visible(), timeout=60, message="scores")
    # the tables (built once files are loaded) hold the long candidates
    wait_until(lambda: app.locator(".tabulator").count() >= 3, timeout=60, message="the tables")
    assert app.evaluate(WIDTH) <= width


def test_long_input_does_not_widen_a_narrow_page(app, wait_until):
    """Long texts give long exact fractions (in the About tab, laid out even while hidden)."""
    app.set_viewport_size({"width": 420, "height": 900})
    candidate = "cat" + "x" * 400
    app.locator(CANDIDATE).fill(candidate)
    app.locator(REFERENCES).fill("cat")
    score = app.locator('[data-testid="score-main"]')
    expected = f"{charsim.score(candidate, ['cat']):.4f}"
    wait_until(lambda: score.inner_text() == expected, timeout=20, message=f"the score {expected}")
    _open_tab(app, wait_until, "About the metric", app.locator('[data-testid="bias-rate"]'))
    assert app.evaluate(WIDTH) <= 420


def test_each_tab_is_as_tall_as_its_own_content(app, wait_until):
    """Regression: Bokeh lays hidden tabs out in place, so every tab was as tall as the About
    tab (about 3,150 px, against about 1,500 px of content on the first tab; with the long
    candidate of the test before, about 2,100 px against the About tab's 2,900)."""
    height = "document.documentElement.scrollHeight"
    single = app.evaluate(height)
    _open_tab(app, wait_until, "About the metric", app.locator(".cs-about-rate"))
    assert single < 0.8 * app.evaluate(height)
