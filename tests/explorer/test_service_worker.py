"""The service worker the site build writes: which files it keeps, and its build hash."""

from __future__ import annotations

import json
import re

from explorer.site_build.service_worker import SERVICE_WORKER, kept_files, write_service_worker


def _site(folder):
    (folder / "pyodide").mkdir(parents=True)
    for name, data in {
        "index.html": b"<html>",
        "index.html.gz": b"gz",
        "pyodide/live-snapshot.gz": b"gzip",
        "pyodide/a.whl": b"wheel",
        "notes.gz": b"a gzip file of its own",
    }.items():
        (folder / name).write_bytes(data)
    return folder


def test_the_kept_files_are_the_root_and_every_file_but_the_compressed_copies(tmp_path):
    site = _site(tmp_path)
    (site / SERVICE_WORKER).write_text("old", encoding="utf-8")
    assert kept_files(site) == [
        "./",
        "index.html",
        "notes.gz",
        "pyodide/a.whl",
        "pyodide/live-snapshot.gz",
    ]


def test_the_build_hash_changes_with_any_file_and_the_worker_lists_the_files(tmp_path):
    site = _site(tmp_path)
    first = write_service_worker(site)
    assert write_service_worker(site) == first  # the service worker itself is not counted
    script = (site / SERVICE_WORKER).read_text(encoding="utf-8")
    assert f'const BUILD = "{first}";' in script
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", script, re.S).group(1))
    assert files == kept_files(site)
    (site / "pyodide" / "a.whl").write_bytes(b"another wheel")
    assert write_service_worker(site) != first
