"""The "About the metric" tab without a browser: the article's numbers at the default sliders,
live recomputation, the weight-share table and the cap-sensitivity demo."""

from fractions import Fraction

import pytest
from bokeh.models import Legend

import charsim
from explorer.app.i18n import UIText
from explorer.app.states.about import AboutState, parse_caps
from explorer.app.states.compare import CompareState
from explorer.app.states.single import ExplorerState
from explorer.app.views.about_bias import LengthBiasView
from explorer.app.views.about_block import block_html
from explorer.app.views.about_caps import decomposition_html, share_html
from explorer.app.views.about_fbeta import FBetaView
from explorer.app.views.about_length import centroids_html
from explorer.app.views.about_page import AboutView
from explorer.app.views.contributions import ContributionsView


def test_article_centroids_at_the_default_sliders():
    state = AboutState()
    assert (state.reference_length, state.rate, state.beta) == (100, 0.8, 2.0)
    assert state.centroid_lengths == (50, 150)
    assert {k: round(v, 1) for k, v in state.centroids.items()} == {
        "chrF": 103.3,
        "BLEU": 102.7,
        "charsim": 101.5,
    }
    assert state.length_curves["j"] == list(range(1, 201))
    assert state.length_curves["charsim"][69] == pytest.approx(0.56)  # j = 70 (§6.3)
    html = centroids_html(state, UIText())
    assert ">103.3<" in html and ">102.7<" in html and ">101.5<" in html


def test_moving_a_slider_changes_the_centroid():
    state = AboutState()
    chrf = state.centroids["chrF"]
    state.beta = 1.0
    assert round(state.centroids["chrF"], 1) != round(chrf, 1)
    charsim_centroid = state.centroids["charsim"]
    state.reference_length = 60
    assert state.centroid_lengths == (30, 90)
    assert state.centroids["charsim"] != charsim_centroid
    # p scales every score alike: the curves move, the centroids do not
    before, curve = dict(state.centroids), list(state.length_curves["BLEU"])
    state.rate = 0.5
    assert state.length_curves["BLEU"] != curve
    assert state.centroids == pytest.approx(before)


def test_article_block_ratios():
    state = AboutState()
    assert {w: round(v, 1) for w, v in state.block_at(32).items()} == {
        "harmonic": 1.8,
        "uniform": 5.2,
    }
    assert {w: round(v, 1) for w, v in state.block_at(100).items()} == {
        "harmonic": 2.0,
        "uniform": 8.1,
    }
    assert state.block_curves["cap"] == list(range(1, 101))
    assert 'data-testid="block-32-uniform">5.2<' in block_html(state, UIText())
    state.block_rate = 0.5
    assert round(state.block_at(32)["uniform"], 1) != 5.2


def test_article_weight_shares():
    state = AboutState()
    html = share_html(state, UIText())
    for cap, harmonic, uniform in ((8, 23, 50), (16, 38, 75), (32, 49, 88), (64, 56, 94)):
        assert f"data-testid='share-{cap}-harmonic'>{harmonic} %<" in html
        assert f"data-testid='share-{cap}-uniform'>{uniform} %<" in html
    state.caps_text = "100, 10"
    assert [row[0] for row in state.share_rows] == [10, 100]
    state.caps_text = "<b>x</b>"
    assert state.share_rows == [] and "<b>" not in share_html(state, UIText())
    assert parse_caps("3")[1] and parse_caps("")[1] and parse_caps("4 256") == ([4, 256], None)


def test_cap_sensitivity_runs_on_request_and_decomposes():
    item = ExplorerState()
    item.set_inputs("cats", ["cat"])
    view = AboutView(item)
    state = view.state
    assert state.cap_scores == {} and "Press" in decomposition_html(state, UIText())
    view.shown()
    assert state.cap_scores["cap"] == list(range(1, 65))
    assert state.cap_scores["score"][31] == pytest.approx(charsim.score("cats", ["cat"]))
    assert state.cap_scores["score"][2] == pytest.approx(
        float(charsim.explain("cats", ["cat"], max_order=3).score)
    )
    state.compare_cap = 3
    d = state.cap_decomposition
    s3 = charsim.explain("cats", ["cat"], max_order=3).score
    assert d["change"] == s3 - d["S0"] and isinstance(d["change"], Fraction)
    assert "about-cap-change" in decomposition_html(state, UIText())
    item.set_inputs("cat", ["cat"])  # the input changed: the results are stale
    assert state.cap_scores == {}


def test_cap_sensitivity_skips_without_an_explanation():
    item = ExplorerState()
    item.set_inputs("a", [])
    view = AboutView(item)
    view.shown()
    assert state_message(view).startswith("No explanation of the single item: undefined")
    assert view.state.cap_scores == {}
    item.set_inputs("", [""])  # an empty-input rule: scores, but no decomposition (D = 0)
    view.shown()
    assert view.state.cap_scores["score"] == [1.0] * 64
    assert "empty-input rule" in state_message(view)


def state_message(view: AboutView) -> str:
    """The demo's message (why it shows nothing)."""
    return UIText().message(view.state.cap_message)


def test_about_tab_builds():
    from explorer.app.page import create_app

    app = create_app(ExplorerState())
    app.get_root()
    assert app[1]._names[2] == "About the metric"
    app.active = 2


def test_without_p_and_r_the_charts_give_way_to_the_message():
    # an empty candidate: P and R undefined (§3.1); the F_β chart was an empty frame with a
    # legend and the contributions an empty box with download buttons
    item = ExplorerState()
    fbeta, contributions = FBetaView(CompareState(item)), ContributionsView(item)
    assert fbeta._chart_column.visible and contributions._chart_column.visible
    item.set_inputs("", ["cat"])
    assert not fbeta._chart_column.visible and not contributions._chart_column.visible
    item.set_inputs("ca", ["cat"])
    assert fbeta._chart_column.visible and contributions._chart_column.visible


def test_the_length_models_legend_is_below_its_chart_and_lengths_are_written_out():
    # on its right, the legend squeezed the plot to 75 px in a 400-px window; a length of
    # 200,000 characters was ticked 2.000e+5
    chart = LengthBiasView(CompareState(ExplorerState()))._figure
    assert isinstance(chart.below[-1], Legend) and not chart.right
    assert chart.xaxis[0].formatter.use_scientific is False
