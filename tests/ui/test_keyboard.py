"""The explorer from the keyboard alone, in headless Chromium: Tab (and Shift+Tab) reaches each
control in order, every control it reaches shows a focus ring, and Enter, Space and the arrows
operate them; each step reads the score it changes. Also: a changed score is announced politely
once typing pauses, not on every keystroke."""

from __future__ import annotations

from pathlib import Path

import charsim

from .conftest import CANDIDATE, SCORE

TED = Path(__file__).parents[2] / "data" / "ted-en"
FOCUSED = """() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const by = el.getAttribute("aria-labelledby");
  const label = by && el.getRootNode().getElementById(by);
  return {
    tag: el.tagName.toLowerCase(), role: el.getAttribute("role"),
    name: ((label && label.textContent) || el.getAttribute("aria-label") || el.textContent ||
           "").trim().slice(0, 200),
    testid: el.dataset.testid || null, selected: el.getAttribute("aria-selected"),
    field: el.closest(".tabulator-cell")?.getAttribute("tabulator-field") ?? null,
    ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
  };
}"""
KEY_IN_ONE_TASK = """(key) => {
  const focused = () => {
    let el = document.activeElement;
    while (el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el;
  };
  focused().dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true, composed: true}));
  const el = focused();
  return [el.textContent.trim(), el.getAttribute("aria-selected")];
}"""
ANNOUNCEMENTS = """() => {
  window.csHeard = [];
  new MutationObserver(() => window.csHeard.push(document.getElementById("announcer")
    .textContent)).observe(document.getElementById("announcer"), {childList: true,
    characterData: true, subtree: true});
}"""


def _tab_to(page, wanted, key="Tab", limit=150):
    """Press ``key`` until the focused control matches ``wanted(focus)``; every control passed
    must show a focus ring, and no key press may lose the focus. Returns the focus (a dict, see
    FOCUSED)."""
    passed = []
    for _ in range(limit):
        page.keyboard.press(key)
        focus = page.evaluate(FOCUSED)
        assert focus is not None, f"{key} lost the focus (to the page) after {passed[-3:]}"
        assert focus["ring"], f"no visible focus ring on {focus}"
        passed.append(f"{focus['tag']}[{focus['role']}] {focus['name'][:30]!r}")
        if wanted(focus):
            return focus
    at = page.evaluate("document.activeElement && document.activeElement.outerHTML.slice(0, 200)")
    raise AssertionError(f"{key} did not reach the control; passed: {passed}; now at: {at}")


def _named(name):
    return lambda focus: focus["name"] == name


def _score_is(page, wait_until, value):
    expected = f"{value:.4f}"
    wait_until(
        lambda: page.locator(SCORE).inner_text() == expected,
        timeout=30,
        message=f"the score {expected}",
    )


