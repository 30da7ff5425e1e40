"""What the views draw, checked without a browser: escaping, boundaries, sums, tables."""

import re
from fractions import Fraction

import panel as pn
import pytest

import charsim
from charsim.render.report import listed_matches
from explorer.app.i18n import UIText
from explorer.app.markup.render import BEGIN_MARK, END_MARK, TEXT_SHOWN, marked_text, ngram_label
from explorer.app.page import create_app
from explorer.app.sources.examples import EXAMPLES
from explorer.app.states.single import ExplorerState
from explorer.app.views.common import ROWS_SHOWN, example_notes, numeric
from explorer.app.views.contributions import contribution_data
from explorer.app.views.exact import exact_html
from explorer.app.views.inputs import InputsView
from explorer.app.views.matches import ngram_rows, ngram_table_html
from explorer.app.views.references_table import reference_rows, references_html

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
    assert '<span class="cs-char cs-hit" title="‘⟨^⟩^’' in html
    assert ">$</span>" in html


def test_hover_notes_and_boundary_labels_follow_the_language():
    e = charsim.explain("ca", ["cat"])
    matches = e.orders[2].matches  # ⟨^⟩ca
    english = marked_text(e.candidate, matches, None)
    assert 'title="begin boundary — ‘⟨^⟩ca’: candidate ×1, references ×[1], clipped [1]"' in english
    japanese = marked_text(e.candidate, matches, None, UIText(language="ja"))
    assert 'aria-label="開始境界"' in japanese and 'aria-label="終了境界"' in japanese
    assert 'title="開始境界 — 「⟨^⟩ca」：候補に1回、参照文に[1]回、重なり（min）[1]"' in japanese


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
    rows = ngram_rows(e.orders[1], e.k)
    # ^c and ca are in both references; a$ only in the second ("cat" ends in t). Columns: the
    # n-gram, begin, end, c_t, then c_r and min of reference 1, of reference 2, then F_g.
    assert [row[0] for row in rows] == [f"{BEGIN_MARK}c", "ca", f"a{END_MARK}"]
    assert [row[4] for row in rows] == ["1", "1", "0"] and [row[7] for row in rows] == ["1"] * 3
    assert [row[-1] for row in rows] == ["1", "1", "1/2"]


def test_ngram_table_shows_boundaries_as_a_tick_or_nothing():
    e = charsim.explain("ca", ["cat", "ca"])
    rows = ngram_rows(e.orders[1], e.k)  # ^c, ca, a$
    assert [row[1] for row in rows] == ["✓", "", ""] and [row[2] for row in rows] == ["", "", "✓"]


def test_the_single_items_tables_are_html_tables_with_column_headers_in_the_ui_language():
    e = charsim.explain("ca", ["cat", "ca"])
    html = ngram_table_html(e.orders[1], e.k, UIText(language="ja"))
    assert html.count('<th scope="col">') == 4 + 2 * 2 + 1 and "<tbody>" in html
    assert 'role="region" tabindex="0" aria-label="次数 n = 2 の共有 n-gram"' in html
    assert html.count("<tr>") == 1 + 3
    assert '<th scope="col">参照文</th>' in references_html(e, UIText(language="ja"))


def test_a_long_table_shows_its_first_rows_and_says_how_many_there_are():
    references = [f"reference {i}" for i in range(ROWS_SHOWN + 7)]
    e = charsim.explain("reference", references)
    html = references_html(e, UIText())
    assert html.count("<tr>") == 1 + ROWS_SHOWN
    assert f"The first {ROWS_SHOWN} of {ROWS_SHOWN + 7:,} rows are shown." in html
    assert "rows are shown" not in references_html(charsim.explain("a", ["a"]), UIText())


@pytest.mark.parametrize("payload", PAYLOADS)
def test_user_text_in_the_tables_is_escaped(payload):
    e = charsim.explain(payload, [payload])
    for html in (ngram_table_html(e.orders[2], e.k, UIText()), references_html(e, UIText())):
        assert "<img" not in html and "<script" not in html and "<svg" not in html


