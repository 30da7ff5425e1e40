"""sacreBLEU's command-line habits, answered: ``-m`` (its metric names, separated by spaces),
``-b`` (the scores only), ``-lc`` (lowercase), reference files before the options
(``sacrebleu REF -i SYS``), and the JSON's ``name``: each means here what it means there, or
is refused in one line. Before, each was ``unrecognized arguments`` with no hint."""

import json

import pytest

from charsim.cli import main

from ..data import TED

SYS1, SYS2, REF = (str(TED / f"ted.{name}.txt") for name in ("sys1", "sys2", "ref"))


def run(capsys, *args):
    """``(status, stdout, stderr)`` of the command (a usage error's status too)."""
    try:
        status = main([str(a) for a in args])
    except SystemExit as usage:
        status = usage.code
    out, err = capsys.readouterr()
    return status, out, err


def test_a_reference_file_before_the_options_is_a_reference_file(capsys):
    assert run(capsys, REF, "-i", SYS1) == run(capsys, "-i", SYS1, "-r", REF)
    status, out, _ = run(capsys, REF, "-i", SYS1)
    assert status == 0 and "charsim = 0.4519" in out


def test_reference_files_given_both_ways_are_refused_in_one_line(capsys):
    status, out, err = run(capsys, REF, "-i", SYS1, "-r", REF)
    assert (status, out) == (2, "")
    assert err.splitlines()[-1] == (
        f"charsim: error: reference files given twice, {REF} and -r {REF}: give them once, "
        "before the options (as sacreBLEU takes them) or after -r"
    )


@pytest.mark.parametrize(
    "words", [["-m", "chrf", "bleu"], ["-m", "chrf,bleu"], ["-m", "CHRF", "Bleu"]]
)
def test_m_is_metrics_with_sacrebleus_names_separated_by_spaces(capsys, words):
    pytest.importorskip("sacrebleu")
    assert run(capsys, REF, "-i", SYS1, *words) == run(
        capsys, "-i", SYS1, "-r", REF, "--metrics", "chrf,bleu"
    )


def test_a_metric_named_twice_across_words_is_refused(capsys):
    status, _, err = run(capsys, REF, "-i", SYS1, "-m", "chrf", "bleu,chrf")
    assert status == 2
    assert err.splitlines()[-1] == "charsim: error: argument -m/--metrics: 'chrf' is listed twice"


def test_lc_is_lowercase(capsys):
    assert run(capsys, REF, "-i", SYS1, "-lc") == run(capsys, REF, "-i", SYS1, "--lowercase")
    assert "case:fold" in run(capsys, REF, "-i", SYS1, "-lc")[1]


def test_b_prints_the_scores_only_one_line_per_system_and_metric(capsys):
    """The README's TED scores: 0.4519 and 0.4429; chrF 48.3 and BLEU 21.7 (sacrebleu -b's)."""
    assert run(capsys, REF, "-i", SYS1, SYS2, "-b") == (0, "0.4519\n0.4429\n", "")
    pytest.importorskip("sacrebleu")
    assert run(capsys, REF, "-i", SYS1, "-m", "chrf", "bleu", "charsim", "-b") == (
        0,
        "48.3\n21.7\n0.4519\n",
        "",
    )


@pytest.mark.parametrize(
    ("option", "dropped"),
    [
        (["--format", "json"], "--format json"),
        (["--sentence-level"], "--sentence-level"),
        (["--explain", "1"], "--explain"),
        (["--paired-bs"], "--paired-bs"),
    ],
)
def test_b_with_an_output_it_would_leave_out_is_refused(capsys, option, dropped):
    status, out, err = run(capsys, REF, "-i", SYS1, SYS2, "-b", *option)
    assert (status, out) == (2, "")
    assert err.splitlines()[-1] == (
        f"charsim: error: --score-only prints the corpus scores only: leave out {dropped}"
    )


def test_the_json_of_one_system_names_its_score_as_sacrebleus_does(capsys):
    status, out, _ = run(capsys, REF, "-i", SYS1, "--format", "json")
    assert status == 0
    assert list(json.loads(out))[:2] == ["name", "score"]
    assert json.loads(out)["name"] == "charsim"
    assert (
        json.loads(run(capsys, REF, "-i", SYS1, "--format", "json", "--variant", "max")[1])["name"]
        == "charsim_max"
    )
