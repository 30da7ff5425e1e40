"""The site's bytecode (explorer/site_build/bytecode.py): compiled by Pyodide's CPython under
Node, and not compiled again for a source already compiled by an earlier build."""

from __future__ import annotations

import zipfile

import pytest

from explorer.site_build import bytecode as module

SOURCES = {"pkg/__init__.py": b"X = 1\n", "pkg/mod.py": b"def f():\n    return 'charsim'\n"}
PYCS = {"pkg/__pycache__/__init__.cpython-312.pyc", "pkg/__pycache__/mod.cpython-312.pyc"}


@pytest.fixture
def cache(tmp_path, monkeypatch, pyodide_node):
    """An empty bytecode cache, and a list of the Node runs made (Pyodide's CPython under Node:
    the test is skipped without them, ``tests/conftest.py``)."""
    monkeypatch.setattr(module, "BYTECODE_CACHE", tmp_path / "bytecode")
    runs = []
    real_run = module.run
    monkeypatch.setattr(module, "run", lambda cmd, **kw: (runs.append(cmd), real_run(cmd, **kw)))
    return runs


def test_a_second_build_takes_unchanged_files_from_the_cache_and_compiles_the_changed(cache):
    (first,) = module.bytecode([("/lib/site", SOURCES)])
    assert set(first) == PYCS and len(cache) == 1
    (again,) = module.bytecode([("/lib/site", SOURCES)])
    assert again == first and len(cache) == 1  # no Node run at all
    changed = {**SOURCES, "pkg/mod.py": b"def f():\n    return 'changed'\n"}
    (third,) = module.bytecode([("/lib/site", changed)])
    assert len(cache) == 2 and cache[1].count("/lib/site") == 1
    assert (
        third["pkg/__pycache__/__init__.cpython-312.pyc"]
        == first["pkg/__pycache__/__init__.cpython-312.pyc"]
    )
    assert (
        third["pkg/__pycache__/mod.cpython-312.pyc"] != first["pkg/__pycache__/mod.cpython-312.pyc"]
    )


def test_the_same_source_installed_elsewhere_is_compiled_for_its_own_path(cache):
    (site,) = module.bytecode([("/lib/site", SOURCES)])
    (home,) = module.bytecode([("/home/pyodide", SOURCES)])
    assert len(cache) == 2  # the recorded file name differs: not taken from the cache
    name = "pkg/__pycache__/mod.cpython-312.pyc"
    assert site[name] != home[name]
    assert b"/home/pyodide/pkg/mod.py" in home[name] and b"/lib/site/pkg/mod.py" in site[name]


def test_the_standard_library_gets_a_pyc_beside_each_module_for_zipimport(cache, tmp_path):
    """zipimport looks for ``<module>.pyc`` beside the source, never in ``__pycache__/``."""
    source, dest = tmp_path / "stdlib.zip", tmp_path / "served.zip"
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("pkg/", b"")
        for name, data in SOURCES.items():
            archive.writestr(name, data)
        archive.writestr("pkg/data.txt", b"not Python")
    module.standard_library(source, dest)
    with zipfile.ZipFile(dest) as archive:
        names = archive.namelist()
        pyc = archive.read("pkg/mod.pyc")
    assert names == [
        "pkg/",
        "pkg/__init__.py",
        "pkg/__init__.pyc",
        "pkg/mod.py",
        "pkg/mod.pyc",
        "pkg/data.txt",
    ]
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # unchecked hash: the source is not read
    assert b"/lib/python312.zip/pkg/mod.py" in pyc  # tracebacks name the archive's file
