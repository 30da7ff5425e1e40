"""The explorer built as on a fresh machine: no team ``../shared`` folder, an empty build cache,
Pyodide's compiled wheels downloaded from a server on 127.0.0.1 standing in for the official
distribution. The site opens, scores typed text and loads the batch example."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from explorer.site_build import build as site_build
from explorer.site_build import serve

from ..offline import FileServer, official_wheels, without_team_folder

# The smoke test and the batch example's test, collected here again: they run on this build.
from .test_batch import test_ted_example_sort_by_score_and_open_the_lowest_item  # noqa: F401
from .test_smoke import test_typed_text_gets_its_score_and_no_request_leaves_the_machine  # noqa: F401


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Replaces the session's site: this build, served on 127.0.0.1."""
    tmp = tmp_path_factory.mktemp("fresh")
    wheels = official_wheels(tmp / "served")
    server = FileServer(tmp / "served")
    try:
        with without_team_folder(tmp, server.url) as cache:
            out = site_build.build(tmp / "site")
    finally:
        server.close()
    assert sorted(server.requests) == sorted(f"/{w.name}" for w in wheels)  # each one fetched
    assert sorted(p.name for p in (cache / "pyodide-0.27.7").iterdir()) == sorted(
        w.name for w in wheels
    )
    site_server, url = serve.serve_in_thread(out)
    yield url
    site_server.shutdown()
    site_server.server_close()
