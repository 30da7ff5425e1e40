"""The worker's Python side (explorer.runtime.worker) without a browser: what the live view
shows for typed inputs and links, and that it hands over to the app."""

from __future__ import annotations

import asyncio

import pytest

import charsim
from explorer.app import staging
from explorer.app.sources.link import MAX_ADDRESS_QUERY
from explorer.app.states.single import address_query
from explorer.runtime import worker


class JsValue:
    """Stands for a JS value as Pyodide hands it to Python (``to_py`` converts it)."""

    def __init__(self, value) -> None:
        self.value = value

    def to_py(self):
        return self.value


@pytest.fixture
def session(monkeypatch):
    """A Session with plain Python values for JS ones, on an event loop of its own (as in the
    browser: its staging defers work to the loop); the app's staging is put back after."""
    monkeypatch.setattr(worker, "_to_js", lambda value: value)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    previous = staging.use(staging.Staging())
    yield worker.Session(post=[].append, page_resources=JsValue([]))
    staging.use(previous)
    asyncio.set_event_loop(None)
    loop.close()


def _inputs(**fields) -> JsValue:
    inputs = {
        "candidate": "ca",
        "references_text": "cat",
        "reference_format": "lines",
        "max_order": 32,
        "weights": "harmonic",
    }
    return JsValue(inputs | fields)


def test_the_live_view_scores_what_is_typed_and_mirrors_it_in_the_address(session):
    opening = session.start("")
    assert opening["live"] and opening["inputs"]["candidate"] == "ca"
    assert opening["labels"]["candidate"] == "Candidate"
    view = session.score(_inputs(candidate="the cat", references_text="the cat sat\na cat"))
    expected = charsim.score("the cat", ["the cat sat", "a cat"])
    assert view["score"] == f"{expected:.4f}"
    assert f'data-testid="score-main">{expected:.4f}<' in view["card"]
    assert "K = 2" in view["references_summary"]
    assert view["query"] == address_query(session.state, "en")
    assert view["inputs"]["candidate"] == "the cat"


def test_the_live_view_opens_a_link_in_its_language(session):
    query = address_query(session.state, "ja").replace("c=ca", "c=cats")
    opening = session.start(query)
    assert opening["language"] == "ja" and opening["inputs"]["candidate"] == "cats"
    assert opening["labels"]["candidate"] == "候補"
    assert opening["score"] == f"{charsim.score('cats', ['cat']):.4f}"


def test_a_link_with_a_bad_field_gets_the_address_of_the_state_shown(session):
    opening = session.start("c=dog&cap=1e9&lang=ja")
    assert (opening["inputs"]["candidate"], opening["inputs"]["max_order"]) == ("dog", 32)
    assert opening["query"] == address_query(session.state, "ja")
    assert "cap=32" in opening["query"] and "1e9" not in opening["query"]
    assert session.start("c=dog&cap=9")["query"] is None  # a good link is left as it is


def test_a_link_too_long_for_the_address_gets_the_language_only(session):
    """As the share view says: a reload of a longer address would be refused (HTTP 414)."""
    candidate = "ab" * (MAX_ADDRESS_QUERY // 2)
    opening = session.start(f"c={candidate}&r=%5B%22ab%22%5D&fmt=json&lang=ja")
    assert opening["inputs"]["candidate"] == candidate
    assert opening["query"] == "lang=ja"


def test_an_item_link_of_a_batch_example_is_left_to_the_app(session):
    assert session.start("example=ted&item=17") == {"live": False}


def test_switching_the_reference_format_rewrites_the_references(session):
    session.start("")
    view = session.score(_inputs(references_text="cat\ndog", format="json"))
    assert view["inputs"]["reference_format"] == "json"
    assert view["inputs"]["references_text"] == '["cat", "dog"]'


def test_live_requests_are_ignored_once_the_app_is_built(session):
    """After the build the page hands its boxes to the app itself; a late live request
    must not change the state behind the app's back."""
    session.start("")
    session._doc = object()  # as after build()
    assert session.score(_inputs(candidate="late")) is None
    assert session.state.candidate == "ca"


class _Placeholder:
    """Stands for the Bokeh model of a part's placeholder, showing the part's progress."""

    def __init__(self) -> None:
        self.children = ["progress"]


def _built_ahead(session) -> dict:
    """A part of each page built ahead (as :func:`worker.prebuild` leaves them), by page."""
    shown = {page: _Placeholder() for page in ("single", "batch", "about")}
    session._ahead = [(page, model, []) for page, model in shown.items()]
    return shown


def test_the_single_item_page_is_complete_before_the_other_pages_built_ahead(session):
    """Parts built ahead for the app's snapshot (:func:`worker.prebuild`), each set back on the
    page one per step: the single-item page is said complete once its own are, before the
    other pages' are shown, and every page once all are."""
    shown = _built_ahead(session)
    assert [session.step() for _ in range(4)] == ["single", "", "", "done"]
    assert all(model.children == [] for model in shown.values())


def test_a_page_opened_before_its_part_built_ahead_is_shown_comes_next(session):
    shown = _built_ahead(session)
    session.staging.opened("about")
    assert session.step() == "" and shown["about"].children == []
    assert shown["single"].children == shown["batch"].children == ["progress"]
