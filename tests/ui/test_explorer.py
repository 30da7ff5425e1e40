"""The real explorer in headless Chromium: live scoring, decision, chart, matches, guards, links.

Every test runs against the built offline site; the fixtures fail a test on any request that
leaves 127.0.0.1, any console error and any page error.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest

import charsim
from explorer.app.sources.link import LinkState, encode_link
from explorer.app.states.single import ExplorerState, address_query

from .conftest import CANDIDATE, REFERENCES, open_ready, type_over_candidate, wait_for_score

PAYLOADS = [
    "<img src=x onerror=\"document.title='pwned'\">",
    "<script>document.title='pwned'</script>",
    '"><svg onload="document.title=\'pwned\'">',
]

CONTRIBUTIONS = """() => {
  for (const doc of Bokeh.documents) {
    const source = doc.get_model_by_name("contributions-source");
    if (source) return {n: Array.from(source.data.n), c: Array.from(source.data.contribution)};
  }
  return null;
}"""


LENGTHS_END = """() => {
  for (const doc of Bokeh.documents) {
    const range = doc.get_model_by_name("lengths-x-range");
    if (range) return range.end;
  }
  return null;
}"""


def _type(page, candidate=None, references=None):
    if candidate is not None:
        page.locator(CANDIDATE).fill(candidate)
    if references is not None:
        page.locator(REFERENCES).fill(references)


def _shows(page, text):
    """Whether some element shows ``text`` (locators see inside Panel's shadow DOM)."""
    return page.get_by_text(text).count() > 0


def test_typing_updates_the_score(app, wait_until):
    _type(app, "the cat sat", "a cat sat on the mat\nthe cat sat")
    wait_for_score(
        app, wait_until, charsim.score("the cat sat", ["a cat sat on the mat", "the cat sat"])
    )
    base = app.locator('[data-testid="score-base"]').inner_text()
    assert (
        base == f"{charsim.score_base('the cat sat', ['a cat sat on the mat', 'the cat sat']):.4f}"
    )


def test_a_score_of_zero_then_a_match_updates(app, wait_until):
    """Regression: after an input sharing nothing, the next input was dropped (a chart error in
    the About tab stopped the watchers)."""
    _type(app, "zz", "cat")
    wait_for_score(app, wait_until, 0.0)
    _type(app, "cat")
    wait_for_score(app, wait_until, 1.0)
    wait_until(lambda: "c=cat" in app.url, timeout=10, message="the link to follow the input")


def test_length_chart_follows_the_input(app, wait_until):
    """Regression: the axis of the weighted-lengths chart kept its first range (0 to 8), so the
    bars of longer texts ran off the chart and hid their labels."""
    candidate, reference = "the cat sat on the mat", "a cat sat on the mat today"
    _type(app, candidate, reference)
    e = charsim.explain(candidate, [reference])
    end = 1.2 * max(e.candidate_length, e.mean_reference_length)
    wait_until(
        lambda: app.evaluate(LENGTHS_END) == pytest.approx(float(end)),
        timeout=20,
        message=f"the length axis to end at {float(end):.2f}",
    )


def test_fast_typing_right_after_loading_keeps_every_keystroke(fresh_app, wait_until):
    app = fresh_app
    """Regression: Python sent each typed text back to the text area, and when it arrived after
    the next keystroke it replaced it: "the quick…" became "te quick…"."""
    typed = "the quick brown fox jumps"
    type_over_candidate(app, typed, delay=30)
    wait_for_score(app, wait_until, charsim.score(typed, ["cat"]))
    assert app.locator(CANDIDATE).input_value() == typed


@pytest.mark.parametrize("load", [1, 2])
def test_a_fast_burst_right_after_loading_ends_on_the_score_of_the_typed_text(
    fresh_app, wait_until, load
):
    """Regression: after a fresh page's first burst of typing with no delay between keys, the
    score described an older, shorter text (Panel's ``_link_docs`` replayed deferred changes
    after the newest one; the page and the worker now keep their documents in step
    themselves). Two fresh pages, since the old code failed on most, not all, of them."""
    app = fresh_app
    typed = "the quick brown fox jumps over the lazy dog again"
    type_over_candidate(app, typed)
    wait_for_score(app, wait_until, charsim.score(typed, ["cat"]))
    assert app.locator(CANDIDATE).input_value() == typed


def test_decision_flips_between_recall_and_precision(app, wait_until):
    decision = app.locator('[data-testid="decision"]')
    _type(app, "ca", "cat")
    wait_until(lambda: decision.get_attribute("data-decision") == "recall", timeout=20)
    assert "Recall decides" in decision.inner_text()
    _type(app, "catcat")
    wait_until(lambda: decision.get_attribute("data-decision") == "precision", timeout=20)
    assert "Precision decides" in decision.inner_text()
    wait_for_score(app, wait_until, charsim.score("catcat", ["cat"]))


def test_contributions_chart_has_n_bars_summing_to_the_score(app, wait_until):
    _type(app, "cats", "cat")
    wait_for_score(app, wait_until, charsim.score("cats", ["cat"]))
    data = wait_until(lambda: (d := app.evaluate(CONTRIBUTIONS)) and len(d["n"]) == 6 and d)
    assert data["n"] == [1, 2, 3, 4, 5, 6]  # N = 6 for "cats" vs "cat" (§3.4)
    assert sum(data["c"]) == pytest.approx(charsim.score("cats", ["cat"]), abs=1e-12)
    assert "6 bars" in app.locator('[data-testid="contributions-caption"]').inner_text()


def test_choosing_an_order_highlights_its_ngrams_with_boundaries(app, wait_until):
    _type(app, "ca", "cat")
    wait_for_score(app, wait_until, 100 / 201)
    app.get_by_role("tab", name="n-gram matches", exact=True).click()
    # the order slider of the n-gram view: the last visible slider of the single-item tab
    handle = app.locator(".noUi-handle").filter(visible=True).last
    handle.focus()
    handle.press("ArrowRight")
    handle.press("ArrowRight")  # order 3: only ⟨^⟩ca is shared (§3.4)
    candidate = app.locator('[data-testid="text-candidate"]')
    # on the shared page the view may first draw order 3 of the texts an earlier test left
    wait_until(
        lambda: (
            _shows(app, "Order n = 3:")
            and candidate.locator(".cs-char").all_inner_texts() == ["c", "a"]
        ),
        timeout=20,
        message="order 3 of the typed texts",
    )
    assert candidate.locator(".cs-hit").count() == 3
    assert candidate.locator(".cs-begin.cs-hit").count() == 1
    assert candidate.locator(".cs-end.cs-hit").count() == 0
    reference = app.locator('[data-testid="text-reference-1"]')
    assert [reference.locator(".cs-char").nth(i).get_attribute("class") for i in range(3)] == [
        "cs-char cs-hit",
        "cs-char cs-hit",
        "cs-char",
    ]


def test_empty_reference_set_is_undefined(app, wait_until):
    _type(app, "a", "")
    wait_until(lambda: _shows(app, "undefined: the reference set is empty (K = 0)"), timeout=20)
    assert app.locator('[data-testid="score-main"]').count() == 0
    message = app.locator('[data-testid="score-message"]').filter(visible=True)
    assert message.inner_text().startswith("undefined: the reference set is empty (K = 0)")


@pytest.mark.parametrize("payload", PAYLOADS)
def test_html_in_the_inputs_is_shown_as_text(app, wait_until, payload):
    dialogs = []
    app.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    _type(app, payload, payload + "\ncat")
    wait_for_score(app, wait_until, charsim.score(payload, [payload, "cat"]))
    shown = app.locator('[data-testid="text-candidate"]')
    # the markup itself is displayed, spaces as ␣, once the n-gram view follows the score
    wait_until(lambda: payload.replace(" ", "␣") in shown.inner_text(), timeout=30)
    assert app.evaluate("document.title") != "pwned" and not dialogs
    assert app.locator("img[src=x], svg[onload]").count() == 0


def test_html_in_a_link_is_shown_as_text(app_page, guard, site_url, wait_until):
    payload = PAYLOADS[0]
    query = encode_link(LinkState(candidate=payload, references=[PAYLOADS[1]]))
    page = open_ready(app_page, guard, f"{site_url}?{query}&w={quote(PAYLOADS[2])}")
    wait_for_score(page, wait_until, charsim.score(payload, [PAYLOADS[1]]))
    assert page.locator(CANDIDATE).input_value() == payload
    assert _shows(page, "weights field is not valid")
    assert page.evaluate("document.title") != "pwned"
    assert page.locator("img[src=x], svg[onload]").count() == 0


def test_malformed_link_gives_a_message_the_default_state_and_its_address(
    app_page, guard, site_url, wait_until
):
    page = open_ready(app_page, guard, f"{site_url}?r=%5B1%5D&cap=999&n=abc")
    wait_for_score(page, wait_until, 100 / 201)  # the default ca vs cat
    assert _shows(page, "references field is not valid")
    assert _shows(page, "order cap field is not valid")
    # the address bar holds the state shown, so a reload or a copy does not repeat the errors
    default = "?" + address_query(ExplorerState(), "en")
    wait_until(lambda: page.evaluate("location.search") == default, timeout=20)


def test_shared_link_restores_the_state_and_stays_in_the_address_bar(
    app_page, guard, site_url, wait_until
):
    state = LinkState(candidate="cats", references=["cat", "", "cat"], max_order=8, order=2)
    page = open_ready(app_page, guard, f"{site_url}?{encode_link(state)}")
    expected = charsim.score("cats", ["cat", "", "cat"], max_order=8)
    wait_for_score(page, wait_until, expected)
    assert page.evaluate("location.search") == f"?{encode_link(state)}"  # left as it is
    assert page.locator(REFERENCES).input_value() == '["cat", "", "cat"]'
    assert _shows(page, "Derived variant — not charsim")
    assert _shows(page, "Order n = 2:")
    # and typing writes the new state back into the address bar
    _type(page, "cat")
    wait_until(lambda: "c=cat&" in page.evaluate("location.search"), timeout=20)
