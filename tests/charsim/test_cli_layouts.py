"""Signatures and layouts: ``nrefs:var`` for varying reference counts, as sacreBLEU;
one TSV rule for one system and many, with ``--metrics`` or not; file names escaped; text item
scores with a column header; ``--explain`` following ``--variant``."""

import json

import pytest

import charsim
from charsim.corpus import common_nrefs, score_rows

from .test_cli import run


@pytest.fixture
def jsonl(tmp_path):
    path = tmp_path / "items.jsonl"
    items = [
        '{"candidate": "ca", "references": ["cat"]}',
        '{"candidate": "dog", "references": ["dog", "dig"]}',
    ]
    path.write_text("\n".join(items) + "\n", encoding="utf-8")
    return path


def test_varying_reference_counts_give_nrefs_var(jsonl, capsys):
    """sacreBLEU's ``num_refs = "var"`` (metrics/base.py): the field says the counts vary."""
    status, out, _ = run(capsys, "--jsonl", jsonl, "--format", "json")
    assert status == 0
    assert "|nrefs:var|" in json.loads(out)["signature"]
    assert charsim.signature(nrefs="var") == charsim.signature().replace(
        "|version", "|nrefs:var|version"
    )
    rows = [("ca", ["cat"]), ("dog", ["dog", "dig"])]
    assert "|nrefs:var|" in score_rows(rows)[0].signature
    assert common_nrefs([r for _, r in rows]) == "var"


def test_varying_reference_counts_with_paired_tests(tmp_path, capsys):
    lines = [
        f'{{"candidate": "a{i}", "references": {json.dumps(["a"] * (1 + i % 2))}}}'
        for i in range(8)
    ]
    path = tmp_path / "d.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, _ = run(capsys, "--jsonl", path, "--confidence", "--format", "json")
    assert status == 0
    assert "|nrefs:var|bs:1000|seed:12345|" in json.loads(out)["signature"]


@pytest.mark.parametrize("metrics", [None, "charsim", "charsim,chrf"])
@pytest.mark.parametrize("systems", [1, 2])
def test_tsv_has_one_layout_with_and_without_metrics(tmp_path, capsys, systems, metrics):
    """Without --metrics the corpus row was ``mean`` and each column named by its file; with
    ``--metrics`` the row was ``corpus`` and one system's column only ``charsim``:
    now a column per system (and metric, ``FILE:METRIC``), a ``corpus`` row, in both."""
    if metrics and "chrf" in metrics:
        pytest.importorskip("sacrebleu")
    (tmp_path / "r.txt").write_text("cat\n", encoding="utf-8")
    names = []
    for s in range(systems):
        (tmp_path / f"s{s}.txt").write_text("ca\n", encoding="utf-8")
        names.append(str(tmp_path / f"s{s}.txt"))
    options = ["--metrics", metrics] if metrics else []
    status, out, _ = run(
        capsys,
        "-i",
        *names,
        "-r",
        tmp_path / "r.txt",
        "--format",
        "tsv",
        "--sentence-level",
        *options,
    )
    assert status == 0
    header, item, corpus, *signatures = [line.split("\t") for line in out.splitlines()]
    labels = {"charsim": "charsim", "chrf": "chrF2"}
    columns = (
        names
        if metrics is None
        else [f"{name}:{labels[m]}" for name in names for m in metrics.split(",")]
    )
    assert (header, item[0], corpus[0]) == (["item", *columns], "1", "corpus")
    assert len(item) == len(corpus) == 1 + len(columns)
    assert corpus[1] == f"{100 / 201:.6f}"
    assert {row[0] for row in signatures} == {"#signature"}


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("tab\there.txt", "tab\\there.txt"),
        ("nl\nhere.txt", "nl\\nhere.txt"),
        ("cr\rbell\a.txt", "cr\\rbell\\x07.txt"),
    ],
)
@pytest.mark.parametrize("fmt", ["text", "tsv"])
def test_a_file_name_with_a_tab_or_a_line_break_is_escaped(tmp_path, capsys, name, shown, fmt):
    """A tab or a newline in a file name (any shell can make one) split a TSV header into more
    columns and a text row or an error message into two lines."""
    (tmp_path / "r.txt").write_text("cat\n", encoding="utf-8")
    (tmp_path / name).write_text("ca\n", encoding="utf-8")
    status, out, _ = run(
        capsys, "-i", tmp_path / "r.txt", tmp_path / name, "-r", tmp_path / "r.txt", "--format", fmt
    )
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 3  # the header and corpus rows (TSV) or two systems, the signature
    if fmt == "tsv":
        assert lines[0].split("\t") == ["item", str(tmp_path / "r.txt"), f"{tmp_path}/{shown}"]
    else:
        assert lines[1].startswith(f"{tmp_path}/{shown}  charsim = ")
    (tmp_path / name).write_text("ca\nca\n", encoding="utf-8")  # a line count that differs
    status, out, err = run(capsys, "-i", tmp_path / name, "-r", tmp_path / "r.txt", "--format", fmt)
    assert (status, out) == (1, "")
    assert err.startswith(f"charsim: error: {tmp_path}/{shown}: has 2 lines but the references")
    assert err.count("\n") == 1  # one line


