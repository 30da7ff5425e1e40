"""Every code example of README.md and docs/**/*.md is run or checked, so none can go stale.
A fenced block's language says what is done with it:

* ``pycon``: a doctest (``>>>`` lines and the exact output they print; a line ``...`` in an
  output stands for any lines). The blocks of one page run in order in one namespace, as in a
  notebook cell after cell.
* ``console``: ``$ charsim ...`` lines run from the repository's root, each followed by exactly
  what it prints on stdout (``...`` alone on a line: any lines); the exit status must be 0.
* ``python``: run as written; a block that starts with ``# name.py`` is a script another test
  runs (:data:`SCRIPTS`), and is only compiled here.
* ``shell``: commands that take minutes, a browser or a network (``make test``, a benchmark, the
  site build): each is checked without running it: a ``charsim`` command line is parsed by the
  command's own parser, a script or test named exists and has every ``--option`` given, the
  code of a ``python -c`` compiles, a ``make`` target exists in the Makefile, a
  ``pip install '.[extra]'`` extra in pyproject.toml.
* ``text`` (or none) and MyST directives (``{toctree}``): not code.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    [ROOT / "README.md", ROOT / "README.pypi.md"]
    + [
        p
        for p in (ROOT / "docs").rglob("*.md")
        if not {"_build", "_generated"} & set(p.relative_to(ROOT).parts)
    ]
)
FENCE = re.compile(
    r"^(?P<fence>`{3,})(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.M | re.S
)
SCRIPTS = {"score_on_dask.py": "tests/charsim/test_scale.py"}
"""Scripts shown in the docs and the test that runs each."""
CHECKED = {"pycon", "console", "python", "shell"}
UNCHECKED = {"", "text"}


def blocks(page: Path) -> list[tuple[str, int, str]]:
    """``(language, line, body)`` of each fenced code block of ``page`` (MyST directives left
    out)."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        info = match["info"].strip()
        if info.startswith("{"):
            continue
        line = text.count("\n", 0, match.start()) + 1
        found.append((info.split()[0] if info else "", line, match["body"]))
    return found


def name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def examples(language: str) -> list:
    return [
        pytest.param(page, line, body, id=f"{name(page)}:{line}")
        for page in PAGES
        for lang, line, body in blocks(page)
        if lang == language
    ]


def test_every_block_has_a_known_language():
    unknown = [
        f"{name(page)}:{line}: {lang!r}"
        for page in PAGES
        for lang, line, _ in blocks(page)
        if lang not in CHECKED | UNCHECKED
    ]
    assert not unknown, f"say what to do with these blocks (this module's docstring): {unknown}"


def test_the_pages_have_examples():
    assert examples("pycon") and examples("console") and examples("shell")


