"""The standard library of a restored snapshot (explorer.runtime.standard_library): the first
import that needs it fetches it, unless the worker's fetch brought it first; once written, the
guard stops."""

from __future__ import annotations

import sys
import types

import pytest

from explorer.runtime import standard_library


class _Response:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


@pytest.fixture
def archive(tmp_path, monkeypatch):
    """The archive's place in a temporary folder, and a ``js`` module whose synchronous
    XMLHttpRequest answers with ``b"the archive"`` (or ``status``), recording the URLs asked for."""
    path = tmp_path / "python312.zip"
    monkeypatch.setattr(standard_library, "ARCHIVE", str(path))
    asked = []

    class XMLHttpRequest:
        status = 200

        @classmethod
        def new(cls):
            return cls()

        def open(self, method, url, asynchronous):
            assert (method, asynchronous) == ("GET", False)
            asked.append(url)

        def send(self):
            self.response = _Response(b"the archive")

    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(XMLHttpRequest=XMLHttpRequest))
    before = list(sys.meta_path)
    yield path, asked, XMLHttpRequest
    sys.meta_path[:] = before


def test_the_first_import_of_a_module_not_in_memory_fetches_the_archive(archive):
    path, asked, _ = archive
    standard_library.await_archive("http://127.0.0.1/pyodide/python_stdlib.zip")
    sys.modules.pop("colorsys", None)
    import colorsys  # noqa: F401 - found as usual once the guard has fetched the archive

    assert asked == ["http://127.0.0.1/pyodide/python_stdlib.zip"]
    assert path.read_bytes() == b"the archive"
    import wave  # noqa: F401 - the guard fetches once

    assert len(asked) == 1
    standard_library.arrived(b"the worker's copy")  # after the guard: only takes the guard off
    assert path.read_bytes() == b"the archive"
    assert not any(isinstance(f, standard_library._Guard) for f in sys.meta_path)


def test_the_workers_fetch_first_writes_the_archive_and_ends_the_guard(archive):
    path, asked, _ = archive
    standard_library.await_archive("http://127.0.0.1/pyodide/python_stdlib.zip")
    standard_library.arrived(_Response(b"fetched by the worker"))
    assert path.read_bytes() == b"fetched by the worker"
    assert not any(isinstance(f, standard_library._Guard) for f in sys.meta_path)
    sys.modules.pop("colorsys", None)
    import colorsys  # noqa: F401

    assert asked == []


def test_an_archive_that_cannot_be_fetched_fails_the_import_saying_why(archive):
    _, _, request = archive
    request.status = 404
    standard_library.await_archive("http://127.0.0.1/pyodide/python_stdlib.zip")
    sys.modules.pop("colorsys", None)
    with pytest.raises(ImportError, match="python_stdlib.zip: HTTP 404, so colorsys cannot be"):
        import colorsys  # noqa: F401


def test_an_archive_of_another_size_is_refused_and_the_import_says_it_is_damaged(archive):
    """A truncated archive (11 bytes where 4096 are due) is not written: zipimport would read
    its modules at the offsets of the whole archive's table of contents."""
    path, asked, _ = archive
    standard_library.await_archive("http://127.0.0.1/pyodide/python_stdlib.zip", 4096)
    sys.modules.pop("colorsys", None)
    with pytest.raises(
        ImportError,
        match=r"python_stdlib\.zip is damaged: it holds 11 bytes, not 4096, so colorsys cannot",
    ):
        import colorsys  # noqa: F401
    assert asked == ["http://127.0.0.1/pyodide/python_stdlib.zip"]
    assert not path.exists()


def test_an_archive_of_the_size_due_is_written(archive):
    path, _, _ = archive
    standard_library.await_archive("http://127.0.0.1/pyodide/python_stdlib.zip", 11)
    sys.modules.pop("colorsys", None)
    import colorsys  # noqa: F401

    assert path.read_bytes() == b"the archive"
