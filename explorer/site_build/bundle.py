"""The site's Python in one archive per install stage: the installed files of each stage's
pure-Python packages (and, for the live view's stage, the app's own files) in a gzip-compressed
tar, ``pyodide/<stage>.tar.gz``, that the worker writes into Pyodide's file system from
JavaScript (``static/worker.js``, with ``static/archives.js``).

The stages are those of :class:`~explorer.site_build.lock.LoadOrder`: ``live`` (charsim, param
and the app), ``app`` (Bokeh, Panel, ...) and each package group. Installing a wheel in Pyodide
unpacks it in Python (``zipfile``, one member at a time): the app stage's packages cost the worker
several times as long that way as writing the same 2,600 files from one tar with Pyodide's ``FS``
(``docs/benchmarks.md``). The wheels of bundled packages are not served: Pyodide's loader installs
only the compiled packages (numpy, pandas) and those the CDN serves. Members are named by their path
from the file system's root (``lib/python3.12/site-packages/bokeh/...``,
``home/pyodide/explorer/...``).
"""

from __future__ import annotations

import gzip
import io
import tarfile
import zipfile
from pathlib import Path

from explorer.site_build.bytecode import APP_HOME, SITE_PACKAGES
from explorer.site_build.common import BuildError

__all__ = ["BUNDLE_FILE", "bundled", "tar_archive", "write_bundle"]

BUNDLE_FILE = "pyodide/{stage}.tar.gz"
"""A stage's archive in the site."""


def bundled(wheel: Path | None) -> bool:
    """Whether the package of ``wheel`` (None: served by the CDN) goes into the archive: a
    pure-Python wheel (``*-none-any.whl``) that the site serves."""
    return wheel is not None and wheel.name.endswith("-none-any.whl")


def tar_archive(members: dict[str, bytes]) -> bytes:
    """``members`` (path from the file system's root, without its first ``/``: bytes) as a
    deterministic tar (sorted members, no dates or owners) in the ustar format the worker reads
    (``tarMembers`` in ``static/archives.js``).

    Raises:
        BuildError: a member's name does not fit the ustar format (255 characters).
    """
    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name in sorted(members):
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(members[name]), 0o644
            try:
                archive.addfile(info, io.BytesIO(members[name]))
            except ValueError as error:
                raise BuildError(
                    f"{name}: cannot go into the packages' archive ({error})"
                ) from None
    return tar.getvalue()


def write_bundle(out: Path, stage: str, wheels: list[Path], app: dict[str, bytes]) -> dict:
    """Write the files of ``wheels`` (as a wheel installs them into site-packages: every member
    but directories) and the ``app`` files (by their path in Pyodide's home folder) into the
    archive of ``stage`` in the site ``out``: a :func:`tar_archive`, gzip-compressed.

    Returns:
        The stage's ``bundle`` in the page configuration: ``url`` (relative to the site) and
        ``bytes`` (the tar's size).

    Raises:
        BuildError: a member's name does not fit the ustar format (255 characters).
    """
    members = {f"{APP_HOME[1:]}/{name}": data for name, data in app.items()}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            members |= {
                f"{SITE_PACKAGES[1:]}/{info.filename}": zf.read(info)
                for info in zf.infolist()
                if not info.is_dir()
            }
    data = tar_archive(members)
    url = BUNDLE_FILE.format(stage=stage)
    (out / url).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    return {"url": url, "bytes": len(data)}
