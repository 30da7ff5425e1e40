"""The command line on hand-checked fixtures, on the TED files, and on every kind of bad input."""

import io
import json
import statistics
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import charsim
from charsim.cli import main

from ..data import TED


def run(capsys, *args):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_mean_of_hand_checked_items(files, capsys):
    sys_file = files("sys.txt", "ca\ncats\n")
    ref = files("ref.txt", "cat\ncat\n")
    status, out, _ = run(capsys, "-i", sys_file, "-r", ref, "--format", "json", "--sentence-level")
    assert status == 0
    result = json.loads(out)
    # §3.4: ca → 100/201, cats → 325/549 (exact values of the explanation)
    assert result["scores"] == [100 / 201, 325 / 549]
    assert result["score"] == pytest.approx(float((Fraction(100, 201) + Fraction(325, 549)) / 2))
    assert result["n_items"] == 2
    assert result["signature"] == charsim.signature(nrefs=1)


def test_text_output_and_signature(files, capsys):
    status, out, _ = run(capsys, "-i", files("s.txt", "ca\n"), "-r", files("r.txt", "cat\n"))
    assert status == 0
    assert out.splitlines() == ["charsim = 0.4975  (1 item)", charsim.signature(nrefs=1)]


def test_two_reference_files_and_variants(files, capsys):
    sys_file = files("s.txt", "a\n")
    refs = [files("r1.txt", "a\n"), files("r2.txt", "abcdefghij\n")]
    expected = {"mean": 0.134, "base": 0.528, "max": 1.0}  # §3.3
    for variant, value in expected.items():
        status, out, _ = run(
            capsys, "-i", sys_file, "-r", *refs, "--variant", variant, "--format", "json"
        )
        assert status == 0
        assert round(json.loads(out)["score"], 3) == value
        assert f"variant:{variant}" in json.loads(out)["signature"]


def test_empty_reference_line_is_an_empty_reference(files, capsys):
    sys_file = files("s.txt", "a\n\n")
    ref = files("r.txt", "\n\n")
    status, out, _ = run(capsys, "-i", sys_file, "-r", ref, "--format", "json", "--sentence-level")
    assert status == 0
    assert json.loads(out)["scores"] == [0.0, 1.0]  # §7.4: "a" vs [""] → 0; "" vs [""] → 1


def test_several_systems_side_by_side(files, capsys):
    ref = files("r.txt", "cat\ncat\n")
    one, two = files("one.txt", "cat\nca\n"), files("two.txt", "cats\ncatcat\n")
    status, out, _ = run(capsys, "-i", one, two, "-r", ref, "--format", "tsv", "--sentence-level")
    assert status == 0
    rows = [line.split("\t") for line in out.splitlines()]
    assert rows[0] == ["item", str(one), str(two)]
    assert rows[1] == ["1", "1.000000", f"{charsim.score('cats', ['cat']):.6f}"]
    assert rows[2] == ["2", f"{100 / 201:.6f}", f"{charsim.score('catcat', ['cat']):.6f}"]
    assert rows[-1][0] == "#signature"


def test_preprocessing_is_recorded(files, capsys):
    sys_file, ref = files("s.txt", "STRASSE\n"), files("r.txt", "Straße\n")
    status, out, _ = run(
        capsys, "-i", sys_file, "-r", ref, "--lowercase", "--normalize", "NFKC", "--format", "json"
    )
    assert json.loads(out)["score"] == 1.0
    assert "norm:NFKC|case:fold" in json.loads(out)["signature"]


def test_explain_prints_the_explanation(files, capsys):
    status, out, _ = run(
        capsys, "-i", files("s.txt", "x\nca\n"), "-r", files("r.txt", "y\ncat\n"), "--explain", "2"
    )
    assert status == 0
    assert "R = M̄/L̄_r  0.497512 (100/201)" in out
    assert "'⟨^⟩ca'" in out and "Recall decides" in out


def test_jsonl_input(files, capsys):
    data = files(
        "d.jsonl",
        '{"candidate": "ca", "references": ["cat"]}\n\n'
        '{"candidate": "a", "references": ["a", "abcdefghij"]}\n',
    )
    status, out, _ = run(capsys, "--jsonl", data, "--format", "json", "--sentence-level")
    assert status == 0
    result = json.loads(out)
    assert result["scores"] == [100 / 201, charsim.score("a", ["a", "abcdefghij"])]
    assert "|nrefs:var|" in result["signature"]  # the number of references varies (sacreBLEU)


