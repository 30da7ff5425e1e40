"""``site/app.zip``: the part of the ``explorer`` package that runs in the browser (the app and
its runtime; never this site build), unpacked by Pyodide in its working folder."""

from __future__ import annotations

from pathlib import Path

from explorer.site_build.common import ROOT
from explorer.site_build.wheels import write_zip

__all__ = ["PACKAGE", "SHIPPED", "app_archive", "app_files"]

PACKAGE = ROOT / "explorer"
"""The ``explorer`` package: the app and the in-browser runtime ship; this build folder does not."""
#: What of the explorer package runs in the browser (shipped in app.zip, Python or not): the
#: app a user sees and the runtime that boots it; the site build and ``__main__`` stay here.
SHIPPED = ["__init__.py", "app/", "runtime/"]


def app_files() -> dict[str, bytes]:
    """The explorer package's files that run in the browser (:data:`SHIPPED`), by their path
    in app.zip."""
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


def app_archive(out: Path, members: dict[str, bytes]) -> list[str]:
    """Zip ``members`` (the app files and their bytecode) into site/app.zip; return the names of
    the app files (bytecode aside)."""
    write_zip(out / "app.zip", members)
    return sorted(name for name in members if "__pycache__/" not in name)