@pytest.mark.parametrize(
    "page", [p for p in PAGES if any(b[0] == "pycon" for b in blocks(p))], ids=name
)
def test_pycon(page: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    pieces = [f"{body}\n" for lang, _, body in blocks(page) if lang == "pycon"]
    test = parser.get_doctest("\n".join(pieces), {"__name__": "__doc__"}, name(page), None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert runner.tries > 0


def _expected(lines: list[str]) -> re.Pattern:
    parts = [r"(?:.*\n)*?" if line == "..." else re.escape(line) + r"\n" for line in lines]
    return re.compile("".join(parts))


def _commands(body: str) -> list[tuple[str, list[str]]]:
    """The ``$ command`` lines of a console block, each with the lines it prints."""
    commands: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            assert commands, f"a console block starts with '$ ': {line!r}"
            commands[-1][1].append(line)
    return commands


@pytest.mark.parametrize(("page", "line", "body"), examples("console"))
def test_console(page: Path, line: int, body: str):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100", "PYTHONIOENCODING": "utf-8"}
    for command, output in _commands(body):
        words = shlex.split(command)
        assert words[0] == "charsim", f"{command!r}: console blocks run charsim only"
        run = subprocess.run(
            [sys.executable, "-m", "charsim", *words[1:], "--no-progress"]
            if words[1:2] not in (["article"], ["examples"])
            else [sys.executable, "-m", "charsim", *words[1:]],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=300,
        )
        assert run.returncode == 0, f"{command}: status {run.returncode}\n{run.stderr}"
        assert _expected(output).fullmatch(run.stdout), (
            f"{name(page)}:{line}: {command}\n--- printed:\n{run.stdout}"
        )


def _makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return {m[1] for m in re.finditer(r"^([\w.-]+):", text, re.M)}


def _extras() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return set(project["optional-dependencies"])


def _options_in(path: Path, words: list[str]) -> None:
    assert path.is_file(), f"{path} does not exist"
    text = path.read_text(encoding="utf-8")
    for word in words:
        if word.startswith("--"):
            option = word.split("=")[0]
            assert f'"{option}"' in text, f"{path.name} has no option {option}"


def check_shell_command(words: list[str]) -> None:
    """Check one command of a shell block without running it (this module's docstring)."""
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):  # VAR=value make ...
        words = words[1:]
    program, args = words[0], words[1:]
    if program == "charsim":
        if args[:1] == ["article"]:
            assert args[1:] in ([], ["--help"], ["--format", "json"], ["--format", "text"]), args
            return
        if args[:1] == ["meta-eval"]:
            from charsim.cli.meta_eval import parser

            try:
                parser().parse_args(args[1:])
            except SystemExit as exit:
                if exit.code != 0:  # --help
                    raise AssertionError(f"charsim {' '.join(args)}: refused") from exit
            return
        from charsim.cli.parser import command_parser

        try:
            command_parser().parse_args(args)
        except SystemExit as exit:
            if exit.code == 0:  # --help, --version
                return
            raise AssertionError(f"charsim {' '.join(args)}: refused by the parser") from exit
    elif program == "make":
        targets = [a for a in args if "=" not in a]
        assert targets, words
        assert set(targets) <= _makefile_targets(), targets
    elif program == "pip":
        assert args[0] == "install", words
        for arg in args[1:]:
            if arg.startswith("-"):
                continue
            match = re.fullmatch(r"\.(?:\[([\w,]+)\])?", arg)
            assert match, f"pip install {arg}: install the checkout (. or '.[extra]')"
            assert set((match[1] or "").split(",")) - {""} <= _extras(), arg
    elif program in ("python", "python3"):
        if args[:2] == ["-m", "explorer"]:
            module = {"build": "build.py", "serve": "serve.py"}[args[2]]
            _options_in(ROOT / "explorer" / "site_build" / module, args[3:])
        elif args[:2] == ["-m", "pytest"]:
            for arg in args[2:]:
                if not arg.startswith("-"):
                    assert (ROOT / arg.split("::")[0]).exists(), arg
        elif args[:3] == ["-m", "panel", "serve"]:
            assert (ROOT / args[3]).is_file(), args[3]
        elif args[:1] == ["-c"]:
            compile(args[1], "python -c", "exec")
        else:
            assert args[0].endswith(".py"), words
            _options_in(ROOT / args[0], args[1:])
    elif program in ("head", "node", "npm", "sphinx-build"):
        pass
    else:
        raise AssertionError(f"{words}: no rule for this command (this module's docstring)")


@pytest.mark.parametrize(("page", "line", "body"), examples("shell"))
def test_shell(page: Path, line: int, body: str):
    for text in body.splitlines():
        words = shlex.split(text, comments=True)
        if not words:
            continue
        command: list[str] = []
        for word in [*words, "|"]:
            if word == "|":
                check_shell_command(command)
                command = []
            else:
                command.append(word)


@pytest.mark.parametrize(("page", "line", "body"), examples("python"))
def test_python(page: Path, line: int, body: str, monkeypatch: pytest.MonkeyPatch):
    first = body.splitlines()[0]
    if script := re.fullmatch(r"# (\w+\.py)", first):
        assert script[1] in SCRIPTS, f"{script[1]}: which test runs it? (SCRIPTS)"
        compile(body, f"{name(page)}:{line}", "exec")
        runner = (ROOT / SCRIPTS[script[1]]).read_text(encoding="utf-8")
        assert f"# {script[1]}" in runner
        return
    monkeypatch.chdir(ROOT)
    exec(compile(body, f"{name(page)}:{line}", "exec"), {"__name__": "__doc__"})


INLINE = re.compile(
    r"`((?:(?:/usr/bin/)?time (?:-v )?)?"
    r"(?:charsim -|charsim article|python benchmarks/|python -m (?:pytest|explorer) |python docs/)"
    r"[^`]*)`"
)
"""A command in running text, such as a benchmarks row's (``python benchmarks/x.py``)."""


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_inline_commands(page: Path):
    text = " ".join(page.read_text(encoding="utf-8").split())
    for match in INLINE.finditer(text):
        words = shlex.split(match[1])
        if words[0].endswith("time"):
            words = [w for w in words[1:] if w != "-v"]
        if "..." in words or "|" in words or len(words) == 2 and words[1].startswith("--"):
            continue  # an elided command line, or an option named in a sentence
        check_shell_command(words)
