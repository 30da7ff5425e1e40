"""The batch page's data, state, links and views, without a browser."""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Callable

import param
import pytest

import charsim
from charsim.corpus import score_systems
from charsim.io.textio import DataError
from explorer.app.i18n import UIText
from explorer.app.sources import batch_data
from explorer.app.sources.batch_data import LimitError, batch_from_files, batch_from_jsonl
from explorer.app.sources.batch_examples import BATCH_EXAMPLES
from explorer.app.states.batch import CHUNK, BatchState
from explorer.app.views.batch_differences import DifferencesView, differences_frame
from explorer.app.views.batch_histogram import histogram_data
from explorer.app.views.batch_inputs import BatchInputsView
from explorer.app.views.batch_items import ItemsView, items_frame
from explorer.app.views.batch_summary import BatchSummaryView, summary_html
from explorer.app.views.common import item_table, read_only_table, signature_html
from explorer.site_build.assets import copy_examples
from explorer.site_build.common import ROOT, BuildError

from ..data import TED

SYSTEMS = [("a.txt", b"the cat\nca\n"), ("b.txt", b"the cat sat\ncat\n")]
REFERENCES = [("ref.txt", b"the cat\ncat\n")]
PAYLOAD = "<img src=x onerror=alert(1)>"


async def _read_ted(url: str) -> bytes:
    """A stand-in for the browser's fetch: the repository's TED folder the build copies from."""
    return (TED / url.rsplit("/", 1)[-1]).read_bytes()


def _scored(**load) -> BatchState:
    state = BatchState()
    assert state.load_files(**load)
    asyncio.run(state.score())
    return state


# -- reading files: the command line's formats and messages, plus the browser's limits --------


def test_files_read_like_the_command_line():
    batch = batch_from_files(SYSTEMS, REFERENCES)
    assert batch.names == ("a.txt", "b.txt") and batch.size == 2
    assert batch.systems == (("the cat", "ca"), ("the cat sat", "cat"))
    assert batch.references == (("the cat",), ("cat",)) and batch.example is None


@pytest.mark.parametrize(
    ("systems", "references", "message"),
    [
        (SYSTEMS[:1], [("ref.txt", b"x\n")], "a.txt: has 2 lines but the references (ref.txt)"),
        (SYSTEMS[:1], [("ref.txt", b"ok\n\xff\n")], r"ref.txt, line 2: not valid UTF-8"),
        # UTF-16 without a byte-order mark is valid UTF-8 with a NUL after each letter: it was
        # scored as that text
        (
            [("a.txt", "the cat\nthe cat sat\n".encode("utf-16-le"))],
            REFERENCES,
            "a.txt, line 1: holds a NUL character (byte 0x00 at byte 2), which no text to score "
            "holds: UTF-16LE without a byte-order mark? convert it with iconv -f UTF-16LE",
        ),
        (SYSTEMS[:1], [], "a.txt: no reference file given"),
        ([("a.txt", b"")], [("r.txt", b"")], "a.txt: holds no items"),
        ([], REFERENCES, "none given"),
    ],
)
def test_bad_files_name_the_file_and_line(systems, references, message):
    with pytest.raises(DataError) as error:
        batch_from_files(systems, references)
    assert message.replace(r"\xff", "") in str(error.value)


def test_bad_jsonl_names_the_line():
    with pytest.raises(DataError, match='items.jsonl, line 2: the key "candidate" is missing'):
        batch_from_jsonl("items.jsonl", b'{"candidate": "a", "references": ["a"]}\n{"x": 1}')
    batch = batch_from_jsonl("i.jsonl", b'{"candidate": "a", "references": ["a", ""]}\n')
    assert batch.names == ("i.jsonl",) and batch.references == (("a", ""),)


def test_limits_are_stated(monkeypatch):
    monkeypatch.setattr(batch_data, "MAX_BYTES", 10)
    with pytest.raises(LimitError, match=r"hold 0\.0 MB together; the browser reads at most 0 MB"):
        batch_from_files(SYSTEMS, REFERENCES)
    monkeypatch.setattr(batch_data, "MAX_BYTES", 10**6)
    monkeypatch.setattr(batch_data, "MAX_SCORED", 3)
    with pytest.raises(LimitError, match=r"4 item scores \(2 items × 2 systems\).* at most 3"):
        batch_from_files(SYSTEMS, REFERENCES)
    with pytest.raises(LimitError, match="3 system files were given; the page compares at most 2"):
        batch_from_files(SYSTEMS + SYSTEMS[:1], REFERENCES)


# -- the state: chunked scoring, corpus results, opening items ---------------------------------


