"""English and Japanese UI text: the catalog is complete, views redraw in the chosen language
without rescoring, and a link's language is read defensively."""

from html import escape

import pytest

from charsim.metric.config import Config
from explorer.app.i18n import CATALOG, LANGUAGES, Message, UIText, placeholders
from explorer.app.markup.cards import derived_note, references_summary_html
from explorer.app.page import create_app
from explorer.app.sources.link import (
    MAX_ADDRESS_QUERY,
    LinkState,
    decode_link,
    encode_link,
    with_language,
)
from explorer.app.states.single import ExplorerState, address_query
from explorer.app.views.matches import MatchesView
from explorer.app.views.score_card import ScoreCardView
from explorer.app.views.share import ShareView


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_every_key_has_every_language_with_the_same_placeholders(key):
    entry = CATALOG[key]
    assert set(entry) == set(LANGUAGES)
    assert all(entry.values())
    assert placeholders(entry["ja"]) == placeholders(entry["en"])


def test_text_and_nested_messages_in_both_languages():
    text = UIText()
    problem = Message("state.paused", {"size": 20_001, "limit": 20_000})
    assert text("score.base") == "base form"
    assert text.message(Message("caps.no_explanation", {"reason": problem})).startswith(
        "No explanation of the single item: Scoring paused: the texts hold 20,001 characters"
    )
    text.language = "ja"
    assert text("score.base") == "基本形"
    assert text.message([Message("caps.none"), Message("caps.too_many", {"most": 12})]) == (
        "次数上限を1つ以上入力してください。例：8, 16, 32, 64。 次数上限は12個までです。"
    )


def test_switching_the_language_redraws_a_view_without_rescoring():
    state, text = ExplorerState(), UIText()
    view = ScoreCardView(state, text)
    explanation = state.explanation
    assert "base form<br>" in view._html.object
    text.language = "ja"
    assert "基本形<br>" in view._html.object and "base form" not in view._html.object
    assert "再現率がスコアを決めます — 候補は平均参照長より34%（重み付き長さ）短い。" in (
        view._html.object
    )
    assert state.explanation is explanation  # the same object: nothing was rescored
    assert (state.candidate, state.references) == ("ca", ["cat"])


def test_the_app_switches_tab_titles_and_widget_labels():
    state, text = ExplorerState(), UIText()
    app = create_app(state, text=text)
    app.get_root()
    switch, tabs = app
    assert switch.options == {"English": "en", "日本語": "ja"}
    assert tabs._names == ["Single item", "Batch: score files", "About the metric", "Agreement"]
    switch.value = "ja"
    assert text.language == "ja"
    ja = ["1件の評価", "一括評価：ファイル", "指標の解説", "人手評価との一致"]
    assert tabs._names == ja
    assert [panel.title for model, _ in tabs._models.values() for panel in model.tabs] == ja


def test_a_link_holds_the_language_and_an_unknown_one_is_reported():
    assert encode_link(LinkState()) == "c=ca&r=%5B%22cat%22%5D&cap=32&w=harmonic&n=1&fmt=lines"
    assert decode_link(encode_link(LinkState(language="ja"))) == (LinkState(language="ja"), [])
    link, problems = decode_link("c=ca&lang=fr")
    assert link == LinkState()
    assert UIText().message(problems) == (
        "The link's language field is not valid (expected one of en, ja); the default was used."
    )
    state = ExplorerState()
    assert state.load_link("c=x&lang=ja").language == "ja"
    assert state.to_link("ja").endswith("&lang=ja")


def test_the_language_switch_has_no_english_tooltip():
    switch, _tabs = create_app(text=UIText(language="ja"))
    assert switch.description is None


