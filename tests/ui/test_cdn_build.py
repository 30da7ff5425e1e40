"""``--pyodide-source cdn``: the site takes Pyodide's core and its compiled packages from a CDN
(here a server on 127.0.0.1 standing in for it, allowing any origin as jsDelivr does) and only
its own wheels from itself. Built with no wheel folder at all: the build's lock names the CDN for
every compiled package, and the browser takes them from there."""

from __future__ import annotations

import json
import shutil
import tarfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from explorer.app.sources.batch_examples import BATCH_EXAMPLES
from explorer.site_build import build as site_build
from explorer.site_build import serve
from explorer.site_build.build import PYODIDE_CORE
from explorer.site_build.pins import NPM_PYODIDE, load_pins

from ..data import TED
from ..offline import FileServer, compiled_entries, official_wheels, without_local_copy

# The smoke test, collected here again: it runs on this build.
from .test_smoke import test_typed_text_gets_its_score_and_no_request_leaves_the_machine  # noqa: F401


@pytest.fixture(scope="module")
def cdn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FileServer]:
    """The stand-in CDN: Pyodide's core (npm) and the official compiled wheels."""
    folder = tmp_path_factory.mktemp("cdn")
    official_wheels(folder)
    for name in PYODIDE_CORE:
        shutil.copy(NPM_PYODIDE / name, folder)
    server = FileServer(folder)
    yield server
    server.close()


@pytest.fixture(scope="module")
def cdn_site(tmp_path_factory: pytest.TempPathFactory, cdn: FileServer) -> Path:
    """A cdn build whose pins name the stand-in CDN, made with no wheel folder and an empty
    cache (the ``cdn_url`` of its pins is the stand-in's)."""
    tmp = tmp_path_factory.mktemp("cdn-site")
    pins = load_pins()
    pins["pyodide"]["cdn_url"] = cdn.url
    nowhere = "http://127.0.0.1:9/"  # a download would fail: the build needs none
    with pytest.MonkeyPatch.context() as patch, without_local_copy(tmp, nowhere) as cache:
        patch.setattr(site_build, "load_pins", lambda: pins)
        out = site_build.build(tmp / "site", "cdn")
    assert not cache.exists()  # nothing looked up, nothing fetched
    return out


@pytest.fixture(scope="module")
def site_url(cdn_site: Path) -> Iterator[str]:
    """Replaces the session's site: the cdn build, served."""
    site_server, url = serve.serve_in_thread(cdn_site)
    yield url
    site_server.shutdown()
    site_server.server_close()


def test_cdn_build_needs_no_compiled_wheel_and_its_lock_names_the_cdn(cdn_site, cdn):
    pins, entries = compiled_entries()
    out = cdn_site
    lock = json.loads((out / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    for entry in entries:
        listed = lock["packages"][entry["name"]]
        assert listed["file_name"] == cdn.url + entry["file_name"]
        assert listed["sha256"] == entry["sha256"]
        assert not (out / "pyodide" / entry["file_name"]).exists()
    assert set(lock["packages"]) == {e["name"] for e in entries}  # the rest: the site's archives
    with tarfile.open(out / "pyodide" / "live.tar.gz") as live:
        assert "lib/python3.12/site-packages/charsim/__init__.py" in live.getnames()
    assert not (out / "pyodide" / "pyodide.asm.wasm").exists()
    example = BATCH_EXAMPLES["ted"]
    for name in example.files:
        assert (out / example.url(name)).read_bytes() == (TED / name).read_bytes()


def test_pyodide_and_its_compiled_packages_come_from_the_cdn_the_rest_from_the_site(
    app, cdn, wait_until
):
    _, entries = compiled_entries()
    wanted = {f"/{name}" for name in PYODIDE_CORE} | {f"/{e['file_name']}" for e in entries}
    # every page is built; the batch page's tables, built once files are loaded, need the
    # tables' group (pandas)
    app.get_by_role("tab", name="Batch: score files").click()
    app.get_by_role("button", name="Try it: TED talks, 2 systems").click()
    wait_until(lambda: wanted <= set(cdn.requests), timeout=90, message="every package")
    assert not [r for r in cdn.requests if r not in wanted]  # charsim, panel...: from the site
