"""The simplified models of §5.7 and §6 and the `charsim article` command, against the article."""

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import charsim
from charsim.cli import main
from charsim.metric.models import (
    bleu_model,
    block_ratio,
    cap_change,
    charsim_model,
    chrf_model,
    f_beta,
    length_model_precision_recall,
    score_weighted_centroid,
    weight_share_above,
)
from charsim.render.article import CHECKS, Check

fractions = st.fractions(min_value=0, max_value=1)


def test_length_model_spot_values_of_section_6_3():
    # λ = 100, p = 0.8; independent arithmetic in the comments
    assert charsim_model(70, 100, 0.8) == pytest.approx(0.56)  # 0.8 · 70/100
    assert charsim_model(130, 100, 0.8) == pytest.approx(0.8 * 100 / 130)
    assert chrf_model(70, 100, 0.8) == pytest.approx(5 * 0.8 * 0.56 / (4 * 0.8 + 0.56))
    assert bleu_model(20, 100, 0.8) == pytest.approx(0.8 * math.exp(1 - 5))
    assert bleu_model(130, 100, 0.8) == charsim_model(130, 100, 0.8)  # long side: both = P
    # the model is symmetric in the length ratio (§6.3): half and double give p/2
    assert charsim_model(50, 100, 0.8) == charsim_model(200, 100, 0.8) == pytest.approx(0.4)


def test_f_beta_of_section_5_5():
    # the article's example: P = 1, R = 0.5, β = 1 → about 0.67, min(P, R) = 0.5
    assert f_beta(1, Fraction(1, 2), 1) == Fraction(2, 3)  # 2 · 1/2 / (3/2)
    assert f_beta(Fraction(1, 2), 1, 2) == Fraction(5, 6)  # 5 · 1/2 / (2 + 1)
    assert f_beta(1, Fraction(1, 2), 3) == Fraction(10, 19)  # 10 · 1/2 / (9 + 1/2)
    assert f_beta(Fraction(1, 2), Fraction(1, 2), Fraction(7, 3)) == Fraction(1, 2)
    assert f_beta(0, Fraction(1, 2)) == 0 and isinstance(f_beta(0, Fraction(1, 2)), Fraction)
    assert f_beta(0.5, 0.0) == 0.0 and isinstance(f_beta(0.5, 0.0), float)
    assert f_beta(0.8, 0.56, 2.0) == pytest.approx(5 * 0.8 * 0.56 / (4 * 0.8 + 0.56))
    with pytest.raises(ValueError, match="β must be positive"):
        f_beta(1, 1, 0)


@given(fractions, fractions, st.fractions(min_value=Fraction(1, 100), max_value=100))
def test_f_beta_lies_between_precision_and_recall(precision, recall, beta):
    assert min(precision, recall) <= f_beta(precision, recall, beta) <= max(precision, recall)


def test_centroids_and_block_ratios():
    assert round(score_weighted_centroid(chrf_model), 1) == 103.3
    assert round(score_weighted_centroid(bleu_model), 1) == 102.7
    assert round(score_weighted_centroid(charsim_model), 1) == 101.5
    assert round(block_ratio(32, "uniform"), 1) == 5.2
    assert round(block_ratio(32, "harmonic"), 1) == 1.8
    assert round(block_ratio(100, "uniform"), 1) == 8.1
    assert round(block_ratio(100, "harmonic"), 1) == 2.0


def test_weight_share_table_of_section_5_7():
    harmonic = [round(100 * weight_share_above(4, cap)) for cap in (8, 16, 32, 64)]
    uniform = [round(100 * weight_share_above(4, cap, "uniform")) for cap in (8, 16, 32, 64)]
    assert harmonic == [23, 38, 49, 56]
    assert uniform == [50, 75, 88, 94]
    # 1 − H_4/H_8 with H_4 = 25/12 and H_8 = 761/280
    assert weight_share_above(4, 8) == 1 - Fraction(25, 12) / Fraction(761, 280)


def test_cap_change_identity_on_real_explanations():
    """§5.7: S_{N1} − S_{N0} = (ΔA − S_{N0} ΔD)/(D_{N0} + ΔD), exactly, for capped variants."""
    candidate, references = "the cat sat on the mat", ["a cat sat on a mat", "the cat sat"]
    low = charsim.explain(candidate, references, max_order=4)
    high = charsim.explain(candidate, references, max_order=16)
    delta_a, delta_d, change = cap_change(
        low.mean_overlap, low.denominator, high.mean_overlap, high.denominator
    )
    assert change == high.score - low.score
    assert delta_a == high.mean_overlap - low.mean_overlap > 0


def test_model_rejects_bad_parameters():
    with pytest.raises(ValueError, match="positive"):
        length_model_precision_recall(0, 100, 0.5)
    with pytest.raises(ValueError, match="match rate"):
        length_model_precision_recall(10, 100, 1.5)


def test_article_command_reproduces_every_number(capsys):
    assert main(["article", "--format", "json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert len(records) == len(CHECKS) >= 40
    assert all(record["matches"] for record in records)
    sections = {record["section"] for record in records}
    assert sections == {"§3.3", "§3.4", "§5.7", "§6.3", "§6.4", "§7.4"}


def test_a_wrong_number_is_reported():
    assert not Check("§0", "deliberately wrong", "0.50", lambda: 0.4949).matches
    assert Check("§0", "half rounds up", "0.5", lambda: 0.45).matches
    assert Check("§0", "percent", "88%", lambda: 87.5).matches