@pytest.mark.parametrize(
    ("query", "english", "japanese"),
    [
        ("cap=999", "999 is outside 1..64", "999は1〜64の範囲外です"),
        ("n=x", "'x' is not a whole number", "'x'は整数ではありません"),
        (
            "w=flat",
            "expected one of harmonic, uniform",
            "harmonic, uniformのいずれかを指定してください",
        ),
        ("r=%5B1%5D", "not a JSON list of strings", "文字列のJSONリストではありません"),
        ("r=" + "%5B" * 5_000, "nested too deeply", "入れ子が深すぎます"),
    ],
    ids=["outside", "not_integer", "choices", "not_list", "nested"],
)
def test_a_links_reasons_are_in_the_pages_language(query, english, japanese):
    _link, (problem,) = decode_link(query)
    reason = problem.fields["error"]
    assert (UIText().message(reason), UIText(language="ja").message(reason)) == (english, japanese)


def test_a_bad_order_cap_in_a_link_is_reported_in_japanese():
    _link, problems = decode_link("cap=999")
    assert UIText(language="ja").message(problems) == (
        "リンクの次数上限の項目が正しくありません（999は1〜64の範囲外です）。既定値を使いました。"
    )


def test_a_json_error_in_a_link_stays_english():
    _link, (problem,) = decode_link("r=%5B")
    assert UIText(language="ja").message(problem) == (
        "リンクの参照集合の項目が正しくありません（Expecting value: line 1 column 2 (char 1)）。"
        "既定値を使いました。"
    )


def test_the_address_bar_keeps_the_language_of_a_state_too_long_for_it():
    state = ExplorerState()
    assert address_query(state, "ja") == state.to_link("ja")
    state.set_inputs("x" * MAX_ADDRESS_QUERY, ["cat"])
    assert address_query(state, "ja") == "lang=ja"
    assert address_query(state, "en") == ""
    assert with_language("example=ted&system=2&item=17", "ja") == (
        "example=ted&system=2&item=17&lang=ja"
    )
    assert with_language("example=ted", "en") == "example=ted"


def test_a_state_too_long_for_the_address_bar_says_a_reload_would_lose_it():
    """The address then holds only the language (above): the share view says so, in the page's
    language, and stops saying it once the texts fit again."""
    state, text = ExplorerState(), UIText()
    view = ShareView(state, text)

    def notes() -> str:  # what the screen shows: the signature is printed only (cs-print-only)
        return view._html.object.split('<p class="cs-print-only"', 1)[0]

    assert notes() == ""
    state.set_inputs("é" * 1_000, ["cat"])  # 1,000 characters, 6,000 in the link: kept
    assert notes() == ""
    state.set_inputs("é" * 2_000, ["cat"])
    length = len(state.to_link("en"))
    assert length > MAX_ADDRESS_QUERY and address_query(state, "en") == ""
    assert f"would be {length:,} characters long, more than the address bar keeps (8,000)" in (
        view._html.object
    )
    assert "a reload, or a copy of the address, opens the page without these texts" in (
        view._html.object
    )
    text.language = "ja"
    assert "アドレスバーに保てる長さ（8,000文字）を超えます" in view._html.object
    state.set_inputs("short", ["cat"])
    assert notes() == ""


@pytest.mark.parametrize(("cap", "weights"), [(16, "harmonic"), (32, "uniform"), (64, "uniform")])
def test_the_derived_variant_warning_is_the_command_lines_sentence(cap, weights):
    state = ExplorerState(max_order=cap, weights=weights)
    note = Config(cap, weights).derived_note
    assert escape(note) in derived_note(state, UIText())
    japanese = derived_note(state, UIText(language="ja"))
    assert japanese.count("派生版") == 1 and f"上限{cap}" in japanese
    assert derived_note(ExplorerState(), UIText()) == ""


def test_counts_of_references_and_ngrams_agree_in_number():
    """The page said "K = 1 reference(s)." and "1 shared n-gram(s)": neither one nor many."""
    state = ExplorerState()
    state.set_inputs("cat", ["cat"])
    assert "K = 1 reference. " in references_summary_html(state, UIText())
    state.set_inputs("cat", ["cat", "cot"])
    assert "K = 2 references. " in references_summary_html(state, UIText())
    # "ca" against "cat" at order 3: ⟨^⟩ca is the one shared 3-gram
    state.set_inputs("ca", ["cat"])
    state.order = 3
    html = MatchesView(state, UIText())._html.object
    assert "Order n = 3: 1 shared n-gram; " in html
