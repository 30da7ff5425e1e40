"""The single item's "Compared with chrF, BLEU, TER" tab in headless Chromium: sacreBLEU runs in
the browser (Pyodide, with the site's stand-ins) and gives CPython sacreBLEU's numbers."""

from __future__ import annotations

import time

from sacrebleu.metrics import BLEU, CHRF, TER

import charsim

from .conftest import APP_TIMEOUT, CANDIDATE, REFERENCES, SCORE

INPUTS = [
    ("Thank you. (Applause)", ["Thank you.", "Thanks a lot."]),  # TED item 432 and a second
    ("東京の天気は晴れです。", ["東京は晴れ。"]),  # CJK, no spaces
]


def _shown(page) -> dict[str, str]:
    """The score cells of the tab: metric name → the full float it shows (``data-value``)."""
    cells = page.locator('[data-testid^="metric-"]')  # Playwright's locators enter shadow roots
    return {
        cells.nth(i).get_attribute("data-testid")[7:]: cells.nth(i).get_attribute("data-value")
        for i in range(cells.count())
    }


def test_in_browser_scores_equal_cpython_sacrebleus_for_typed_inputs(
    app_page, site_url, wait_until
):
    start = time.monotonic()
    app_page.goto(site_url)
    wait_until(lambda: app_page.locator(SCORE).count(), timeout=APP_TIMEOUT, message="a score")
    first_score = time.monotonic() - start
    wait_until(lambda: _shown(app_page), timeout=APP_TIMEOUT, message="the comparison")
    shown = time.monotonic() - start
    print(f"\nfirst score {first_score:.1f} s, comparison {shown:.1f} s after navigation")
    app_page.get_by_text("Compared with chrF, BLEU, TER", exact=True).click()
    for candidate, references in INPUTS:
        typed = time.monotonic()
        app_page.locator(CANDIDATE).fill(candidate)
        app_page.locator(REFERENCES).fill("\n".join(references))
        expected = {
            "charsim": repr(charsim.score(candidate, references)),
            "chrf": repr(CHRF().sentence_score(candidate, references).score),
            "chrf++": repr(CHRF(word_order=2).sentence_score(candidate, references).score),
            "bleu": repr(BLEU(effective_order=True).sentence_score(candidate, references).score),
            "ter": repr(TER().sentence_score(candidate, references).score),
        }
        wait_until(lambda e=expected: _shown(app_page) == e, timeout=60, message=candidate)
        print(f"{candidate!r}: comparison updated {time.monotonic() - typed:.1f} s after typing")
    assert app_page.locator('[data-difference="best-reference"]').count() == 0  # one reference
    assert app_page.locator('[data-difference="f-beta-versus-min"]').count() == 1
