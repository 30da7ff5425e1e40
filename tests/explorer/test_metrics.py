"""The single item beside chrF, chrF++, BLEU and TER (explorer/app/views/metrics.py), checked
without a browser: its numbers are sacreBLEU's and those of independent counting."""

import json
import math
import re
from fractions import Fraction

import pytest
from sacrebleu.metrics import BLEU, CHRF, TER

import charsim
from charsim.compare.metrics import compare, compare_steps
from charsim.corpus.differences import SECTIONS, SENTENCES
from explorer.app.i18n import CATALOG, UIText, placeholders
from explorer.app.states.metrics import LIVE_COMPARE_LIMIT, LIVE_FRAGILITY_LIMIT, MetricsState
from explorer.app.states.single import ExplorerState
from explorer.app.views.metrics import MetricsView, metrics_html

EN, JA = UIText(), UIText(language="ja")
TED_432 = ("Thank you. (Applause)", ["Thank you."])  # TED item 432 (1-based), system 1


def _values(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-testid="metric-([^"]+)" data-value="([^"]+)"', html))


def test_ted_item_432_numbers_are_sacrebleus_and_counted_by_hand():
    item = ExplorerState()
    item.set_inputs(*TED_432)
    c = MetricsState(item).comparison
    # chrF, whitespace removed: "Thankyou.(Applause)" (19 characters) against "Thankyou." (9),
    # a prefix of it: order n has 20 - n and 10 - n n-grams, all 10 - n of the reference match
    orders = [o for o in c.chrf.orders if o.kind == "character"]
    assert [(o.candidate_count, o.reference_count, o.matches) for o in orders] == [
        (20 - n, 10 - n, 10 - n) for n in range(1, 7)
    ]
    precision = sum(Fraction(10 - n, 20 - n) for n in range(1, 7)) / 6
    assert (c.chrf.precision, c.chrf.recall) == (precision, 1)
    assert c.chrf.f_beta == 5 * precision / (4 * precision + 1)
    # BLEU, 13a words: "Thank you . ( Applause )" (6) against "Thank you ." (3): 3/6, 2/5, 1/4
    # and 0/3 matches; exp smoothing gives order 4 the precision 100 / (2 · 3); no brevity penalty
    assert c.bleu.matches == (3, 2, 1, 0) and c.bleu.totals == (6, 5, 4, 3)
    assert c.bleu.brevity_penalty == 1 and c.bleu.zero_match_orders == (4,)
    bleu = 100 * math.exp(sum(map(math.log, [1 / 2, 2 / 5, 1 / 4, 1 / 6])) / 4)
    assert c.score("bleu").score == pytest.approx(bleu)
    # TER: deleting "(Applause)" turns the candidate into the 2-word reference
    assert c.ter.edits == 1 and c.score("ter").score == 50.0
    html = metrics_html(MetricsState(item), EN)
    assert _values(html) == {
        "charsim": repr(float(Fraction(5407442807, 14416929705))),
        "chrf": repr(CHRF().sentence_score(*TED_432).score),
        "chrf++": repr(CHRF(word_order=2).sentence_score(*TED_432).score),
        "bleu": repr(BLEU(effective_order=True).sentence_score(*TED_432).score),
        "ter": repr(TER().sentence_score(*TED_432).score),
    }
    assert re.findall(r'data-difference="([^"]+)"', html) == [
        "longer-candidate",
        "f-beta-versus-min",
        "bleu-zero-matches",
        "orders-above-six",
        "ratios-versus-counts",
        "whitespace",
        "boundaries",
    ]
    assert "chrF combines its mean precision 0.387 and mean recall 1.000" in html
    assert "<b>§5.5</b>" in html and "nrefs:1|<wbr>case:mixed|<wbr>eff:yes|<wbr>nc:6" in html
    assert "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no" in html.replace("<wbr>", "")


def test_the_comparison_follows_the_input_and_the_order_cap():
    item = ExplorerState()
    state = MetricsState(item)
    chrf = CHRF().sentence_score("ca", ["cat"]).score
    assert _values(metrics_html(state, EN))["chrf"] == repr(chrf)
    item.param.update(candidate="the cat", references_text="the cat sat\na cat", max_order=4)
    c = state.comparison
    assert c.explanation.order_cap == 4 and "|cap:4|" in c.score("charsim").signature
    assert c.score("chrf").signature.startswith("nrefs:2|")
    html = metrics_html(state, EN)
    assert 'data-difference="best-reference"' in html and "keeps the best one: reference" in html


# just above LIVE_COMPARE_LIMIT: 408 + 394 = 802 characters of candidate and longest reference
LONG = ("the cat sat on the mat. " * 17, ["a cat sat on a mat. " * 19 + "It was sunny. "])


def test_just_above_the_ter_limit_every_metric_but_ter_is_shown_and_ter_says_why():
    item = ExplorerState()
    state = MetricsState(item)
    candidate, references = LONG
    item.set_inputs(candidate, references + ["short"])
    assert len(candidate) + len(references[0]) == LIVE_COMPARE_LIMIT + 2
    assert state.message is None and state.comparison.ter is None
    assert (state.ter_message.key, state.ter_message.fields) == (
        "metrics.ter_left_out",
        {"size": LIVE_COMPARE_LIMIT + 2, "limit": LIVE_COMPARE_LIMIT, "explain_limit": 2000},
    )
    texts = (candidate, references + ["short"])
    html = metrics_html(state, EN)
    assert _values(html) == {
        "charsim": repr(charsim.score(*texts)),
        "chrf": repr(CHRF().sentence_score(*texts).score),
        "chrf++": repr(CHRF(word_order=2).sentence_score(*texts).score),
        "bleu": repr(BLEU(effective_order=True).sentence_score(*texts).score),
    }
    reason = re.findall(r'data-testid="metrics-ter-left-out" data-value="[^"]*">([^<]+)<', html)
    assert reason == [
        "TER: not computed live above 800 characters (the candidate and its longest reference; "
        "this item: 802): sentence-level TER&#x27;s search for shifts grows much faster than the "
        "text and would hold up the next score. The command line computes it: charsim --explain "
        "ITEM up to 2,000 characters (the candidate and its references), charsim --metrics ter "
        "at any length."
    ]
    assert "TER" not in html.split('data-testid="metrics-references"')[1].split("</table>")[0]
    assert "TER：800文字" in metrics_html(state, JA)
    raw = state.fragility.raw  # the fragility table is there too, chrF sacreBLEU's
    assert raw.chrf == CHRF().sentence_score(*texts).score and 'metrics-fragility"' in html


def test_above_the_fragility_limit_the_comparison_is_sacrebleus_and_the_table_says_why():
    item = ExplorerState()
    state = MetricsState(item)
    item.set_inputs("a" * (LIVE_FRAGILITY_LIMIT - 2), ["b", "c"])
    assert state.fragility is not None and state.fragility_message is None
    candidate = "the cat, sat. " * 2_143  # 30,002 characters with "b c": once 20,000 refused
    item.set_inputs(candidate, ["b", "c"])
    assert state.message is None and state.fragility is None
    for metric, scorer in (("chrf", CHRF()), ("chrf++", CHRF(word_order=2))):
        expected = scorer.sentence_score(candidate, ["b", "c"]).score
        assert state.comparison.score(metric).score == expected
    bleu = BLEU(effective_order=True).sentence_score(candidate, ["b", "c"]).score
    assert state.comparison.score("bleu").score == bleu
    assert (state.fragility_message.key, state.fragility_message.fields) == (
        "metrics.fragility_left_out",
        {"size": 30_004, "limit": LIVE_FRAGILITY_LIMIT},
    )
    html = metrics_html(state, EN)
    assert 'data-testid="metrics-fragility-left-out">Not computed live above 20,000' in html
    assert "this item: 30,004" in html and 'metrics-fragility"' not in html
    assert "20,000文字" in metrics_html(state, JA)
    item.set_inputs("a", [])
    assert state.message.key == "state.no_references" and state.fragility_message is None


def test_the_limit_counts_the_candidate_and_its_longest_reference():
    # a candidate of 300 characters with two references of 300: 900 in all, each pair 600 (it
    # was refused above 500 characters in all); TER is found against each reference in turn
    item = ExplorerState()
    state = MetricsState(item)
    candidate, references = "the cat sat " * 25, ["the cat sat on " * 20, "a cat sat " * 30]
    item.set_inputs(candidate, references)
    assert state.message is None
    assert state.comparison.score("ter").score == compare(candidate, references).score("ter").score
    assert state.comparison.ter.reference_edits == tuple(
        compare(candidate, [r]).ter.edits for r in references
    )


def test_the_comparison_comes_in_steps_one_per_metric_and_per_reference():
    steps = list(compare_steps("the cat", ["the cat sat", "a cat", "cats"]))
    # charsim, chrF, chrF++, BLEU (in steps of an order or a slice), then TER thrice (a step
    # per reference): a None between two steps
    without_ter = list(compare_steps("the cat", ["the cat sat", "a cat", "cats"], ter=False))
    assert set(steps[:-1]) == {None} and len(steps) == len(without_ter) + 3
    assert repr(steps[-1]) == repr(compare("the cat", ["the cat sat", "a cat", "cats"]))


def test_each_difference_has_its_english_sentence_word_for_word_and_a_japanese_one():
    for key, sentence in SENTENCES.items():
        entry = CATALOG[f"metrics.difference.{key}"]
        assert entry["en"] == sentence
        assert placeholders(entry["ja"]) == placeholders(sentence)
        assert SECTIONS[key] in entry["ja"]


def test_the_japanese_view_shows_the_japanese_sentences():
    item = ExplorerState()
    item.set_inputs(*TED_432)
    html = metrics_html(MetricsState(item), JA)
    assert "chrFは平均適合率 0.387 と平均再現率 1.000" in html and "スコアとシグネチャ" in html


def test_fragility_names_the_characters_each_setting_changed():
    item = ExplorerState()
    item.set_inputs("the\u00a0Cat", ["the cat"])
    html = metrics_html(MetricsState(item), EN)
    rows = re.findall(
        r"<tr><td[^>]*>([^<]+)</td>" + r"<td[^>]*>([^<]+)</td>" * 4,
        html.split("metrics-fragility")[1],
    )
    assert [row[0] for row in rows] == ["raw", "NFC", "NFKC", "casefold", "whitespace+quotes"]
    raw, nfc, nfkc, casefold, _ = rows
    assert raw[2] == nfc[2] == "+0.0000" and raw[3] == f"{CHRF().sentence_score(*_ITEM).score:.2f}"
    assert nfkc[4] == "candidate: U+00A0 NO-BREAK SPACE → U+0020 SPACE"
    assert casefold[4] == "candidate: U+0043 LATIN CAPITAL LETTER C → U+0063 LATIN SMALL LETTER C"
    # NFKC leaves "the Cat" against "the cat": only the C differs
    assert float(nfkc[1]) == pytest.approx(charsim.score("the Cat", ["the cat"]), abs=5e-5)


_ITEM = ("the\u00a0Cat", ["the cat"])


def test_the_downloads_hold_the_worked_example_with_exact_fractions():
    item = ExplorerState()
    item.set_inputs(*TED_432)
    view = MetricsView(MetricsState(item))
    data = json.loads(view._downloads["json"].callback().read())
    assert data["score"]["exact"] == "5407442807/14416929705"
    assert data["candidate"] == TED_432[0]
    markdown = view._downloads["markdown"].callback().read().decode()
    assert "5407442807/14416929705" in markdown and "chrF2" in markdown
    assert "\\begin{tabular}" in view._downloads["latex"].callback().read().decode()
    item.set_inputs("a" * LIVE_COMPARE_LIMIT, ["b"])  # no TER: the note says why
    markdown = view._downloads["markdown"].callback().read().decode()
    assert "TER: not computed live above 800 characters" in markdown and "chrF2++" in markdown
    assert json.loads(view._downloads["json"].callback().read())["comparison"]["ter"] is None
    item.set_inputs("a" * LIVE_FRAGILITY_LIMIT, ["b"])  # compared above the former limit
    markdown = view._downloads["markdown"].callback().read().decode()
    assert "chrF2++" in markdown and "TER: not computed live above 800 characters" in markdown
