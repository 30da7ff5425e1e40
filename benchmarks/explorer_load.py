"""Load-time benchmark of the offline explorer site in headless Chromium.

Prints, as the median of ``--runs`` cold loads (each in a fresh browser context, so an empty
HTTP cache):

* ``app``: navigation -> the app is interactive (loader reports ready);
* ``score``: navigation -> the score of candidate "ca" / reference "cat", typed once the app is
  ready, is visible;
* ``bytes``: total response bytes (bodies + headers) the first load fetched, and how many of
  them were Pyodide core, wheels, JS/CSS and other;
* ``bare``: navigation -> ``loadPyodide()`` resolved on a page that does nothing else (same
  server, same Pyodide files);
* the ratio ``app / bare``.

Usage: ``python benchmarks/explorer_load.py [--runs N] [--out DIR]`` (builds the site if it is
missing or stale). Every request must go to 127.0.0.1; any other aborts the benchmark.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explorer import build, serve  # noqa: E402
from tests.ui.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (one list of browser flags)

BARE_PAGE = """<!doctype html><html><body>
<script src="pyodide/pyodide.js"></script>
<script>
loadPyodide({indexURL: new URL("pyodide/", location.href).href})
  .then(() => { document.documentElement.dataset.bare = "ready"; });
</script></body></html>"""
TIMEOUT_MS = 180_000


def category(url: str) -> str:
    """Which part of the site a URL belongs to (for the bytes breakdown)."""
    path = urlsplit(url).path
    if path.endswith(".whl"):
        return "wheels"
    if "/pyodide/" in path:
        return "pyodide core"
    if path.endswith((".js", ".css", ".woff2", ".woff", ".ttf")):
        return "js/css/fonts"
    return "other"


def open_page(browser, base: str, extra_routes: dict[str, str] | None = None):
    """A page in a fresh context that refuses non-local requests and counts response bytes."""
    context = browser.new_context()
    page = context.new_page()
    sizes: dict[str, int] = {}

    def route(route) -> None:
        url = route.request.url
        if extra_routes and url in extra_routes:
            route.fulfill(body=extra_routes[url], content_type="text/html")
        elif urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            raise SystemExit(f"request to a foreign host: {url}")

    def finished(request) -> None:
        if request.url.startswith(base):
            size = request.sizes()
            sizes[request.url] = size["responseBodySize"] + size["responseHeadersSize"]

    page.route("**/*", route)
    page.on("requestfinished", finished)
    return context, page, sizes


def load_app(browser, base: str, expected: str) -> tuple[float, float, dict[str, int]]:
    """One cold load: (seconds to app ready, seconds to score visible, bytes by URL)."""
    context, page, sizes = open_page(browser, base)
    start = time.perf_counter()
    page.goto(base)
    page.wait_for_function(
        "['ready', 'error'].includes(document.documentElement.dataset.explorerState)",
        timeout=TIMEOUT_MS,
    )
    ready = time.perf_counter() - start
    if page.evaluate("document.documentElement.dataset.explorerState") == "error":
        raise SystemExit(f"the explorer failed to start:\n{page.inner_text('#error')}")
    textareas = page.locator("textarea")
    textareas.nth(0).fill("ca")
    textareas.nth(1).fill("cat")
    page.get_by_text(expected, exact=True).first.wait_for(timeout=TIMEOUT_MS)
    scored = time.perf_counter() - start
    context.close()
    return ready, scored, sizes


def load_bare(browser, base: str) -> float:
    """One cold load of a page that only boots Pyodide: seconds to loadPyodide() resolved."""
    url = base + "bare-pyodide.html"
    context, page, _ = open_page(browser, base, {url: BARE_PAGE})
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.bare === 'ready'", timeout=TIMEOUT_MS)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its numbers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold loads of each page (3)")
    parser.add_argument("--out", type=Path, default=build.DEFAULT_OUT, help="site folder")
    args = parser.parse_args(argv)
    if serve.is_stale(args.out):
        build.build(args.out)
    import charsim

    expected = f"{charsim.score('ca', ['cat']):.4f}"
    server, base = serve.serve_in_thread(args.out)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            apps = [load_app(browser, base, expected) for _ in range(args.runs)]
            bares = [load_bare(browser, base) for _ in range(args.runs)]
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    ready = statistics.median(r for r, _, _ in apps)
    scored = statistics.median(s for _, s, _ in apps)
    bare = statistics.median(bares)
    sizes = apps[0][2]
    by_category: dict[str, int] = {}
    for url, size in sizes.items():
        by_category[category(url)] = by_category.get(category(url), 0) + size
    print(f"runs: {args.runs} cold loads each (median)")
    print(f"app interactive:      {ready:6.2f} s")
    print(f"first score visible:  {scored:6.2f} s")
    print(f"bare Pyodide boot:    {bare:6.2f} s")
    print(f"ratio app / bare:     {ready / bare:6.2f}")
    print(f"bytes on first load:  {sum(sizes.values()) / 1e6:6.2f} MB in {len(sizes)} requests")
    for name, size in sorted(by_category.items(), key=lambda item: -item[1]):
        print(f"  {name:<18}  {size / 1e6:6.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
