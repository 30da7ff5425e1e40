"""``--pyodide-source cdn``: the site takes Pyodide's core and its compiled packages from a CDN
(here a server on 127.0.0.1 standing in for it, allowing any origin as jsDelivr does) and only
its own wheels from itself. Built with no wheel folder at all."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from explorer.site_build import build as site_build
from explorer.site_build import serve
from explorer.site_build.build import PYODIDE_CORE
from explorer.site_build.pins import NPM_PYODIDE, load_pins

from ..offline import FileServer, compiled_entries, official_wheels, without_team_folder

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
def site_url(tmp_path_factory: pytest.TempPathFactory, cdn: FileServer) -> Iterator[str]:
    """Replaces the session's site: a cdn build whose pins name the stand-in CDN."""
    tmp = tmp_path_factory.mktemp("cdn-site")
    pins = load_pins()
    pins["pyodide"]["cdn_url"] = cdn.url
    with pytest.MonkeyPatch.context() as patch, without_team_folder(tmp, "http://127.0.0.1:9/"):
        patch.setattr(site_build, "load_pins", lambda: pins)
        out = site_build.build(tmp / "site", "cdn")
    site_server, url = serve.serve_in_thread(out)
    yield url
    site_server.shutdown()
    site_server.server_close()


def test_pyodide_and_its_compiled_packages_come_from_the_cdn_the_rest_from_the_site(app, cdn):
    _, entries = compiled_entries()
    wanted = {f"/{name}" for name in PYODIDE_CORE} | {f"/{e['file_name']}" for e in entries}
    assert wanted <= set(cdn.requests)  # the app is ready: every package is installed
    assert not [r for r in cdn.requests if r not in wanted]  # charsim, panel...: from the site
