"""``charsim --metrics``: sacreBLEU's corpus and sentence scores, equal to sacreBLEU's own command
line and Python API, on the TED files and on adversarial text; layouts; a missing sacreBLEU."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from sacrebleu.metrics import BLEU, CHRF, TER

import charsim
from charsim.cli import main
from charsim.compare import COMPARE_LIMIT
from charsim.render.formats import markdown_escape

from ..data import TED

ALL = "charsim,chrf,chrf++,bleu,ter"
CORPUS = {"chrf": CHRF, "chrf++": lambda: CHRF(word_order=2), "bleu": BLEU, "ter": TER}
SENTENCE = {**CORPUS, "bleu": lambda: BLEU(effective_order=True)}
SACREBLEU_OPTIONS = {
    "chrf": ["-m", "chrf"],
    "chrf++": ["-m", "chrf", "--chrf-word-order", "2"],
    "bleu": ["-m", "bleu"],
    "ter": ["-m", "ter"],
}


def run(capsys, *args):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def sacrebleu_cli(ref: Path, system: Path, metric: str, *more: str) -> str:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sacrebleu",
            str(ref),
            "-i",
            str(system),
            "-w",
            "10",
            *SACREBLEU_OPTIONS[metric],
            *more,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


@pytest.fixture(scope="module")
def ted(tmp_path_factory):
    """The TED files, TER on the first 400 lines (TER on all 2,445 takes about 10 s a system)."""
    folder = tmp_path_factory.mktemp("ted")
    for name in ("ted.ref.txt", "ted.sys1.txt", "ted.sys2.txt"):
        text = (TED / name).read_text(encoding="utf-8")
        (folder / name).write_text("".join(text.splitlines(keepends=True)[:400]), "utf-8")
    return {"full": TED, "ter": folder}


def _ours(capsys, folder: Path, metrics: str) -> dict:
    status, out, _ = run(
        capsys,
        "-i",
        folder / "ted.sys1.txt",
        folder / "ted.sys2.txt",
        "-r",
        folder / "ted.ref.txt",
        "--metrics",
        metrics,
        "--sentence-level",
        "--format",
        "json",
    )
    assert status == 0
    return json.loads(out)


@pytest.mark.parametrize("metric", ["chrf", "chrf++", "bleu", "ter"])
def test_ted_scores_equal_sacrebleu_cli_and_api(ted, capsys, metric):
    folder = ted["ter" if metric == "ter" else "full"]
    ours = _ours(capsys, folder, metric)
    refs = lines(folder / "ted.ref.txt")
    for number, system in enumerate(ours["systems"], start=1):
        result, path = system["metrics"][metric], folder / f"ted.sys{number}.txt"
        hypotheses = lines(path)
        corpus = CORPUS[metric]()
        assert result["score"] == corpus.corpus_score(hypotheses, [refs]).score
        assert result["signature"] == corpus.get_signature().format()
        sentence = SENTENCE[metric]()
        assert result["scores"] == [
            sentence.sentence_score(h, [r]).score for h, r in zip(hypotheses, refs, strict=True)
        ]
        if number == 2:
            continue  # sacreBLEU's command line on the first system (it takes a few seconds)
        printed = json.loads(sacrebleu_cli(folder / "ted.ref.txt", path, metric))
        assert f"{result['score']:.10f}" == f"{printed['score']:.10f}"
        assert result["signature"] == printed["signature"]
        per_line = sacrebleu_cli(folder / "ted.ref.txt", path, metric, "--sentence-level")
        printed = [line.split(" = ")[1].split()[0] for line in per_line.splitlines()]
        assert [f"{x:.10f}" for x in result["scores"]] == printed
        signature = per_line.splitlines()[0].split(" = ")[0].split("|", 1)[1]
        assert result["sentence_signature"] == signature


ADVERSARIAL = [
    ("", ""),  # empty candidate, empty reference
    ("a", ""),  # empty reference
    ("", "a"),  # empty candidate
    ("a", "a"),  # one character
    ("x", "y"),
    ("犬が走った", "犬が走っている"),  # CJK without spaces
    ("e\u0301t\u00e9 \u0928\u093f", "\u00e9te\u0301 \u0928\u093f"),  # combining marks
    ("(hi) $ ^ |x|", "(hi) $^ |x|"),
]


def test_adversarial_lines_equal_sacrebleu_api(tmp_path, capsys):
    sys_file, ref_file, ref2_file = tmp_path / "s.txt", tmp_path / "r.txt", tmp_path / "r2.txt"
    sys_file.write_text("".join(c + "\n" for c, _ in ADVERSARIAL), "utf-8")
    ref_file.write_text("".join(r + "\n" for _, r in ADVERSARIAL), "utf-8")
    ref2_file.write_text("".join(c[::-1] + "\n" for c, _ in ADVERSARIAL), "utf-8")
    status, out, _ = run(
        capsys,
        "-i",
        sys_file,
        "-r",
        ref_file,
        ref2_file,
        "--metrics",
        ALL,
        "--sentence-level",
        "--format",
        "json",
    )
    assert status == 0
    metrics = json.loads(out)["metrics"]
    hypotheses = [c for c, _ in ADVERSARIAL]
    streams = [[r for _, r in ADVERSARIAL], [c[::-1] for c, _ in ADVERSARIAL]]
    for metric in CORPUS:
        assert metrics[metric]["score"] == CORPUS[metric]().corpus_score(hypotheses, streams).score
        assert metrics[metric]["scores"] == [
            SENTENCE[metric]().sentence_score(h, list(refs)).score
            for h, refs in zip(hypotheses, zip(*streams, strict=True), strict=True)
        ]
        assert "nrefs:2" in metrics[metric]["signature"]
    assert metrics["charsim"]["scores"] == [
        charsim.score(h, list(refs))
        for h, refs in zip(hypotheses, zip(*streams, strict=True), strict=True)
    ]


def test_json_lines_with_varying_references(tmp_path, capsys):
    data = tmp_path / "d.jsonl"
    data.write_text(
        '{"candidate": "a cat", "references": ["a cat", "the cat"]}\n'
        '{"candidate": "dog", "references": ["a dog"]}\n',
        "utf-8",
    )
    status, out, _ = run(capsys, "--jsonl", data, "--metrics", "chrf,bleu", "--format", "json")
    assert status == 0
    metrics = json.loads(out)["metrics"]
    streams = [["a cat", "a dog"], ["the cat", None]]  # sacreBLEU's way to vary K
    assert metrics["chrf"]["score"] == CHRF().corpus_score(["a cat", "dog"], streams).score
    assert metrics["bleu"]["score"] == BLEU().corpus_score(["a cat", "dog"], streams).score
    assert "nrefs:var" in metrics["bleu"]["signature"]


@pytest.fixture
def two_items(tmp_path):
    (tmp_path / "s.txt").write_text("ca\nthe cat\n", "utf-8")
    (tmp_path / "r.txt").write_text("cat\nthe cat\n", "utf-8")
    return ["-i", tmp_path / "s.txt", "-r", tmp_path / "r.txt"]


def test_text_layout(two_items, capsys):
    status, out, _ = run(capsys, *two_items, "--metrics", "charsim,chrf,bleu")
    s_txt = str(two_items[1])
    chrf = CHRF().corpus_score(["ca", "the cat"], [["cat", "the cat"]]).score
    bleu = BLEU().corpus_score(["ca", "the cat"], [["cat", "the cat"]]).score
    mean = (100 / 201 + 1) / 2
    assert [line.split() for line in out.splitlines()[:3]] == [
        ["system", "charsim", "chrF2", "BLEU"],
        [s_txt, f"{mean:.4f}", f"{chrf:.1f}", f"{bleu:.1f}"],
        [],
    ]
    assert out.splitlines()[3:] == [
        "2 items",
        charsim.signature(nrefs=1),
        "chrF2|" + _signature(CHRF(), ["a"], [["a"]]),
        "BLEU|" + _signature(BLEU(), ["a"], [["a"]]),
    ]


def _signature(metric, hypotheses, streams) -> str:
    metric.corpus_score(hypotheses, streams)
    return metric.get_signature().format()


def test_tsv_layout_and_sentence_signature(two_items, capsys):
    status, out, _ = run(
        capsys, *two_items, "--metrics", "bleu,charsim", "--sentence-level", "--format", "tsv"
    )
    rows = [line.split("\t") for line in out.splitlines()]
    assert rows[0] == ["item", f"{two_items[1]}:BLEU", f"{two_items[1]}:charsim"]
    assert rows[1][0] == "1" and rows[1][2] == f"{100 / 201:.6f}"
    assert rows[2] == ["2", f"{100:.6f}", f"{1:.6f}"]
    assert rows[3][0] == "corpus" and rows[3][2] == f"{(100 / 201 + 1) / 2:.6f}"
    assert [r[0] for r in rows[4:]] == ["#signature"] * 3
    assert rows[4][1].startswith("BLEU|") and "eff:no" in rows[4][1]
    assert rows[5][1].startswith("item scores: BLEU|") and "eff:yes" in rows[5][1]
    assert rows[6][1] == charsim.signature(nrefs=1)


def test_markdown_and_latex_without_metrics_show_charsim(two_items, capsys):
    status, out, _ = run(capsys, *two_items, "--format", "markdown")
    assert status == 0 and f"| {two_items[1]} | {(100 / 201 + 1) / 2:.4f} |" in out.replace(
        "\\", ""
    )
    status, out, _ = run(capsys, *two_items, "--format", "latex")
    assert r"\begin{tabular}{lr}" in out and f"& {(100 / 201 + 1) / 2:.4f} \\\\" in out


def test_explain_with_comparison_in_json(two_items, capsys):
    status, out, _ = run(capsys, *two_items, "--explain", "1", "--format", "json")
    data = json.loads(out)["explain"]["data"][str(two_items[1])]
    assert data["score"]["exact"] == "100/201"
    assert data["comparison"]["chrf"]["f_beta"] == "7/11"  # see test_compare: chrF of ca vs cat
    assert "bleu-no-matches" in [d["key"] for d in data["comparison"]["differences"]]


def test_explain_in_markdown_has_the_comparison(two_items, capsys):
    status, out, _ = run(capsys, *two_items, "--explain", "1", "--format", "markdown")
    assert f"### Item 1 of {markdown_escape(str(two_items[1]))}\n" in out
    assert "| value | 7/11 | 100/201 |" in out  # chrF's F_β next to charsim's min(P, R)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("chrf,meteor", "'meteor' is not a metric (choose from charsim, chrf, chrf++, bleu, ter)"),
        ("bleu,BLEU", "'bleu' is listed twice"),
    ],
)
def test_bad_metric_lists_are_usage_errors(two_items, capsys, value, message):
    with pytest.raises(SystemExit) as exit_:
        main([*map(str, two_items), "--metrics", value])
    out, err = capsys.readouterr()
    assert (exit_.value.code, out) == (2, "") and message in err


def test_without_sacrebleu(two_items, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "sacrebleu", None)  # import sacrebleu now fails
    status, out, err = run(capsys, *two_items, "--metrics", "charsim,chrf")
    assert (status, out) == (1, "")
    assert err == (
        "charsim: error: chrF, chrF++, BLEU and TER need sacreBLEU, which is not installed: "
        "pip install 'charsim[compare]'\n"
    )
    status, out, _ = run(capsys, *two_items, "--metrics", "charsim")
    assert status == 0 and out.splitlines()[1].endswith(f"{(100 / 201 + 1) / 2:.4f}")
    status, out, _ = run(capsys, *two_items, "--explain", "1", "--format", "markdown")
    assert status == 0 and out.rstrip().endswith("pip install 'charsim\\[compare\\]'")


@pytest.fixture
def long_item(tmp_path):
    """One item of COMPARE_LIMIT + 1 characters, candidate plus reference (one word each, so
    TER is quick if it runs at all)."""
    (tmp_path / "long.txt").write_text("a" * 1500 + "\n", "utf-8")
    (tmp_path / "long_ref.txt").write_text("a" * (COMPARE_LIMIT - 1500 + 1) + "\n", "utf-8")
    return ["-i", tmp_path / "long.txt", "-r", tmp_path / "long_ref.txt"]


def test_explain_skips_the_comparison_above_the_limit(long_item, capsys):
    note = (
        f"The comparison with chrF, chrF++, BLEU and TER was skipped: this item has "
        f"{COMPARE_LIMIT + 1:,} characters (candidate plus references), more than the "
        f"{COMPARE_LIMIT:,} compared"
    )
    status, out, err = run(capsys, *long_item, "--explain", "1", "--format", "json")
    data = json.loads(out)["explain"]["data"][str(long_item[1])]
    assert (status, err) == (0, "")
    assert data["comparison"] is None and data["comparison_note"].startswith(note)
    assert data["score"]["exact"] == str(charsim.explain("a" * 1500, ["a" * 501]).score)
    for fmt in ("text", "markdown", "latex"):
        out = run(capsys, *long_item, "--explain", "1", "--format", fmt)[1]
        assert note in out and "chrF2" not in out.split("== item 1")[-1].split("### Item")[-1]


def _out_of_memory(*args, **kwargs):
    raise MemoryError


def test_running_out_of_memory_while_explaining_is_one_line(two_items, capsys, monkeypatch):
    monkeypatch.setattr("charsim.cli.command.compare", _out_of_memory)
    status, out, err = run(capsys, *two_items, "--explain", "1")
    assert (status, out) == (1, "")
    assert err == (
        f"charsim: error: item 1 of {two_items[1]} could not be explained: out of "
        "memory (MemoryError)\n"
    )


def test_ter_on_long_items_warns_first(long_item, two_items, capsys):
    status, out, err = run(capsys, *long_item, "--metrics", "charsim,ter")
    assert status == 0 and out.splitlines()[1].split()[-1] == "100.0"  # 1 word for 1: 1 edit
    assert err == (
        f"charsim: warning: item 1 has {COMPARE_LIMIT + 1:,} characters (candidate "
        f"plus references), more than {COMPARE_LIMIT:,}: sentence-level TER's search "
        "for shifts grows much faster than the text, so ter may take minutes and "
        "much memory (leave ter out of --metrics to skip it)\n"
    )
    assert run(capsys, *long_item, "--metrics", "charsim,chrf")[2] == ""  # no ter, no warning
    assert run(capsys, *two_items, "--metrics", "ter")[2] == ""  # short items


def test_running_out_of_memory_in_a_metric_names_the_longest_item(two_items, capsys, monkeypatch):
    monkeypatch.setattr("charsim.cli.command.corpus_scores", _out_of_memory)
    status, out, err = run(capsys, *two_items, "--metrics", "charsim,ter")
    assert (status, out) == (1, "")
    assert err == (
        "charsim: error: ter ran out of memory (MemoryError); the longest item is "
        "item 2 (14 characters, candidate plus references): leave ter out of "
        "--metrics\n"
    )


@pytest.mark.parametrize(
    "option",
    [
        ["--lowercase"],
        ["--normalize", "NFKC"],
        ["--fold-whitespace-quotes"],
        ["--max-order", "3"],
        ["--weights", "uniform"],
        ["--variant", "max"],
        ["--jobs", "2"],
    ],
    ids=lambda option: option[0],
)
def test_a_charsim_option_without_a_charsim_column_is_refused(tmp_path, capsys, option):
    """``--metrics chrf --lowercase`` would score chrF on the raw text and say nothing (issue
    25): refused as ``--seed`` without a test is (status 2, the usage, nothing on stdout)."""
    (tmp_path / "s.txt").write_text("Ca\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("cat\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main(
            [
                "-i",
                str(tmp_path / "s.txt"),
                "-r",
                str(tmp_path / "r.txt"),
                "--metrics",
                "chrf",
                *option,
            ]
        )
    out, err = capsys.readouterr()
    assert (exit_.value.code, out) == (2, "")
    assert f"{option[0]} changes charsim only, and --metrics chrf has no charsim column" in err
    status, out, _ = run(
        capsys,
        "-i",
        tmp_path / "s.txt",
        "-r",
        tmp_path / "r.txt",
        "--metrics",
        "chrf,charsim",
        *option,
    )
    assert status == 0


def test_without_a_charsim_column_no_derived_variant_line_and_the_explanation_keeps_it(
    tmp_path, capsys
):
    """``--max-order 3`` changes the ``--explain`` item's explanation: allowed, and said there,
    not above a table that has no charsim column."""
    (tmp_path / "s.txt").write_text("ca\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("cat\n", encoding="utf-8")
    status, out, _ = run(
        capsys,
        "-i",
        tmp_path / "s.txt",
        "-r",
        tmp_path / "r.txt",
        "--metrics",
        "chrf",
        "--max-order",
        "3",
        "--explain",
        "1",
    )
    table, explanation = out.split("== item 1 of", 1)
    assert status == 0
    assert "Derived variant" not in table
    assert "Derived variant" in explanation and "cap:3" in explanation