def test_scores_are_the_cores():
    state = _scored(candidates=SYSTEMS, references=REFERENCES)
    assert state.summaries[1][0] == charsim.summarize("the cat sat", ["the cat"])
    expected = score_systems([["the cat", "ca"], ["the cat sat", "cat"]], [("the cat",), ("cat",)])
    assert state.results == expected  # scores, means and signature, as the command line
    assert state.results[0].signature == charsim.signature(nrefs=1)
    assert state.done == state.total == 4 and not state.scoring


def test_scoring_runs_in_chunks_and_yields():
    lines = b"".join(b"line %d\n" % i for i in range(CHUNK * 2 + 1))
    state = BatchState()
    state.load_files([("s.txt", lines)], [("r.txt", lines)])
    seen = []
    state.param.watch(lambda e: seen.append(e.new), ["done"])
    asyncio.run(state.score())
    assert seen == [CHUNK, 2 * CHUNK, 2 * CHUNK + 1]
    assert [r.score for r in state.results] == [1.0]


def _interrupted(load: Callable[[BatchState], bool]) -> BatchState:
    """A state whose scoring of 3 chunks ``load`` interrupts after the first chunk."""
    state = BatchState()
    lines = b"x\n" * (CHUNK * 3)
    state.load_files([("old.txt", lines)], [("r.txt", lines)])

    async def run():
        stale = asyncio.ensure_future(state.score())
        await asyncio.sleep(0)  # the stale run scores one chunk, then yields
        load(state)
        await stale

    asyncio.run(run())
    return state


def test_a_new_load_stops_the_stale_scoring_run():
    state = _interrupted(lambda state: state.load_files(SYSTEMS, REFERENCES))
    assert state.results == [] and state.batch.names == ("a.txt", "b.txt")
    asyncio.run(state.score())
    assert len(state.results) == 2 and state.done == 4


def _cleared(state: BatchState) -> tuple:
    return state.batch, state.summaries, state.results, state.done, state.total, state.scoring


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b"{",
            "bad.jsonl, line 1: not valid JSON (Expecting property name enclosed in double "
            "quotes, column 2)",
        ),
        (b"", "bad.jsonl: holds no items: nothing to score"),
        (b"\n \n", "bad.jsonl: holds no items: nothing to score"),
    ],
)
def test_a_bad_load_clears_the_old_results_and_says_why(data, message):
    """No score of the previous input stays next to the new input's error."""
    state = _scored(candidates=SYSTEMS, references=REFERENCES)
    assert not state.load_jsonl("bad.jsonl", data)
    assert UIText().message(state.message) == message
    assert _cleared(state) == (None, [], [], 0, 0, False)
    assert state.load_jsonl("ok.jsonl", b'{"candidate": "a", "references": ["a"]}')
    assert state.message == [] and state.batch.names == ("ok.jsonl",)


def test_a_bad_load_stops_the_scoring_of_the_old_data():
    state = _interrupted(lambda state: state.load_jsonl("empty.jsonl", b""))
    assert UIText().message(state.message) == "empty.jsonl: holds no items: nothing to score"
    assert _cleared(state) == (None, [], [], 0, 0, False)


@pytest.mark.parametrize("value", [None, b""])  # Panel gives None for an empty file's ""
def test_an_empty_jsonl_upload_is_loaded_and_clears_the_old_results(value):
    state = _scored(candidates=SYSTEMS, references=REFERENCES)
    view = BatchInputsView(state)
    with param.discard_events(view._jsonl):  # as the browser sets them, without the watcher
        view._jsonl.param.update(filename="empty.jsonl", value=value)
    asyncio.run(view._jsonl_chosen())
    assert UIText().message(state.message) == "empty.jsonl: holds no items: nothing to score"
    assert _cleared(state) == (None, [], [], 0, 0, False)
    with param.discard_events(view._jsonl):  # the widget cleared after reading: nothing to do
        view._jsonl.param.update(filename=None, value=None)
    asyncio.run(view._jsonl_chosen())
    assert state.message and state.batch is None


def _changed(model, attr: str, new: str) -> dict:
    return {"kind": "ModelChanged", "model": {"id": model.id}, "attr": attr, "new": new}


