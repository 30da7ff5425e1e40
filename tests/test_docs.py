"""The documentation site builds with warnings as errors, as ``make docs`` builds it,
into a temporary folder: every page, the API reference from the docstrings and the command
line's reference from its parser. ``tests/test_doc_examples.py`` runs the pages' examples."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("sphinx", reason="pip install -e '.[docs]' (in '.[test]' too)")
    out = tmp_path_factory.mktemp("docs")
    start = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "--keep-going",
            "-q",
            "-j",
            "1",
            "-b",
            "html",
            "-d",
            str(out / "doctrees"),
            str(ROOT / "docs"),
            str(out / "html"),
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"sphinx-build -W failed:\n{done.stderr}{done.stdout}"
    print(f"docs built in {time.monotonic() - start:.1f} s")
    return out / "html"


def test_every_page_is_built(html: Path):
    pages = sorted(
        p.relative_to(ROOT / "docs").with_suffix(".html")
        for p in (ROOT / "docs").rglob("*.md")
        if not {"_build", "_generated"} & set(p.parts)
    )
    assert pages
    for page in pages:
        assert (html / page).is_file(), page
    assert (html / "_static" / "explorer.png").is_file()


def test_the_api_reference_comes_from_the_docstrings(html: Path):
    api = (html / "api.html").read_text(encoding="utf-8")
    import charsim

    for name in ("score", "explain", "ReferenceSet", "paired_bootstrap", "signature"):
        assert f'id="charsim.{name}"' in api, name
    first_line = charsim.paired_bootstrap.__doc__.split("\n")[0].split("``")[0].strip()
    assert first_line[:30] in api
    for module in ("corpus", "compare", "compare.fragility", "render.export", "metric.models"):
        assert f'id="module-charsim.{module}"' in api, module


def test_the_command_line_reference_is_its_help(html: Path):
    cli = (html / "cli.html").read_text(encoding="utf-8")
    for option in ("--paired-bs-n", "--fold-whitespace-quotes", "--explain ITEM", "--jsonl FILE"):
        assert option in cli, option
    assert "usage: charsim article" in cli
    assert "usage: charsim meta-eval" in cli and "--demetr DIR" in cli


def test_the_worked_example_is_generated_from_the_code(html: Path):
    reviewer = (html / "tutorials" / "reviewer.html").read_text(encoding="utf-8")
    assert "5407442807/14416929705" in reviewer
    assert "<table" in reviewer
