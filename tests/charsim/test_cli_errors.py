"""The command line on bad input: each error names the file and line, or the option, that
caused it, and prints nothing half-written (status 1), or is a usage error (status 2)."""

import shutil
import subprocess

import pytest

from charsim.cli import main

from .test_cli import run


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda f: ["-i", f("s.txt", "a\nb\n"), "-r", f("r.txt", "a\n")],
            "s.txt: has 2 lines but the references (",
        ),
        (
            lambda f: ["-i", f("s.txt", "a\n"), "-r", f("r.txt", "a\n"), f("r2.txt", "")],
            "r2.txt: has 0 lines but the reference file ",
        ),
        (
            lambda f: ["--jsonl", f("d.jsonl", '{"candidate": "a", "references": ["a"]}\n{"cand')],
            "d.jsonl, line 2: not valid JSON",
        ),
        (
            lambda f: ["--jsonl", f("d.jsonl", '{"candidate": "a", "references": []}\n')],
            "d.jsonl, line 1: the reference set is empty (K = 0)",
        ),
        (
            lambda f: ["--jsonl", f("d.jsonl", '{"candidate": 3, "references": ["a"]}\n')],
            'd.jsonl, line 1: "candidate" must be a string',
        ),
        (lambda f: ["--jsonl", f("d.jsonl", '["a"]\n')], "d.jsonl, line 1: expected an object"),
        (
            lambda f: [
                "--jsonl",
                f("d.jsonl", '{"candidate": "a", "references": ["a"]}\n{"candidate": "a"}\n'),
            ],
            'd.jsonl, line 2: the key "references" is missing',
        ),
        (
            lambda f: ["--jsonl", f("d.jsonl", '{"references": ["a"]}\n')],
            'd.jsonl, line 1: the key "candidate" is missing',
        ),
        (
            lambda f: ["--jsonl", f("d.jsonl", '{"candidate": "a", "reference": "a"}\n')],
            'line 1: the key "references" is missing (an item is {"candidate": ..., "references":'
            ' [...]}; "reference" is not read: "references" is a list, even of one)',
        ),
        (lambda f: ["-i", f("s.txt", "a\n")], "no references"),
        (lambda f: ["-i", f("s.txt", ""), "-r", f("r.txt", "")], "s.txt: holds no items"),
        (lambda f: ["-i", "/nonexistent/sys.txt", "-r", f("r.txt", "a\n")], "cannot be read"),
    ],
)
def test_bad_input_names_file_and_line(files, capsys, make, message):
    status, out, err = run(capsys, *make(files))
    assert status == 1
    assert out == ""  # nothing half-written
    assert message in err


@pytest.mark.parametrize(
    ("byte", "message"),
    [
        (b"\xff", "s.txt, line 2: not valid UTF-8 (byte 0xff at byte 3)\n"),
        (
            b"\x00",
            "s.txt, line 2: holds a NUL character (byte 0x00 at byte 3), which no text to "
            "score holds\n",
        ),
    ],
)
def test_invalid_utf8_or_a_nul_character_names_the_line(tmp_path, capsys, byte, message):
    bad = tmp_path / "s.txt"
    bad.write_bytes(b"fine\nal" + byte + b"so\n")
    ref = tmp_path / "r.txt"
    ref.write_text("a\nb\n", encoding="utf-8")
    status, out, err = run(capsys, "-i", bad, "-r", ref)
    assert status == 1 and out == ""
    assert err.endswith(message)  # no encoding named: not at the file's start


