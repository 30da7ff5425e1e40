"""The site's service worker (``static/service-worker.js``), written by the site build with the
list of the site's files and a hash of them all, so that a second visit opens and scores with
the network off and each build is kept in a cache of its own."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from explorer.site_build.common import MARKER, STATIC, BuildError, sha256

__all__ = ["SERVICE_WORKER", "kept_files", "write_service_worker"]

SERVICE_WORKER = "service-worker.js"
"""The service worker's name in ``static/`` and in the site (at its root: its scope is the site)."""


def kept_files(out: Path) -> list[str]:
    """The site's files a browser keeps, as URLs relative to the site: its root (the page is
    opened there) and every file but the service worker, the build's marker and the
    pre-compressed ``.gz`` and ``.br`` copies (the browser asks for a file by its own name; the
    server picks the copy)."""
    files = sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file()
        and path.name not in (SERVICE_WORKER, MARKER)
        and path.suffix != ".br"
        and not (path.suffix == ".gz" and path.with_suffix("").is_file())
    )
    return ["./", *files]


def write_service_worker(out: Path) -> str:
    """Write the site's service worker into ``out`` (a complete site); return its build hash,
    the SHA-256 of every kept file's name and bytes.

    Raises:
        BuildError: ``static/service-worker.js`` lacks a placeholder.
    """
    files = kept_files(out)
    digest = hashlib.sha256()
    for name in files[1:]:
        digest.update(f"{name}\0{sha256(out / name)}\n".encode())
    build = digest.hexdigest()[:16]
    script = (STATIC / SERVICE_WORKER).read_text(encoding="utf-8")
    fills = {'"{{BUILD}}"': json.dumps(build), '["{{FILES}}"]': json.dumps(files, indent=1)}
    for placeholder, text in fills.items():
        if placeholder not in script:
            raise BuildError(f"static/{SERVICE_WORKER} lacks {placeholder}")
        script = script.replace(placeholder, text)
    (out / SERVICE_WORKER).write_text(script, encoding="utf-8")
    return build
