"""What ``explorer_load.py`` types into the explorer's page, and how it times the score shown:
a script run in the page before its own (:data:`WATCHER`: the first animation frame that shows a
score, the last keydown, the long tasks, ``PerformanceObserver`` ``longtask``), the texts typed
(random words, never the default input) and the three measurements made by typing: a burst of
typing (:func:`burst`), one keystroke at a time (:func:`keystrokes`) and a long paste
(:func:`limit`). The module docstring of ``explorer_load.py`` says what each measures and its
target.
"""

from __future__ import annotations

import random

from _common import ROOT  # noqa: F401 - puts the project on sys.path

import charsim

TIMEOUT_MS = 240_000
"""Milliseconds the page may take for what it is waited for (a load, a page built, a score)."""
STALE_AFTER = 30.0
"""Seconds a burst's score may take before it counts as stale."""

#: Run in every app page before its own scripts. ``shown(expected)`` resolves with the time of
#: the first animation frame whose ``score-main`` (in the page or in Panel's shadow DOM) reads
#: ``expected``; ``find(selector)`` finds an element in the page or any shadow root;
#: ``keyAt`` is the time of the last keydown; ``tasks`` the long tasks so far.
WATCHER = """(() => {
  function find(selector, root = document) {
    const hit = root.querySelector(selector);
    if (hit) return hit;
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) { const found = find(selector, el.shadowRoot); if (found) return found; }
    }
    return null;
  }
  let score = null;  // the element that held the score last time
  function text() {
    if (!score || !score.isConnected) score = find('[data-testid="score-main"]');
    return score ? score.textContent : null;
  }
  const bench = window.__bench = { keyAt: null, tasks: [], find };
  const frames = (done, timeout) => new Promise((resolve) => {
    const deadline = performance.now() + timeout;
    (function tick(now) {
      if (done()) resolve(now ?? performance.now());
      else if (performance.now() > deadline) resolve(null);
      else requestAnimationFrame(tick);
    })();
  });
  bench.shown = (expected, timeout) => frames(() => text() === expected, timeout);
  bench.visible = (selector, timeout) => frames(() => {
    const el = find(selector);
    return el && el.getClientRects().length > 0;
  }, timeout);
  addEventListener("keydown", (event) => { bench.keyAt = event.timeStamp; }, true);
  if (PerformanceObserver.supportedEntryTypes.includes("longtask")) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.tasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  }
})();"""

CANDIDATE = '[data-testid="candidate"]'
REFERENCES = '[data-testid="references"]'
#: Keystroke benchmark input: a candidate of 1,000 characters and 4 references.
CANDIDATE_CHARS, REFERENCES_COUNT = 1000, 4
LIMIT_CHARS = 200_000
WORDS = "the cat sat on a mat while dogs ran past quick brown foxes over lazy hills".split()


def shown(value: float) -> str:
    """A score as the score card shows it."""
    return f"{value:.4f}"


def sentence(rng: random.Random, words: int) -> str:
    """A text of ``words`` random words (never the default input)."""
    return " ".join(rng.choice(WORDS) for _ in range(words))


def typing_input(seed: int = 1) -> tuple[str, list[str]]:
    """A candidate of CANDIDATE_CHARS characters and REFERENCES_COUNT variants of it."""
    rng = random.Random(seed)
    words: list[str] = []
    while len(" ".join(words)) < CANDIDATE_CHARS:
        words.append(rng.choice(WORDS))
    candidate = " ".join(words)[:CANDIDATE_CHARS]
    references = []
    for _ in range(REFERENCES_COUNT):
        variant = [rng.choice(WORDS) if rng.random() < 0.2 else w for w in words]
        references.append(" ".join(variant)[:CANDIDATE_CHARS])
    return candidate, references


def burst(page, text: str) -> float | None:
    """Type ``text`` over the candidate; seconds until its score shows (None: it never did)."""
    page.locator(CANDIDATE).click()
    page.keyboard.press("Control+A")
    page.keyboard.type(text, delay=0)
    typed = page.evaluate("performance.now()")
    at = page.evaluate(
        "([e, t]) => __bench.shown(e, t)",
        [shown(charsim.score(text, ["cat"])), STALE_AFTER * 1000],
    )
    return None if at is None else (at - typed) / 1000


def keystrokes(page, keys: int) -> list[float]:
    """Seconds from keydown to the new score shown, for ``keys`` characters typed one by one.

    A keystroke whose score shows the same four decimals as before cannot be timed: it is
    typed but not counted (at most ``keys`` such keystrokes).
    """
    candidate, references = typing_input()
    page.locator(REFERENCES).fill("\n".join(references))
    page.locator(CANDIDATE).fill(candidate)
    before = shown(charsim.score(candidate, references))
    page.evaluate("([e, t]) => __bench.shown(e, t)", [before, TIMEOUT_MS])
    times: list[float] = []
    for i in range(2 * keys):
        if len(times) == keys:
            break
        candidate += "abcdefghij"[i % 10]
        expected = shown(charsim.score(candidate, references))
        page.locator(CANDIDATE).press(candidate[-1])
        at = page.evaluate("([e, t]) => __bench.shown(e, t)", [expected, TIMEOUT_MS])
        if expected != before:
            times.append((at - page.evaluate("__bench.keyAt")) / 1000)
        before = expected
    return times


def limit(page) -> bool:
    """Paste LIMIT_CHARS characters (half candidate, half reference): whether they are scored
    live (their score shown within STALE_AFTER seconds)."""
    half = LIMIT_CHARS // 2
    candidate, reference = ("ab" * half)[:half], ("abc" * half)[:half]
    page.locator(REFERENCES).fill(reference)
    page.locator(CANDIDATE).fill(candidate)
    expected = shown(charsim.score(candidate, [reference]))
    return (
        page.evaluate("([e, t]) => __bench.shown(e, t)", [expected, STALE_AFTER * 1000]) is not None
    )