@pytest.mark.parametrize(
    "codec, named",
    [
        ("utf-16-le", "UTF-16 (little-endian"),
        ("utf-16-be", "UTF-16 (big-endian"),
        ("utf-32-le", "UTF-32 (little-endian"),
        ("utf-32-be", "UTF-32 (big-endian"),
    ],
)
def test_a_utf16_or_utf32_file_is_named_with_the_command_that_converts_it(
    tmp_path, capsys, codec, named
):
    """A byte-order mark names the encoding; the iconv command given makes the file that scores
    as the same text written in UTF-8 does."""
    text = "ça\nb\n"
    bad = tmp_path / "my sys.txt"
    bad.write_bytes(("\ufeff" + text).encode(codec))
    ref = tmp_path / "r.txt"
    ref.write_text("ça va\nb\n", encoding="utf-8")
    status, out, err = run(capsys, "-i", bad, "-r", ref)
    encoding = named[:6]
    command = f"iconv -f {encoding} -t UTF-8 '{bad}' > '{tmp_path}/my sys.utf8.txt'"
    assert (status, out) == (1, "")
    found = f"is {named}, by its byte-order mark), not UTF-8"
    assert err == f"charsim: error: {bad}: {found}: convert it with {command}\n"
    if shutil.which("iconv"):
        subprocess.run(command, shell=True, check=True)
        assert (tmp_path / "my sys.utf8.txt").read_text(encoding="utf-8") == text


CODECS = ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")


