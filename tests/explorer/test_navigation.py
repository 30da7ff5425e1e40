"""Nothing typed is lost: an example or a batch item that replaces the user's texts can be undone
and starts a new history entry (Back shows the texts replaced), and the single-item page names
where its texts came from (the example; the data, system and item) with the way back."""

from __future__ import annotations

from explorer.app.i18n import UIText
from explorer.app.navigation import BATCH_TAB, SINGLE_TAB, restore
from explorer.app.page import create_app
from explorer.app.sources.examples import EXAMPLES
from explorer.app.states.batch import BatchState
from explorer.app.states.single import ExplorerState, Source
from explorer.app.views.source import SourceView

from .test_batch import PAYLOAD, REFERENCES, SYSTEMS

ADDED = next(example for example in EXAMPLES if example.key == "added")  # "cats" vs "cat"
TYPED = {
    "candidate": "my own candidate",
    "references_text": '["first", "second"]',
    "reference_format": "json",
    "max_order": 4,
    "weights": "uniform",
    "order": 2,
}


def _typed(**params) -> ExplorerState:
    state = ExplorerState()
    state.param.update(**TYPED)
    return state


def _inputs(state: ExplorerState) -> dict:
    return {name: getattr(state, name) for name in TYPED}


def test_an_example_over_typed_texts_can_be_undone_and_redone_with_its_edits():
    state = _typed()
    state.load_example(ADDED)
    assert (state.candidate, state.references, state.max_order) == ("cats", ["cat"], 32)
    assert (state.source, state.entries, state.undone) == (
        Source("cats", ("cat",), "added"),
        1,
        False,
    )
    state.candidate = "cats!"  # an edit of the example
    state.undo()
    assert _inputs(state) == TYPED and state.undone
    assert state.explanation.score == ExplorerState(**TYPED).explanation.score
    state.undo()  # redo: the example as edited
    assert (state.candidate, state.references, state.undone) == ("cats!", ["cat"], False)
    assert state.entries == 1  # undo and redo replace the entry, they start none


def test_the_same_example_again_starts_no_entry_and_keeps_what_undo_brings_back():
    state = _typed()
    state.load_example(ADDED)
    state.load_example(ADDED)
    assert state.entries == 1
    state.undo()
    assert _inputs(state) == TYPED


def test_a_link_clears_the_source_and_undo():
    state = _typed()
    state.load_example(ADDED)
    state.load_link("c=abc&r=abd")
    assert (state.source, state.previous, state.candidate) == (None, None, "abc")
    state.undo()  # nothing to undo
    assert state.candidate == "abc"


def test_an_example_starts_a_history_entry_before_the_address_of_its_texts():
    state, calls = _typed(), []
    create_app(
        state,
        BatchState(),
        replace_query=lambda query: calls.append(("replace", query)),
        new_entry=lambda: calls.append(("entry",)),
    )
    calls.clear()
    state.load_example(ADDED)
    assert calls[0] == ("entry",)  # the entry of the typed texts is left as it was
    assert calls[-1] == ("replace", state.to_link()) and ("entry",) not in calls[1:]
    calls.clear()
    state.candidate = "cats!"  # an edit replaces the entry: no new one per keystroke
    assert calls == [("replace", state.to_link())]


def test_a_batch_item_clicked_is_named_undoable_with_a_way_back_to_the_batch_page():
    state, batch, entries = _typed(), BatchState(), []
    tabs = create_app(
        state, batch, replace_query=lambda _query: None, new_entry=lambda: entries.append(1)
    )[1]
    batch.load_files(SYSTEMS, REFERENCES, example="ted")
    tabs.active = BATCH_TAB
    batch.open(1, 0)
    assert (tabs.active, state.candidate, state.references) == (
        SINGLE_TAB,
        "the cat sat",
        ["the cat"],
    )
    assert state.source == Source("the cat sat", ("the cat",), "ted", 2, 1, "b.txt")
    assert entries == [1]
    view = SourceView(state, UIText(), show_batch=lambda: setattr(tabs, "active", BATCH_TAB))
    assert "item 1 of system 2 (b.txt) of the TED talks example." in view._html.object
    assert view._undo.visible and view._batch.visible
    view._batch.clicks += 1
    assert tabs.active == BATCH_TAB
    view._undo.clicks += 1
    assert _inputs(state) == TYPED


def test_an_item_a_link_opened_is_named_but_replaced_nothing_of_the_users():
    state, batch, entries = ExplorerState(), BatchState(), []
    create_app(state, batch, replace_query=lambda _query: None, new_entry=lambda: entries.append(1))
    batch.load_files(SYSTEMS, REFERENCES, example="ted")
    batch.open(0, 1, by_link=True)
    assert (state.candidate, state.source.item, state.previous, entries) == ("ca", 2, None, [])
    view = SourceView(state, UIText(language="ja"))
    assert "TEDトークの例のシステム1（a.txt）の項目2を表示しています。" in view._html.object
    assert not view._undo.visible and not view._batch.visible  # no show_batch given


def test_back_and_forward_show_what_the_entry_holds_and_start_no_entry():
    state, batch, text, entries = _typed(), BatchState(), UIText(), []
    tabs = create_app(
        state, batch, text, replace_query=lambda _query: None, new_entry=lambda: entries.append(1)
    )[1]
    typed = state.to_link()
    batch.load_files(SYSTEMS, REFERENCES, example="ted")
    batch.open(0, 0)  # entries == [1]: the item's address is example=ted&system=1&item=1
    restore(typed, state, batch, text)  # Back
    assert _inputs(state) == TYPED and state.source is None
    restore("c=cats&r=cat", state, batch, text)  # an example's texts: named as the example
    assert (state.source.example, state.previous) == ("added", None)
    restore("example=ted&system=2&item=2&lang=ja", state, batch, text)  # Forward, in Japanese
    assert (state.candidate, state.source.system, tabs.active, text.language) == (
        "cat",
        2,
        SINGLE_TAB,
        "ja",
    )
    assert entries == [1] and state.previous is None


def test_a_file_name_is_shown_as_text():
    state = ExplorerState()
    state.open_source(Source("a", ("a",), "", 1, 3, PAYLOAD))
    html = SourceView(state, UIText())._html.object
    assert PAYLOAD not in html and "&lt;img src=x" in html
    assert "item 3 of system 1 (&lt;img" in html and "the files loaded on the batch page" in html
