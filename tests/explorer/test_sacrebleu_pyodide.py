"""sacreBLEU inside Pyodide (npm pyodide@0.27.7 under Node, offline), with the site's pinned
wheels and stand-ins: the same chrF, chrF++, BLEU and TER as CPython, bit for bit on these
inputs (on longer ones BLEU may differ in its last bit: Pyodide's exp and log are not glibc's)."""

from __future__ import annotations

import json
import subprocess
import tomllib

import pytest

from charsim.compare import compare
from explorer.site_build import compiled
from explorer.site_build.common import ROOT, BuildError
from explorer.site_build.downloads import fetch
from explorer.site_build.pins import PINS_FILE, load_npm_lock

ROOT = ROOT
INPUTS = [
    ("Thank you. (Applause)", ["Thank you.", "Thanks a lot."]),
    ("", [""]),  # empty
    ("a", ["b"]),  # one character
    ("東京の天気は晴れです。", ["東京は晴れ。"]),  # CJK without spaces
    ("cafe\u0301 noir", ["café noir"]),  # a combining mark against a precomposed letter
    ("x", ["", "x"]),  # an empty reference among others
]


def _wheels() -> list[str]:
    """The site's sacreBLEU, tabulate and colorama (verified, from .cache/wheels or PyPI) and
    Pyodide's numpy (found or downloaded as the build does); skips the test when numpy's wheel
    is kept nowhere here and cannot be downloaded (a machine without the distribution)."""
    pins = tomllib.loads(PINS_FILE.read_text(encoding="utf-8"))
    wanted = [p for p in pins["wheel"] if p["name"] in ("sacrebleu", "tabulate", "colorama")]
    files = list(fetch(wanted, binary=True).values())
    numpy = load_npm_lock(pins["pyodide"]["version"])["packages"]["numpy"]
    try:
        files += compiled.provide([numpy], pins["pyodide"])
    except BuildError as error:
        kept = compiled.places(pins["pyodide"]["version"])
        if any((place.path / numpy["file_name"]).is_file() for place in kept):
            raise  # kept, yet refused: a real failure
        pytest.skip(f"Pyodide's numpy is kept nowhere here: {str(error).splitlines()[0]}")
    return [str(path) for path in files]


def test_sacrebleu_in_pyodide_gives_cpythons_scores(tmp_path, pyodide_node):
    script = tmp_path / "check.py"
    source = (ROOT / "tests" / "pyodide" / "check_sacrebleu.py").read_text(encoding="utf-8")
    script.write_text(f"INPUTS = {INPUTS!r}\n{source}", encoding="utf-8")
    standins = ROOT / "explorer" / "runtime" / "sacrebleu_standins.py"
    done = subprocess.run(
        [
            pyodide_node,
            str(ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"),
            str(script),
            *_wheels(),
            str(standins),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["platform"] == "emscripten"
    assert result["installed"] == ["portalocker", "lxml", "lxml.etree", "regex"]
    assert result["raised"] == ["regex.compile", "portalocker.Lock"]
    for (candidate, references), row in zip(INPUTS, result["rows"], strict=True):
        here = compare(candidate, references)
        assert row == {s.metric: [s.score, s.signature] for s in here.scores}, candidate
