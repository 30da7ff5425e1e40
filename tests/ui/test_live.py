"""The page's first seconds: typed text is scored while the app loads (the live view), the app
takes over without losing or moving anything, and Python never freezes the text boxes.

Every test types text other than the default input ("ca" against "cat").
"""

from __future__ import annotations

import random
import time

import charsim

from .conftest import (
    APP_TIMEOUT,
    CANDIDATE,
    REFERENCES,
    SCORE,
    poll,
    type_over_candidate,
    wait_for_score,
)

LIVE = "document.documentElement.dataset.explorerLive === '1'"
STATE = "document.documentElement.dataset.explorerState"


def _open_live(page, guard, url):
    """Open the site and wait until it scores typed text (the live view, or the app)."""
    page.goto(url, wait_until="domcontentloaded")  # not "load": the app's JS may be held
    poll(lambda: page.evaluate(LIVE), timeout=APP_TIMEOUT, message="the live view", guard=guard)
    return page


def test_a_burst_typed_as_soon_as_the_page_accepts_input_ends_on_its_score(
    app_page, guard, site_url, wait_until
):
    _open_live(app_page, guard, site_url)
    assert app_page.evaluate(STATE) == "loading"  # the app itself is still on its way
    typed = "the quick brown fox jumps over the lazy dog"
    type_over_candidate(app_page, typed)
    wait_for_score(app_page, wait_until, charsim.score(typed, ["cat"]))
    assert app_page.locator(CANDIDATE).input_value() == typed


def test_bursts_typed_while_the_app_loads_each_end_on_their_score(
    app_page, guard, site_url, wait_until
):
    """Burst after burst from the first moment the page accepts input until the app is ready
    (so one burst is typed around the moment the app takes over), and one after: each ends on
    the score of the text in the box, none on an older text's."""
    _open_live(app_page, guard, site_url)
    rng = random.Random(5)
    bursts = 0
    while True:
        ready = app_page.evaluate(STATE) == "ready"
        typed = " ".join(rng.choice(["cat", "sat", "mat", "hat", "a", "the"]) for _ in range(9))
        type_over_candidate(app_page, typed)
        wait_for_score(app_page, wait_until, charsim.score(typed, ["cat"]))
        assert app_page.locator(CANDIDATE).input_value() == typed
        bursts += 1
        if ready:
            break
    assert bursts >= 3  # at least two while loading


def test_what_was_typed_before_the_app_took_over_is_kept_with_settings_and_caret(
    app_page, guard, site_url, wait_until
):
    """BokehJS is held back, so the live view stays until the test lets the app in; then the
    app has the typed texts, the order cap and weights, the focus and the caret, and the box
    being typed in has not moved on the screen."""
    held = []
    app_page.route("**/bokeh/bokeh.min.js", lambda route: held.append(route))  # answered below
    _open_live(app_page, guard, site_url)
    app_page.locator(REFERENCES).fill("the cat sat on the mat")
    cap = app_page.locator("#live-cap")
    cap.focus()
    for _ in range(4):
        cap.press("ArrowLeft")  # 32 -> 28
    app_page.locator('label[for="live-weights-uniform"]').click()
    type_over_candidate(app_page, "the cat sat")
    for _ in range(3):
        app_page.keyboard.press("ArrowLeft")  # the caret before "sat"
    options = {"max_order": 28, "weights": "uniform"}
    expected = charsim.score("the cat sat", ["the cat sat on the mat"], **options)
    wait_for_score(app_page, wait_until, expected)
    before = app_page.locator(CANDIDATE).bounding_box()
    # the page asks for BokehJS once the worker imports the app (waiting in Playwright lets it
    # dispatch the request to the route handler)
    poll(
        lambda: app_page.wait_for_timeout(100) or held,
        timeout=APP_TIMEOUT,
        message="the request of BokehJS",
        guard=guard,
    )
    assert app_page.evaluate(STATE) == "loading"
    assert app_page.locator(CANDIDATE).bounding_box() == before  # the live view is still there

    held[0].continue_()
    poll(
        lambda: app_page.evaluate(STATE) == "ready",
        timeout=APP_TIMEOUT,
        message="the explorer to become ready",
        guard=guard,
    )
    assert app_page.locator(CANDIDATE).input_value() == "the cat sat"
    assert app_page.locator(REFERENCES).input_value() == "the cat sat on the mat"
    wait_for_score(app_page, wait_until, expected)
    assert app_page.get_by_text("Order cap N (32 = charsim): 28").count() > 0
    focused = app_page.evaluate("""() => {
      let element = document.activeElement;
      while (element && element.shadowRoot && element.shadowRoot.activeElement)
        element = element.shadowRoot.activeElement;
      return [element.dataset.testid, element.selectionStart, element.selectionEnd];
    }""")
    assert focused == ["candidate", 8, 8]
    after = app_page.locator(CANDIDATE).bounding_box()
    assert abs(after["y"] - before["y"]) <= 2 and abs(after["x"] - before["x"]) <= 2
    app_page.keyboard.type("X")  # typing goes on where it stopped
    assert app_page.locator(CANDIDATE).input_value() == "the cat Xsat"


