"""The unchanged core runs inside Pyodide (npm pyodide@0.27.7 under Node, offline)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import charsim
from charsim.corpus import score_rows

from .test_article_vectors import TABLE_7_4

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"


def test_table_7_4_inside_pyodide(pyodide_node):
    done = subprocess.run(
        [pyodide_node, str(RUNNER), str(ROOT / "tests" / "pyodide" / "check_core.py")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["platform"] == "emscripten"
    assert result["python"].startswith("3.12")
    for (candidate, references, mean, base), row in zip(TABLE_7_4, result["rows"], strict=True):
        assert [round(row[0], 3), round(row[1], 3)] == [mean, base]
        # bit-for-bit the same floats as CPython computes
        assert row == [
            charsim.score(candidate, references),
            charsim.score_base(candidate, references),
            charsim.score(candidate, references),
        ]
    assert result["exact_ca"] == "100/201"
    assert result["undefined"] == "UndefinedScoreError"
    assert result["coverage"] == [0, 2, 2, 0]  # ca (2) of ⟨^⟩xcab⟨$⟩ against ⟨^⟩cat⟨$⟩
    assert result["f_beta"] == "2/3"  # §5.5: P = 1, R = 1/2, β = 1
    # the resampling draws the same numbers as in CPython, bit for bit, and the corpus mean is
    # exact, rounded once, so also the same
    here = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "pyodide" / "check_core.py")],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result["significance"] == json.loads(here.stdout)["significance"]
    table = [(candidate, references) for candidate, references, *_ in TABLE_7_4]
    corpus = [score_rows(table)[0].score, 0.1]
    assert result["corpus"] == json.loads(here.stdout)["corpus"] == corpus
