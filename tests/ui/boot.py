"""What the snapshot and offline tests share: the boot marks, and typing text and waiting for
its score."""

from __future__ import annotations

import charsim

from .conftest import APP_TIMEOUT, SCORE, poll, type_over_candidate

LIVE = "document.documentElement.dataset.explorerLive === '1'"
BOOT = "document.documentElement.dataset.explorerBoot"
APP_BOOT = "document.documentElement.dataset.explorerAppBoot"
SINGLE = "document.documentElement.dataset.explorerSingle === 'ready'"
TYPED = "a snapshot restored in the worker"


def typed_score_shown(page, guard, url) -> str:
    """Open ``url``, type :data:`TYPED` as soon as the page accepts input, wait for its score;
    return how Python started (``data-explorer-boot``)."""
    page.goto(url, wait_until="domcontentloaded")
    return live_typed_score(page, guard)


def live_typed_score(page, guard) -> str:
    """On the page as it is loading, type :data:`TYPED` as soon as it accepts input (the live
    view), wait for its score; return how Python started (``data-explorer-boot``)."""
    poll(lambda: page.evaluate(LIVE), timeout=APP_TIMEOUT, message="the live view", guard=guard)
    type_and_wait_for_its_score(page, guard)
    return page.evaluate(BOOT)


def type_and_wait_for_its_score(page, guard) -> None:
    """Type :data:`TYPED` over the candidate and wait for its score (against "cat")."""
    type_over_candidate(page, TYPED)
    expected = f"{charsim.score(TYPED, ['cat']):.4f}"
    poll(
        lambda: page.locator(SCORE).inner_text() == expected,
        timeout=30,
        message=f"the score {expected}",
        guard=guard,
    )