def test_a_200000_character_item_is_scored_while_the_page_answers_at_once(app, wait_until):
    """The worker scores a candidate and a reference of 100,000 random letters each (of two:
    every number; the n-gram list is for shorter texts) while the page answers: scoring takes
    seconds, and no answer of the page waits for it (each within a third of the time the score
    took to show: Python on the page's own thread held one answer for the whole scoring; a fixed
    0.5 s was once reached on a loaded test machine by the page taking in the text); a newer
    text supersedes it; longer still, scoring pauses."""
    rng = random.Random(3)
    huge, reference = ("".join(rng.choices("ab", k=100_000)) for _ in range(2))
    expected = f"{charsim.score(huge, [reference]):.4f}"  # first: the page may score faster
    app.locator(REFERENCES).fill(reference)
    app.locator(CANDIDATE).fill(huge)
    answers, begun = [], time.perf_counter()
    while app.locator(SCORE).inner_text() != expected:
        start = time.perf_counter()
        app.evaluate("0")
        answers.append(time.perf_counter() - start)
        assert len(answers) < 600, "the score of the long text never showed"
        time.sleep(0.1)
    scoring = time.perf_counter() - begun
    assert scoring > 1, "too short to tell whether the page waits"
    assert max(answers) < scoring / 3, (scoring, answers)
    note = app.get_by_text("The shared n-grams are listed for texts up to 20,000")
    wait_until(lambda: note.count() > 0, timeout=30)  # the views follow the score card

    app.locator(CANDIDATE).fill(huge[::-1])
    app.locator(CANDIDATE).fill("a short text")  # before the long one's score is in
    wait_for_score(app, wait_until, charsim.score("a short text", [reference]))
    time.sleep(3)  # the long text's result must not come after it
    assert app.locator(SCORE).inner_text() == f"{charsim.score('a short text', [reference]):.4f}"

    app.locator(CANDIDATE).fill(huge + "abcd")  # 200,004 characters with the reference
    wait_until(lambda: app.get_by_text("Scoring paused").count() > 0, timeout=30)
    assert app.locator(CANDIDATE).input_value() == huge + "abcd"  # nothing lost


def test_references_switched_to_json_before_the_app_took_over_are_kept_as_they_are(
    app_page, guard, site_url, wait_until
):
    """Two references typed one per line, then the JSON format chosen in the live view (the box
    rewrites them as a JSON list), then the app takes over: it keeps the two references as they
    are (it used to read the JSON text as one line and wrap it in a list again) and scores
    them."""
    held = []
    app_page.route("**/bokeh/bokeh.min.js", lambda route: held.append(route))  # answered below
    _open_live(app_page, guard, site_url)
    app_page.locator(REFERENCES).fill("the cat\nthe dog")
    type_over_candidate(app_page, "the cat sat")
    app_page.locator('label[for="live-format-json"]').click()
    as_json = '["the cat", "the dog"]'
    wait_until(
        lambda: app_page.locator(REFERENCES).input_value() == as_json,
        timeout=30,
        message="the references rewritten as JSON",
    )
    expected = charsim.score("the cat sat", ["the cat", "the dog"])
    wait_for_score(app_page, wait_until, expected)
    poll(
        lambda: app_page.wait_for_timeout(100) or held,
        timeout=APP_TIMEOUT,
        message="the request of BokehJS",
        guard=guard,
    )
    held[0].continue_()
    poll(
        lambda: app_page.evaluate(STATE) == "ready",
        timeout=APP_TIMEOUT,
        message="the explorer to become ready",
        guard=guard,
    )
    assert app_page.locator(REFERENCES).input_value() == as_json
    wait_for_score(app_page, wait_until, expected)
    assert "fmt=json" in app_page.url and "dog" in app_page.url


# Every frame until every page is built: each new (score shown, its card's opacity), the score
# of [data-testid="score-main"] wherever it is shown (the live view's card, then the app's, in
# shadow roots), its opacity that of the card with every element around it.
WATCH_SCORES = r"""(() => {
  window.csScores = [];
  const all = (root, out = []) => {
    root.querySelectorAll('[data-testid="score-main"]').forEach((el) => out.push(el));
    root.querySelectorAll("*").forEach((el) => el.shadowRoot && all(el.shadowRoot, out));
    return out;
  };
  const opacity = (el) => {
    let value = 1;
    for (let at = el; at; at = at.parentElement || at.getRootNode().host) {
      value *= parseFloat(getComputedStyle(at).opacity);
    }
    return value;
  };
  let last = "";
  const frame = () => {
    const shown = all(document).filter((el) => el.getClientRects().length);
    const now = shown.map((el) => `${el.textContent} ${opacity(el).toFixed(2)}`).join(", ");
    if (now !== last) window.csScores.push((last = now));
    if (document.documentElement.dataset.explorerState !== "ready") requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()"""


def test_text_typed_before_the_app_took_over_never_shows_another_score_at_full_strength(
    app_page, guard, site_url
):
    """The app is built for the page's address (the default item) and takes the live view's
    place with the text typed meanwhile: until Python has scored that text, the app's score
    card (the default item's 0.4975) is greyed, as the live view's is while it works; it
    showed at full strength for 0.05-0.4 s."""
    app_page.add_init_script(WATCH_SCORES)
    _open_live(app_page, guard, site_url)
    app_page.locator(CANDIDATE).fill("the cat sat on the mat")
    poll(
        lambda: app_page.evaluate(STATE) == "ready",
        timeout=APP_TIMEOUT,
        message="the explorer to become ready",
        guard=guard,
    )
    typed = f"{charsim.score('the cat sat on the mat', ['cat']):.4f}"
    frames = app_page.evaluate("window.csScores")
    first = next(i for i, shown in enumerate(frames) if shown.startswith(f"{typed} "))
    strong = [
        shown
        for shown in frames[first:]
        if shown and not shown.startswith(f"{typed} ") and shown.endswith(" 1.00")
    ]
    assert strong == [], frames
    assert frames[-1] == f"{typed} 1.00"
