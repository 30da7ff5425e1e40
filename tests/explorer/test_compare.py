"""The About tab's comparisons on the single item: min(P, R) against F_β (§5.5) and the length
model at the item's lengths (§6.1–§6.3), checked without a browser."""

import math
from fractions import Fraction

import pytest

from explorer.app.i18n import UIText
from explorer.app.states.compare import BETA_GRID, CompareState
from explorer.app.states.single import ExplorerState
from explorer.app.views.about_bias import LengthBiasView, bias_html
from explorer.app.views.about_fbeta import FBetaView, fbeta_html

EN = UIText()


def test_default_input_precision_recall_and_f_beta():
    state = CompareState(ExplorerState())  # "ca" against ["cat"] (§3.4):
    # M̄ = 2 + 2/2 + 1/3 = 10/3, L_t = 2 + 3/2 + 2/3 + 1/4 = 53/12, L_r = 3 + 2 + 1 + 1/2 + 1/5
    # = 67/10, so P = 40/53 and R = 100/201
    assert (state.precision, state.recall) == (Fraction(40, 53), Fraction(100, 201))
    # F_1 = 2PR/(P+R) = (8000/10653)/(13340/10653); F_2 = 5PR/(4P+R) = 20000/37460
    assert state.fbeta_rows == [
        (1, Fraction(400, 667)),
        (2, Fraction(1000, 1873)),
        (3, Fraction(2000, 3883)),
        (2, Fraction(1000, 1873)),
    ]
    html = fbeta_html(state, EN)
    assert 'data-testid="fbeta-min">0.4975<' in html and "100/201" in html
    assert 'data-testid="fbeta-1">0.5997<' in html and 'data-testid="fbeta-3">0.5151<' in html
    assert 'data-testid="fbeta-slider">0.5339<' in html
    assert state.fbeta_curve["beta"] == [k / 20 for k in range(2, 101)]
    assert state.fbeta_curve["minimum"] == [100 / 201] * len(BETA_GRID)
    assert state.fbeta_curve["maximum"] == [40 / 53] * len(BETA_GRID)
    assert state.fbeta_curve["f_beta"][18] == pytest.approx(400 / 667)  # β = 1


def test_the_slider_beta_is_exact():
    state = CompareState(ExplorerState())
    state.beta = 1.3  # not a binary fraction: read as 13/10
    beta, value = state.fbeta_rows[-1]
    assert beta == Fraction(13, 10)
    p, r = Fraction(40, 53), Fraction(100, 201)
    assert value == (1 + beta**2) * p * r / (beta**2 * p + r)
    assert "F_β at β = 1.3 (slider)" in fbeta_html(state, EN)
    assert r < value < p


def test_f_beta_needs_precision_and_recall():
    item = ExplorerState()
    state = CompareState(item)
    item.set_inputs("", ["cat"])  # L_t = 0: P undefined
    assert state.precision is None and state.fbeta_rows == [] and state.fbeta_curve == {}
    assert "not both defined" in fbeta_html(state, EN)
    item.set_inputs("ab", [])  # no explanation at all
    assert state.fbeta_message and state.bias_message


def test_length_model_at_the_default_input():
    state = CompareState(ExplorerState())
    point = state.bias_point
    # λ̂ = 2, λ = 3, p̂ = max(P, R) = 40/53
    assert (point["length"], point["reference_length"], point["rate"]) == (2, 3, Fraction(40, 53))
    p = 40 / 53
    assert point["charsim"] == pytest.approx(p * 2 / 3)
    assert point["chrF"] == pytest.approx(5 * p * (p * 2 / 3) / (4 * p + p * 2 / 3))
    assert point["BLEU"] == pytest.approx(p * math.exp(1 - 3 / 2))
    assert point["score"] == Fraction(100, 201)
    curves = state.bias_curves
    assert len(curves["j"]) == 200 and curves["j"][-1] == 6.0  # up to max(2λ, 1.25 λ̂)
    assert curves["charsim"][99] == pytest.approx(p)  # j = 3 = λ: charsim = p
    html = bias_html(state, EN)
    assert 'data-testid="bias-rate">0.7547<' in html and "40/53" in html
    assert 'data-testid="bias-charsim">0.5031<' in html
    assert 'data-testid="bias-score">0.4975<' in html
    note = LengthBiasView(state).note.object
    assert "This is the §6 length model" in note


def test_length_model_follows_the_input_and_beta():
    item = ExplorerState()
    state = CompareState(item)
    item.set_inputs("the cat", ["the cat sat", "a cat"])
    assert state.bias_point["reference_length"] == 8  # (11 + 5) / 2 characters
    e = item.explanation
    assert state.bias_point["rate"] == max(e.precision, e.recall)
    assert state.bias_point["rate"] == e.mean_overlap / min(
        e.candidate_length, e.mean_reference_length
    )
    chrf = state.bias_point["chrF"]
    state.beta = 1.0
    assert state.bias_point["chrF"] != chrf and "chrF (β = 1)" in bias_html(state, EN)
    item.set_inputs("ab", ["cd"])
    assert state.bias_point == {} and "p̂ = 0" in bias_html(state, EN)
    item.set_inputs("ab", [""])
    assert "non-empty" in EN.message(state.bias_message)


def test_equal_precision_and_recall_give_a_flat_exact_curve():
    item = ExplorerState()
    state = CompareState(item)
    item.set_inputs("the cat sat on a mat", ["a cat sat on the mat"])  # same characters
    assert state.precision == state.recall
    assert set(state.fbeta_curve["f_beta"]) == {float(state.precision)}
    assert {value for _, value in state.fbeta_rows} == {state.precision}


def test_the_comparisons_switch_to_japanese():
    state, text = CompareState(ExplorerState()), UIText()
    fbeta, bias = FBetaView(state, text), LengthBiasView(state, text)
    assert fbeta._chart.title.text.startswith("F_β of the single item's P and R")
    text.language = "ja"
    assert (
        fbeta._chart.title.text
        == "最初のタブの候補の P と R から求めた F_β と係数 β の関係（§5.5）"
    )
    assert fbeta._slider.name == "F_β の係数 β"
    assert [item.label.value for item in fbeta._chart.legend.items] == [
        "F値 F_β",
        "min(P, R)：charsim",
        "max(P, R)",
    ]
    assert "適合率 P = M̄ / L_t" in fbeta._table.object and "β = 2 の F_β" in fbeta._table.object
    assert "§6の簡略モデル" in bias.note.object
    assert bias._figure.xaxis.axis_label == "候補長 j（文字数）"
    assert "charsim（簡略モデル）" in bias._table.object
    state.item.set_inputs("", ["cat"])
    assert "P と R の両方は定義されません" in fbeta._table.object
    assert "空でない候補と空でない参照文" in bias._table.object
