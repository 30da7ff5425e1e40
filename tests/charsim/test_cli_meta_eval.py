"""``charsim meta-eval``: the report in every format, the same numbers as the Python function and
on any number of processes, and bad input or usage refused with one line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from charsim.agreement import meta_evaluate, read_mqm
from charsim.cli import main
from charsim.render.agreement import report_data, report_text
from tests.charsim.test_agreement_readers import HEADER, ROWS

ROOT = Path(__file__).resolve().parents[2]
MQM = ROOT / "data" / "mqm-ted-ende" / "mqm_ted_ende.tsv"


def _run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["meta-eval", *map(str, args), "--no-progress"])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def tiny(tmp_path) -> Path:
    path = tmp_path / "mqm.tsv"
    path.write_text("\n".join([HEADER, *ROWS]) + "\n", encoding="utf-8")
    return path


def test_the_text_report_of_a_small_file(capsys, tiny):
    status, out, err = _run(
        capsys, "--mqm", tiny, "--metrics", "charsim,charsim_cap8", "--paired-bs-n", 40
    )
    assert status == 0 and err == ""
    # A: "Ein Hund." and "Zwei." are the references (charsim 1 each); B: "Cat" (0) and
    # '"Drei."' (> 0); MQM A -51/20 and 0, B -25 and -1: the humans and charsim both prefer A
    # on each item and overall, so every accuracy is 1 and the two systems' Pearson undefined
    assert "2 systems, 2 items, 4 segments." in out
    assert "Left out: 2 segments (system ref: the references)." in out
    assert "Left out: 1 segment (system refB: a human translation, not scored)." in out
    table = out.split("== system-level pairwise accuracy ==\n\n")[1].split("\n\n")[0]
    assert table.splitlines() == [
        "metric         value          interval  Δ vs charsim       interval of Δ       p",
        "charsim       1.0000  [1.0000, 1.0000]    (baseline)                   —       —",
        "charsim_cap8  1.0000  [1.0000, 1.0000]       +0.0000  [+0.0000, +0.0000]  1.0000",
    ]
    assert "charsim_cap8: charsim|variant:mean|cap:8|w:1/n|norm:none|nrefs:1|version:" in out


def test_json_holds_the_python_functions_numbers(capsys, tiny):
    status, out, _ = _run(
        capsys,
        "--mqm",
        tiny,
        "--metrics",
        "charsim",
        "--paired-bs-n",
        40,
        "--format",
        "json",
        "--seed",
        7,
    )
    assert status == 0
    report = meta_evaluate(read_mqm(tiny), metrics=("charsim",), resamples=40, seed=7)
    assert json.loads(out) == json.loads(json.dumps(report_data(report)))


@pytest.mark.parametrize(
    ("fmt", "marks"),
    [
        ("markdown", ["### system-level Pearson", "| metric | value |"]),
        ("latex", [r"\subsection*{system-{}level Pearson}", r"$\Delta$ vs charsim"]),
    ],
)
def test_markdown_and_latex(capsys, tiny, fmt, marks):
    status, out, _ = _run(
        capsys, "--mqm", tiny, "--metrics", "charsim", "--paired-bs-n", 40, "--format", fmt
    )
    assert status == 0 and all(mark in out for mark in marks)


@pytest.mark.parametrize(
    ("data", "listed"),
    [
        (["--mqm", MQM, "--metrics", "charsim,bleu"], "disagreements"),
        (["--demetr", ROOT / "data" / "demetr", "--metrics", "charsim,ter"], "pair_disagreements"),
    ],
)
def test_the_same_report_on_two_processes(capsys, data, listed):
    # the segments scored and the resamples drawn in blocks on the workers: the same numbers
    args = [*data, "--paired-bs-n", 40, "--format", "json"]
    one, two = _run(capsys, *args), _run(capsys, *args, "--jobs", 2)
    assert one[0] == two[0] == 0 and one[1] == two[1]
    assert len(json.loads(one[1])[listed]) == 10


def test_minimal_pairs_on_the_command_line(capsys):
    status, out, _ = _run(
        capsys,
        "--demetr",
        ROOT / "data" / "demetr",
        "--metrics",
        "charsim",
        "--paired-bs-n",
        40,
        "--disagreements",
        1,
    )
    assert status == 0
    assert "40 items, 1,260 pairs." in out
    assert "Left out: 140 pairs (pert_check is false" in out
    assert "== minimal pairs: accuracy by perturbation ==" in out
    assert "1. item " in out and "should score higher" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give human judgments: --mqm FILE, --judgments FILE or --demetr DIR"),
        (["--mqm", "a", "--judgments", "b"], "not allowed with argument"),
        (["--mqm", "a", "--paired-bs-n", "10"], "10: at least 40 resamples are needed"),
        (["--mqm", "a", "--metrics", "charsim,meteor"], "'meteor' is not a metric"),
        (["--mqm", "a", "--mqm", "b"], "given twice: give one MQM file"),
        (["--mqm", "a", "--explorer", "http://h/?lang=ja"], "'http://h/?lang=ja' has a query"),
        (["--mqm", "a", "--explorer", "http://h/#top"], "'http://h/#top' has a query or fragment"),
        (["--mqm", "a", "--explorer", "site"], "'site' is not the explorer's address"),
        (["--mqm", "a", "--explorer", "http://h/a b/"], "holds ' ', which a link cannot hold"),
        (["--mqm", "a", "--explorer", 'http://"><x>/'], """holds '"', '<', '>', which"""),
        (["--mqm", "a", "--paired-bs-n", "1000001"], "1000001 is more than 1,000,000 resamples"),
        (["--demetr", "d", "--explain", "1"], "--explain needs --mqm FILE or --judgments FILE"),
        (["--demetr", "d", "--reference", "x"], "--reference applies to --mqm FILE only"),
        (["--judgments", "j", "--score-references"], "--score-references applies to --mqm FILE"),
        (["--mqm", "a", "--human-name", "DA"], "--human-name applies to --judgments FILE only"),
        (["--judgments", "j", "--human-name", " "], "--human-name: give the scores' name"),
    ],
)
def test_usage_errors_exit_2(capsys, args, message):
    with pytest.raises(SystemExit) as exit:
        main(["meta-eval", *args])
    assert exit.value.code == 2 and message in capsys.readouterr().err


def test_without_sacrebleu_the_error_says_how_to_score_charsims_metrics_alone(
    capsys, monkeypatch, tiny
):
    monkeypatch.setitem(sys.modules, "sacrebleu", None)  # import sacrebleu now fails
    status, out, err = _run(capsys, "--mqm", tiny, "--paired-bs-n", 40)
    assert status == 1 and out == ""
    assert err == (
        "charsim: error: chrF, chrF++, BLEU and TER need sacreBLEU, which is not installed: "
        "pip install 'charsim[compare]' (or charsim's alone: --metrics charsim,charsim_base,"
        "charsim_max,charsim_cap8,charsim_cap16,charsim_cap64,charsim_uniform)\n"
    )
    status, out, _ = _run(capsys, "--mqm", tiny, "--paired-bs-n", 40, "--metrics", "charsim")
    assert status == 0 and "Does charsim agree with people?" in out


def test_bad_data_is_one_line_and_status_1(capsys, tmp_path, tiny):
    tiny.write_text(tiny.read_text(encoding="utf-8").replace("\tMajor\t", "\tMajr\t", 1))
    status, out, err = _run(capsys, "--mqm", tiny)
    assert status == 1 and out == ""
    assert (
        err == f"charsim: error: {tiny}, line 2: unknown severity 'Majr' (MQM's are Major, "
        "Minor, Neutral and No-error)\n"
    )
    status, _, err = _run(capsys, "--demetr", tmp_path / "none")
    assert status == 1 and err.endswith(
        "none: is not a directory (DEMETR's JSON files are in one)\n"
    )


def test_explain_sets_an_items_spans_beside_its_unmatched_characters(capsys, tiny):
    small = ("--mqm", tiny, "--metrics", "charsim", "--paired-bs-n", 40)
    status, out, err = _run(capsys, *small, "--explain", 1)
    assert status == 0 and err == ""
    # item 1, reference "Ein Hund.": A's candidate is the reference, so nothing is unmatched;
    # people marked "Hund" and "." (5 characters) and not "Ein " (4). B's "Cat" shares no
    # character with it: all 3 unmatched, all 3 marked, nothing else
    assert out.split("== item 1: ")[1].splitlines()[2:] == [
        "reference: Ein Hund.",
        "A (MQM -2.55): Ein Hund.",
        "  error: “Hund” (characters 5–8): Major · Accuracy/Mistranslation · r1",
        "  error: “.” (characters 9–9): Minor · Fluency/Punctuation · r1",
        "  unmatched by charsim: none",
        "  Of the 5 characters people marked, charsim leaves 0 unmatched (0.0%); of the other "
        "4, 0 (0.0%).",
        "B (MQM -25): Cat",
        "  error: “Cat” (characters 1–3): Major · Non-translation! · r1",
        "  unmatched by charsim: “Cat” (1–3)",
        "  Of the 3 characters people marked, charsim leaves 3 unmatched (100.0%); of the "
        "other 0, 0 (—).",
    ]
    status, out, _ = _run(capsys, *small, "--explain", 2, "--format", "json")
    # item 2, reference "Zwei.": of B's '"Drei."', e, i and "." are in it (each once), the
    # quotes, D and r are not: runs [0, 3) and [6, 7) from 0, 4 of 7 characters; its one error
    # marks no span (the target has no <v>), so nothing is marked
    explained = json.loads(out)["explain"]
    assert explained["item"] == "2"
    a, b = explained["segments"]
    assert (a["system"], a["spans"], a["unmatched"]) == ("A", [], [])
    assert b["candidate"] == '"Drei."'
    assert b["spans"] == [
        {
            "start": None,
            "end": None,
            "severity": "minor",
            "category": "Accuracy/Mistranslation",
            "rater": "r1",
        }
    ]
    assert b["unmatched"] == [[0, 3], [6, 7]]
    assert (b["marked"], b["unmarked"], b["unmarked_unmatched"]) == (0, 7, 4)


def test_explain_names_an_item_that_is_not_there(capsys, tiny):
    status, out, err = _run(capsys, "--mqm", tiny, "--explain", "7")
    assert status == 1 and out == ""
    assert err == f"charsim: error: --explain 7: {tiny} has no item 7\n"


def test_a_report_shows_as_html_in_a_notebook(tiny):
    report = meta_evaluate(read_mqm(tiny), metrics=("charsim",), resamples=40)
    html = report._repr_html_()
    assert html.startswith('<div class="charsim-result">')
    assert "<h4>system-level pairwise accuracy</h4>" in html and "<table>" in html
    assert (
        repr(report)
        == "AgreementReport(MQM: 2 items, 4 segments; 1 metric, 40 resamples, seed 12345)"
    )


def test_the_explorer_reads_the_links_back():
    from charsim.agreement.disagreements import explorer_query
    from explorer.app.sources.link import decode_link

    candidate, references = 'Ein "Hund" & 50 % – ok?', ["Ein Hund.", "Der Hund"]
    state, problems = decode_link(explorer_query(candidate, references))
    assert problems == [] and (state.candidate, state.references) == (candidate, references)
    assert (state.max_order, state.weights) == (32, "harmonic")


def test_the_python_report_refuses_an_explorer_address_its_links_cannot_start_with(tiny):
    report = meta_evaluate(read_mqm(tiny), metrics=("charsim",), resamples=40)
    for render in (report_data, lambda r, e: report_text(r, "text", e)):
        with pytest.raises(ValueError, match="'http://h/\\?x' has a query or fragment"):
            render(report, "http://h/?x")


def test_without_charsim_the_title_names_the_metrics_and_says_why_no_disagreements(capsys, tiny):
    status, out, _ = _run(
        capsys, "--mqm", tiny, "--metrics", "charsim_cap8,charsim_base", "--paired-bs-n", 40
    )
    assert status == 0
    assert out.startswith("== Do charsim_cap8 and charsim_base agree with people? ==\n")
    assert "Does charsim agree" not in out
    assert (
        "No disagreements are listed: they are charsim's with the humans, and charsim is not "
        "among the metrics." in out
    )
    status, out, _ = _run(capsys, "--mqm", tiny, "--metrics", "charsim_max", "--paired-bs-n", 40)
    assert out.startswith("== Does charsim_max agree with people? ==\n")


def test_sacrebleus_signatures_read_as_the_command_lines(capsys, tiny):
    """Each is sacreBLEU's ``name|signature``, as ``charsim -i ... --metrics chrf`` prints it
    (the report said ``chrF2: nrefs:1|...``, charsim's own line ``charsim|...``); BLEU's system
    scores have a signature of their own."""
    status, out, _ = _run(
        capsys, "--mqm", tiny, "--metrics", "charsim,chrf,bleu", "--paired-bs-n", 40
    )
    assert status == 0
    assert "\nchrF2: chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2." in out
    assert "\ncharsim: charsim|variant:mean|cap:32|" in out
    # a system's BLEU is corpus BLEU, without effective order: the report named only the
    # segments' signature (eff:yes) beside system-level numbers computed with eff:no
    assert "\nBLEU, segment scores: BLEU|nrefs:1|case:mixed|eff:yes|tok:13a|" in out
    assert "\nBLEU, system scores: BLEU|nrefs:1|case:mixed|eff:no|tok:13a|" in out
    status, out, _ = _run(capsys, "--mqm", tiny, "--metrics", "bleu", "--format", "json")
    assert json.loads(out)["system_signatures"]["bleu"].startswith("nrefs:1|case:mixed|eff:no|")


def _mqm(tmp_path, rows: list[str]) -> Path:
    path = tmp_path / "few.tsv"
    path.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    return path


def _notes(out: str) -> dict[str, str]:
    """Each table's heading → the note under it (None without one)."""
    found = {}
    for section in out.split("\n== ")[1:]:
        heading, _, body = section.partition(" ==\n")
        notes = [line for line in body.splitlines() if line.startswith("Note: ")]
        found[heading] = notes[0] if notes else None
    return found


def test_one_system_says_why_the_measures_that_compare_systems_are_empty(capsys, tmp_path):
    path = _mqm(
        tmp_path,
        [
            "A\td\t1\t1\tr1\ts1\tEin Hund.\tNo-error\tNo-error\t",
            "A\td\t1\t2\tr1\ts2\tZwei Katzen.\tAccuracy/Mistranslation\tMajor\t",
            "ref\td\t1\t1\tr1\ts1\tEin Hund.\tNo-error\tNo-error\t",
            "ref\td\t1\t2\tr1\ts2\tZwei.\tNo-error\tNo-error\t",
        ],
    )
    status, out, _ = _run(capsys, "--mqm", path, "--metrics", "charsim", "--paired-bs-n", 40)
    assert status == 0
    notes = _notes(out)
    system = "Note: MQM judges 1 system here: system-level measures compare at least 2 systems."
    assert notes["system-level pairwise accuracy"] == notes["system-level Pearson"] == system
    assert notes["segment-level Kendall τ_b, by item"] == (
        "Note: MQM judges 1 system here: by-item measures compare the segments of 2 systems or "
        "more on an item."
    )
    assert notes["segment-level Pearson, all segments"] is None  # 0 and -5: defined, 1.0


def test_all_no_error_says_every_segment_has_the_same_score(capsys, tmp_path):
    path = _mqm(
        tmp_path,
        [
            f"{system}\td\t1\t{item}\tr1\ts\t{text}\tNo-error\tNo-error\t"
            for system, item, text in [
                ("A", 1, "Ein Hund."),
                ("B", 1, "Eine Katze."),
                ("ref", 1, "Ein Hund."),
                ("A", 2, "Zwei Katzen."),
                ("B", 2, "Drei."),
                ("ref", 2, "Zwei."),
            ]
        ],
    )
    status, out, _ = _run(capsys, "--mqm", path, "--metrics", "charsim", "--paired-bs-n", 40)
    assert status == 0
    notes = _notes(out)
    assert notes["segment-level Kendall τ_b, by item"] == (
        "Note: every segment has the same MQM score: no pair to rank."
    )
    assert notes["segment-level Pearson, all segments"] == (
        "Note: every segment has the same MQM score: a correlation needs scores that differ."
    )
    assert notes["segment-level acc_eq, by item"] == (
        "Note: every segment has the same MQM score: each pair is a human tie, which a metric "
        "gets right only by tying too."
    )
    assert notes["system-level Pearson"] == (
        "Note: every system has the same mean MQM score: a correlation needs scores that differ."
    )
