"""Judged texts on the single-item page (explorer.app.sources.judged, views.judged,
markup.spans): the link's field ``j`` read back and refused defensively, the switch between
the two candidates of a disagreement, and the candidate drawn with the spans people marked and
the characters charsim leaves unmatched, worked out by hand, every text escaped."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from charsim.agreement import ErrorSpan
from explorer.app.i18n import UIText
from explorer.app.sources.judged import Judged, JudgedText, decode_judged, encode_judged
from explorer.app.sources.link import decode_link
from explorer.app.states.single import ExplorerState
from explorer.app.views.judged import JudgedView

PAIR = Judged(
    item="7",
    human_name="MQM",
    texts=(
        JudgedText("A", "the hat", 0.0, (), "people"),
        JudgedText(
            "B",
            "the cat",
            -5.0,
            (
                ErrorSpan(4, 7, "Major", "Accuracy/Mistranslation", "rater1"),
                ErrorSpan(None, None, "Minor", "Accuracy/Omission", "rater1"),
            ),
            "charsim",
        ),
    ),
)


def test_a_link_holds_the_judged_texts():
    state = ExplorerState()
    state.set_inputs("the cat", ["the hat"], judged=PAIR)
    restored = ExplorerState()
    restored.load_link(state.to_link())
    assert restored.judged == PAIR and restored.link_problems == []
    assert restored.candidate == "the cat"


ONE = '{"item":"1","human":"MQM","texts":[{"name":"A","text":"ab"%s}]}'


@pytest.mark.parametrize(
    ("field", "reason"),
    [
        ("[1]", "expected a JSON object"),
        ('{"item":"1","human":"MQM","texts":[]}', "one or two"),
        (ONE % ',"spans":[[0,3,"M","c","r"]]', "within its text (0..2)"),
        (ONE % ',"spans":[[1,0,"M","c","r"]]', "within its text"),
        (ONE % ',"human":"x"', "is a number or null"),
        (ONE % ',"by":"me"', "people, charsim or empty"),
        ("[" * 200 + "]" * 200, "nested too deeply"),
        ("{", "not JSON"),
    ],
)
def test_a_bad_field_j_is_refused_and_named(field, reason):
    link, problems = decode_link("c=x&r=%5B%22x%22%5D&j=" + quote(field))
    assert link.judged is None and link.candidate == "x"
    (problem,) = problems
    assert reason in UIText().message(problem)
    assert "judged texts" in UIText().message(problem)


def test_judged_json_round_trips_every_field():
    assert decode_judged(encode_judged(PAIR)) == PAIR


def _drawn(view: JudgedView) -> str:
    return view._drawing.object


def test_the_candidate_drawn_with_spans_and_unmatched_characters():
    state = ExplorerState()
    state.set_inputs("the cat", ["the hat"], judged=PAIR)
    view = JudgedView(state, UIText())
    html = _drawn(view)
    # each character in order: "the " unmarked and matched; "cat" marked (one <mark>), of it
    # only c unmatched (a and both t are in "the hat")
    chars = re.findall(r'<span class="cs-jc( cs-unmatched)?">(.)</span>', html)
    assert [(c, bool(u)) for u, c in chars] == [
        ("t", False),
        ("h", False),
        ("e", False),
        ("␣", False),
        ("c", True),
        ("a", False),
        ("t", False),
    ]
    (mark,) = re.findall(r"<mark class=\"cs-error cs-major\" tabindex.*?</mark>", html)
    assert 'data-error="Major · Accuracy/Mistranslation"' in mark and 'tabindex="0"' in mark
    assert ">c</span>" in mark and ">h</span>" not in mark
    assert "error marked (Major · Accuracy/Mistranslation):" in mark  # for screen readers
    figure = "Of the 3 characters people marked, charsim leaves 1 unmatched (33.3%); "
    assert figure + "of the other 4, 0 (0.0%)." in html
    assert "“cat” (characters 5–7): Major · Accuracy/Mistranslation · rater1" in html
    assert "no span marked (an omission): Minor · Accuracy/Omission · rater1" in html
    assert "Characters charsim leaves unmatched: “c” (5–5)." in html
    assert view._switch.value == 1 and list(view._switch.options) == [
        "A: people prefer it (MQM 0)",
        "B: charsim prefers it (MQM -5)",
    ]


def test_the_switch_puts_the_other_candidate_in_the_box_and_an_edit_says_so():
    state = ExplorerState()
    state.set_inputs("the cat", ["the hat"], judged=PAIR)
    view = JudgedView(state, UIText())
    view._switch.value = 0
    assert state.candidate == "the hat" and state.judged == PAIR
    assert "People found no error in this text." in _drawn(view)
    state.candidate = "the bat"
    assert view._switch.value is None and "judged texts (it was edited)" in _drawn(view)
    state.set_inputs("x", ["y"], judged=None)
    assert not view._panel.visible


def test_every_text_is_escaped():
    evil = "<script>alert(1)</script>"
    judged = Judged(
        evil, evil, (JudgedText(evil, evil, None, (ErrorSpan(0, 8, evil, evil, evil),)),)
    )
    state = ExplorerState()
    state.set_inputs(evil, [evil], judged=judged)
    view = JudgedView(state, UIText(language="ja"))
    assert "<script>" not in _drawn(view) + view._heading.object
    assert "&lt;script&gt;" in view._heading.object
