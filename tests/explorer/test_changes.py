"""The "What would change the score" tab without a browser: gains per order (§4.4) and the
per-character coverage view (charsim.coverage), escaped and capped."""

from fractions import Fraction

import pytest

import charsim
from explorer.app.i18n import UIText
from explorer.app.markup.render import TEXT_SHOWN
from explorer.app.page import create_app
from explorer.app.states.single import LIVE_LIMIT, ExplorerState
from explorer.app.views.changes import ChangesView, coverage_html, gains_html

EN = UIText()


def _orders(html):
    return [int(part.split('"', 1)[0]) for part in html.split('data-order="')[1:]]


def test_gains_of_one_more_match():
    e = charsim.explain("ca", ["cat", "cab"])
    # L_r = 67/10 for both references, L_t = 53/12: D = 67/10, K = 2
    html = gains_html(e, EN)
    assert 'data-testid="gain-1">0.1493 = 10/67<' in html  # 1/(1 · 67/10)
    assert 'data-testid="gain-2">0.0746 = 5/67<' in html  # 1/(2 · 67/10)
    assert 'data-testid="gain-one-2">0.0373 = 5/134<' in html  # 1/(2 · 2 · 67/10)
    assert html.count('data-testid="gain-') == 2 * e.order_cap
    assert "D = 67/10" in html and "K = 2" in html
    assert "D = 0" in gains_html(charsim.explain("", [""]), EN)


def test_coverage_view_of_a_typed_input():
    state = ExplorerState()
    view = ChangesView(state)
    html = view._coverage.object
    assert _orders(html) == [3, 3]  # "ca" against "cat": ⟨^⟩ca
    state.set_inputs("xcat", ["cat"])
    html = view._coverage.object
    assert _orders(html) == [0, 4, 4, 4]  # cat⟨$⟩ (4); x is in no shared n-gram
    assert 'data-order="0" title="character 0: longest matched order 0">x<' in html
    assert "1 of 4 characters covered by no shared n-gram; longest order 4." in html
    state.set_inputs("a", [])
    assert "undefined" in view._coverage.object and "undefined" in view._gains.object


@pytest.mark.parametrize(
    "payload", ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>", '"><svg onload=1>']
)
def test_coverage_escapes_user_text(payload):
    e = charsim.explain(payload, [payload[:5]])
    html = coverage_html(e.candidate, charsim.coverage(e), EN)
    assert "<img" not in html and "<script" not in html and "<svg" not in html
    assert "&lt;" in html


def test_long_candidates_are_capped_and_whitespace_shown():
    text = "ab " * 2_000
    e = charsim.explain(text, ["ab"])
    html = coverage_html(e.candidate, charsim.coverage(e), EN)
    assert len(_orders(html)) == TEXT_SHOWN
    assert f"Showing the first {TEXT_SHOWN:,} of 6,000 characters." in html
    assert "2,000 of 6,000 characters covered by no shared n-gram; longest order 3." in html
    assert ">␣<" in html  # a space is drawn visibly
    assert "empty" in coverage_html("", (), EN)


def test_the_tab_is_in_the_single_item_details():
    state = ExplorerState()
    state.set_inputs("cab", ["cat"])
    assert state.coverage == (3, 3, 0)
    assert state.explanation.orders[0].gain == Fraction(1, 1) / state.explanation.denominator
    app = create_app(state)
    app.get_root()


def test_the_tab_switches_to_japanese():
    state, text = ExplorerState(), UIText()
    view = ChangesView(state, text)
    state.set_inputs("xcat", ["cat"])
    text.language = "ja"
    assert view._headings["coverage"].object == "### 候補の各文字を含む一致の最大次数"
    assert 'title="文字 0：一致の最大次数 0">x<' in view._coverage.object
    assert "4文字のうち1文字はどの共通n-gramにも含まれません。" in view._coverage.object
    assert "<th>加点 w_n/D</th>" in view._gains.object
    state.set_inputs("a", [])
    assert "計算結果がありません：未定義" in view._gains.object
    app_state, app_text = ExplorerState(), UIText()
    app = create_app(app_state, text=app_text)
    app.get_root()
    app_text.language = "ja"
    details = app[1].objects[0].objects[-1]  # the single-item page's details tabs
    assert details._names == [
        "n-gramの一致",
        "スコアを変えるもの",
        "参照文ごと",
        "手計算（厳密な分数）",
        "chrF・BLEU・TERとの比較",
    ]


def test_leaving_the_paused_state_waits_for_the_explanation():
    """Over the live limit there is no explanation (paused); a short text then gets its summary
    at once and its explanation after the pause: the view keeps what it showed meanwhile."""
    pending = []
    state = ExplorerState(deferred=lambda step: lambda: pending.append(step))
    view = ChangesView(state)
    state.set_inputs("a" * (LIVE_LIMIT + 1), ["cat"])
    paused = view._gains.object
    assert "paused" in paused.lower()
    state.set_inputs("the cat", ["cat"])  # (explanation, message) = (None, None) meanwhile
    assert view._gains.object == paused
    list(pending.pop()())
    assert view._gains.object == gains_html(state.explanation, UIText())
