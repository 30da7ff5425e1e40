"""The explorer built as on a fresh machine: no team ``../shared`` folder, an empty cache of
Pyodide's compiled wheels (the PyPI wheels' cache is the checkout's), those wheels downloaded from
a server on 127.0.0.1 standing in for the official distribution. The run's site is built so
(``site_dir``, ``tests/offline.py``), and every browser test runs on it; here, what that build
fetched and what it serves."""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from pathlib import Path

import pytest

from explorer.site_build.build import STANDARD_LIBRARY_FILE

from ..offline import FRESH_MACHINE_RECORD


@pytest.fixture(scope="module")
def fetched(site_dir: Path) -> dict:
    """What the build of the run's site fetched (skipped for a site given by
    ``CHARSIM_TEST_SITE``: the test builds none)."""
    if os.environ.get("CHARSIM_TEST_SITE"):
        pytest.skip("CHARSIM_TEST_SITE: the run's site was given, not built by the tests")
    return json.loads((site_dir.parent / FRESH_MACHINE_RECORD).read_text(encoding="utf-8"))


def test_each_compiled_wheel_is_downloaded_once_and_kept_in_the_cache(fetched):
    assert len(fetched["served"]) >= 6  # numpy, pandas and their dependencies
    assert sorted(fetched["requests"]) == [f"/{name}" for name in fetched["served"]]
    assert fetched["cached"] == fetched["served"]


def _pyc_flags(pyc: bytes) -> int:
    """The PEP 552 flags of a pyc: 0b01, hash-based and never checked against the source."""
    return int.from_bytes(pyc[4:8], "little")


def test_pyodide_s_wheels_and_standard_library_are_served_with_bytecode(site_dir):
    """Pyodide's compiled packages (numpy, ...) and its standard library are served with the
    bytecode of their modules (importing them compiles nothing in the browser), and the lock
    hashes the files served, not the official ones."""
    core = site_dir / "pyodide"
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    numpy = core / lock["numpy"]["file_name"]
    assert lock["numpy"]["sha256"] == hashlib.sha256(numpy.read_bytes()).hexdigest()
    with zipfile.ZipFile(numpy) as wheel:
        names = set(wheel.namelist())
        pyc = wheel.read("numpy/__pycache__/__init__.cpython-312.pyc")
    assert "numpy/__init__.py" in names and _pyc_flags(pyc) == 0b01
    with zipfile.ZipFile(core / STANDARD_LIBRARY_FILE) as archive:
        names = set(archive.namelist())
        pyc = archive.read("json/decoder.pyc")
    sources = {name for name in names if name.endswith(".py")}
    assert len(sources) > 500 and {name + "c" for name in sources} <= names
    assert _pyc_flags(pyc) == 0b01 and b"/lib/python312.zip/json/decoder.py" in pyc
