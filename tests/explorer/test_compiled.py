"""Pyodide's compiled wheels: where the build finds them, the download from a server on
127.0.0.1 standing in for the official distribution, and the SHA-256 check whatever the source.

Small made-up files stand in for the wheels here (the check compares hashes, not contents);
``test_build_offline.py`` builds with the real ones.
"""

from __future__ import annotations

import hashlib
import re

import pytest

from explorer.site_build import compiled
from explorer.site_build.common import BuildError

from ..offline import FileServer, without_local_copy

PINS = {"version": "0.27.7", "distribution_url": "https://official.invalid/v0.27.7/full/"}
FILES = {"numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl": b"numpy " * 1000, "six.whl": b"six"}
ENTRIES = [
    {"file_name": name, "sha256": hashlib.sha256(data).hexdigest()} for name, data in FILES.items()
]
NUMPY, SIX = ENTRIES


@pytest.fixture
def server(tmp_path):
    """A server on 127.0.0.1 holding the right files."""
    folder = tmp_path / "served"
    folder.mkdir()
    for name, data in FILES.items():
        (folder / name).write_bytes(data)
    served = FileServer(folder)
    yield served
    served.close()


@pytest.fixture
def cache(tmp_path, server):
    """No local copy, an empty cache (returned) and downloads from ``server``."""
    with without_local_copy(tmp_path, server.url) as folder:
        yield folder


def test_missing_wheels_are_downloaded_into_the_cache_then_taken_from_it(cache, server, capsys):
    paths = compiled.provide(ENTRIES, PINS)
    assert paths == [cache / "pyodide-0.27.7" / name for name in FILES]
    assert [p.read_bytes() for p in paths] == list(FILES.values())
    assert server.requests == [f"/{name}" for name in FILES]
    out = capsys.readouterr().out
    assert f"downloading 2 files from {server.url} ($CHARSIM_TEST_PYODIDE_URL, test-only)" in out
    assert (
        "[1/2] numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl: 0.0 MB (sha256 verified)" in out
    )
    assert "downloaded 2 files, 0.0 MB" in out

    assert compiled.provide(ENTRIES, PINS) == paths  # the second build: no request
    assert len(server.requests) == 2
    assert "six.whl: from the build cache" in capsys.readouterr().out


def test_a_corrupted_download_stops_with_both_hashes_and_keeps_nothing(cache, server):
    (server.folder / "six.whl").write_bytes(b"six, but not Pyodide's")
    actual = hashlib.sha256(b"six, but not Pyodide's").hexdigest()
    with pytest.raises(BuildError) as raised:
        compiled.provide(ENTRIES, PINS)
    message = str(raised.value)
    assert message.startswith(
        f"six.whl is not Pyodide's file: its SHA-256 differs from {compiled.LOCK}"
    )
    assert f"  file:     {cache / 'pyodide-0.27.7' / 'six.whl'}\n" in message
    assert f"  URL:      {server.url}six.whl\n" in message
    assert f"  expected: sha256 {SIX['sha256']}\n  actual:   sha256 {actual}\n" in message
    assert "what to do: nothing was kept. Build again to retry" in message
    assert sorted(p.name for p in (cache / "pyodide-0.27.7").iterdir()) == [NUMPY["file_name"]]


def test_a_failed_download_names_the_file_the_url_and_what_to_do(cache, server):
    (server.folder / "six.whl").unlink()
    with pytest.raises(BuildError) as raised:
        compiled.provide(ENTRIES, PINS)
    message = str(raised.value)
    assert message.startswith("could not download six.whl: HTTP 404 File not found\n")
    assert f"  URL:      {server.url}six.whl\n  expected: sha256 {SIX['sha256']}\n" in message
    # the whole hint, not a page of the repository that an installed package does not have
    assert message.endswith(
        "without one, get each compiled wheel the build names on a machine that can (this one "
        "at the URL above), put them in one folder and build with --pyodide-wheels DIR: each "
        "file's SHA-256 is checked"
    )
    assert "docs/" not in message
    assert not (cache / "pyodide-0.27.7" / "six.whl.part").exists()


