"""Dark and paper: a dark colour scheme (``prefers-color-scheme``) darkens the page, Panel's
widgets and the charts (Panel's dark theme, Bokeh's for the charts), with no serious or
critical accessibility violation, and follows the scheme when it changes; printed (Playwright's
``page.pdf``, Chromium's print), the single-item page is a report: the link and the signature,
the whole texts, every details tab, no loading banner, no download button, and nothing wider
than the page (``pdf_boxes``: what each page of the PDF draws); the download buttons look like
buttons (a border of 3:1 against the page, WCAG 1.4.11)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

import charsim
from tests.explorer.test_contrast import contrast

from .conftest import (
    CANDIDATE,
    REFERENCES,
    SCORE,
    Guard,
    open_ready,
    poll,
    type_over_candidate,
    watch,
)
from .pdf_boxes import pages
from .test_accessibility import _audit, _check, _tab, audit_live_view, audit_single_item

DARK_PAGE, LIGHT_PAGE = "#212529", "#ffffff"  # Panel's dark theme's background; white
PLOT_FILLS = """() => {
  const fills = [];
  for (const doc of Bokeh.documents) {
    for (const model of doc.all_models) {
      if (model.border_fill_color !== undefined) fills.push(model.border_fill_color);
    }
  }
  return fills;
}"""
STYLE = "(el, name) => getComputedStyle(el).getPropertyValue(name)"
BODY_BACKGROUND = "getComputedStyle(document.body).backgroundColor"
DETAILS_SHOWN = ["text-candidate", "gains", "reference-table", "exact", "metrics"]
"""A ``data-testid`` of each details tab's page (matches, changes, per reference, exact, the
comparison)."""
DARK_PAGES = [
    ("About the metric", None),
    ("Batch: score files", "Try it: TED talks, 2 systems"),  # its example's button was 3:1
    ("Agreement", "DEMETR minimal pairs (a subset)"),
]
"""The pages audited in a dark scheme after the single item, and a button each shows."""
FILE_BUTTONS = """() => {
  const found = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) walk(el.shadowRoot);
      if (!el.matches("input[type=file]")) continue;
      const style = getComputedStyle(el, "::file-selector-button");
      found.push([style.color, style.backgroundColor]);
    }
  };
  walk(document);
  return found;
}"""
"""The text and background colours of each file input's button ("Choose Files")."""
CANDIDATE_TEXT = (  # longer than its box holds, compared; its exact fractions long (30 digits)
    "In the winter that followed, the villagers rebuilt the bridge with the stones of the old "
    "mill, see https://example.org/archives/2021/villages/rebuilding-the-old-bridge?ref=news "
    "and Donaudampfschifffahrtsgesellschaftskapitän; 冬に村人たちは古い水車小屋の石で橋を再建した。"
)
REFERENCES_TEXT = (
    "That winter, the villagers rebuilt the bridge with stones from the old mill.\n"
    "The following winter the bridge was rebuilt by the villagers from the mill's old stones."
)


