"""What screen readers get without a browser: the charts' text alternatives (per-order
contributions and their sum, L_t and L̄_r) and the score card's announcement, in English and
Japanese. §3.4's "ca" against "cat" scores 100/201 = 0.4975, recall deciding."""

from __future__ import annotations

import re

import charsim
from explorer.app.i18n import UIText
from explorer.app.markup.cards import card_html
from explorer.app.states.single import ExplorerState
from explorer.app.views.contributions import ContributionsView
from explorer.app.views.score_card import LengthsView


def _announcement(html: str) -> str:
    return re.search(r'data-announce="([^"]*)"', html)[1]


def test_contributions_text_lists_every_order_and_the_sum():
    state = ExplorerState()  # "ca" against "cat" (§3.4)
    caption = ContributionsView(state, UIText())._caption.object
    text = re.search(r'data-testid="contributions-text">([^<]*)<', caption)[1]
    e = charsim.explain("ca", ["cat"])
    listed = re.findall(r"n = (\d+): (\d\.\d{4})", text)
    assert [int(n) for n, _ in listed] == list(range(1, e.order_cap + 1))
    assert [value for _, value in listed] == [f"{float(o.contribution):.4f}" for o in e.orders]
    # "⟨^⟩ca⟨$⟩" has one 4-gram, itself, which "⟨^⟩cat⟨$⟩" lacks, and no longer n-gram
    assert {value for _, value in listed[3:]} == {"0.0000"} and listed[2][1] != "0.0000"
    assert text.endswith("their sum is 0.4975.")
    japanese = ContributionsView(state, UIText(language="ja"))._caption.object
    assert "次数ごとの寄与：n = 1: " in japanese and "合計は0.4975です。" in japanese


def test_length_chart_text_gives_both_weighted_lengths():
    state = ExplorerState()
    e = charsim.explain("ca", ["cat"])
    text = LengthsView(state, UIText())._chart_text.object
    assert (
        f"L_t = {float(e.candidate_length):.3f} (candidate), "
        f"L̄_r = {float(e.mean_reference_length):.3f} (mean reference)"
    ) in text
    assert 'class="cs-sr-only"' in text
    state.set_inputs("", [""])  # the empty-input rule (§3.1): both lengths 0
    empty = LengthsView(state, UIText())._chart_text.object
    assert "L_t = 0.000 (candidate), L̄_r = 0.000 (mean reference)" in empty


def test_score_card_announces_score_and_decision_in_both_languages():
    state = ExplorerState()
    english = _announcement(card_html(state, UIText()))
    assert english.startswith("charsim score 0.4975. Recall decides — the candidate is ")
    assert _announcement(card_html(state, UIText(language="ja"))).startswith(
        "charsimのスコア 0.4975。再現率がスコアを決めます"
    )
    state.max_order = 2
    assert _announcement(card_html(state, UIText())).startswith("derived variant score ")


def test_a_card_without_a_score_shows_why_under_its_own_hook():
    state = ExplorerState()
    state.set_inputs("a", [])  # K = 0: undefined
    html = card_html(state, UIText())
    assert 'data-testid="score-main"' not in html
    assert re.search(r'data-testid="score-message">undefined: the reference set is empty', html)


def test_score_card_says_its_decision_once():
    """The headline says which of P and R decides; the sentence after it says why, without
    saying it again (it read "Recall decides — ... Recall decides: ...")."""
    state = ExplorerState()  # "ca" against "cat": recall decides
    for language, decides in (("en", "decides"), ("ja", "決め")):
        html = card_html(state, UIText(language=language))
        decision = re.search(r'data-testid="decision"[^>]*>(.*?)</p>', html)[1]
        assert decision.count(decides) == 1, decision
    assert "L_t &lt; L̄_r, so the score is M̄ / L̄_r" in card_html(state, UIText())
    state.set_inputs("", [""])
    assert "Special empty-input rule.</strong> The candidate and every reference are empty" in (
        card_html(state, UIText())
    )
