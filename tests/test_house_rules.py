"""What a reader of the repository can follow, and who decides the layout.

* Every reference in code, docs and tests is one a reader can open: the article by its title and
  section, a paper, a public URL or a file of this repository; never a tracker's issue number or
  a folder outside the repository.
* The formatter (``ruff format``) lays out the code: a ``# fmt: skip`` says why, in a comment of
  its own on the same line (a table whose alignment carries meaning).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEXT_SUFFIXES = {".py", ".md", ".js", ".mjs", ".toml", ".html", ".css", ".txt", ".cfg", ".cff"}
UNFOLLOWABLE = {
    "a tracker's issue number": re.compile(r"(?<![/#\w])[Ii]ssues? #?\d+\b|\bTarget \d+ \("),
    "a folder outside the repository": re.compile(r"\.\./shared/spec|\bthe (?:project )?team'?s\b"),
}
FMT_SKIP = re.compile(r"#\s*fmt:\s*skip\b(?P<rest>.*)$")


def tracked_text_files(root: Path = ROOT) -> list[Path]:
    """The repository's own text files that git tracks (the example data in ``data/``, written
    by others, left out)."""
    listed = subprocess.run(
        ["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    return [
        root / name
        for name in listed
        if not name.startswith("data/")
        and (Path(name).suffix in TEXT_SUFFIXES or name in {"Makefile", ".ci/run"})
        and (root / name).is_file()
    ]


def others() -> list[Path]:
    """:func:`tracked_text_files` but this one, whose examples are what the rules refuse."""
    return [path for path in tracked_text_files() if path != Path(__file__).resolve()]


def unfollowable_references(paths: list[Path], root: Path = ROOT) -> list[str]:
    """``path:line: kind: text`` for each reference a reader of the repository cannot follow."""
    found = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for kind, pattern in UNFOLLOWABLE.items():
                if pattern.search(line):
                    where = path.relative_to(root).as_posix()
                    found.append(f"{where}:{number}: {kind}: {line.strip()[:80]}")
    return found


def unexplained_fmt_skips(paths: list[Path], root: Path = ROOT) -> list[str]:
    """``path:line`` for each ``# fmt: skip`` without a comment saying why after it."""
    found = []
    for path in paths:
        if path.suffix != ".py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = FMT_SKIP.search(line)
            if match and not match["rest"].strip().startswith("#"):
                found.append(f"{path.relative_to(root).as_posix()}:{number}")
    return found


def test_every_reference_is_one_a_reader_can_follow():
    found = unfollowable_references(others())
    assert not found, "cite the article, a paper, a URL or a file instead:\n  " + "\n  ".join(found)


def test_the_formatter_lays_out_the_code():
    found = unexplained_fmt_skips(others())
    assert not found, "# fmt: skip without a reason:\n  " + "\n  ".join(found)


@pytest.mark.parametrize(
    ("line", "kinds"),
    [
        ("# the fix of issue 25", ["a tracker's issue number"]),
        ('"""Target 1 (issue 5): speed."""', ["a tracker's issue number"]),
        ("see ``../shared/spec/001.txt``", ["a folder outside the repository"]),
        ("the team's folder", ["a folder outside the repository"]),
        ("https://github.com/mjpost/sacrebleu/issues/224", []),
        ("a copy in ../shared/pyodide-0.27.7 beside the checkout", []),
        ("an issue worth a test", []),
    ],
)
def test_the_reference_rule_tells_what_cannot_be_followed(tmp_path, line, kinds):
    path = tmp_path / "module.py"
    path.write_text(line + "\n", encoding="utf-8")
    found = unfollowable_references([path], root=tmp_path)
    assert [entry.split(": ")[1] for entry in found] == kinds


def test_a_fmt_skip_needs_its_reason(tmp_path):
    path = tmp_path / "module.py"
    path.write_text(
        "a = [1,2]  # fmt: skip\nb = [1,  2]  # columns: order n, weight\n",
        encoding="utf-8",
    )
    assert unexplained_fmt_skips([path], root=tmp_path) == ["module.py:1"]
