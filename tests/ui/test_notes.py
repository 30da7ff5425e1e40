"""The notes of the app's texts without a hover, in headless Chromium on a phone-sized touch
screen: a tap on a character of "What would change the score" shows its coverage note, and on a
matched character of "Where they match" its n-grams, within the window's width and 8 px from its
edges; a tap elsewhere hides it (static/page/notes.js); axe-core finds no serious violation on
such a page, on any of its pages and with the note shown."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import charsim

from .conftest import CANDIDATE, REFERENCES, Guard, open_ready, wait_for_score, watch
from .test_accessibility import _audit, _check, _tab, audit_single_item

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
NOTE = '[data-testid="note"]'


@pytest.fixture
def phone(browser, browser_context_args: dict, site_url: str) -> Iterator:
    context = browser.new_context(**browser_context_args, **PHONE)
    page, guard = context.new_page(), Guard()
    watch(page, guard)
    yield open_ready(page, guard, site_url)
    guard.check()
    context.close()


def _note_shown_within_the_window(page) -> str:
    note = page.locator(NOTE)
    box = note.bounding_box()
    assert box is not None and box["x"] >= 8 and box["x"] + box["width"] <= 390 - 8, box
    return note.inner_text()


def test_a_tap_shows_a_characters_coverage_note_and_a_tap_elsewhere_hides_it(phone, wait_until):
    phone.locator(CANDIDATE).fill("xcat<b>")
    phone.locator(REFERENCES).fill("cat<b")
    wait_for_score(phone, wait_until, charsim.score("xcat<b>", ["cat<b"]))
    phone.get_by_text("What would change the score", exact=True).click()
    chars = phone.locator('[data-testid="coverage"] [data-order]')
    wait_until(lambda: chars.count() == 7, timeout=30, message="the coverage of xcat<b>")
    chars.nth(1).tap()
    wait_until(lambda: phone.locator(NOTE).is_visible(), message="the note")
    assert _note_shown_within_the_window(phone) == "character 1: longest matched order 5"
    phone.locator('[data-testid="coverage-summary"]').tap()  # under the note: taps go through
    wait_until(lambda: not phone.locator(NOTE).is_visible(), message="the note hidden")


def test_a_tap_shows_a_matched_characters_n_grams(phone, wait_until):
    # long shared n-grams: a note as wide as the window allows
    candidate = "the cat sat on the mat and the dog sat on the log near the door"
    reference = "a cat sat on a mat and a dog sat on a log by the door"
    phone.locator(CANDIDATE).fill(candidate)
    phone.locator(REFERENCES).fill(reference)
    wait_for_score(phone, wait_until, charsim.score(candidate, [reference]))
    shown = phone.locator('[data-testid="evidence-reference-1"]')  # the views follow the score
    spaces_marked = reference.replace(" ", "\u2423")
    wait_until(lambda: shown.count() and spaces_marked in shown.inner_text(), message="evidence")
    matched = phone.locator('[data-testid="evidence-candidate"] .cs-char.cs-hit').first
    wait_until(lambda: matched.count() and matched.is_visible(), message="a matched character")
    last = phone.locator('[data-testid="evidence-candidate"] .cs-char.cs-hit').last
    for tapped in (matched, last, matched, last):  # each placed anew, wherever the last one was
        title = tapped.get_attribute("title")
        tapped.tap()
        wait_until(lambda t=title: phone.locator(NOTE).inner_text() == t, message="the note")
        assert _note_shown_within_the_window(phone) == title


def test_every_page_phone_sized_with_a_note_shown_has_no_serious_violation(phone, wait_until):
    found = audit_single_item(phone, "phone")
    for title in ("Batch: score files", "About the metric", "Agreement"):
        _tab(phone, title)
        found += _audit(phone, f"phone, {title}")
    _tab(phone, "Single item")
    phone.get_by_text("n-gram matches", exact=True).click()
    matched = phone.locator('[data-testid="text-candidate"] .cs-char.cs-hit').first
    wait_until(lambda: matched.count() and matched.is_visible(), message="a matched character")
    matched.tap()
    wait_until(lambda: phone.locator(NOTE).is_visible(), message="the note")
    _check(found + _audit(phone, "phone, a note shown"))