def test_every_control_is_reached_and_operated_from_the_keyboard(app, wait_until):
    """Text boxes, format and weight switches, the slider, an example, the details tabs, the
    language switch, the page tabs and the batch example, in the order Tab reaches them."""
    page = app
    # the text boxes, typed in; the score is announced once typing pauses
    _tab_to(page, lambda f: f["testid"] == "candidate")
    page.evaluate(ANNOUNCEMENTS)
    page.keyboard.press("Control+A")
    page.keyboard.type("the cat sat", delay=150)  # 11 keys, each well inside the pause
    _score_is(page, wait_until, charsim.score("the cat sat", ["cat"]))
    expected = f"{charsim.score('the cat sat', ['cat']):.4f}"
    heard = lambda: page.evaluate("window.csHeard")  # noqa: E731
    wait_until(
        lambda: any(h.startswith(f"charsim score {expected}. ") for h in heard()),
        timeout=10,
        message="the announcement of the new score",
    )
    assert len(heard()) <= 2  # not one per keystroke
    _tab_to(page, lambda f: f["testid"] == "references")
    page.keyboard.press("Control+A")
    page.keyboard.type("the cat")
    candidate, references = "the cat sat", ["the cat"]
    _score_is(page, wait_until, charsim.score(candidate, references))
    # the format switch rewrites the references, and back
    box = page.locator('[data-testid="references"]')
    _tab_to(page, _named("JSON list"))
    page.keyboard.press("Enter")
    wait_until(lambda: box.input_value() == '["the cat"]', timeout=20, message="JSON references")
    _tab_to(page, _named("One per line"), key="Shift+Tab")
    page.keyboard.press("Space")
    wait_until(lambda: box.input_value() == "the cat", timeout=20, message="one per line")
    # the order-cap slider: Home, then one step right; the weight switch
    assert _tab_to(page, lambda f: f["role"] == "slider")["name"].startswith("Order cap N")
    page.keyboard.press("Home")
    _score_is(page, wait_until, charsim.score(candidate, references, max_order=1))
    page.keyboard.press("ArrowRight")
    _score_is(page, wait_until, charsim.score(candidate, references, max_order=2))
    _tab_to(page, _named("uniform weights"))
    page.keyboard.press("Enter")
    _score_is(
        page, wait_until, charsim.score(candidate, references, max_order=2, weights="uniform")
    )
    # an example of the article (§3.4), with the article's settings
    _tab_to(page, _named("cats vs cat"))
    page.keyboard.press("Enter")
    _score_is(page, wait_until, charsim.score("cats", ["cat"]))
    # the details tabs: the arrows switch them
    _tab_to(page, lambda f: f["role"] == "tab" and f["name"] == "n-gram matches")
    page.keyboard.press("ArrowRight")
    focus = page.evaluate(FOCUSED)
    assert (focus["name"], focus["selected"]) == ("What would change the score", "true")
    # the selection is told in the task of the key itself, not at a later frame
    assert page.evaluate(KEY_IN_ONE_TASK, "ArrowLeft") == ["n-gram matches", "true"]
    page.keyboard.press("ArrowRight")
    coverage = page.locator('[data-testid="coverage"]')
    wait_until(lambda: coverage.is_visible(), timeout=10, message="the coverage view")
    # the language switch, then the page tabs: back to them, to the batch page and its example
    _tab_to(page, _named("日本語"), key="Shift+Tab")
    page.keyboard.press("Enter")
    label = page.locator('[data-testid="score-base-label"]')
    wait_until(
        lambda: label.inner_text().startswith("基本形"), timeout=20, message="Japanese labels"
    )
    assert page.locator(SCORE).inner_text() == f"{charsim.score('cats', ['cat']):.4f}"
    _tab_to(page, _named("English"), key="Shift+Tab")
    page.keyboard.press("Enter")
    wait_until(
        lambda: label.inner_text().startswith("base form"), timeout=20, message="English labels"
    )
    _tab_to(page, lambda f: f["role"] == "tab" and f["name"] == "Single item")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED)["name"] == "Batch: score files"
    _tab_to(page, _named("Try it: TED talks, 2 systems"))
    page.keyboard.press("Enter")
    signature = page.locator('[data-testid="batch-signature"]')
    wait_until(lambda: signature.count() > 0, timeout=90, message="batch scores")


OPENERS = """() => {
  let count = 0;
  const walk = (root) => root.querySelectorAll("*").forEach((el) => {
    if (el.matches("button.cs-open-item")) count += 1;
    if (el.shadowRoot) walk(el.shadowRoot);
  });
  walk(document);
  return count;
}"""


def test_a_batch_item_opens_from_its_table_row_by_keyboard(fresh_app, wait_until):
    """Tab alone reaches the 5th row of the batch items table (each candidate passed shows a
    focus ring); Enter opens that item: the single-item page shows its candidate and score.
    On a page just loaded, where Tab starts from the top."""
    page = fresh_app
    _tab_to(page, lambda f: f["role"] == "tab" and f["name"] == "Single item")
    page.keyboard.press("ArrowRight")
    _tab_to(page, _named("Try it: TED talks, 2 systems"))
    page.keyboard.press("Enter")
    signature = page.locator('[data-testid="batch-signature"]')
    wait_until(lambda: signature.count() > 0, timeout=90, message="batch scores")
    # the tables follow the scores; the items table shows 15 rows, system 1's items 1 to 15
    wait_until(lambda: page.evaluate(OPENERS) >= 15, timeout=60, message="the items table")
    lines = lambda name: (TED / name).read_text(encoding="utf-8").splitlines()  # noqa: E731
    candidate, reference = lines("ted.sys1.txt")[4], lines("ted.ref.txt")[4]
    assert candidate != lines("ted.sys1.txt")[0]
    passed = []
    row = _tab_to(page, lambda f: passed.append(f["field"]) or f["name"] == candidate)
    assert row["field"] == "candidate" and row["tag"] == "button"
    assert passed[-5:] == ["candidate"] * 5  # rows 1 to 5, each a tab stop
    page.keyboard.press("Enter")
    _score_is(page, wait_until, charsim.score(candidate, [reference]))
    assert page.locator(CANDIDATE).input_value() == candidate
    assert page.locator(CANDIDATE).is_visible()  # on the single-item page