@pytest.mark.parametrize(
    ("codec", "text"),
    [
        *((codec, text) for codec in CODECS for text in ("ab\nb\n", "ça\nb\n")),
        # CJK in UTF-32 (日 is e5 65 00 00 and 00 00 65 e5); in UTF-16 it has no zero byte
        ("utf-32-le", "日本\nb\n"),
        ("utf-32-be", "日本\nb\n"),
    ],
)
def test_a_utf16_or_utf32_file_without_a_byte_order_mark_is_refused_with_its_likely_encoding(
    tmp_path, capsys, codec, text
):
    """Without the mark, "ab" in UTF-16LE (61 00 62 00) is valid UTF-8 with NUL characters: it was
    scored as that text, against a reference that it then matched in part only. Refused at the
    first NUL (or at "ç" in UTF-16LE, e7 00, not valid UTF-8); the encoding its first bytes
    look like is named with the iconv command that makes the file that scores as UTF-8 does."""
    bad = tmp_path / "sys.txt"
    bad.write_bytes(text.encode(codec))
    ref = tmp_path / "r.txt"
    ref.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "-i", bad, "-r", ref)
    encoding = codec.upper().replace("-", "").replace("UTF", "UTF-")
    command = f"iconv -f {encoding} -t UTF-8 {bad} > {tmp_path}/sys.utf8.txt"
    assert (status, out) == (1, "")
    assert err.startswith(f"charsim: error: {bad}, line 1: ")
    assert err.endswith(f": {encoding} without a byte-order mark? convert it with {command}\n")
    if shutil.which("iconv"):
        subprocess.run(command, shell=True, check=True)
        assert (tmp_path / "sys.utf8.txt").read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            '{"candidate": "a", "references": ["a"], "x": ' + "[" * 5000 + "]" * 5000 + "}",
            "nested deeper than 100",
        ),
        ('{"candidate": "a", "references": ["a"], "x": ' + "1" * 5000 + "}", "Exceeds the limit"),
        # json.loads alone keeps the last value: scored as "b" against "a", 0 instead of refused
        ('{"candidate": "a", "references": ["a"], "candidate": "b"}', 'duplicate key "candidate"'),
        ('{"candidate": "a", "references": [{"x": 1, "x": 2}]}', 'duplicate key "x"'),
    ],
)
def test_hostile_json_lines_are_located(files, capsys, line, message):
    status, out, err = run(capsys, "--jsonl", files("d.jsonl", line + "\n"))
    assert (status, out) == (1, "")
    assert "d.jsonl, line 1: not valid JSON" in err and message in err


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0", "argument --max-order: 0 is outside the allowed range 1..64 (32 is charsim)"),
        ("65", "argument --max-order: 65 is outside the allowed range 1..64 (32 is charsim)"),
        ("1000000000", "argument --max-order: 1000000000 is outside the allowed range 1..64"),
        ("many", "argument --max-order: 'many' is not a whole number"),
        ("3_2", "argument --max-order: '3_2' is not a whole number (write it in the digits 0-9)"),
        ("\u0663", "argument --max-order: '\u0663' is not a whole number"),  # it was cap 3
    ],
)
def test_max_order_out_of_range_is_a_usage_error(files, capsys, value, message):
    with pytest.raises(SystemExit) as exit_:
        main(
            [
                "-i",
                str(files("s.txt", "a\n")),
                "-r",
                str(files("r.txt", "a\n")),
                "--max-order",
                value,
            ]
        )
    out, err = capsys.readouterr()
    assert (exit_.value.code, out) == (2, "")
    assert message in err


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda f: ["-i", "", "-r", f("r.txt", "a\n")],
            "argument -i/--input: '' is not a file name (an empty name names no file)",
        ),
        (
            lambda f: ["-i", f("s.txt", "a\n"), "-r", f("r.txt", "a\n"), ""],
            "argument -r/--references: '' is not a file name",
        ),
        (lambda f: ["--jsonl", ""], "argument --jsonl: '' is not a file name"),
        (
            lambda f: ["-i", f("s.txt", "a\n"), "-i", f("t.txt", "a\n"), "-r", f("r.txt", "a\n")],
            "argument -i/--input: given twice: name every system after one -i: -i a.txt b.txt",
        ),
        (
            lambda f: ["-i", f("s.txt", "a\n"), "-r", f("r.txt", "a\n"), "-r", f("r.txt", "a\n")],
            "argument -r/--references: given twice: name every reference file after one -r",
        ),
        (
            lambda f: ["--jsonl", f("d.jsonl", ""), "--jsonl", f("d.jsonl", "")],
            "argument --jsonl: given twice: give one JSON Lines file",
        ),
        (
            lambda f: [
                "-i",
                f("s.txt", "a\n"),
                "-r",
                f("r.txt", "a\n"),
                "--metrics",
                "chrf",
                "--metrics",
                "bleu",
            ],
            "argument -m/--metrics: given twice: list every metric in one --metrics",
        ),
        (
            lambda f: ["-i", f("s.txt", "a\n"), "-r", f("r.txt", "a\n"), "--jobs", "1_0"],
            "argument --jobs: '1_0' is not a whole number (write it in the digits 0-9)",
        ),
        (
            lambda f: ["-i", f("s.txt", "a\n"), "-r", f("r.txt", "a\n"), "--jobs", "\u0661"],
            "argument --jobs: '\u0661' is not a whole number",
        ),
    ],
)
def test_an_option_given_badly_is_a_usage_error(files, capsys, make, message):
    """``-i ''`` said ``: cannot be read``; ``--jobs 1_0`` ran 10 processes and ``--jobs ١``
    (Arabic-Indic one) one, as Python's int() reads them; a second ``-i``, ``-r``, ``--jsonl``
    or ``--metrics`` replaced the first silently (``-i a.txt -i b.txt`` scored b.txt alone)."""
    with pytest.raises(SystemExit) as exit_:
        main([str(arg) for arg in make(files)])
    out, err = capsys.readouterr()
    assert (exit_.value.code, out) == (2, "")
    assert err.startswith("usage: charsim")
    assert err.splitlines()[-1].startswith(f"charsim: error: {message}")


@pytest.mark.parametrize("odd", [0, 2])
def test_the_system_whose_line_count_differs_is_named(files, capsys, odd):
    ref = files("r.txt", "a\nb\n")
    systems = [files(f"s{i}.txt", "a\nb\nc\n" if i == odd else "a\nb\n") for i in range(3)]
    status, out, err = run(capsys, "-i", *systems, "-r", ref)
    assert (status, out) == (1, "")
    assert err == (
        f"charsim: error: {systems[odd]}: has 3 lines but the references ({ref}) have 2; "
        "line counts must match\n"
    )


def test_a_reference_file_whose_line_count_differs_is_named(files, capsys):
    refs = [files("r1.txt", "a\n"), files("r2.txt", "a\nb\n")]
    status, out, err = run(capsys, "-i", files("s.txt", "a\n"), "-r", *refs)
    assert (status, out) == (1, "")
    assert err == (
        f"charsim: error: {refs[1]}: has 2 lines but the reference file {refs[0]} has 1; "
        "line counts must match\n"
    )
