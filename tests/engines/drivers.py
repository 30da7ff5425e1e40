"""One face for the three browser engines a reviewer may open the explorer in: Chromium (Blink
and V8), Firefox (Gecko and SpiderMonkey) and WebKitGTK (WebKit and JavaScriptCore, Safari's
engine), each the Debian package, each driven by its own protocol: Chromium by Playwright,
Firefox by WebDriver BiDi (:mod:`tests.engines.bidi`), WebKitGTK by classic WebDriver through its
``WebKitWebDriver`` and Selenium.

A :class:`Browser` is one browser with a profile of its own (a fresh one: a cold load), showing
one page. Requests to any host but 127.0.0.1 never leave the machine: Chromium's are aborted
(Playwright's routes, or the caller's resolver rules), Firefox's and WebKit's go to a proxy on
127.0.0.1 (:class:`tests.engines.proxy.RefusingProxy`), which refuses them; :meth:`Browser.foreign`
lists those of the page and its workers.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from tests.engines.bidi import FIREFOX, Firefox
from tests.engines.proxy import RefusingProxy

ENGINES = ("chromium", "firefox", "webkit")
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
#: The browser WebKitWebDriver starts (Debian's webkit2gtk-driver installs it beside WebKitGTK).
MINIBROWSER = next(iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))), "")
#: Seconds WebKitWebDriver may take to start MiniBrowser, and how many starts a session gets.
START_TIMEOUT, STARTS = 60, 2
#: A Chromium flag: its resolver answers no host but 127.0.0.1, so that nothing leaves the
#: machine without routes (which turn Chromium's HTTP cache off).
CHROMIUM_LOCAL_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
#: What each engine needs installed, to name in a skip or failure.
PACKAGES = {"chromium": "chromium", "firefox": "firefox-esr", "webkit": "webkit2gtk-driver xvfb"}

#: ``find(selector)``: the first element matching ``selector`` in the page or in any shadow root
#: (Panel draws its widgets inside shadow roots).
FIND = """(function find(selector, root = document) {
  const hit = root.querySelector(selector);
  if (hit) return hit;
  for (const el of root.querySelectorAll("*")) {
    if (el.shadowRoot) { const found = find(selector, el.shadowRoot); if (found) return found; }
  }
  return null;
})"""


def _local(url: str) -> bool:
    """Whether ``url`` stays on the machine (127.0.0.1, or data: and blob: URLs)."""
    return urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:", "about:"))


def missing(engine: str) -> str | None:
    """What ``engine`` lacks on this machine to be driven (a sentence), or None."""
    from tests.ui.conftest import CHROMIUM

    needed = {
        "chromium": [CHROMIUM],
        "firefox": [FIREFOX],
        "webkit": [WEBKIT_DRIVER, MINIBROWSER or "MiniBrowser"],
    }[engine]
    absent = [path for path in needed if not Path(path).is_file()]
    if engine == "webkit" and not os.environ.get("DISPLAY") and not shutil.which("Xvfb"):
        absent.append("Xvfb")
    if not absent:
        return None
    return f"{', '.join(absent)} not found: apt-get install -y {PACKAGES[engine]}"


class Browser:
    """One page of one engine. Subclasses: :class:`ChromiumBrowser`, :class:`FirefoxBrowser`,
    :class:`WebKitBrowser`."""

    engine = ""

    def goto(self, url: str) -> None:
        """Navigate to ``url``; return once the new page has replaced the old one (committed),
        not waiting for it to load: what the old page showed is never read as the new one's."""
        self.evaluate("(window.__charsimLeft = true, null)")
        self.navigate(url)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if not self.evaluate("window.__charsimLeft === true"):
                    return
            except Exception:  # noqa: BLE001 - asked while the page was replaced: ask again
                pass
            time.sleep(0.01)
        raise RuntimeError(f"{self.engine}: {url} did not replace the page within 60 s")

    def navigate(self, url: str) -> None:
        """Start navigating to ``url``, not waiting for it."""
        raise NotImplementedError

    def evaluate(self, expression: str) -> object:
        """The JSON value of the JavaScript ``expression`` (a promise awaited) in the page."""
        raise NotImplementedError

    def type_over(self, selector: str, text: str) -> None:
        """Replace the text of the element ``selector`` (found as :data:`FIND` finds it) by
        ``text`` typed with the keyboard, key by key."""
        raise NotImplementedError

    def click(self, expression: str) -> None:
        """Click the element that the JavaScript ``expression`` gives (the DOM's ``click()``)."""
        self.evaluate(f"(({expression}).click(), null)")

    def problems(self) -> list[str]:
        """The errors the page reported so far: those its probe kept (the site served with
        :data:`tests.engines.site.PROBE`) and those the engine's protocol reported."""
        try:
            return list(self.evaluate("window.__charsimProblems ?? []") or [])
        except Exception as error:  # noqa: BLE001 - a page that cannot be read is a problem
            return [f"the page could not be read: {error}"]

    def foreign(self) -> list[str]:
        """The requests of the page and its workers to another host than 127.0.0.1 so far
        (each refused)."""
        return []

    def close(self) -> None:
        """Close the browser."""
        raise NotImplementedError


