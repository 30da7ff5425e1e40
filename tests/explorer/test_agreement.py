"""The Agreement page without a browser (explorer.app.states.agreement and its views): the built-in
examples give meta-evaluation's own report, the run yields between slices and a newer setting
supersedes it, a malformed file is named in one message, a disagreement opens its item on the
single-item page with both candidates and people's spans, and every text is escaped."""

from __future__ import annotations

import asyncio
from html import escape
from pathlib import Path

import param
import pytest
from bokeh.document import Document
from bokeh.models import LabelSet
from bokeh.plotting import figure

from charsim.agreement import meta_evaluate, read_demetr, read_mqm
from charsim.agreement.judgments import Skipped
from explorer.app.i18n import UIText
from explorer.app.page import create_app
from explorer.app.sources.agreement_examples import AGREEMENT_EXAMPLES, DEMETR_FILES
from explorer.app.states import agreement as agreement_module
from explorer.app.states.agreement import AgreementState
from explorer.app.states.single import ExplorerState
from explorer.app.views.agreement_charts import AgreementChartsView, ranks
from explorer.app.views.agreement_disagreements import DisagreementsView
from explorer.app.views.agreement_results import AgreementResultsView, estimate_cell, left_out
from explorer.app.views.colour_scheme import use_colour_scheme

ROOT = Path(__file__).resolve().parents[2]
MQM = ROOT / "data" / "mqm-ted-ende" / "mqm_ted_ende.tsv"


async def _read(url: str) -> bytes:
    """A stand-in for the browser's fetch: the repository's folder the build copies from."""
    key, name = url.split("/")[-2:]
    return (ROOT / AGREEMENT_EXAMPLES[key].folder / name).read_bytes()


def _ran(state: AgreementState, load) -> AgreementState:
    async def scenario():
        await load()
        while state.running or state.report is None and not state.message:
            await asyncio.sleep(0)

    asyncio.run(scenario())
    return state


def test_the_demetr_files_are_those_of_the_folder():
    assert sorted(DEMETR_FILES) == sorted(p.name for p in (ROOT / "data" / "demetr").glob("*.json"))


def test_the_mqm_example_gives_meta_evaluations_own_report():
    state = AgreementState(metrics=["charsim", "chrf"], resamples=50)
    _ran(state, lambda: state.load_example(AGREEMENT_EXAMPLES["mqm-ted"], _read))
    expected = meta_evaluate(
        read_mqm(MQM), metrics=("charsim", "chrf"), resamples=50, disagreements=50
    )
    assert state.report.estimates == expected.estimates
    assert state.report.span_estimates == expected.span_estimates
    assert state.report.disagreements == expected.disagreements
    html = AgreementResultsView(state, UIText())._html.object
    cell = estimate_cell(expected, "segment_acc_eq", "chrf")
    value, low, high = cell.split(" ")  # each number unbroken, a line break between them
    spans = " ".join(f'<span class="cs-num">{part}</span>' for part in (value, low, high))
    assert f'data-testid="agreement-segment_acc_eq-chrf">{spans}</td>' in html
    assert "mqm_ted_ende.tsv" in html and "11,960" in html  # the spans' table
    assert state.report.judgments.source == "mqm_ted_ende.tsv"  # not the folder it was read in
    # the MQM sample's humans tie so many pairs that every ε ties them all: said under the table
    (why,) = [why for measure, why in expected.notes if measure == "segment_acc_star"]
    assert why.startswith("every metric's best ε ties every pair")
    assert f"{escape(why)}.</li>" in html


def test_the_mqm_examples_note_names_the_segments_that_ship():
    # it said "529 TED segments, the file whole": the repository ships two talks of the five
    items = len(read_mqm(MQM).items)
    assert f"{items} of the file's 529 segments" in UIText()("agreement.example.mqm-ted.note")
    assert f"529区間のうち{items}区間" in UIText(language="ja")("agreement.example.mqm-ted.note")


def test_the_demetr_example_reads_the_files_in_name_order_as_the_command_line():
    state = AgreementState(metrics=["charsim", "bleu"], resamples=40)
    _ran(state, lambda: state.load_example(AGREEMENT_EXAMPLES["demetr"], _read))
    expected = meta_evaluate(
        None, read_demetr(ROOT / "data" / "demetr"), metrics=("charsim", "bleu"), resamples=40
    )
    assert state.report.pair_estimates == expected.pair_estimates
    assert state.report.minimal_pairs.source == ", ".join(sorted(DEMETR_FILES))
    charts = AgreementChartsView(state, UIText())
    assert len(charts._column.objects) == 5  # the select, a chart and its text, twice
    assert "critical_id22_verb_removed: charsim" in charts._column.objects[-1].object


def test_the_systems_ranking_names_its_systems_in_the_dark_schemes_text_colour():
    """Regression: the ranking's system names were a ``figure.text`` glyph, black in every
    scheme (a glyph's colour set by the glyph method is beyond a theme): on a dark chart they
    could not be read."""
    state = AgreementState(metrics=["charsim"], resamples=40)
    _ran(state, lambda: state.load_example(AGREEMENT_EXAMPLES["mqm-ted"], _read))
    title = UIText()("agreement.chart.systems_title")
    charts = [getattr(o, "object", None) for o in AgreementChartsView(state, UIText())._column]
    ranking = next(c for c in charts if isinstance(c, figure) and c.title.text == title)
    document = Document()
    document.add_root(ranking)
    use_colour_scheme(document, "dark")
    [names] = [r for r in ranking.center if isinstance(r, LabelSet)]
    assert names.source.data["text"] == list(state.report.judgments.systems)
    assert names.text_color == "#E0E0E0"


