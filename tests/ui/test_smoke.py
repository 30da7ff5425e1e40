"""Smoke test of the offline explorer site: it starts, scores live and stays on 127.0.0.1."""

from __future__ import annotations

import charsim


def test_app_starts_scores_and_stays_offline(app, wait_until):
    """Typing a candidate and a reference shows their score; no request leaves 127.0.0.1.

    (The ``app`` fixture fails the test on any foreign request, console error or page error.)
    """
    textareas = app.locator("textarea")
    textareas.nth(0).fill("ca")
    textareas.nth(1).fill("cat")

    expected = f"{charsim.score('ca', ['cat']):.4f}"
    score = app.get_by_text(expected, exact=True)
    wait_until(lambda: score.count() > 0, timeout=20, message=f"the score {expected} to appear")
    assert score.first.is_visible()
    assert not app.locator("#loading").is_visible()
