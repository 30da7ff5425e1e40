"""The explorer built as on a fresh machine: no team ``../shared`` folder, an empty build cache,
Pyodide's compiled wheels downloaded from a server on 127.0.0.1 standing in for the official
distribution. The site opens, scores typed text and loads the batch example."""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from explorer.site_build import build as site_build
from explorer.site_build import serve
from explorer.site_build.build import STANDARD_LIBRARY_FILE

from ..offline import FileServer, official_wheels, without_local_copy

# The smoke test and the batch example's test, collected here again: they run on this build.
from .test_batch import test_ted_example_sort_by_score_and_open_the_lowest_item  # noqa: F401
from .test_smoke import test_typed_text_gets_its_score_and_no_request_leaves_the_machine  # noqa: F401


@pytest.fixture(scope="module")
def fresh_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built as on a fresh machine."""
    tmp = tmp_path_factory.mktemp("fresh")
    wheels = official_wheels(tmp / "served")
    server = FileServer(tmp / "served")
    try:
        with without_local_copy(tmp, server.url) as cache:
            out = site_build.build(tmp / "site")
    finally:
        server.close()
    assert sorted(server.requests) == sorted(f"/{w.name}" for w in wheels)  # each one fetched
    assert sorted(p.name for p in (cache / "pyodide-0.27.7").iterdir()) == sorted(
        w.name for w in wheels
    )
    return out


@pytest.fixture(scope="module")
def site_url(fresh_site: Path) -> Iterator[str]:
    """Replaces the session's site: the fresh build, served on 127.0.0.1."""
    site_server, url = serve.serve_in_thread(fresh_site)
    yield url
    site_server.shutdown()
    site_server.server_close()


def _pyc_flags(pyc: bytes) -> int:
    """The PEP 552 flags of a pyc: 0b01, hash-based and never checked against the source."""
    return int.from_bytes(pyc[4:8], "little")


def test_pyodide_s_wheels_and_standard_library_are_served_with_bytecode(fresh_site):
    """Pyodide's compiled packages (numpy, ...) and its standard library are served with the
    bytecode of their modules (importing them compiles nothing in the browser), and the lock
    hashes the files served, not the official ones."""
    core = fresh_site / "pyodide"
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