def test_each_file_chosen_is_read_once_as_itself():
    """A file chosen on the page is read once, with its own name and contents (Panel hands the
    attributes of one patch to the watchers one by one), and an empty file chosen after the
    input was cleared with its name alone (its contents, "", are the cleared input's)."""
    from bokeh.document import Document

    good = b'{"candidate": "a cat", "references": ["a cat sat"]}\n'
    patches = [  # what changes on the page: chosen, cleared, an empty file chosen, cleared
        {"value": base64.b64encode(good).decode(), "filename": "good.jsonl", "mime_type": "x"},
        {"value": "", "filename": "", "mime_type": ""},
        {"filename": "empty.jsonl"},
        {"filename": ""},
    ]

    async def choose() -> list[tuple[str, bytes]]:
        state, read = BatchState(), []
        state.load_jsonl = lambda name, data: read.append((name, data)) and False
        view, document = BatchInputsView(state), Document()
        model = view._jsonl.get_root(document)
        document.add_root(model)
        for changes in patches:  # applied as the worker applies the page's patch
            events = [_changed(model, attr, new) for attr, new in changes.items()]
            document.apply_json_patch({"events": events}, setter="js")
            await asyncio.sleep(0)  # the watchers' tasks run
        return read

    assert asyncio.run(choose()) == [("good.jsonl", good), ("empty.jsonl", b"")]


def test_tables_of_items_and_differences():
    state = _scored(candidates=SYSTEMS, references=REFERENCES)
    items = items_frame(state, UIText())
    assert len(items) == 4 and list(items["system"]) == ["a.txt", "a.txt", "b.txt", "b.txt"]
    assert list(items["score"]) == [s.score for column in state.summaries for s in column]
    # "ca" is shorter than "cat"; "the cat sat" longer than "the cat"
    assert list(items["decision"]) == ["equal", "recall", "precision", "equal"]
    japanese = items_frame(state, UIText(language="ja"))
    assert list(japanese["decision"]) == ["両方", "再現率", "適合率", "両方"]
    differences = differences_frame(state)
    gaps = [abs(d) for d in differences["B − A"]]
    assert gaps == sorted(gaps, reverse=True)  # the largest disagreement first
    assert differences_frame(_scored(candidates=SYSTEMS[:1], references=REFERENCES)).empty


def test_the_summarys_signature_breaks_between_its_fields_only():
    """On a narrow page the signature's line breaks after a ``|`` (``<wbr>``), not inside a
    field (``code`` breaks anywhere where nothing else lets it fit)."""
    html = summary_html(_scored(candidates=SYSTEMS[:1], references=REFERENCES), UIText())
    code = html[html.index('data-testid="batch-signature">') :]
    assert code.startswith('data-testid="batch-signature">charsim|<wbr>variant:mean|<wbr>cap:32|')
    assert signature_html("a:<b>|c") == "a:&lt;b&gt;|<wbr>c"


def test_user_text_is_escaped_in_tables_and_summary():
    state = _scored(candidates=[(PAYLOAD, PAYLOAD.encode()), ("b", b"x")], references=[("r", b"x")])
    assert "<img" not in summary_html(state, UIText()) and "&lt;img" in summary_html(
        state, UIText()
    )
    table = item_table(
        items_frame(state, UIText()),
        lambda row, column: None,
        ["candidate", "system"],
        {},
        UIText(),
    )
    # the candidate's button gets it as text (textContent), Tabulator's plaintext escapes
    opener = table.formatters["candidate"].js_code
    assert "button.textContent = cell.getValue()" in opener and "innerHTML" not in opener
    assert table.formatters["system"] == {"type": "plaintext"}


def test_a_table_candidate_is_a_button_that_opens_its_item():
    """Each candidate column of the item tables is drawn as a button (one tab stop per row,
    Enter and Space press it) whose tooltip says it opens the item, in the UI's language; a
    click on it is the cell's, so it opens that candidate's system and item."""
    state, text = _scored(candidates=SYSTEMS, references=REFERENCES), UIText()
    differences = DifferencesView(state, text)
    formatters = differences._table.formatters
    assert set(formatters) >= {"candidate A", "candidate B", "reference"}
    assert formatters["reference"] == {"type": "plaintext"}  # the reference opens no item
    for column in ("candidate A", "candidate B"):
        assert 'button.type = "button"' in formatters[column].js_code
        assert 'button.title = "Open this item in the single-item explorer"' in (
            formatters[column].js_code
        )
    text.language = "ja"
    assert 'button.title = "この項目を「1件の評価」タブで開く"' in (
        differences._table.formatters["candidate B"].js_code
    )
    differences._open(differences._table.value.iloc[0], "candidate B")
    # item 2 differs most: |1 − 100/201| > |0.5519… − 1| (item 1)
    opened = state.opened
    assert (opened.system, opened.index, opened.candidate) == (1, 1, "cat")