def _hex(css_colour: str) -> str:
    """``rgb(r, g, b)`` (a computed colour) as ``#rrggbb``."""
    r, g, b = map(int, re.findall(r"\d+", css_colour)[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


@pytest.fixture(scope="module")
def dark(browser, browser_context_args: dict, site_url: str) -> Iterator[tuple]:
    """``(page, guard)``: the site opened once in a dark colour scheme."""
    context = browser.new_context(**browser_context_args, color_scheme="dark")
    page, guard = context.new_page(), Guard()
    watch(page, guard)
    yield open_ready(page, guard, site_url), guard
    context.close()


def test_a_dark_scheme_darkens_the_page_its_widgets_and_charts_and_follows_a_change(dark):
    page, guard = dark
    type_over_candidate(page, "the cat sat")
    poll(lambda: page.locator(SCORE).count(), message="the score", guard=guard)
    assert _hex(page.evaluate(BODY_BACKGROUND)) == DARK_PAGE
    box = page.locator(CANDIDATE)
    text, background = (_hex(box.evaluate(STYLE, name)) for name in ("color", "background-color"))
    assert background != LIGHT_PAGE and contrast(text, background) >= 4.5
    tab = page.get_by_role("tab", name="Single item", exact=True)  # BokehJS's own widget
    assert contrast(_hex(tab.evaluate(STYLE, "color")), DARK_PAGE) >= 4.5
    for part in (".noUi-target", ".noUi-handle"):  # a slider's track and handle: not white
        slider = page.locator(part).first
        assert contrast(_hex(slider.evaluate(STYLE, "background-color")), DARK_PAGE) < 1.5, part
    fills = poll(lambda: page.evaluate(PLOT_FILLS), message="the charts", guard=guard)
    assert len(fills) >= 2 and set(fills) == {DARK_PAGE}  # contributions, lengths, and more

    page.emulate_media(color_scheme="light")  # the scheme changes while the page is open
    poll(
        lambda: set(page.evaluate(PLOT_FILLS)) == {LIGHT_PAGE},
        timeout=20,
        message="the charts in the light scheme",
        guard=guard,
    )
    assert _hex(page.evaluate(BODY_BACKGROUND)) == LIGHT_PAGE
    page.emulate_media(color_scheme="dark")
    poll(
        lambda: set(page.evaluate(PLOT_FILLS)) == {DARK_PAGE},
        timeout=20,
        message="the charts in the dark scheme again",
        guard=guard,
    )
    guard.check()


def test_a_dark_scheme_has_no_serious_accessibility_violation(dark):
    page, guard = dark
    assert _hex(page.evaluate(BODY_BACKGROUND)) == DARK_PAGE  # the dark colours are audited
    found = audit_single_item(page, "dark, single item")
    for title, button in DARK_PAGES:
        _tab(page, title)
        if button:  # a page built on its first opening
            shown = page.get_by_role("button", name=button)
            poll(lambda s=shown: s.count() and s.is_visible(), message=title, guard=guard)
        found += _audit(page, f"dark, {title}")
    _tab(page, "Batch: score files")  # its example's tables: Tabulator's page buttons were 1:1
    page.get_by_role("button", name=DARK_PAGES[1][1]).click()
    pager = page.locator(".tabulator-page:not(.active)").first
    poll(lambda: pager.count() and pager.is_visible(), 120, message="the tables", guard=guard)
    page.wait_for_timeout(1000)  # static/a11y.js mends each new table a frame after it appears
    found += _audit(page, "dark, Batch: score files, TED")
    # (axe leaves them out: see-through colours; white at 30 % on white at 20 % before)
    text, background = (_hex(pager.evaluate(STYLE, n)) for n in ("color", "background-color"))
    assert contrast(text, background) >= 4.5, (text, background)
    file_buttons = page.evaluate(FILE_BUTTONS)  # (axe reads no ::file-selector-button)
    assert len(file_buttons) >= 4  # the Batch page's three, the Agreement page's
    for text, background in file_buttons:
        assert contrast(_hex(text), _hex(background)) >= 4.5, (text, background)
    _tab(page, "Single item")
    guard.check()
    _check(found)


def test_a_dark_scheme_darkens_an_examples_tooltip(dark):
    """Regression: an example button's tooltip was BokehJS's white box on the dark page."""
    page, guard = dark
    page.get_by_role("button", name="cats vs cat", exact=True).hover()
    tooltip = page.locator("body > .bk-Tooltip")
    try:
        poll(lambda: tooltip.count() and tooltip.is_visible(), message="the tooltip", guard=guard)
        text, background = (_hex(tooltip.evaluate(STYLE, n)) for n in ("color", "background-color"))
        assert background != LIGHT_PAGE and contrast(text, background) >= 4.5, (text, background)
    finally:
        page.mouse.move(0, 0)


def test_the_live_view_in_a_dark_scheme_has_no_serious_violation(
    browser, browser_context_args, site_url
):
    context = browser.new_context(**browser_context_args, color_scheme="dark")
    page, guard = context.new_page(), Guard()
    watch(page, guard)
    found = audit_live_view(page, guard, site_url, "dark, live")
    assert _hex(page.evaluate(BODY_BACKGROUND)) == DARK_PAGE
    context.close()
    _check(found)


def test_the_download_buttons_look_like_buttons(app):
    button = app.get_by_role("button", name="Download PNG").first
    button.wait_for()
    width = float(button.evaluate(STYLE, "border-top-width").removesuffix("px"))
    colour = button.evaluate(STYLE, "border-top-color")
    assert width >= 1 and "rgba(0, 0, 0, 0)" not in colour, colour
    assert contrast(_hex(colour), LIGHT_PAGE) >= 3, colour


def test_the_printed_page_is_a_report_within_the_page_width(app, wait_until):
    app.locator(CANDIDATE).fill(CANDIDATE_TEXT)
    app.locator(REFERENCES).fill(REFERENCES_TEXT)
    expected = f"{charsim.score(CANDIDATE_TEXT, REFERENCES_TEXT.splitlines()):.4f}"
    score = app.locator(SCORE)
    wait_until(lambda: score.inner_text() == expected, timeout=20, message=f"the score {expected}")
    wait_until(
        lambda: app.locator('[data-testid="metrics"]').count(), timeout=30, message="the comparison"
    )
    printed = pages(app.pdf(prefer_css_page_size=True))  # Chromium's print, as a user's
    assert len(printed) >= 2
    for number, page in enumerate(printed, 1):
        x0, _, x1, _ = page.area
        wider = [box for box in page.boxes if box[0] < x0 - 0.5 or box[2] > x1 + 0.5]
        assert wider == [], f"page {number}: drawn beyond the page's width {page.area}: {wider}"
    shown = {testid: app.locator(f'[data-testid="{testid}"]').first for testid in DETAILS_SHOWN}
    assert not shown["exact"].is_visible()  # on screen, only the open details tab
    app.evaluate("document.getElementById('loading').hidden = false")  # as while loading
    app.emulate_media(media="print")  # what it shows (BokehJS lays the charts out for it)
    try:
        assert not app.locator("#loading").is_visible()
        assert app.locator("#print-link").inner_text() == app.url
        signature = charsim.signature(max_order=32, weights="harmonic", nrefs=2)
        assert app.locator('[data-testid="print-signature"] code').inner_text() == signature
        assert [t for t, element in shown.items() if not element.is_visible()] == []
        assert not app.get_by_role("button", name="Download PNG").first.is_visible()
        controls = ("日本語", "+ empty reference", "Examples from the article")
        assert [c for c in controls if app.get_by_text(c, exact=True).first.is_visible()] == []
        box = app.locator(CANDIDATE)
        assert box.evaluate("el => el.scrollHeight <= el.clientHeight + 1")  # the whole text
    finally:
        app.emulate_media(media="screen")
        app.evaluate("document.getElementById('loading').hidden = true")
