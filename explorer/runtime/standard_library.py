"""The standard library of a Python restored from the site's memory snapshot, which arrives after
the first score.

A restored Python holds every module the live view needs in memory, so the worker restores it
with an empty archive in place of Pyodide's ``python_stdlib.zip`` (2.4 MB that the first score
need not wait for) and fetches the archive meanwhile (``static/snapshot.js``). Until it is
written, a finder at the head of ``sys.meta_path`` stands guard: the first import of a module
that is not in memory fetches the archive at once, synchronously (a Web Worker may), so that no
import ever sees the empty archive. The snapshot's ``zipimport`` already holds the archive's
table of contents; only the bytes behind it were missing.
"""

from __future__ import annotations

import sys

__all__ = ["ARCHIVE", "arrived", "await_archive"]

ARCHIVE = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
"""Where Pyodide keeps the standard library's archive (on ``sys.path``)."""


class _Guard:
    """A ``sys.meta_path`` finder that fetches the archive before any import looks for a module
    (then does nothing: it is taken off ``sys.meta_path`` outside an import, by :func:`arrived`,
    since importlib goes through that list while it calls the finders)."""

    def __init__(self, url: str, size: int | None) -> None:
        self.url, self.size = url, size
        self.written = self.fetching = False

    def find_spec(self, name, path=None, target=None):
        """Fetch the archive now if it has not arrived (the import then goes on as usual);
        find nothing itself.

        Raises:
            ImportError: the archive could not be fetched, or has not the size it should have.
        """
        if self.written or self.fetching:
            return None  # (``js`` itself is imported while fetching)
        self.fetching = True
        try:
            self._fetch(name)
        finally:
            self.fetching = False
        return None

    def _fetch(self, name: str) -> None:
        from js import XMLHttpRequest

        request = XMLHttpRequest.new()
        request.open("GET", self.url, False)
        request.responseType = "arraybuffer"
        request.send()
        if request.status != 200:
            raise ImportError(f"{self.url}: HTTP {request.status}, so {name} cannot be imported")
        data = request.response.to_bytes()
        if self.size is not None and len(data) != self.size:
            raise ImportError(
                f"{self.url} is damaged: it holds {len(data)} bytes, not "
                f"{self.size}, so {name} cannot be imported"
            )
        self._write(data)

    def _write(self, data: bytes) -> None:
        with open(ARCHIVE, "wb") as archive:
            archive.write(data)
        self.written = True


def await_archive(url: str, size: int | None = None) -> None:
    """Stand guard until :func:`arrived`: the standard library's archive is fetched from ``url``
    (absolute) by the first import that needs a module not in memory, and refused (an
    ``ImportError`` of that import) unless it holds ``size`` bytes (None: any size)."""
    sys.meta_path.insert(0, _Guard(url, size))


def arrived(data) -> None:
    """The worker fetched the standard library's archive (bytes, or a JS buffer): write it,
    unless the guard has, and stop standing guard."""
    for guard in [finder for finder in sys.meta_path if isinstance(finder, _Guard)]:
        if not guard.written:
            guard._write(data if isinstance(data, bytes) else data.to_bytes())
        sys.meta_path.remove(guard)
