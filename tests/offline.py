"""Stand-ins for the internet in the build's tests: file servers on 127.0.0.1, a machine without
a local copy of Pyodide's distribution beside the checkout, and the official compiled wheels to
serve.

The project's machines reach PyPI and npm but not the Pyodide CDN, so a test that exercises the
build's download serves copies of the official files from a local server, named by the
test-only ``$CHARSIM_TEST_PYODIDE_URL``.
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from explorer.site_build import build as site_build
from explorer.site_build import compiled, serve
from explorer.site_build.common import normalize
from explorer.site_build.pins import load_npm_lock, load_pins


class FileServer:
    """A folder served on 127.0.0.1 (any free port) that records the paths requested.

    Attributes:
        folder: what it serves.
        url: its base URL, ending in ``/``.
        requests: the paths of the GET requests so far, in order.
    """

    def __init__(self, folder: Path) -> None:
        self.folder, self.requests = folder, []
        handler = functools.partial(_Handler, self.requests, directory=str(folder))
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self) -> None:
        """Stop serving."""
        self._server.shutdown()
        self._server.server_close()


class _Handler(serve.SiteHandler):
    """The site's handler, recording each request and allowing any origin (as a CDN does)."""

    def __init__(self, requests: list[str], *args, **kwargs) -> None:
        self.requests = requests
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        self.requests.append(self.path)
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        """Log nothing: the tests read ``requests``."""


@contextmanager
def without_local_copy(tmp: Path, url: str) -> Iterator[Path]:
    """A machine without a local copy of the distribution, an empty build cache (yielded), no
    ``$CHARSIM_PYODIDE_WHEELS``, and downloads from ``url``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiled, "LOCAL_COPIES", tmp / "no-shared")
        patch.setattr(compiled, "CACHE", tmp / "cache")
        patch.delenv(compiled.WHEELS_ENV, raising=False)
        patch.setenv(compiled.URL_ENV, url)
        yield tmp / "cache"


def compiled_entries() -> tuple[dict, list[dict]]:
    """The pins' ``[pyodide]`` table and the npm lock's entries of its compiled packages."""
    pins = load_pins()["pyodide"]
    lock = load_npm_lock(pins["version"])
    return pins, [lock["packages"][normalize(name)] for name in pins["compiled"]]


def official_wheels(dest: Path) -> list[Path]:
    """Copy the official compiled wheels into ``dest``, got as the build gets them (from the
    local copy or the cache here, downloaded from Pyodide's CDN elsewhere)."""
    pins, entries = compiled_entries()
    dest.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy(path, dest)) for path in compiled.provide(entries, pins)]


FRESH_MACHINE_RECORD = "fresh-machine.json"
"""The file, beside a site built by :func:`build_as_on_a_fresh_machine`, of what it fetched."""


def build_as_on_a_fresh_machine(out: Path, tmp: Path) -> Path:
    """Build the site into ``out`` as on a fresh machine: no local copy of Pyodide's
    distribution, an empty cache of its compiled wheels (in ``tmp``), those wheels downloaded
    from a server on 127.0.0.1 standing in for the official distribution. Beside ``out`` it writes
    :data:`FRESH_MACHINE_RECORD`: ``served`` (the wheels' names), ``requests`` (the paths the
    server was asked for, in order) and ``cached`` (what the cache holds after the build).

    Raises:
        explorer.site_build.common.BuildError: the build failed.
    """
    version = load_pins()["pyodide"]["version"]
    wheels = official_wheels(tmp / "served")
    server = FileServer(tmp / "served")
    try:
        with without_local_copy(tmp, server.url) as cache:
            site_build.build(out)
    finally:
        server.close()
    record = {
        "served": sorted(w.name for w in wheels),
        "requests": server.requests,
        "cached": sorted(p.name for p in (cache / f"pyodide-{version}").iterdir()),
    }
    (out.parent / FRESH_MACHINE_RECORD).write_text(json.dumps(record), encoding="utf-8")
    return out