def test_the_run_yields_between_slices_and_a_newer_setting_supersedes_it(monkeypatch):
    monkeypatch.setattr(agreement_module, "SLICE", 0)
    state = AgreementState(metrics=["charsim"], resamples=50)
    seen = []
    state.param.watch(lambda e: seen.append(e.new), ["stage"])

    async def scenario():
        await state.load_example(AGREEMENT_EXAMPLES["mqm-ted"], _read)
        for _ in range(5):
            await asyncio.sleep(0)
        assert state.running and state.stage == "scoring segments" and state.report is None
        state.resamples = 40  # supersedes the run under way
        while state.running or state.report is None:
            await asyncio.sleep(0)

    asyncio.run(scenario())
    assert state.report.resamples == 40
    assert {"scoring segments", "resampling items", "locating unmatched characters"} <= set(seen)


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (
            [
                (
                    "my <b>.tsv",
                    b"system\tseg_id\trater\ttarget\tcategory\tseverity\nA\t1\tr\tx\tc\tMajr\n",
                )
            ],
            "my <b>.tsv, line 2: unknown severity 'Majr'",
        ),
        ([("a.jsonl", b'{"system": "A"}\n')], "a.jsonl, line 1:"),
        ([("x.json", b"[1]")], "x.json, line 1: expected an object"),
        ([("a.tsv", b"x"), ("b.tsv", b"y")], "b.tsv: one file of human scores at a time"),
        ([("d/x.json", b"[]"), ("e/x.json", b"[]")], "two of the files chosen have the same name"),
    ],
)
def test_a_malformed_file_is_named_in_one_message(files, message):
    state = AgreementState()
    assert not state.load_files(files)
    (problem,) = state.message
    said = UIText().message(problem)
    assert said.startswith(message) and "\n" not in said and "/tmp" not in said
    assert state.report is None and state.judgments is None


def test_too_large_files_are_refused(monkeypatch):
    monkeypatch.setattr(agreement_module, "MAX_BYTES", 10)
    state = AgreementState()
    assert not state.load_files([("a.tsv", b"x" * 11)])
    assert "at most 10" in UIText().message(state.message)


def test_a_disagreement_opens_its_item_with_both_candidates_and_the_spans():
    single, agreement = ExplorerState(), AgreementState(metrics=["charsim", "chrf"], resamples=40)
    app = create_app(single, text=UIText(), agreement=agreement)
    _, tabs = app
    tabs.active = 3
    _ran(agreement, lambda: agreement.load_example(AGREEMENT_EXAMPLES["mqm-ted"], _read))
    first = agreement.report.disagreements[0]
    agreement.open(0)
    judged, references = agreement.opened
    assert references == first.references
    assert [t.text for t in judged.texts] == [first.better_text, first.worse_text]
    assert [t.preferred_by for t in judged.texts] == ["people", "charsim"]
    judgments = agreement.judgments
    s, i = judgments.systems.index(first.worse), judgments.items.index(first.item)
    assert judged.texts[1].spans == judgments.spans[s][i]
    # the single-item page shows the one charsim prefers, with both in its state and link
    assert tabs.active == 0 and single.candidate == first.worse_text
    assert single.judged == judged and single.references == list(first.references)
    restored = ExplorerState()
    restored.load_link(single.to_link())
    assert restored.judged == judged and restored.candidate == first.worse_text
    table = DisagreementsView(agreement, UIText())
    assert table._table.value["candidate"][0] == first.worse_text
    # a run under way (no report) empties the table, and a row clicked meanwhile opens nothing
    with param.edit_constant(agreement):
        agreement.report = None
    assert len(table._table.value) == 0
    agreement.open(0)
    assert agreement.opened == (judged, references)


def test_the_systems_are_ranked_best_first_with_ties_sharing():
    assert ranks((0.5, 0.7, 0.5)) == [2, 1, 2]
    assert ranks((60.0, 58.0), higher_is_better=False) == [2, 1]  # TER: lower is better


@pytest.mark.parametrize(
    ("skipped", "english", "japanese"),
    [
        (
            Skipped("system ref: the references", 2, "segment", "the_references", {"system": "r"}),
            "Left out: 2 segments (system r: the references).",
            "除外：2区間（システムr：参照訳）。",
        ),
        (
            Skipped("…", 1, "pair", "not_verified"),
            "Left out: 1 pair (pert_check is false: the perturbation was not verified by hand).",
            "除外：1対（pert_checkがfalse：摂動が人手で確認されていません）。",
        ),
        (
            Skipped(
                "…",
                9,
                "segment",
                "system_level_only",
                {"items": tuple("1234567"), "systems": ("C",)},
            ),
            "Left out: 9 segments (from the system level only: not every system has a segment of "
            "items 1, 2, 3, 4, 5 and 2 more (systems without one: C), and a system's score is its "
            "mean over the items every system has).",
            "除外：9区間（システム単位の尺度からのみ除外：項目1, 2, 3, 4, 5ほか2件の区間が"
            "ないシステムがあります（C）。システムのスコアは全システムにある項目での平均です）。",
        ),
        (  # a reason no catalog key names: as its reader wrote it
            Skipped("a new reason", 3, "segment"),
            "Left out: 3 segments (a new reason).",
            "除外：3区間（a new reason）。",
        ),
    ],
)
def test_what_was_left_out_is_said_in_the_pages_language(skipped, english, japanese):
    # the Japanese page said "除外：2（segment、system ref: the references）"
    assert UIText().message(left_out(skipped)) == english
    assert UIText(language="ja").message(left_out(skipped)) == japanese
