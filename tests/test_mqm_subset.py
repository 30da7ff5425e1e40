"""The shipped MQM file is the subset ``data/mqm-ted-ende/subset.py`` makes: whole talks, every
system over the same segments, rows in the original's layout, small enough to ship.

Google's whole file is not in the repository; give its path in ``CHARSIM_MQM_ORIGINAL`` (the file
``ted/ende/mqm_ted_ende.tsv`` of github.com/google/wmt-mqm-human-evaluation) to check that the
script makes the shipped file from it byte for byte; without it that test is skipped.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "data" / "mqm-ted-ende"
SHIPPED = FOLDER / "mqm_ted_ende.tsv"
HEADER = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\tcomment"
SYSTEMS = {
    *("Facebook-AI", "HuaweiTSC", "Nemo", "Online-W", "UEdin", "VolcTrans-AT"),
    *("VolcTrans-GLAT", "eTranslation", "ref"),
    *(f"metricsystem{n}" for n in range(1, 6)),
}
"""The original's 13 MT systems and the human translation ``ref``."""


def _script():
    spec = importlib.util.spec_from_file_location("mqm_subset", FOLDER / "subset.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rows() -> list[dict[str, str]]:
    text = SHIPPED.read_bytes().decode("utf-8")
    return list(csv.DictReader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE))


def test_the_file_is_small_and_in_the_originals_layout():
    data = SHIPPED.read_bytes()
    assert len(data) <= 500_000
    lines = data.decode("utf-8").split("\n")
    assert lines[0] == HEADER and lines[-1] == ""  # the header kept, every line ended by \n
    assert all(line.count("\t") == 9 and "\r" not in line for line in lines[1:-1])
    # the script keeps every row of it: it holds the talks the script names and no others
    assert _script().subset(data) == data


def test_whole_talks_each_system_over_the_same_segments():
    rows = _rows()
    assert {row["doc"] for row in rows} == set(_script().DOCUMENTS)
    segments = defaultdict(set)
    for row in rows:
        segments[row["system"]].add((row["doc"], int(row["doc_id"]), int(row["seg_id"])))
    assert set(segments) == SYSTEMS
    (kept,) = {frozenset(s) for s in segments.values()}
    for doc in _script().DOCUMENTS:
        talk = sorted((n, seg) for d, n, seg in kept if d == doc)
        # a talk whole from its first segment: doc_id 1, 2, ... and seg_id numbered on with it
        assert [n for n, _ in talk] == list(range(1, len(talk) + 1)), doc
        assert [seg - n for n, seg in talk] == [talk[0][1] - 1] * len(talk), doc
    assert len(kept) == 101
    # one rater per system's segment (metricsystem5's three rows on segment 218 are one rater's)
    raters = defaultdict(set)
    for row in rows:
        raters[row["system"], row["seg_id"]].add(row["rater"])
    assert {len(r) for r in raters.values()} == {1}


def test_the_script_makes_the_shipped_file_from_googles(tmp_path):
    original = os.environ.get("CHARSIM_MQM_ORIGINAL")
    if not original or not Path(original).is_file():
        pytest.skip("CHARSIM_MQM_ORIGINAL names no file (Google's whole ted/ende MQM file)")
    out = tmp_path / "subset.tsv"
    command = [sys.executable, str(FOLDER / "subset.py"), original, str(out)]
    subprocess.run(command, check=True, capture_output=True, timeout=60)
    assert out.read_bytes() == SHIPPED.read_bytes()


def test_the_script_refuses_a_file_that_is_not_the_ted_file(tmp_path):
    other = tmp_path / "other.tsv"
    other.write_text(HEADER + "\nA\ttalk.3\t1\t1\tr\ts\tt\tNo-error\tNo-error\t\n", "utf-8")
    out = tmp_path / "subset.tsv"
    command = [sys.executable, str(FOLDER / "subset.py"), str(other), str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and not out.exists()
    assert done.stderr == f"subset.py: error: {other}: no rows of talk.5: not the TED file\n"
