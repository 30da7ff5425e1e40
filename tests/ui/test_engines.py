"""The built site in every browser engine a reviewer may open it in: Chromium, Firefox ESR and
WebKitGTK (Safari's engine), each the Debian package (:mod:`tests.engines.drivers`).

In each engine, cold loads of the site (a fresh profile each): Python starts from the live
view's snapshot and the app's from the app's snapshot (``data-explorer-boot`` and
``data-explorer-app-boot``), typed text gets charsim's score, the three pages render, a link's
state is restored, ``?boot=fresh`` boots afresh, and a second visit scores with the site's
server stopped; no page reports an error, no request leaves 127.0.0.1. The rest of the browser
suite runs in Chromium only.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

import charsim
from explorer.app.i18n import UIText
from explorer.app.sources.link import LinkState, encode_link
from tests.engines.display import x_display
from tests.engines.drivers import (
    ENGINES,
    FIND,
    ChromiumBrowser,
    FirefoxBrowser,
    WebKitBrowser,
    missing,
)
from tests.engines.proxy import RefusingProxy
from tests.engines.site import serve_with_script

from .conftest import APP_TIMEOUT, CANDIDATE, SCORE

TEXT = UIText()
HTML = "(document.documentElement?.dataset ?? {})"
"""The page's ``<html>`` data attributes (none yet right after navigation starts)."""
STATE = f"{HTML}.explorerState"
LIVE = f"{HTML}.explorerLive === '1'"
#: The tab that opens a page, and what shows once the page is built.
PAGES = {
    "batch": (TEXT("tab.batch"), TEXT("batch_example.ted.label")),
    "about": (TEXT("tab.about"), TEXT("about.heading.fbeta")),
}


def _with_text(selector: str, text: str) -> str:
    """JavaScript: the first element matching ``selector`` (in the page or a shadow root) whose
    text is ``text``, or null."""
    return f"""(function within(root = document) {{
      for (const el of root.querySelectorAll({selector!r})) {{
        if (el.textContent.trim() === {text!r}) return el;
      }}
      for (const el of root.querySelectorAll("*")) {{
        if (el.shadowRoot) {{ const found = within(el.shadowRoot); if (found) return found; }}
      }}
      return null;
    }})()"""


@pytest.fixture(scope="module")
def proxy() -> Iterator[RefusingProxy]:
    """The proxy that refuses and records Firefox's and WebKit's requests off 127.0.0.1."""
    running = RefusingProxy()
    yield running
    running.close()


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """An X display for WebKitGTK."""
    with x_display() as name:
        yield name