class ChromiumBrowser(Browser):
    """A page of a Playwright ``browser`` (Chromium) in a context of its own.

    Args:
        browser: a Playwright Chromium browser.
        service_workers: Playwright's ``"allow"`` or ``"block"``.
        block: abort every request to another host than 127.0.0.1 and report it as a problem
            (Playwright's routes, which turn the browser's HTTP cache off: the load benchmark
            makes Chromium's resolver refuse other hosts instead).
    """

    engine = "chromium"

    def __init__(self, browser, service_workers: str = "allow", block: bool = True) -> None:
        self.context = browser.new_context(service_workers=service_workers)
        self.page = self.context.new_page()
        self._errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self._errors.append(m.text))
        self.page.on("pageerror", lambda error: self._errors.append(f"page error: {error}"))
        if block:
            self.page.route("**/*", self._local_only)

    def _local_only(self, route) -> None:
        url = route.request.url
        if _local(url):
            route.continue_()
        else:
            self._errors.append(f"request to a foreign host aborted: {url}")
            route.abort()

    def navigate(self, url: str) -> None:
        self.page.goto(url, wait_until="commit")

    def evaluate(self, expression: str) -> object:
        return self.page.evaluate(f"(async () => await ({expression}))()")

    def type_over(self, selector: str, text: str) -> None:
        self.page.locator(selector).click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(text)

    def problems(self) -> list[str]:
        return super().problems() + self._errors

    def foreign(self) -> list[str]:
        return [error for error in self._errors if error.startswith("request to a foreign")]

    def close(self) -> None:
        self.context.close()


class FirefoxBrowser(Browser):
    """Firefox ESR with a new profile (a cold load), whose requests to other hosts than
    127.0.0.1 go to the proxy on 127.0.0.1 at ``proxy_port``."""

    engine = "firefox"

    def __init__(self, proxy_port: int) -> None:
        self._profile = tempfile.mkdtemp(prefix="charsim-firefox-")
        prefs = {
            "network.proxy.type": 1,  # manual: every host but 127.0.0.1 through the proxy
            "network.proxy.http": "127.0.0.1",
            "network.proxy.http_port": proxy_port,
            "network.proxy.ssl": "127.0.0.1",
            "network.proxy.ssl_port": proxy_port,
            "network.proxy.no_proxies_on": "127.0.0.1",
            "network.proxy.allow_hijacking_localhost": False,
            # Firefox's own traffic, off (as in Firefox's own test profiles)
            "services.settings.server": "data:,#remote-settings-dummy/v1",
            "network.connectivity-service.enabled": False,
            "network.captive-portal-service.enabled": False,
            "browser.safebrowsing.update.enabled": False,
            "browser.region.network.url": "",
            "toolkit.telemetry.server": "",
            "app.update.disabledForTesting": True,
            "extensions.update.enabled": False,
            "browser.shell.checkDefaultBrowser": False,
            "datareporting.policy.dataSubmissionEnabled": False,
        }
        self.firefox = Firefox(Path(self._profile), prefs)

    def navigate(self, url: str) -> None:
        self.firefox.navigate(url)

    def evaluate(self, expression: str) -> object:
        return self.firefox.evaluate(expression)

    def type_over(self, selector: str, text: str) -> None:
        self.evaluate(f"(() => {{ const el = {FIND}({selector!r}); el.focus(); el.select(); }})()")
        self.firefox.keys(text)

    def problems(self) -> list[str]:
        logged = [f"console error: {text}" for level, text in self.firefox.log if level == "error"]
        return super().problems() + logged

    def foreign(self) -> list[str]:
        return [url for url in self.firefox.requests if not _local(url)]

    def close(self) -> None:
        self.firefox.close()
        shutil.rmtree(self._profile, ignore_errors=True)


class WebKitBrowser(Browser):
    """WebKitGTK's MiniBrowser under ``WebKitWebDriver`` (driven by Selenium) on the X display
    ``display``, whose requests to other hosts than 127.0.0.1 go to the proxy on 127.0.0.1 at
    ``proxy_port``. Classic WebDriver reports no console: the page's errors are read from the
    page (:data:`PROBE`, when the site's server adds it)."""

    engine = "webkit"

    def __init__(self, proxy: RefusingProxy, display: str) -> None:
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        self._proxy, self._refused = proxy, len(proxy.requests)
        address = f"127.0.0.1:{proxy.port}"
        options.proxy = Proxy(
            {
                "proxyType": "manual",
                "httpProxy": address,
                "sslProxy": address,
                "noProxy": ["127.0.0.1"],
            }
        )
        # No GPU here: WebKitGTK's compositing through OpenGL would run in Mesa's software
        # rasterizer on the virtual display, seconds of main-thread time that a Mac's Safari
        # spends on its GPU; it draws with its CPU instead, as Chromium does with --disable-gpu.
        environment = {**os.environ, "DISPLAY": display, "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
        for attempt in range(STARTS):
            service = Service(WEBKIT_DRIVER, env=environment)
            # Now and then MiniBrowser dies as it starts and WebKitWebDriver never answers the
            # new session: stopping the driver ends the wait with an error, and a second start
            # goes through.
            watchdog = threading.Timer(START_TIMEOUT, service.stop)
            watchdog.start()
            try:
                self.driver = webdriver.WebKitGTK(options=options, service=service)
                break
            except Exception:
                if attempt == STARTS - 1:
                    raise
            finally:
                watchdog.cancel()
        self.driver.set_script_timeout(300)

    def navigate(self, url: str) -> None:
        # WebDriver's navigation waits for the page to load: started from a script, it does not.
        self.driver.execute_script("location.href = arguments[0]", url)

    def evaluate(self, expression: str) -> object:
        answer = json.loads(
            self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                f"(async () => ({expression}))().then("
                "(value) => done(JSON.stringify({value: value ?? null})),"
                "(error) => done(JSON.stringify({error: String(error)})));"
            )
        )
        if "error" in answer:
            raise RuntimeError(f"the script threw: {answer['error']}")
        return answer["value"]

    def type_over(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        self.evaluate(f"(() => {{ const el = {FIND}({selector!r}); el.focus(); el.select(); }})()")
        ActionChains(self.driver).send_keys(text).perform()

    def foreign(self) -> list[str]:
        return self._proxy.requests[self._refused :]

    def close(self) -> None:
        self.driver.quit()
