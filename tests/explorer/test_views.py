"""What the views draw, checked without a browser: escaping, boundaries, sums, tables."""

from fractions import Fraction

import pytest

import charsim
from explorer.app.examples import EXAMPLES
from explorer.app.i18n import UIText
from explorer.app.page import create_app
from explorer.app.render import BEGIN_MARK, END_MARK, TEXT_SHOWN, marked_text
from explorer.app.state import ExplorerState
from explorer.app.views.contributions import contribution_data
from explorer.app.views.exact import exact_html
from explorer.app.views.inputs import InputsView
from explorer.app.views.matches import MatchesView, ngram_table
from explorer.app.views.references_table import reference_table

PAYLOADS = ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>", '"><svg onload=alert(1)>']


@pytest.mark.parametrize("payload", PAYLOADS)
def test_user_text_is_escaped_everywhere(payload):
    e = charsim.explain(payload, [payload, "x"])
    for order in e.orders:
        for html in (
            marked_text(e.candidate, order.matches, None),
            marked_text(e.references[0], order.matches, 0),
        ):
            assert "<img" not in html and "<script" not in html and "<svg" not in html
    assert "<img" not in exact_html(e, UIText()) and "<script" not in exact_html(e, UIText())


def test_boundaries_differ_from_typed_markers():
    e = charsim.explain("^a$", ["^a$"])
    html = marked_text(e.candidate, e.orders[1].matches, None)
    assert html.count('aria-label="begin boundary"') == 1
    assert html.count('aria-label="end boundary"') == 1
    assert html.count(f">{BEGIN_MARK}</span>") == 1 and html.count(f">{END_MARK}</span>") == 1
    # the typed ^ and $ are plain characters, not boundary boxes
    assert '<span class="cs-char cs-hit" title="‘⊳^’' in html
    assert ">$</span>" in html


def test_hover_notes_and_boundary_labels_follow_the_language():
    e = charsim.explain("ca", ["cat"])
    matches = e.orders[2].matches  # ⊳ca
    english = marked_text(e.candidate, matches, None)
    assert 'title="begin boundary — ‘⊳ca’: candidate ×1, references ×[1], clipped [1]"' in english
    japanese = marked_text(e.candidate, matches, None, UIText(language="ja"))
    assert 'aria-label="開始境界"' in japanese and 'aria-label="終了境界"' in japanese
    assert 'title="開始境界 — 「⊳ca」：候補に1回、参照文に[1]回、重なり（min）[1]"' in japanese


def test_a_long_text_is_drawn_shortened_with_a_note():
    """Only TEXT_SHOWN characters become spans; the note says how many there are."""
    text = "ab<" * 1_500  # 4,500 characters, all matched at order 2
    e = charsim.explain(text, [text])
    html = marked_text(e.candidate, e.orders[1].matches, None)
    assert html.count('class="cs-char') == TEXT_SHOWN
    assert html.count("cs-hit") == TEXT_SHOWN + 1  # and the begin boundary
    assert "end boundary" not in html and "<" not in html.replace("<span", "").replace("</span", "")
    assert f"Showing the first {TEXT_SHOWN:,} of 4,500 characters." in html
    short = marked_text("ab<", e.orders[1].matches, None)
    assert "Showing" not in short and 'aria-label="end boundary"' in short


def test_matched_characters_of_an_order():
    e = charsim.explain("ca", ["cat"])
    order_3 = marked_text(e.candidate, e.orders[2].matches, None)  # only ^ca matches
    assert order_3.count("cs-hit") == 3  # begin boundary, c, a
    assert "cs-end cs-hit" not in order_3
    ref = marked_text(e.references[0], e.orders[2].matches, 0)
    assert ref.count("cs-hit") == 3  # begin boundary, c, a of cat; t unmatched


def test_contributions_sum_to_the_score():
    e = charsim.explain("cats", ["cat", "bats"])
    data = contribution_data(e)
    assert data["n"] == list(range(1, e.order_cap + 1))
    assert sum(data["contribution"]) == pytest.approx(float(e.score), abs=1e-15)
    assert sum(Fraction(x) for x in data["contribution_exact"]) == e.score
    assert contribution_data(charsim.explain("", [""]))["n"] == []


def test_ngram_table_of_order_two():
    e = charsim.explain("ca", ["cat", "ca"])
    table = ngram_table(e.orders[1], e.k)
    # ^c and ca are in both references; a$ only in the second ("cat" ends in t)
    assert list(table["n-gram"]) == [f"{BEGIN_MARK}c", "ca", f"a{END_MARK}"]
    assert list(table["ref 1 c_r"]) == [1, 1, 0] and list(table["ref 2 min"]) == [1, 1, 1]
    assert list(table["F_g(c_t) = mean min"]) == ["1", "1", "1/2"]


def test_ngram_table_shows_boundaries_as_a_tick_or_nothing():
    e = charsim.explain("ca", ["cat", "ca"])
    table = ngram_table(e.orders[1], e.k)  # ^c, ca, a$
    assert list(table["begin"]) == ["✓", "", ""] and list(table["end"]) == ["", "", "✓"]
    view = MatchesView(ExplorerState(), UIText(language="ja"))._table
    columns = view.get_root().configuration["columns"]
    # as text: Tabulator's tickCross formatter would mark the cells aria-checked
    assert [c.get("formatter") for c in columns if c["field"] in ("begin", "end")] == [None] * 2


def test_reference_table_and_exact_view():
    e = charsim.explain("a", ["a", "abcdefghij"])
    table = reference_table(e)
    assert list(table["s_i"])[0] == 1.0
    assert round(list(table["s_i"])[1], 4) == 0.0569
    assert "L_t = Σ_n w_n ℓ_t,n = 1" in exact_html(charsim.explain("a", ["a"]), UIText())
    assert "= 100/201" in exact_html(charsim.explain("ca", ["cat"]), UIText())


def test_app_builds_and_follows_the_state():
    state = ExplorerState()
    app = create_app(state)
    app.get_root()
    state.set_inputs("cats", ["cat"], order=2)
    assert state.explanation.decision is charsim.Decision.PRECISION
    state.set_inputs("a", [])
    assert state.explanation is None


def test_typed_text_is_not_sent_back_to_the_text_area():
    """Regression: the typed text came back from Python after the user had typed on, and
    replaced the text area's contents (a keystroke lost on the first edit after loading)."""
    state = ExplorerState()
    area = InputsView(state)._candidate
    model = area.get_root()
    area.value_input = "the"  # what the browser sends on a keystroke
    assert state.candidate == "the"
    assert (model.value, model.value_input) == ("ca", "the")  # nothing new sent to the browser
    example = next(e for e in EXAMPLES if e.candidate not in ("ca", "the"))
    state.load_example(example)  # a change from elsewhere is shown
    assert model.value == model.value_input == example.candidate
    area.value_input = "ca"  # typed back to the first text, then the example again
    state.load_example(example)
    assert model.value_input == example.candidate