def test_module_entry_point_reads_stdin():
    done = subprocess.run(
        [sys.executable, "-m", "charsim", "--jsonl", "-", "--format", "json"],
        input='{"candidate": "ca", "references": ["cat"]}\n',
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["score"] == 100 / 201


def test_ted_files(capsys):
    ref = TED / "ted.ref.txt"
    status, out, _ = run(
        capsys,
        "-i",
        TED / "ted.sys1.txt",
        TED / "ted.sys2.txt",
        "-r",
        ref,
        "--format",
        "json",
        "--sentence-level",
        "--no-progress",
    )
    assert status == 0
    result = json.loads(out)
    assert result["n_items"] == 2445
    references = ref.read_text(encoding="utf-8").split("\n")[:-1]
    for system in result["systems"]:
        candidates = Path(system["name"]).read_text(encoding="utf-8").split("\n")[:-1]
        for i in (0, 1, 1234, 2444):
            assert system["scores"][i] == charsim.score(candidates[i], [references[i]])
        assert system["score"] == pytest.approx(statistics.fmean(system["scores"]), abs=1e-12)
    assert [round(s["score"], 4) for s in result["systems"]] == [0.4519, 0.4429]


def test_a_reference_set_shared_by_many_lines_gives_the_same_scores(files, capsys):
    """Lines sharing one reference set are scored through one ReferenceSet: same numbers."""
    candidates = [f"the cat sat {i}" for i in range(40)]
    sys_file = files("s.txt", "\n".join(candidates) + "\n")
    ref = files("r.txt", "the cat sat on the mat\n" * 40)
    status, out, _ = run(capsys, "-i", sys_file, "-r", ref, "--format", "json", "--sentence-level")
    assert status == 0
    expected = [charsim.score(c, ["the cat sat on the mat"]) for c in candidates]
    assert json.loads(out)["scores"] == expected


def test_explain_beyond_the_items_gives_the_range(files, capsys):
    status, out, err = run(
        capsys, "-i", files("s.txt", "a\nb\n"), "-r", files("r.txt", "a\nb\n"), "--explain", "17"
    )
    assert (status, out) == (1, "")
    assert err.endswith(
        "--explain 17 is out of range: "
        + str(files("s.txt", "a\nb\n"))
        + " holds 2 items (choose 1 to 2)\n"
    )


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_explain_below_one_is_a_usage_error(files, capsys, value):
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "-i", files("s.txt", "a\n"), "-r", files("r.txt", "a\n"), "--explain", value)
    assert exit_.value.code == 2
    assert "argument --explain:" in capsys.readouterr().err


