"""Fixtures of the browser (UI) tests of the offline explorer site.

* ``site_dir`` (session): the site, built once into a temporary folder as on a fresh machine
  (``tests/offline.py``: Pyodide's compiled wheels downloaded, what was fetched recorded beside
  it for ``test_fresh_build.py``);
* ``site_url`` (session): ``site_dir`` served on 127.0.0.1 (free port) from a background
  thread (``test_cdn_build.py`` replaces it with a build of its own).
* ``app_page``: a pytest-playwright ``page`` in Chromium (``/usr/bin/chromium``, or
  ``$CHARSIM_CHROMIUM``) whose every request to a host other than 127.0.0.1 is aborted and
  recorded, and on which every console error, Python traceback (Pyodide logs them as warnings)
  or uncaught page error is recorded. Recorded
  problems fail the test: ``wait_until`` raises on them while polling and the fixture's
  teardown fails on any left.
* ``wait_until``: a polling helper (fails at once on recorded problems).
* ``app``: a page of the site on which the app is ready, shared by the tests of one module (a
  cold load costs twenty seconds of CPU): each test sets the inputs it checks and starts on the
  single-item tab at the default window size, its problems recorded afresh (a page left with
  problems or in another language is opened again);
* ``fresh_app``: ``app_page`` navigated to the site and waited on until the app is ready, for
  the tests of what happens right after a load.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError

from explorer.app.i18n import UIText
from explorer.site_build import serve

from .site_of_the_run import run_folder, site_of_the_run

CHROMIUM = os.environ.get("CHARSIM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: The page's stable hooks (in every phase: the live view, then the app).
CANDIDATE, REFERENCES, SCORE = (
    '[data-testid="candidate"]',
    '[data-testid="references"]',
    '[data-testid="score-main"]',
)
#: Seconds the app may take from navigation to interactive (cold Pyodide boot is ~10 s).
APP_TIMEOUT = float(os.environ.get("CHARSIM_UI_TIMEOUT", "120"))
#: pytest-playwright's default window size, to which ``app`` returns before each test.
VIEWPORT = {"width": 1280, "height": 720}
SINGLE_TAB = UIText()("tab.single")


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers of this folder's tests."""
    config.addinivalue_line("markers", "ui: browser test of the explorer site (Chromium)")


@pytest.hookimpl(trylast=True)  # after pytest's own order (by the fixtures' parameters)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of this folder ``ui`` (``-m 'not ui'`` skips them). Under ``-n 2 --dist
    loadscope --no-loadscope-reorder`` each module runs in one process (its shared page opened
    once), the modules in the order of their first tests, and the two processes each run a
    browser; the modules of ``tests/explorer/``, which run asyncio's event loop
    (``asyncio.run``), come before this folder's, so a process runs them before Playwright's
    loop, which would refuse theirs. The modules of :data:`FIRST`, long and whose tests pytest
    groups at the end (each is parametrized by engine), are moved to the start of this folder's:
    last, one process ran one alone while the other had finished."""
    here = Path(__file__).parent
    ours = [here in Path(item.fspath).parents for item in items]
    for item, mine in zip(items, ours, strict=True):
        if mine:
            item.add_marker(pytest.mark.ui)
    if any(ours):
        start = ours.index(True)
        first = [item for item in items if Path(item.fspath).name in FIRST]
        rest = [item for item in items[start:] if Path(item.fspath).name not in FIRST]
        items[start:] = first + rest


FIRST = ("test_engines.py",)
"""This folder's modules run first (see ``pytest_collection_modifyitems``)."""


class Guard:
    """Problems seen on a page: foreign requests, console errors, page errors."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.console: list[str] = []  # every console message (Pyodide logs a traceback by lines)

    def check(self) -> None:
        """Fail the test if any problem was recorded (with the page's last console lines)."""
        if self.problems:
            problems, lines = "\n  ".join(self.problems), "\n    ".join(self.console[-40:])
            pytest.fail(
                f"browser problems:\n  {problems}\n  last console lines:\n    {lines}",
                pytrace=False,
            )


def poll(
    condition: Callable[[], object],
    timeout: float = 30.0,
    interval: float = 0.2,
    message: str = "condition",
    guard: Guard | None = None,
) -> object:
    """Poll ``condition()`` until it returns a truthy value (returned) or ``timeout`` passes.

    If ``guard`` is given, its recorded problems fail the test at once.
    """
    deadline = time.monotonic() + timeout
    while True:
        if guard is not None:
            guard.check()
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:.0f} s waiting for {message}", pytrace=False)
        time.sleep(interval)


def type_over_candidate(page, text: str, delay: float = 0) -> None:
    """Click the candidate box, select all and type ``text`` (``delay`` ms between keys)."""
    page.locator(CANDIDATE).click()
    page.keyboard.press("Control+A")
    page.keyboard.type(text, delay=delay)


# One round of IntersectionObserver callbacks: every observer's callback of a rendering update
# runs in one task, in the order the observers were made, so a new observer's first callback
# comes after those of the observers that were already watching.
_INTERSECTIONS_SEEN = """() => new Promise((resolve) => {
  const observer = new IntersectionObserver(() => { observer.disconnect(); resolve(); });
  observer.observe(document.documentElement);
})"""