def test_reference_table_and_exact_view():
    e = charsim.explain("a", ["a", "abcdefghij"])
    rows = reference_rows(e)
    assert [row[5] for row in rows] == ["1.0000", "0.0569"]
    assert rows[1][:3] == ["2", "abcdefghij", "10"]
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


def test_every_chart_of_the_app_downloads_under_a_name_of_its_own():
    """Each chart's PNG and SVG are named ``charsim-<chart>.<format>``: no two charts share a
    name, and none says "charsim" twice (the charsim-versus-chrF chart was
    ``charsim-charsim-chrf.png``)."""
    from bokeh.document import Document
    from bokeh.models import CustomJS

    names = [
        callback.args["filename"]
        for model in create_app().get_root(Document()).references()
        for callback in getattr(model, "js_event_callbacks", {}).get("button_click", [])
        if isinstance(callback, CustomJS) and "filename" in callback.args
    ]
    assert len(names) == len(set(names)) == 12, names
    assert all(re.fullmatch(r"charsim-[a-z]+(-[a-z]+)*\.(png|svg)", name) for name in names)
    assert not [name for name in names if name.count("charsim") > 1]
    assert "charsim-vs-chrf.png" in names


def test_the_explorer_writes_boundaries_as_the_command_line_does():
    # one notation everywhere: the article's ^ and $ (§1.2), bracketed, in the explorer's drawn
    # texts and labels as in `charsim --explain` and the exports
    e = charsim.explain("ca", ["cat"])
    html = marked_text("ca", e.orders[2].matches, None)
    assert ">⟨^⟩</span>" in html and ">⟨$⟩</span>" in html
    assert ngram_label(e.orders[2].matches[0].ngram) == "⟨^⟩ca" == listed_matches(e.orders[2])[1:-1]


def test_the_per_reference_table_keeps_exact_fractions_for_the_exact_view():
    # s_2 = M_2 / max(L_t, L_2) = (3/2) / (730193/27720): the table shows 0.0569, "By hand" the
    # fraction (the table's fractions squeezed its numbers into two lines)
    e = charsim.explain("a", ["a", "abcdefghij"])
    assert "41580/730193" not in references_html(e, UIText())
    assert '<td class="cs-num">41580/730193</td>' in exact_html(e, UIText())
    assert '<td class="cs-num">0.0569</td>' in references_html(e, UIText())
    assert "<td>abcdefghij</td>" in references_html(e, UIText())


def test_paper_breaks_only_a_cells_long_words():
    """A cell with a word over 12 characters is ``cs-long`` (paper breaks it anywhere); a short
    one never breaks (a printed comparison read "0.375" over "1" and "chrF2+" over "+")."""
    assert numeric("0.3751") == ' class="cs-num"' and numeric("chrF2++") == ""
    assert numeric("5407442807/14416929705") == ' class="cs-num cs-long"'
    assert numeric("https://example.org/a-long-path") == ' class="cs-long"'


def test_example_notes_are_escaped_text_named_by_their_labels():
    """The Batch and Agreement pages' example notes are text under their buttons (a tooltip
    opened by a tap stayed open, past a phone's edge); a lone one needs no name."""
    catalog = {"t.a.label": "<i>x</i> & 1", "t.a.note": "<i>x</i> & 2"}
    catalog |= {"t.b.label": "名1", "t.b.note": "名2"}
    buttons = {"a": pn.widgets.Button(), "b": pn.widgets.Button()}
    html = example_notes(buttons, catalog.__getitem__, "t")
    assert [b.label for b in buttons.values()] == ["<i>x</i> & 1", "名1"]
    assert html == (
        '<p class="cs-example-note"><b>&lt;i&gt;x&lt;/i&gt; &amp; 1</b>: '
        "&lt;i&gt;x&lt;/i&gt; &amp; 2</p>"
        '<p class="cs-example-note"><b>名1</b>: 名2</p>'
    )
    lone = example_notes({"b": buttons["b"]}, catalog.__getitem__, "t")
    assert lone == '<p class="cs-example-note">名2</p>'
