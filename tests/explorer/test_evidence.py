"""Where the texts match, beside the score (explorer/app/views/evidence.py), and the order a bar
of the contributions picks shown in the n-gram matches tab."""

from __future__ import annotations

import panel as pn

import charsim
from explorer.app.i18n import UIText
from explorer.app.page import single_item_page
from explorer.app.states.single import ExplorerState
from explorer.app.views.evidence import EvidenceView, informative_order


def test_the_order_shown_is_the_highest_with_a_shared_ngram():
    # "ca" against "cat": ⊳c, ⊳ca (orders 2, 3 with the begin boundary) are shared, nothing
    # longer; "xy" against "ab" shares nothing at all
    assert informative_order(charsim.explain("ca", ["cat"])).n == 3
    assert informative_order(charsim.explain("xy", ["ab"])) is None
    # a run of 5 shared characters, each text's boundaries unshared: order 5 at most
    assert informative_order(charsim.explain("xhellox", ["yhelloy"])).n == 5


def test_the_view_marks_that_order_and_names_it():
    state = ExplorerState()
    state.set_inputs("the cat sat", ["a cat sat", "the dog", "cats", "sat"])
    html = EvidenceView(state, UIText())._html.object
    assert 'data-order="9"' in html  # "␣cat␣sat⊲": 8 characters and the end boundary
    assert "order n = 9, the highest with a shared n-gram" in html
    assert html.count('data-testid="evidence-reference-') == 3  # the first three
    assert "1 more reference: the n-gram matches tab" in html
    state.set_inputs("xy", ["ab"])
    assert "No n-gram of any order is shared" in EvidenceView(state, UIText())._html.object


def test_a_picked_order_opens_the_ngram_matches_tab():
    state = ExplorerState()
    page = single_item_page(state, UIText())
    (details,) = [tabs for tabs in page.select(pn.Tabs)]
    details.active = 3
    state.order = 2  # as a click on the bar of order 2 sets it
    assert details.active == 0
