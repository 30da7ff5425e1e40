"""The site kept by its service worker (static/service-worker.js): a second visit opens and
scores with the network off, and a new build replaces the old one's cache, never mixing the two.

Every test types text other than the default input ("ca" against "cat"): ``boot.TYPED``."""

from __future__ import annotations

import shutil
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from explorer.site_build import serve
from explorer.site_build.service_worker import write_service_worker

from .boot import live_typed_score
from .conftest import APP_TIMEOUT, Guard, poll

CONTROLLED = "navigator.serviceWorker.controller !== null"
CACHES = "caches.keys()"
WAITING = "navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.waiting))"


@pytest.fixture
def kept(browser, guard: Guard):
    """A new browser context that allows service workers, whose pages may only talk to
    127.0.0.1 and must log no errors; yields a function that opens a page in it."""
    context = browser.new_context(service_workers="allow")
    context.set_default_navigation_timeout(APP_TIMEOUT * 1000)  # a loaded machine's visits

    def route(route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            guard.problems.append(f"request to a foreign host aborted: {route.request.url}")
            route.abort()

    context.route("**/*", route)

    def open_page(url: str, timeout: float | None = None):
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and guard.problems.append(m.text))
        page.on("pageerror", lambda error: guard.problems.append(f"page error: {error}"))
        try:  # not "load": the app's JS may be held
            page.goto(url, wait_until="domcontentloaded", timeout=timeout and timeout * 1000)
        except PlaywrightTimeoutError:
            page.close()
            raise
        return page

    open_page.context = context
    yield open_page
    context.close()
    guard.check()


def _ready_and_kept(page, guard) -> None:
    state = "document.documentElement.dataset.explorerState"
    poll(lambda: page.evaluate(state) == "ready", timeout=APP_TIMEOUT, message="ready", guard=guard)
    poll(lambda: page.evaluate(CONTROLLED), timeout=120, message="the service worker", guard=guard)


def _reopen_until(kept, url: str, condition, guard, visits: int = 4):
    """Open ``url`` until ``condition(page)`` holds within 20 s of a visit, closing each page
    that fails it; returns the page that passed. Chromium may still count a page closed a moment
    ago as the old worker's client, so that the visit right after it is still the old build's
    and the new worker waits for that page to close too, as a user's next visit would. A visit
    whose page is not loaded within 60 s counts as failed and is closed: the first visit after
    the old build's pages closed, the one that activates the new worker, twice never loaded in
    test runs on a loaded machine (not reproduced alone or beside two CPU burners)."""
    for visit in range(1, visits + 1):
        try:
            page = kept(url, timeout=60)
        except PlaywrightTimeoutError:
            continue
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            guard.check()
            if condition(page):
                return page
            time.sleep(0.2)
        if visit < visits:
            page.close()
    pytest.fail(f"{visits} visits, none of them build B's alone", pytrace=False)


def test_a_second_visit_with_the_network_off_opens_and_scores(kept, guard, site_url):
    page = kept(site_url)
    _ready_and_kept(page, guard)
    kept.context.set_offline(True)
    page.reload(wait_until="domcontentloaded")
    assert live_typed_score(page, guard) == "snapshot"


def test_a_new_build_replaces_the_old_ones_cache(kept, guard, site_dir, tmp_path):
    """Build A is visited and kept; the server then has build B (one file changed). Once the
    pages of A are closed, the next visit is B's and only B's cache is left; offline, B's file
    is served."""
    served = tmp_path / "site"
    shutil.copytree(site_dir, served)
    server, url = serve.serve_in_thread(served)
    try:
        page = kept(url)
        _ready_and_kept(page, guard)
        (cache_a,) = page.evaluate(CACHES)
        licence = served / "examples" / "ted" / "LICENSE.compare-mt"
        licence.write_text(licence.read_text(encoding="utf-8") + "\nbuild B\n", encoding="utf-8")
        build_b = write_service_worker(served)
        assert f"charsim-explorer-{build_b}" != cache_a
        page.close()
        page = kept(url)  # still A's, finds B's service worker, which waits for A's pages
        poll(
            lambda: page.evaluate(WAITING),
            timeout=120,
            message="build B's service worker",
            guard=guard,
        )
        page.close()
        page = _reopen_until(
            kept, url, lambda p: p.evaluate(CACHES) == [f"charsim-explorer-{build_b}"], guard
        )
        kept.context.set_offline(True)
        text = page.evaluate("fetch('examples/ted/LICENSE.compare-mt').then((r) => r.text())")
        assert text.endswith("build B\n")
        page.reload(wait_until="domcontentloaded")
        live_typed_score(page, guard)
    finally:
        server.shutdown()
        server.server_close()
