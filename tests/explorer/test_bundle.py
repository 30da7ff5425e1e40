"""The app's pure-Python packages and the app in one archive (explorer/site_build/bundle.py):
what goes in, in what order, and a name the archive cannot hold."""

from __future__ import annotations

import gzip
import io
import tarfile
import zipfile
from pathlib import Path

import pytest

from explorer.site_build import bundle
from explorer.site_build.common import BuildError


def _wheel(folder: Path, name: str, members: dict[str, bytes]) -> Path:
    path = folder / name
    with zipfile.ZipFile(path, "w") as wheel:
        for member, data in members.items():
            wheel.writestr(member, data)
    return path


def test_only_pure_python_wheels_that_the_site_serves_are_bundled(tmp_path):
    assert bundle.bundled(tmp_path / "bokeh-3.9.2-py3-none-any.whl")
    assert bundle.bundled(tmp_path / "six-1.16.0-py2.py3-none-any.whl")
    assert not bundle.bundled(tmp_path / "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl")
    assert not bundle.bundled(None)  # served by the CDN


def test_the_archive_holds_every_file_of_the_wheels_sorted_without_dates(tmp_path):
    (tmp_path / "pyodide").mkdir()
    wheels = [
        _wheel(tmp_path, "b-1-py3-none-any.whl", {"b/__init__.py": b"B = 2\n", "b/": b""}),
        _wheel(
            tmp_path,
            "a-1-py3-none-any.whl",
            {"a/__init__.py": b"A = 1\n", "a-1.dist-info/METADATA": b"Name: a\n"},
        ),
    ]
    entry = bundle.write_bundle(tmp_path, "live", wheels, {"explorer/__init__.py": b"# app\n"})
    data = gzip.decompress((tmp_path / "pyodide/live.tar.gz").read_bytes())
    assert entry == {"url": "pyodide/live.tar.gz", "bytes": len(data)}
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        members = archive.getmembers()
        site = "lib/python3.12/site-packages"
        assert [m.name for m in members] == [
            "home/pyodide/explorer/__init__.py",
            f"{site}/a-1.dist-info/METADATA",
            f"{site}/a/__init__.py",
            f"{site}/b/__init__.py",
        ]
        assert {(m.mtime, m.uid, m.mode, m.isfile()) for m in members} == {(0, 0, 0o644, True)}
        assert archive.extractfile(f"{site}/b/__init__.py").read() == b"B = 2\n"
    again = tmp_path / "again"
    (again / "pyodide").mkdir(parents=True)
    bundle.write_bundle(again, "live", wheels, {"explorer/__init__.py": b"# app\n"})
    archive = "pyodide/live.tar.gz"
    assert (again / archive).read_bytes() == (tmp_path / archive).read_bytes()


def test_a_name_the_archive_cannot_hold_stops_the_build(tmp_path):
    (tmp_path / "pyodide").mkdir()
    name = "x/" + "y" * 300 + ".py"
    wheel = _wheel(tmp_path, "x-1-py3-none-any.whl", {name: b""})
    with pytest.raises(BuildError, match=f"/{name}: cannot go into the packages' archive"):
        bundle.write_bundle(tmp_path, "app", [wheel], {})
