"""``charsim examples``: the example data copied into a folder, and one line when it cannot be."""

from __future__ import annotations

from charsim.cli.command import run


def test_the_examples_are_copied_once_and_never_overwritten(tmp_path, capsys):
    assert run(["examples", "--to", str(tmp_path)]) == 0
    copied = capsys.readouterr().out.splitlines()
    assert str(tmp_path / "data" / "ted-en" / "ted.ref.txt") in copied
    (tmp_path / "data" / "ted-en" / "ted.ref.txt").write_text("changed\n", encoding="utf-8")
    assert run(["examples", "--to", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"charsim: error: cannot copy the examples into {tmp_path}")
    assert "exists and differs from charsim's: nothing copied" in err


def test_a_file_given_as_the_folder_is_named_with_the_reason(tmp_path, capsys):
    given = tmp_path / "a.txt"
    given.write_text("", encoding="utf-8")
    assert run(["examples", "--to", str(given)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"charsim: error: cannot copy the examples into {given}: Not a directory")
    assert err.count("\n") == 1
