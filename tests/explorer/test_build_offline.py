"""Whole builds on a machine without a local copy of Pyodide's distribution, a server on 127.0.0.1
standing in for the official Pyodide distribution (the browser tests' site is such a build:
``site_dir`` in ``tests/ui/conftest.py``, ``tests/ui/test_fresh_build.py``; a cdn build is
checked, and opened, in ``tests/ui/test_cdn_build.py``)."""

from __future__ import annotations

import shutil

import pytest

from explorer.site_build import build as site_build
from explorer.site_build.build import replaceable
from explorer.site_build.common import BuildError, run

from ..offline import FileServer, compiled_entries, without_local_copy


@pytest.fixture
def server(tmp_path):
    """An empty folder served on 127.0.0.1, recording requests."""
    (tmp_path / "served").mkdir()
    served = FileServer(tmp_path / "served")
    yield served
    served.close()


@pytest.mark.site_build  # up to the compiled wheels, with npm's Pyodide core (npm ci if missing)
def test_a_corrupted_wheel_from_the_server_fails_the_build_with_both_hashes(
    tmp_path, server, capsys
):
    _, (numpy, *_) = compiled_entries()
    (server.folder / numpy["file_name"]).write_bytes(b"not numpy")
    with without_local_copy(tmp_path, server.url) as cache:
        status = site_build.main(["--out", str(tmp_path / "site")])
    captured = capsys.readouterr()
    assert status == 1
    assert f"downloading 6 files from {server.url}" in captured.out
    assert captured.err.startswith(
        f"build failed: {numpy['file_name']} is not Pyodide's file: its SHA-256 differs from "
        "node_modules/pyodide/pyodide-lock.json\n"
    )
    assert f"  expected: sha256 {numpy['sha256']}\n" in captured.err
    actual = "4699f7896b36cb3f69f319c183bd948bb6debea599652acd3edc897bd2ef0bbb"  # sha256sum
    assert f"  actual:   sha256 {actual}\n" in captured.err
    assert f"  URL:      {server.url}{numpy['file_name']}\n" in captured.err
    assert server.requests == [f"/{numpy['file_name']}"]
    assert list((cache / "pyodide-0.27.7").iterdir()) == []  # the bad file is not kept


def test_a_build_without_node_says_so_in_one_line_and_goes_on(tmp_path, monkeypatch, capsys):
    """It stopped before; it goes on now, without the memory snapshots (stopped here at its
    first step, the pins)."""
    monkeypatch.setattr(shutil, "which", lambda name: None if name == "node" else name)
    monkeypatch.setattr(site_build, "load_pins", _stop)
    assert site_build.main(["--out", str(tmp_path / "site")]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines()[0] == (
        "Node.js (`node`) is not on PATH: building the site without its memory snapshots (which "
        "start the page faster) and bytecode; install Node.js 20 (Debian: apt-get install -y "
        "nodejs) for them"
    )
    assert captured.out.splitlines()[1].startswith("[1/15] Resolve pins")
    assert captured.err == "build failed: stopped after the first step\n"


def _stop():
    raise BuildError("stopped after the first step")


def test_a_folder_that_is_not_a_site_is_never_emptied(tmp_path, capsys, pyodide_core):
    """A build (and so ``serve``, which builds a missing site) replaces only a new, empty or
    earlier-built folder: a folder of the user's files is refused with nothing deleted, as is
    a bad --pyodide-wheels before anything is touched; a file as --out is a usage error. (The
    build reads npm's Pyodide core first: ``pyodide_core``.)"""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("precious")
    assert site_build.main(["--out", str(mine)]) == 1
    assert capsys.readouterr().err == (
        f"build failed: --out {mine} holds files that are not a site this command built, and a "
        "build replaces its folder's contents: give a new or empty folder\n"
    )
    # An app of the user's own with a page, a worker and Pyodide beside it, but no marker.
    (mine / "index.html").write_text("<p>my app</p>")
    (mine / "worker.js").write_text("// my worker")
    (mine / "pyodide").mkdir()
    assert site_build.main(["--out", str(mine)]) == 1
    assert "not a site this command built" in capsys.readouterr().err
    earlier = tmp_path / "earlier"
    (earlier / "pyodide").mkdir(parents=True)
    (earlier / ".explorer-site").write_text("")
    missing = tmp_path / "no-wheels"
    assert site_build.main(["--out", str(earlier), "--pyodide-wheels", str(missing)]) == 1
    assert capsys.readouterr().err.startswith(f"build failed: --pyodide-wheels {missing}: no such")
    assert (mine / "notes.txt").read_text() == "precious" and (earlier / "pyodide").is_dir()
    with pytest.raises(SystemExit) as stop:
        site_build.main(["--out", str(mine / "notes.txt")])
    assert stop.value.code == 2
    assert capsys.readouterr().err.endswith(
        f"--out {mine / 'notes.txt'} is a file, not a folder for the site\n"
    )


def test_a_build_from_before_the_marker_is_replaced_and_nothing_beside_it(tmp_path):
    """A folder without the marker is an earlier build only when its page is the explorer's
    and it holds nothing a build does not write: the page, the worker and Pyodide beside the
    rest of a site (and their ``.gz`` copies); another page, or one file more, makes it the
    user's."""
    old = tmp_path / "old"
    for folder in ("pyodide", "bokeh", "page"):
        (old / folder).mkdir(parents=True)
    for name in ("index.html.gz", "worker.js", "app.zip", "style.css"):
        (old / name).write_text("x")
    (old / "index.html").write_text("<p>my own page</p>")  # a page of the user's own
    with pytest.raises(BuildError, match="not a site this command built"):
        replaceable(old)
    (old / "index.html").write_text('<script type="application/json" id="site-config">{}')
    replaceable(old)  # no error: a build from before the marker
    (old / "notes.txt").write_text("mine")
    with pytest.raises(BuildError, match="not a site this command built"):
        replaceable(old)


def test_a_command_the_build_needs_that_is_not_on_path_is_named_in_one_line(monkeypatch):
    """npm missing while node_modules is: the build says so, not a traceback."""
    monkeypatch.setenv("PATH", "")
    with pytest.raises(BuildError) as raised:
        run(["npm", "ci", "--no-audit", "--no-fund"])
    assert str(raised.value) == (
        "`npm` is not on PATH: the build needs it for npm ci --no-audit --no-fund"
    )
