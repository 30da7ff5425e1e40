"""Nothing typed is lost, in headless Chromium at 1280×800: after an example replaced typed
texts, the browser's Back and the page's Undo bring them back; a batch item, opened by a click or
by a link, opens at the page's top and names its data set, system and item, with the way back.

The fixtures fail a test on any request that leaves 127.0.0.1, any console error and any page
error.
"""

from __future__ import annotations

import charsim
from explorer.app.i18n import UIText
from explorer.app.sources.item_link import ItemLink, encode_item_link

from .conftest import CANDIDATE, SCORE, click_table_cell, open_ready, type_over_candidate
from .test_accessibility import _audit, _check

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TEXT = UIText()
SOURCE = '[data-testid="source"]'
TYPED = "my own words, typed"  # scored against the default reference, "cat"
SCORING_TIMEOUT = 90  # the TED example's 4,890 item scores take ~6 s in the browser


def _shows(page, wait_until, candidate, references, what):
    """Wait until the candidate box holds ``candidate`` and the score card its score."""
    expected = f"{charsim.score(candidate, references):.4f}"
    box, score = page.locator(CANDIDATE), page.locator(SCORE)
    wait_until(
        lambda: box.input_value() == candidate and score.inner_text() == expected,
        timeout=30,
        message=what,
    )


def _in_first_viewport(page, selector, size=LAPTOP) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= size["height"]


def test_back_and_undo_bring_back_the_texts_an_example_replaced(app, wait_until):
    app.set_viewport_size(LAPTOP)
    type_over_candidate(app, TYPED)
    _shows(app, wait_until, TYPED, ["cat"], "the typed candidate scored")
    wait_until(lambda: "my+own+words" in app.evaluate("location.search"), message="its address")
    typed_address = app.evaluate("location.search")
    app.get_by_role("button", name=TEXT("example.added.label")).click()
    _shows(app, wait_until, "cats", ["cat"], "the example")
    source = app.locator(SOURCE)
    assert source.inner_text().startswith("The texts are the article's example “cats vs cat”")
    assert app.evaluate("scrollY") == 0 and _in_first_viewport(app, SOURCE)
    _check(_audit(app, "single item, an example over typed texts"))
    app.go_back()  # the entry before the example: the typed texts, in the explorer
    _shows(app, wait_until, TYPED, ["cat"], "Back to bring the typed candidate back")
    assert app.evaluate("location.search") == typed_address
    app.go_forward()
    _shows(app, wait_until, "cats", ["cat"], "Forward to show the example again")
    wait_until(lambda: "“cats vs cat”" in source.inner_text(), message="the example named")
    app.get_by_role("button", name=TEXT("example.added.label")).click()  # the same: no change
    app.go_back()
    _shows(app, wait_until, TYPED, ["cat"], "Back once, past the same example clicked again")
    app.go_forward()
    _shows(app, wait_until, "cats", ["cat"], "Forward again")
    # Undo, on a new example over typed texts: the texts back, then Redo
    type_over_candidate(app, TYPED)
    _shows(app, wait_until, TYPED, ["cat"], "the candidate typed again")
    app.get_by_role("button", name=TEXT("example.repeated.label")).click()
    _shows(app, wait_until, "catcat", ["cat"], "the second example")
    app.get_by_role("button", name=TEXT("source.undo")).click()
    _shows(app, wait_until, TYPED, ["cat"], "Undo to bring the typed candidate back")
    assert source.inner_text() == TEXT("source.undone")
    _check(_audit(app, "single item, undone"))
    app.get_by_role("button", name=TEXT("source.redo")).click()
    _shows(app, wait_until, "catcat", ["cat"], "Redo to show the example again")


def test_on_a_phone_an_example_shows_the_texts_and_the_way_back_from_the_top(app, wait_until):
    app.set_viewport_size(PHONE)
    type_over_candidate(app, TYPED)
    _shows(app, wait_until, TYPED, ["cat"], "the typed candidate scored")
    button = app.get_by_role("button", name=TEXT("example.lengths.label"))
    button.evaluate("button => button.scrollIntoView({block: 'start'})")  # as a thumb scrolls
    assert app.evaluate("scrollY") > 0
    button.click()
    _shows(app, wait_until, "a", ["a", "abcdefghij"], "the example")
    wait_until(lambda: app.evaluate("scrollY") == 0, timeout=5, message="the page's top")
    assert _in_first_viewport(app, SOURCE, PHONE) and _in_first_viewport(app, CANDIDATE, PHONE)
    assert app.get_by_role("button", name=TEXT("source.undo")).is_visible()


def _document_top(locator) -> float:
    """How far below the page's top ``locator``'s element is, in CSS pixels."""
    return locator.evaluate("e => e.getBoundingClientRect().top + scrollY")


def test_a_batch_item_opens_at_the_top_named_with_the_way_back(app, wait_until):
    app.set_viewport_size(LAPTOP)
    type_over_candidate(app, TYPED)
    _shows(app, wait_until, TYPED, ["cat"], "the typed candidate scored")
    app.get_by_text(TEXT("tab.batch"), exact=True).click()
    app.get_by_role("button", name=TEXT("batch_example.ted.label")).click()
    signature = app.locator('[data-testid="batch-signature"]')
    wait_until(lambda: signature.count() > 0, timeout=SCORING_TIMEOUT, message="batch scores")
    cell = app.locator('.tabulator-row .tabulator-cell[tabulator-field="candidate"]').first
    candidate = cell.inner_text()
    assert _document_top(cell) > 300  # the table is well below the page's top
    click_table_cell(cell)
    box = app.locator(CANDIDATE)
    wait_until(lambda: box.input_value() == candidate, timeout=30, message="the item opened")
    wait_until(lambda: app.evaluate("scrollY") == 0, timeout=5, message="the page's top")
    source = app.locator(SOURCE)
    assert "of system 1 (ted.sys1.txt) of the TED talks example." in source.inner_text()
    assert _in_first_viewport(app, SOURCE) and _in_first_viewport(app, SCORE)
    _check(_audit(app, "single item, a batch item opened"))
    app.get_by_role("button", name=TEXT("source.back_to_batch")).click()
    wait_until(lambda: signature.is_visible(), timeout=10, message="the batch page again")
    app.go_back()  # the entry before the item: the typed texts
    app.get_by_text(TEXT("tab.single"), exact=True).first.click()
    _shows(app, wait_until, TYPED, ["cat"], "Back to bring the typed candidate back")


def test_an_item_link_names_its_item_at_the_top(app_page, guard, site_url, wait_until):
    app_page.set_viewport_size(LAPTOP)
    link = ItemLink("ted", 1, 432)
    open_ready(app_page, guard, f"{site_url}?{encode_item_link(link)}")
    source = app_page.locator(SOURCE)
    wait_until(lambda: source.count() and source.is_visible(), timeout=30, message="the item")
    assert source.inner_text() == (
        "The texts are item 432 of system 1 (ted.sys1.txt) of the TED talks example."
    )
    assert app_page.evaluate("scrollY") == 0 and _in_first_viewport(app_page, SOURCE)
    assert app_page.get_by_role("button", name=TEXT("source.back_to_batch")).is_visible()
    assert app_page.get_by_role("button", name=TEXT("source.undo")).count() == 0