def test_no_cell_of_a_read_only_table_is_a_tab_stop():
    """No column of a read-only table has an editor (Tabulator makes an edited cell a tab stop
    that drops the focus), also the columns of a later value."""
    frame = items_frame(_scored(candidates=SYSTEMS, references=REFERENCES), UIText())
    table = item_table(frame, lambda row, column: None, ["candidate"], {}, UIText())
    model = table.get_root()
    assert {type(c.editor).__name__ for c in model.columns} == {"CellEditor"}  # no editor
    table = read_only_table(frame[["item"]], show_index=False)
    model = table.get_root()
    table.value = frame[["item", "score"]]
    assert [(c.field, type(c.editor).__name__) for c in model.columns] == [
        ("item", "CellEditor"),
        ("score", "CellEditor"),
    ]


def test_batch_tables_switch_their_titles_words_and_paginator_to_japanese():
    state, text = _scored(candidates=SYSTEMS, references=REFERENCES), UIText()
    items, differences = ItemsView(state, text), DifferencesView(state, text)
    model = items._table.get_root()  # rendered: its configuration is sent again on a switch
    assert items._table.header_filters["candidate"]["placeholder"] == "contains"
    assert model.configuration["locale"] == "en"
    text.language = "ja"
    assert items._table.titles["decision"] == "決める値"
    assert list(items._table.value["decision"]) == ["両方", "再現率", "適合率", "両方"]
    assert items._table.header_filters["candidate"] == {
        "type": "input",
        "func": "like",
        "placeholder": "部分一致",
    }
    assert items._table.header_filters["decision"] == {
        "type": "list",
        "valuesLookup": True,
        "clearable": True,
    }
    assert model.configuration["locale"] == "ja"
    assert model.configuration["langs"]["ja"]["pagination"] == {
        "first": "最初",
        "first_title": "最初のページ",
        "prev": "前へ",
        "prev_title": "前のページ",
        "next": "次へ",
        "next_title": "次のページ",
        "last": "最後",
        "last_title": "最後のページ",
        "page_title": "ページ",
    }
    assert model.configuration["langs"]["ja"]["headerFilters"] == {"default": "絞り込み…"}
    titles = differences._table.titles
    assert (titles["score A"], titles["score B"], titles["reference"]) == (
        "スコア A",
        "スコア B",
        "参照文",
    )
    assert differences._table.header_filters["reference"]["placeholder"] == "部分一致"
    text.language = "en"
    assert model.configuration["locale"] == "en"
    assert model.configuration["langs"]["en"]["pagination"]["next_title"] == "Next Page"
    assert differences._table.titles["score A"] == "score A"


def test_histogram_bins():
    data = histogram_data([0.0, 0.04, 0.05, 0.5, 1.0], bins=20)
    assert data["count"][0] == 2 and data["count"][1] == 1 and data["count"][10] == 1
    assert data["count"][19] == 1 and sum(data["count"]) == 5  # 1.0 is in the last bin
    assert data["left"][0] == 0 and data["right"][-1] == 1


def test_build_copies_the_examples_with_their_licence_from_the_repository(tmp_path):
    example = BATCH_EXAMPLES["ted"]
    assert ROOT / example.folder == TED  # the one folder the tests and benchmarks read
    copied = copy_examples(tmp_path / "site")
    assert copied[: len(example.files)] == [f"examples/ted/{name}" for name in example.files]
    assert "examples/ted/LICENSE.compare-mt" in copied
    # then the Agreement page's: the MQM file and DEMETR's 35 files, each with its licence
    assert copied[len(example.files) :] == [
        "examples/mqm-ted/mqm_ted_ende.tsv",
        "examples/mqm-ted/LICENSE",
        *(
            f"examples/demetr/{name}"
            for name in sorted(p.name for p in (ROOT / "data" / "demetr").glob("*.json"))
        ),
        "examples/demetr/LICENSE",
    ]
    for name in example.files:
        assert (tmp_path / "site" / example.url(name)).read_bytes() == (TED / name).read_bytes()


def test_a_missing_example_file_stops_the_build_naming_it(tmp_path):
    source = tmp_path / "checkout" / BATCH_EXAMPLES["ted"].folder
    source.mkdir(parents=True)
    for name in BATCH_EXAMPLES["ted"].files[:-1]:
        (source / name).write_text("x\n")
    with pytest.raises(BuildError, match=r"ted-en/LICENSE.compare-mt is missing \(the example"):
        copy_examples(tmp_path / "site", tmp_path / "checkout")


def test_summary_view_built_after_scoring_shows_full_progress():
    """A summary view made once scoring has finished takes the final count (max before value)."""
    state = BatchState()
    with param.edit_constant(state):
        state.param.update(total=4400, done=4400)
    view = BatchSummaryView(state)
    assert (view._progress.max, view._progress.value) == (4400, 4400)
