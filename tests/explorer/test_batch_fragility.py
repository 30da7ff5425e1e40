"""The batch page's "scores that move under preprocessing" (explorer/app/views/batch_fragility.py),
without a browser: a small batch whose moves are known exactly (tests/charsim/test_fragility.py
derives the charsim fractions by hand; chrF is sacreBLEU's own)."""

import asyncio

import pytest
from sacrebleu.metrics import CHRF

from explorer.app.i18n import UIText
from explorer.app.states import batch_fragility
from explorer.app.states.batch import BatchState
from explorer.app.states.batch_fragility import FragilityState
from explorer.app.views.batch_fragility import FragilityView, moved_frame
from tests.charsim.test_fragility import LIGATURE_OFF, QUOTES_OFF

LIGATURE, QUOTES, SAME = "\ufb01ne", "\u201cit\u2019s\u201d", "same"
REFERENCES = ["fine", '"it\'s"', "same"]


def _lines(texts: list[str]) -> bytes:
    return "\n".join(texts).encode() + b"\n"


def _batch(candidates: list[str], references: list[str]) -> BatchState:
    batch = BatchState()
    batch.load_files([("sys.txt", _lines(candidates))], [("ref.txt", _lines(references))])
    asyncio.run(batch.score())
    return batch


def _computed(batch: BatchState) -> FragilityState:
    state = FragilityState(batch)
    asyncio.run(state.compute())
    return state


def test_the_items_that_move_most_per_metric_in_chunks(monkeypatch):
    monkeypatch.setattr(batch_fragility, "CHUNK", 2)  # 3 items: two chunks
    state = _computed(_batch([LIGATURE, QUOTES, SAME], REFERENCES))
    moved = [(r.system, r.moved.metric, r.moved.index, r.moved.setting) for r in state.rows]
    # charsim: the quotes move by 1 - 980/4049 = 0.758, the ligature by 1 - 200/549 = 0.636
    # (NFKC before case folding, which also expands it); chrF: by 88.3 and 70.5; "same" stays
    assert moved == [
        (0, "charsim", 1, "whitespace+quotes"),
        (0, "charsim", 0, "NFKC"),
        (0, "chrf", 1, "whitespace+quotes"),
        (0, "chrf", 0, "NFKC"),
    ]
    charsim_quotes, charsim_ligature, chrf_quotes, chrf_ligature = (r.moved for r in state.rows)
    assert (charsim_quotes.raw, charsim_quotes.derived) == (float(QUOTES_OFF), 1.0)
    assert (charsim_ligature.raw, charsim_ligature.derived) == (float(LIGATURE_OFF), 1.0)
    assert chrf_quotes.raw == CHRF().sentence_score(QUOTES, [REFERENCES[1]]).score
    assert chrf_ligature.raw == pytest.approx(29.4613, abs=5e-5) and chrf_ligature.derived == 100
    assert state.message is None and not state.computing


def test_the_table_labels_the_setting_derived_names_the_characters_and_opens_the_item():
    batch = _batch([LIGATURE, QUOTES, SAME], REFERENCES)
    view = FragilityView(batch, UIText())
    asyncio.run(view.state.compute())
    frame = moved_frame(view.state, UIText())
    first = frame.iloc[0]
    assert (first["metric"], first["item"], first["system"]) == ("charsim", 2, "sys.txt")
    assert first["setting"] == "whitespace+quotes (derived)"
    assert first["delta"] == pytest.approx(1 - float(QUOTES_OFF))
    assert first["changed"] == (
        "candidate: U+201C LEFT DOUBLE QUOTATION MARK → U+0022 QUOTATION MARK; "
        "candidate: U+2019 RIGHT SINGLE QUOTATION MARK → U+0027 APOSTROPHE; "
        "candidate: U+201D RIGHT DOUBLE QUOTATION MARK → U+0022 QUOTATION MARK"
    )
    assert list(frame["metric"]) == ["charsim", "charsim", "chrF2", "chrF2"]
    assert moved_frame(view.state, UIText(language="ja")).iloc[1]["setting"] == "NFKC（派生設定）"
    view._open(frame.iloc[1], "item")
    assert (batch.opened.index, batch.opened.candidate) == (0, LIGATURE)


def test_no_files_and_no_item_that_moves_say_so():
    empty = _computed(BatchState())
    assert empty.rows == [] and empty.message.key == "batch.fragility.no_files"
    still = _computed(_batch([SAME, "a b"], [SAME, "a b"]))
    assert still.rows == [] and still.message.key == "batch.fragility.none_moved"
    text = UIText()
    assert text.message(still.message) == (
        "No item's charsim or chrF moves under any derived setting."
    )


def test_a_load_during_the_run_stops_it_without_an_error(monkeypatch):
    """A load that fails while the run is between two chunks clears the batch's results: the
    run stops (the results' watcher starts the next one) instead of reading scores that are gone."""
    monkeypatch.setattr(batch_fragility, "CHUNK", 1)
    batch = _batch([LIGATURE, QUOTES, SAME], REFERENCES)
    state = FragilityState(batch)

    async def run() -> None:
        task = asyncio.ensure_future(state.compute())
        await asyncio.sleep(0)  # the first chunk is done
        assert batch.load_files([("sys.txt", b"")], [("ref.txt", b"")]) is False
        assert batch.results == []
        await task

    asyncio.run(run())
    assert state.rows == []