@pytest.fixture(scope="module")
def probed_url(site_dir) -> Iterator[str]:
    """The site, served with its page reporting its own errors."""
    server, url = serve_with_script(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(params=ENGINES)
def open_browser(request, proxy: RefusingProxy):
    """A function that starts a browser of the engine of this test's parameter (a fresh
    profile); every browser it started is closed after the test, which fails if any page
    reported an error or requested anything off 127.0.0.1 (Firefox's own traffic, refused by
    the proxy too, is not the page's)."""
    engine = request.param
    if reason := missing(engine):
        pytest.fail(f"{engine}: {reason}", pytrace=False)
    started = []

    def start():
        if engine == "chromium":
            browser = ChromiumBrowser(request.getfixturevalue("browser"))
        elif engine == "firefox":
            browser = FirefoxBrowser(proxy.port)
        else:
            browser = WebKitBrowser(proxy, request.getfixturevalue("display"))
        started.append(browser)
        return browser

    start.engine = engine
    yield start
    problems = [p for browser in started for p in browser.problems()]
    foreign = [url for browser in started for url in browser.foreign()]
    for browser in started:
        browser.close()
    assert not problems, f"{engine}: the page reported errors: {problems}"
    assert not foreign, f"{engine}: requests off 127.0.0.1: {foreign}"


def wait_for(browser, expression: str, message: str, timeout: float = APP_TIMEOUT) -> object:
    """Poll the JavaScript ``expression`` until it is truthy (returned); fail after ``timeout``
    seconds, or at once when the page reports an error or fails to start."""
    deadline = time.monotonic() + timeout
    while True:
        value = browser.evaluate(expression)
        if value:
            return value
        if problems := browser.problems():
            pytest.fail(f"{browser.engine}: {problems}", pytrace=False)
        if browser.evaluate(f"{STATE} === 'error'"):
            error = browser.evaluate("document.getElementById('error')?.textContent")
            pytest.fail(f"{browser.engine}: the explorer failed to start: {error}", pytrace=False)
        if time.monotonic() > deadline:
            state = browser.evaluate(
                f"({{html: {HTML}, score: {FIND}({SCORE!r})?.textContent,"
                f" candidate: {FIND}({CANDIDATE!r})?.value, url: location.href}})"
            )
            pytest.fail(
                f"{browser.engine}: timed out waiting for {message}; the page: {state}",
                pytrace=False,
            )
        time.sleep(0.25)


def typed_score(browser, text: str, references: list[str]) -> None:
    """Type ``text`` over the candidate (key by key) and wait for its score."""
    wait_for(browser, f"{FIND}({CANDIDATE!r}) !== null", "the candidate box")
    browser.type_over(CANDIDATE, text)
    expected = f"{charsim.score(text, references):.4f}"
    shown = f"{FIND}({SCORE!r})?.textContent === {expected!r}"
    wait_for(browser, shown, f"the score {expected} of {text!r}", timeout=60)


def test_both_snapshots_restore_every_page_renders_and_a_second_visit_scores_offline(
    open_browser, site_dir
):
    """A cold load: the live view and then the app start from their snapshots, typed text gets
    its score before and after the app takes over, and Batch and About render; then the
    service worker keeps the site: opened again with its server stopped, the page starts and
    scores typed text."""
    server, url = serve_with_script(site_dir)
    browser = open_browser()
    try:
        browser.goto(url)
        wait_for(browser, LIVE, "the live view")
        typed_score(browser, "the cat sat", ["cat"])
        wait_for(browser, f"{STATE} === 'ready'", "every page built")
        boots = browser.evaluate(f"[{HTML}.explorerBoot, {HTML}.explorerAppBoot]")
        assert boots == ["snapshot", "app-snapshot"], f"{open_browser.engine}: booted {boots}"
        typed_score(browser, "a cat on the mat", ["cat"])
        for tab, shows in PAGES.values():
            browser.click(_with_text('[role="tab"]', tab))
            wait_for(browser, f"{_with_text('button, h2, h3, h4', shows)} !== null", shows, 60)
        wait_for(browser, "navigator.serviceWorker.controller !== null", "the service worker")
    finally:
        server.shutdown()
        server.server_close()
    browser.goto(url)
    wait_for(browser, LIVE, "the live view of the second visit")
    typed_score(browser, "a second visit", ["cat"])


def test_a_link_booted_afresh_restores_its_state_and_scores(open_browser, probed_url):
    """``?boot=fresh`` with a link: Python boots as Pyodide boots, without a snapshot; the
    link's candidate, references and order cap are shown and scored, and typing is scored."""
    state = LinkState(candidate="cats", references=["cat", "", "cat"], max_order=8)
    browser = open_browser()
    browser.goto(f"{probed_url}?boot=fresh&{encode_link(state)}")
    expected = f"{charsim.score('cats', ['cat', '', 'cat'], max_order=8):.4f}"
    wait_for(browser, f"{FIND}({SCORE!r})?.textContent === {expected!r}", f"the score {expected}")
    wait_for(browser, f"{STATE} === 'ready'", "every page built")
    assert browser.evaluate(f"{HTML}.explorerBoot") == "fresh"
    assert browser.evaluate(f"{FIND}({CANDIDATE!r}).value") == "cats"
    assert browser.evaluate(f"{FIND}({SCORE!r}).textContent") == expected
    typed_score(browser, "cat", ["cat", "", "cat"])
