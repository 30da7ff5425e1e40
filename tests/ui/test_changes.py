"""The single item's "What would change the score" tab in headless Chromium: the coverage view
and the gains follow a typed input."""

from __future__ import annotations

from .conftest import CANDIDATE, REFERENCES


def test_coverage_shows_the_longest_matched_order_of_a_typed_input(app, wait_until):
    app.locator(CANDIDATE).fill("xcat<b>")
    app.locator(REFERENCES).fill("cat<b")
    app.get_by_text("What would change the score", exact=True).click()
    chars = app.locator('[data-testid="coverage"] [data-order]')
    # ⟨^⟩xcat<b>⟨$⟩ against ⟨^⟩cat<b⟨$⟩: "cat<b" (5) covers c..b; ">" is in no shared n-gram
    expected = ["0", "5", "5", "5", "5", "5", "0"]
    wait_until(
        lambda: (
            [chars.nth(i).get_attribute("data-order") for i in range(chars.count())] == expected
        ),
        timeout=30,
        message="the coverage of xcat<b>",
    )
    assert chars.nth(4).inner_text() == "<"  # typed markup is shown as text
    assert chars.nth(1).get_attribute("title") == "character 1: longest matched order 5"
    gain = app.locator('[data-testid="gain-1"]').inner_text()
    assert gain == "0.0578 = 252/4357"  # 1/D, D = L_t of the 7-character candidate