def test_an_unreachable_server_is_a_failed_download(tmp_path):
    with without_local_copy(tmp_path, "http://127.0.0.1:9/"), pytest.raises(BuildError) as raised:
        compiled.provide(ENTRIES, PINS)
    assert re.match(
        r"could not download numpy-\S+\.whl: \[Errno 111\] Connection refused", str(raised.value)
    )


def test_the_given_folder_comes_first_and_its_files_are_verified_too(tmp_path, cache, server):
    given, team = tmp_path / "given", tmp_path / "no-shared" / "pyodide-0.27.7"
    for folder in given, team:
        folder.mkdir(parents=True)
        (folder / "six.whl").write_bytes(b"six")
    (team / NUMPY["file_name"]).write_bytes(FILES[NUMPY["file_name"]])
    assert compiled.provide(ENTRIES, PINS, given) == [team / NUMPY["file_name"], given / "six.whl"]
    assert server.requests == []

    (given / "six.whl").write_bytes(b"sx")  # a damaged copy: the build stops, no fallback
    with pytest.raises(BuildError) as raised:
        compiled.provide(ENTRIES, PINS, given)
    message = str(raised.value)
    assert f"  file:     {given / 'six.whl'}\n" in message
    assert f"  URL:      {PINS['distribution_url']}six.whl\n" in message  # the official copy
    assert f"  actual:   sha256 {hashlib.sha256(b'sx').hexdigest()}\n" in message
    assert "replace it with the official file" in message and server.requests == []


def test_the_environment_variable_names_the_folder_and_a_missing_folder_is_an_error(
    tmp_path, cache, monkeypatch
):
    monkeypatch.setenv(compiled.WHEELS_ENV, str(tmp_path / "wheels"))
    with pytest.raises(BuildError, match=r"^\$CHARSIM_PYODIDE_WHEELS \S+/wheels: no such folder"):
        compiled.provide(ENTRIES, PINS)
    (tmp_path / "wheels").mkdir()
    assert compiled.places("0.27.7")[0].path == tmp_path / "wheels"
    with pytest.raises(BuildError, match=r"^--pyodide-wheels \S+/nowhere: no such folder"):
        compiled.provide(ENTRIES, PINS, tmp_path / "nowhere")


def test_a_given_folder_without_the_wheels_is_refused_before_any_download(tmp_path, cache, server):
    """An empty --pyodide-wheels folder was passed over: the build downloaded, and where it could
    not, advised passing --pyodide-wheels."""
    given = tmp_path / "empty"
    given.mkdir()
    with pytest.raises(BuildError) as raised:
        compiled.provide(ENTRIES, PINS, given)
    assert str(raised.value) == (
        f"--pyodide-wheels {given} holds none of the 2 compiled wheels the site needs (it lacks "
        f"{NUMPY['file_name']} and 1 more): put them there (each is at "
        f"{PINS['distribution_url']} followed by its name), or build without --pyodide-wheels "
        "to download them; nothing was downloaded"
    )
    assert server.requests == []
    (given / "six.whl").write_bytes(b"six")
    with pytest.raises(BuildError, match=rf"holds 1 of the 2 .* \(it lacks {NUMPY['file_name']}\)"):
        compiled.check_given(ENTRIES, PINS, given)
    (cache / "pyodide-0.27.7").mkdir(parents=True)  # a wheel in the cache is not missing
    (cache / "pyodide-0.27.7" / NUMPY["file_name"]).write_bytes(FILES[NUMPY["file_name"]])
    compiled.check_given(ENTRIES, PINS, given)
    assert compiled.provide(ENTRIES, PINS, given)[1] == given / "six.whl"
    assert server.requests == []