def click_table_cell(cell, timeout: float = 30.0) -> None:
    """Scroll a cell of a Tabulator table (a locator) into view, then click it.

    Tabulator (its ResizeTable module) draws every row of a table again when the table comes
    into view, from an IntersectionObserver's callback. Clicked in the same frame as the scroll
    (a test's click scrolls and presses at once), the cell pressed is replaced before the button
    is released and the click is lost: the click waits for that redraw. A cell replaced while it
    is scrolled to is found again.
    """

    def scrolled_to() -> bool:
        try:
            cell.scroll_into_view_if_needed(timeout=2_000)
        except PlaywrightError:  # Tabulator drew its rows again meanwhile: the cell is new
            return False
        return True

    poll(scrolled_to, timeout=timeout, message="a table's cell scrolled into view")
    cell.page.evaluate(_INTERSECTIONS_SEEN)
    cell.click()


@pytest.fixture
def wait_until(guard: Guard) -> Callable[..., object]:
    """``poll`` bound to this test's ``guard``: ``wait_until(condition, timeout=..., ...)``."""
    return functools.partial(poll, guard=guard)


def wait_for_score(page, wait_until, value: float, timeout: float = 60) -> None:
    """Wait until the page's main score shows ``value`` to 4 places: what was typed last is
    scored (a view found before it may still be the previous text's)."""
    expected = f"{value:.4f}"
    wait_until(
        lambda: page.locator(SCORE).inner_text() == expected,
        timeout=timeout,
        message=f"the score {expected}",
    )


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per run as on a fresh machine, into the run's shared temporary
    folder (``tests/ui/site_of_the_run.py``: the build starts with the run, in a process of its
    own, and the test processes wait for it; one build at a time: two at once took each of the
    two cores for a minute and a half). ``CHARSIM_TEST_SITE=DIR``: a site already built there
    by ``python -m explorer build --out DIR``, for a quick rerun of a few tests."""
    if built := os.environ.get("CHARSIM_TEST_SITE"):
        return Path(built)
    return site_of_the_run(run_folder(tmp_path_factory))


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The site served on 127.0.0.1; yield its base URL."""
    server, url = serve.serve_in_thread(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """pytest-playwright context options: no service workers (a site kept by one would bypass
    the tests' routes; tests/ui/test_offline.py makes contexts of its own that allow them)."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """pytest-playwright launch options: the system Chromium, headless, no background traffic."""
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} not found: apt-get install -y chromium", pytrace=False)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def guard(request: pytest.FixtureRequest) -> Guard:
    """The problem recorder of the current test's page (the module's shared page for ``app``)."""
    if "app" in request.fixturenames:
        return request.getfixturevalue("shared_app")[1]
    return Guard()


def watch(page, guard: Guard) -> None:
    """Make ``page`` talk only to 127.0.0.1 and record its errors in ``guard``; its visits may
    take as long as the app may take to start (:data:`APP_TIMEOUT`), as on a loaded machine."""
    page.set_default_navigation_timeout(APP_TIMEOUT * 1000)

    def route(route) -> None:
        url = route.request.url
        if urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            guard.problems.append(f"request to a foreign host aborted: {url}")
            route.abort()

    page.route("**/*", route)
    page.on("console", lambda msg: guard.console.append(f"{msg.type}: {msg.text}"))
    page.on(
        "console",
        lambda msg: (
            (msg.type == "error" or "Traceback (most recent call last)" in msg.text)
            and guard.problems.append(f"console {msg.type}: {msg.text}")
        ),
    )
    page.on("pageerror", lambda error: guard.problems.append(f"page error: {error}"))


def open_ready(page, guard: Guard, url: str):
    """Open ``url`` in ``page`` and wait until the loader reports the app ready."""

    def ready() -> bool:
        state = page.evaluate("document.documentElement.dataset.explorerState")
        if state == "error":
            pytest.fail(f"explorer failed to start:\n{page.inner_text('#error')}", pytrace=False)
        return state == "ready"

    page.goto(url)
    poll(ready, timeout=APP_TIMEOUT, message="the explorer to become ready", guard=guard)
    return page


@pytest.fixture
def app_page(page, guard: Guard) -> Iterator:
    """A Playwright page that may only talk to 127.0.0.1 and must log no errors."""
    watch(page, guard)
    yield page
    guard.check()


@pytest.fixture
def fresh_app(app_page, guard: Guard, site_url: str):
    """``app_page`` opened on the site, once the loader reports the app ready."""
    return open_ready(app_page, guard, site_url)


@pytest.fixture(scope="module")
def shared_app(browser, browser_context_args: dict, site_url: str) -> Iterator[tuple]:
    """``(page, guard)``: the site opened once for the tests of a module that use ``app``."""
    context = browser.new_context(**browser_context_args)
    page, guard = context.new_page(), Guard()
    watch(page, guard)
    yield open_ready(page, guard, site_url), guard
    context.close()


@pytest.fixture
def app(shared_app: tuple, site_url: str) -> Iterator:
    """The module's shared page of the ready app, on its single-item tab at the default window
    size; fails the test on any problem the page records meanwhile."""
    page, guard = shared_app
    if guard.problems or page.evaluate("document.documentElement.lang") != "en":
        guard.problems.clear()
        open_ready(page, guard, site_url)  # what an earlier test left is not reused
    page.set_viewport_size(VIEWPORT)
    page.get_by_text(SINGLE_TAB, exact=True).first.click()
    yield page
    guard.check()
