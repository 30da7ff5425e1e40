"""The part of the ``explorer`` package that runs in the browser (the app and its runtime; never
this site build), shipped in the live view's archive (:mod:`explorer.site_build.bundle`) and
written into Pyodide's home folder."""

from __future__ import annotations

from explorer.site_build.common import PACKAGE

__all__ = ["SHIPPED", "app_files"]

#: What of the explorer package runs in the browser (Python or not): the app a user sees and the
#: runtime that boots it; the site build and ``__main__`` stay here.
SHIPPED = ["__init__.py", "app/", "runtime/"]


def app_files() -> dict[str, bytes]:
    """The explorer package's files that run in the browser (:data:`SHIPPED`), by their path
    under Pyodide's home folder (``explorer/app/page.py``)."""
    files = {}
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(PACKAGE).as_posix()
        if (
            path.is_file()
            and relative.startswith(tuple(SHIPPED))
            and "__pycache__" not in path.parts
            and path.suffix != ".pyc"
        ):
            files[f"explorer/{relative}"] = path.read_bytes()
    return files