@pytest.mark.parametrize("systems", [1, 2])
def test_text_item_scores_have_a_column_header(tmp_path, capsys, systems):
    (tmp_path / "r.txt").write_text("cat\ncat\n", encoding="utf-8")
    names = []
    for s in range(systems):
        names.append(tmp_path / f"system{s + 1}.txt")
        names[-1].write_text("ca\ncat\n", encoding="utf-8")
    status, out, _ = run(capsys, "-i", *names, "-r", tmp_path / "r.txt", "--sentence-level")
    assert status == 0
    header, first, second = out.splitlines()[:3]
    assert header.split() == ["item", *map(str, names)]
    assert first.split() == ["1", *["0.4975"] * systems]
    assert second.split() == ["2", *["1.0000"] * systems]
    # each score sits under its system's name (right-aligned)
    for name in map(str, names):
        end = header.index(name) + len(name)
        assert first[end - 6 : end] == "0.4975"


@pytest.mark.parametrize("variant", ["mean", "base", "max"])
def test_explain_follows_the_variant_asked(tmp_path, capsys, variant):
    """``--variant max`` led with the mean, under a ``variant:mean`` signature."""
    (tmp_path / "s.txt").write_text("a\n", encoding="utf-8")
    (tmp_path / "r1.txt").write_text("a\n", encoding="utf-8")
    (tmp_path / "r2.txt").write_text("abcdefghij\n", encoding="utf-8")
    args = [
        "-i",
        tmp_path / "s.txt",
        "-r",
        tmp_path / "r1.txt",
        tmp_path / "r2.txt",
        "--variant",
        variant,
        "--explain",
        "1",
    ]
    status, out, _ = run(capsys, *args)
    assert status == 0
    explanation = out.split("== item 1 of", 1)[1].splitlines()
    signature = next(line for line in explanation if line.startswith("signature"))
    assert f"variant:{variant}|" in signature
    label = {"mean": "charsim", "base": "base form", "max": "max"}[variant]
    first = next(line for line in explanation if line.startswith(("charsim ", "base form", "max ")))
    assert first.startswith(label)
    value = {"mean": "0.13", "base": "0.52", "max": "1.00"}[variant]  # §3.3: 0.134, 0.528, 1
    assert first.split()[-2].startswith(value)
    data = json.loads(run(capsys, *args, "--format", "json")[1])["explain"]["data"]
    (item,) = data.values()
    assert (item["variant"], f"variant:{variant}|" in item["signature"]) == (variant, True)
    if item["comparison"] is not None:  # sacreBLEU installed: its charsim row was the mean's
        charsim_row = item["comparison"]["scores"][0]
        assert f"variant:{variant}|" in charsim_row["signature"]
        assert f"{charsim_row['score']:.4f}".startswith(value)
    markdown = run(capsys, *args, "--format", "markdown")[1].split("Item 1 of", 1)[1]
    assert f"variant:{variant}\\|" in markdown  # | escaped in Markdown