def test_explain_in_tsv_keeps_the_table(files, capsys):
    candidates = files("s.txt", "ca\n")
    status, out, _ = run(
        capsys, "-i", candidates, "-r", files("r.txt", "cat\n"), "--format", "tsv", "--explain", "1"
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[:3] == [
        f"item\t{candidates}",
        "corpus\t0.497512",
        f"#signature\t{charsim.signature(nrefs=1)}",
    ]
    assert len(lines) > 10 and all(line.startswith("#") for line in lines[2:])


def test_stdin_cannot_be_candidates_and_references(capsys):
    status, out, err = run(capsys, "-r", "-")
    assert (status, out) == (1, "")
    assert err == (
        "charsim: error: <stdin>: cannot be both the candidates (-i, '-' by default) "
        "and the references (-r -): give the candidates with -i FILE\n"
    )


def test_no_references_names_stdin(capsys):
    status, _, err = run(capsys)
    assert status == 1 and err.startswith("charsim: error: <stdin>: no references")


def test_a_terminal_without_the_characters_gets_escapes(files, tmp_path):
    """PYTHONIOENCODING=ascii: the explanation's ⟨^⟩ and é come out escaped, not as a traceback."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "charsim",
            "-i",
            files("s.txt", "é\n"),
            "-r",
            files("r.txt", "é\n"),
            "--explain",
            "1",
        ],
        capture_output=True,
        text=True,
        env={"PYTHONIOENCODING": "ascii", "PATH": ""},
        cwd=Path(charsim.__file__).parents[1],
    )
    assert done.returncode == 0, done.stderr
    assert "\\u27e8^\\u27e9" in done.stdout and "Traceback" not in done.stderr


def test_a_derived_variant_is_said_in_the_text_output(files, capsys):
    args = ["-i", files("s.txt", "ca\n"), "-r", files("r.txt", "cat\n")]
    status, out, _ = run(capsys, *args, "--max-order", "2", "--weights", "uniform")
    assert status == 0
    # N = 2, weights 1: M = 2 + 2 (c a; ^c ca), L_t = 2 + 3, L_r = 3 + 4 → min(P, R) = 4/7
    assert out.splitlines() == [
        "derived variant = 0.5714  (1 item)",
        "Derived variant — not charsim: the article fixes the cap at 32 and the weights at 1/n; "
        "this uses cap 2 and uniform weights (§5.7, §6.4).",
        charsim.signature(max_order=2, weights="uniform", nrefs=1),
    ]
    status, out, _ = run(capsys, *args, "--max-order", "5", "--explain", "1")
    assert (
        "\nDerived variant — not charsim: the article fixes the cap at 32 and the weights at "
        "1/n; this uses cap 5 and 1/n weights (§5.7, §6.4).\n" in out
    )
    status, out, _ = run(capsys, *args, "--explain", "1")
    assert "variant —" not in out and "derived variant =" not in out  # the standard settings


def test_one_item_of_more_than_a_million_characters_is_warned_of(files, capsys):
    """A file of one line of 1.2 million characters (a document with its line breaks lost)
    took 2 s and 245 MB and said nothing."""
    line = "the cat sat on the mat " * 50_000  # 1,150,000 characters
    status, out, err = run(
        capsys,
        "-i",
        files("s.txt", line + "\n"),
        "-r",
        files("r.txt", "the cat\n"),
        "--format",
        "json",
    )
    assert status == 0 and json.loads(out)["n_items"] == 1
    assert err == (
        "charsim: warning: item 1 has 1,150,007 characters (candidate plus "
        "references): it takes about 0.3 GB of memory to score (250 bytes a "
        "character) and a line is one item: if it is a whole document, put one "
        "sentence on each line\n"
    )
    status, out, err = run(capsys, "-i", files("s.txt", "a\n" * 3), "-r", files("r.txt", "a\n" * 3))
    assert (status, err) == (0, "")


def test_a_json_lines_file_given_to_i_suggests_jsonl(files, capsys, tmp_path):
    """``-i d.jsonl`` scored each JSON line as a candidate text, or stopped on a line count,
    and never said --jsonl. A text file named .jsonl is still scored; a warning on
    stderr says what it looks like."""
    record = '{"candidate": "a", "references": ["a"]}\n'
    data, ref = files("d.jsonl", record), files("r.txt", "a\n")
    status, out, err = run(capsys, "-i", data, "-r", ref, "--format", "json")
    assert status == 0 and json.loads(out)["n_items"] == 1  # scored, as plain text
    assert err == (
        f"charsim: warning: {data} looks like JSON Lines (its name ends in .jsonl), but -i "
        f"reads one candidate per line; did you mean --jsonl {data}?\n"
    )
    status, out, err = run(capsys, "-i", data, "-r", files("r2.txt", "a\nb\n"))
    assert (status, out) == (1, "") and err.count("\n") == 2
    assert "did you mean --jsonl" in err.splitlines()[0]
    assert err.splitlines()[1].startswith(f"charsim: error: {data}: has 1 line but")
    status, out, err = run(capsys, "-i", data)  # no -r: the error itself says it, in one line
    assert (status, out) == (1, "")
    assert err == (
        f"charsim: error: {data}: no references (give them with -r), and it looks "
        "like JSON Lines (its name ends in .jsonl): did you mean --jsonl "
        f"{data}?\n"
    )
    named_txt = files("d.txt", "\ufeff" + record)  # the first line is a JSON object
    status, _, err = run(capsys, "-i", named_txt, "-r", ref)
    assert status == 0
    assert err.startswith(
        f"charsim: warning: {named_txt} looks like JSON Lines (its first line is a JSON object)"
    )
    spaced = files("my items.jsonl", record)
    status, _, err = run(capsys, "-i", spaced, "-r", ref)
    assert status == 0 and err.endswith(f"did you mean --jsonl '{spaced}'?\n")
    for text in ("a\n", '["a"]\n', "{not json\n"):  # plain text, no hint
        status, _, err = run(capsys, "-i", files("s.txt", text), "-r", ref)
        assert (status, err) == (0, "")
    status, _, err = run(capsys, "-i", tmp_path / "missing.jsonl", "-r", ref)
    assert status == 1 and err.count("\n") == 1 and "cannot be read" in err


def test_max_order_64_is_accepted_and_documented(files, capsys):
    status, out, _ = run(
        capsys,
        "-i",
        files("s.txt", "ca\n"),
        "-r",
        files("r.txt", "cat\n"),
        "--max-order",
        "64",
        "--format",
        "json",
    )
    assert (status, json.loads(out)["score"]) == (0, 100 / 201)  # N = min(3 + 2, 64) = 5 as at 32
    assert "order cap, 1 to 64" in " ".join(_help(capsys).split())


def _help(capsys) -> str:
    with pytest.raises(SystemExit):
        main(["--help"])
    return capsys.readouterr().out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("terminal", "flag", "shown"),
    [(False, [], False), (True, [], True), (True, ["--no-progress"], False)],
)
def test_progress_only_on_a_terminal(files, capsys, monkeypatch, terminal, flag, shown):
    pytest.importorskip("tqdm")
    lines = "".join(f"line {i}\n" for i in range(2500))
    args = ["-i", files("s.txt", lines), "-r", files("r.txt", lines), *flag]
    stderr = _Terminal() if terminal else io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    status, out, _ = run(capsys, *args)
    assert (status, out.splitlines()[0]) == (0, "charsim = 1.0000  (2,500 items)")
    # the bar counts chunks of CHUNK_SIZE = 1,000 items: its first line says 0 of 3
    assert ("| 0/3 [" in stderr.getvalue()) is shown
    assert (stderr.getvalue() != "") is shown


@pytest.mark.parametrize(("variant", "label"), [("base", "charsim_base"), ("max", "charsim_max")])
def test_text_output_names_the_variant(files, capsys, variant, label):
    status, out, _ = run(
        capsys,
        "-i",
        files("s.txt", "a\n"),
        "-r",
        files("r1.txt", "a\n"),
        files("r2.txt", "abcdefghij\n"),
        "--variant",
        variant,
    )
    value = {"base": 0.5285, "max": 1.0}[variant]  # §3.3 prints 0.528 (mean of 1 and 0.0569)
    assert status == 0 and out.splitlines()[0] == f"{label} = {value:.4f}  (1 item)"


def test_jsonl_with_input_files_is_a_usage_error(files, capsys):
    data = files("d.jsonl", '{"candidate": "a", "references": ["a"]}\n')
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "--jsonl", data, "-i", files("s.txt", "a\n"), "-r", files("r.txt", "a\n"))
    out, err = capsys.readouterr()
    assert (exit_.value.code, out) == (2, "")
    assert err.startswith("usage: charsim")
    assert err.endswith("charsim: error: --jsonl cannot be combined with -i or -r\n")


def test_tsv_of_several_systems_names_each_column(files, capsys):
    ref = files("r.txt", "cat\n")
    one, two = files("s1.txt", "ca\n"), files("s2.txt", "cat\n")
    status, out, _ = run(capsys, "-i", one, two, "-r", ref, "--format", "tsv")
    assert status == 0
    assert out.splitlines()[:2] == [f"item\t{one}\t{two}", f"corpus\t{100 / 201:.6f}\t1.000000"]
    status, out, _ = run(capsys, "-i", one, "-r", ref, "--format", "tsv")  # one system: the same
    assert out.splitlines()[:2] == [f"item\t{one}", f"corpus\t{100 / 201:.6f}"]


@pytest.mark.parametrize(
    "command",
    [["article", "--format", "json"], ["--jsonl", "-", "--sentence-level"]],
    ids=["article", "scoring"],
)
def test_a_closed_pipe_ends_quietly(command):
    """The reader is gone before the first write (as `| head -c 200` can be): no traceback."""
    process = subprocess.Popen(
        [sys.executable, "-m", "charsim", *command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.close()
    _, err = process.communicate(b'{"candidate": "ca", "references": ["cat"]}\n' * 3000)
    assert (process.returncode, err) == (1, b"")


@pytest.mark.parametrize(
    ("candidate", "reference", "line"),
    [
        # §2.5: N' = max(|t|, |r|) + 2 = 3 for one letter, 2 for empty texts; N = min(N', 32)
        ("a", "b", "N 3 = min(N', cap 32)   N' 3: the highest order with an n-gram (§2.5)"),
        ("", "", "N 2 = min(N', cap 32)   N' 2: the highest order with an n-gram (§2.5)"),
        (
            "a" * 40,
            "a" * 40,
            "N 32 = min(N', cap 32)   N' 42: the highest order with an n-gram (§2.5)",
        ),
    ],
)
def test_explain_labels_the_order_cap_and_the_highest_order(
    files, capsys, candidate, reference, line
):
    args = [
        "-i",
        files("s.txt", candidate + "\n"),
        "-r",
        files("r.txt", reference + "\n"),
        "--explain",
        "1",
    ]
    out = run(capsys, *args)[1]
    assert line in out.splitlines()
    assert "   N 3   K" not in out and "   N 2   K" not in out  # the old, ambiguous label
    data = json.loads(run(capsys, *args, "--format", "json")[1])["explain"]["data"]
    e = charsim.explain(candidate, [reference])
    assert [(d["order_cap"], d["n_prime"], d["max_order"]) for d in data.values()] == [
        (e.order_cap, e.n_prime, 32)
    ]
