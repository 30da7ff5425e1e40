"""The batch page's items opened on the single-item page, and the links that hold them."""

from __future__ import annotations

import asyncio

import pytest

import charsim
from charsim.corpus import score_systems
from charsim.io.textio import DataError
from explorer.app.i18n import UIText
from explorer.app.page import create_app
from explorer.app.sources.batch_examples import BATCH_EXAMPLES
from explorer.app.sources.item_link import ItemLink, decode_item_link, encode_item_link
from explorer.app.states.batch import BatchState
from explorer.app.states.single import ExplorerState

from .test_batch import REFERENCES, SYSTEMS, _cleared, _read_ted, _scored


def test_opening_an_item_and_its_link():
    state = _scored(candidates=SYSTEMS, references=REFERENCES)
    state.open(1, 1)
    assert (state.opened.candidate, state.opened.references) == ("cat", ("cat",))
    assert state.opened.link is None  # uploads are not addressable
    state.load_files(SYSTEMS, REFERENCES, example="ted")
    state.open(0, 1)
    assert decode_item_link(state.opened.link) == (ItemLink("ted", 1, 2), [])


def test_opening_an_item_fills_the_single_item_page():
    explorer, batch = ExplorerState(), BatchState()
    tabs = create_app(explorer, batch)[1]
    tabs.active = 1
    batch.load_files(SYSTEMS, REFERENCES)
    batch.open(1, 0)
    assert tabs.active == 0
    assert (explorer.candidate, explorer.references) == ("the cat sat", ["the cat"])
    assert explorer.explanation.score == charsim.explain("the cat sat", ["the cat"]).score


def test_an_unusable_item_link_opens_the_batch_page_in_its_language_and_leaves_the_address():
    batch = BatchState()
    text = UIText()
    query, address = "?example=ted&system=1&item=abc&lang=ja", []
    tabs = create_app(ExplorerState(), batch, text, query=query, replace_query=address.append)[1]
    assert (tabs.active, text.language, address) == (1, "ja", ["lang=ja"])  # not the bad link
    assert [text.message(message) for message in batch.message] == [
        "リンクの項目番号'abc'が正しくありません（1以上の行番号を指定してください）。"
    ]


def test_ted_example_matches_the_command_line():
    example = BATCH_EXAMPLES["ted"]
    state = BatchState()
    asyncio.run(state.open_link(ItemLink("ted", 2, 67), _read_ted))
    assert state.batch.size == 2445 and state.batch.example == "ted"
    assert state.opened.candidate == state.batch.systems[1][66]
    systems = [[*batch] for batch in state.batch.systems]
    expected = score_systems(systems, state.batch.references)
    assert [r.score for r in state.results] == [r.score for r in expected]
    assert round(state.results[0].score, 4) == 0.4519 and example.licence in example.files
    assert not asyncio.run(state.load_example(example, _missing))
    assert UIText().message(state.message) == (
        "The example could not be loaded: examples/ted/ted.sys1.txt: could not be fetched "
        "(HTTP 404)"
    )
    assert _cleared(state) == (None, [], [], 0, 0, False)


async def _missing(url: str) -> bytes:
    raise DataError(url, None, "could not be fetched (HTTP 404)")


def test_link_past_the_last_item_is_reported():
    state = BatchState()
    asyncio.run(state.open_link(ItemLink("ted", 1, 9), _small_example))
    assert "item 9 is past the end: the example has 2 items" in UIText().message(state.message)
    assert state.opened is None and len(state.results) == 2  # still scored


async def _small_example(url: str) -> bytes:
    return b"a\nb\n"  # every file of the example: two lines


def test_an_item_link_with_a_candidate_opens_the_item_and_says_the_candidate_was_ignored():
    link, problems = decode_item_link("?example=ted&item=2&c=abc&zz=1")
    assert problems == [] and (link.example, link.system, link.item) == ("ted", 1, 2)
    assert [UIText().message(m) for m in link.ignored] == [
        "The link's candidate field (c) was ignored: a link to an item of an example opens the "
        "item as the example has it.",
        "The link has an unknown field 'zz'; it was ignored.",
    ]
    state = BatchState()
    asyncio.run(state.open_link(link, _small_example))
    assert (state.opened.candidate, state.opened.references) == ("b", ("b",))
    assert state.message == list(link.ignored)
    assert len(state.results) == 2  # scored all the same
    japanese = UIText(language="ja")
    assert japanese.message(state.message).startswith("リンクの候補の項目（c）は無視しました")


def test_an_item_link_past_the_end_with_a_candidate_says_both():
    link, _ = decode_item_link("example=ted&item=9&c=abc")
    state = BatchState()
    asyncio.run(state.open_link(link, _small_example))
    assert state.opened is None
    assert UIText().message(state.message) == (
        "The link's item 9 is past the end: the example has 2 items. The link's candidate field "
        "(c) was ignored: a link to an item of an example opens the item as the example has it."
    )


def test_an_item_link_keeps_its_language_and_reports_a_bad_one():
    link = ItemLink("ted", 2, 17, language="ja")
    assert encode_item_link(link) == "example=ted&system=2&item=17&lang=ja"
    assert decode_item_link(encode_item_link(link)) == (link, [])
    link, problems = decode_item_link("example=ted&item=3&lang=fr")
    assert problems == [] and link.language == "en" and link.item == 3
    assert [UIText().message(m) for m in link.ignored] == [
        "The link's language field is not valid (expected one of en, ja); the default was used."
    ]


def test_one_item_is_singular():
    state = BatchState()
    asyncio.run(state.open_link(ItemLink("ted", 1, 9), _one_line_example))
    assert UIText().message(state.message) == (
        "The link's item 9 is past the end: the example has 1 item."
    )


async def _one_line_example(url: str) -> bytes:
    return b"a\n"


# -- links ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "link", "problem"),
    [
        ("?example=ted&system=2&item=17", ItemLink("ted", 2, 17), None),
        ("example=ted", ItemLink("ted", 1, 1), None),
        ("c=ca&r=%5B%22cat%22%5D", None, None),  # a single-item link: not ours
        ("example=nope", None, "unknown example 'nope' (known: ted)"),
        ("example=ted&system=3&item=1", None, "system '3' is not valid (expected 1..2)"),
        ("example=ted&item=0", None, "item '0' is not valid"),
        ("example=ted&item=-1", None, "item '-1' is not valid"),
    ],
)
def test_item_links(query, link, problem):
    decoded, problems = decode_item_link(query)
    assert decoded == link
    assert (problem in UIText().message(problems)) if problem else problems == []
    if link is not None:
        assert decode_item_link(encode_item_link(link)) == (link, [])


# -- views ---------------------------------------------------------------------------------
