"""Load-time benchmark of the offline explorer site in headless Chromium: what a user feels,
with Python restored from the site's memory snapshot and booted afresh, side by side.

Each of ``--runs`` rounds loads, one after the other and each cold (a fresh browser context:
an empty HTTP cache and no service worker), so that the machine's load reaches all alike: the
app once per boot of ``--boot`` (``snapshot``, the site's default, and ``fresh``, the page's
``?boot=fresh``), a page that only boots Pyodide, and the app twice more to open the Batch and
the About page before they are built. Times are taken in the page from navigation start
(``performance.now()``); each ratio is taken within a round and the median over the rounds is
shown with their range:

* ``bare``: a page that only calls ``loadPyodide()``, resolved: Pyodide's core as npm publishes
  it (the site serves its standard library with bytecode added), served by the site's own server
  code from a folder of its own, compressed as the site's files are;
* ``typed``: the score of a text typed as soon as the page accepts input (a text other than the
  default input, typed with no delay between keys) on screen: navigation → the page accepting
  input, plus the text's last key → its score shown (the time the automation takes to type
  the keys is not counted); target ≤ 0.5 × bare;
* ``single``: the single-item page complete, every view and details tab of it
  (``data-explorer-single="ready"``); target ≤ 2.0 × bare;
* ``ready``: every page built (``data-explorer-state="ready"``); target ≤ 3.0 × bare;
* ``opened``: on a load of its own, the Batch page (then, on another, About) clicked as soon
  as the app's tabs are on the page: whether the page's own progress (its placeholder) shows
  within 0.2 s of the click, and seconds from the click to the page usable (Batch: its TED
  example button; About: its first section); target ≤ 3 s;
* ``tasks``: every main-thread task over 50 ms (``PerformanceObserver`` ``longtask``) from the
  first typed score until every page is built: the longest (target ≤ 200 ms);
* ``stale``: bursts of typing (select all, a new text with no delay between keys) from the
  moment the page accepts input until every page is built, then after it (``--bursts`` in
  all, spread over the runs); a burst is stale when the score on screen never becomes the score
  of the text in the box (waited for up to 30 s); target 0;
* ``keystroke``: after each load, a 1,000-character candidate and 4 references are entered,
  then one character at a time is typed at the end of the candidate: the time from the
  ``keydown`` to the first animation frame that shows the new score; p95 ≤ 150 ms;
* ``limit``: 200,000 characters (candidate and references) pasted: scored live, not paused;
* ``bytes``: what the page fetched (bodies and headers, worker included) until the first score
  (the live view's, of the default input: target ≤ 12 MB), until the typed score, and in all;
* ``offline``: after a first visit (kept by the site's service worker), the network off and the
  page opened again: seconds to the typed score (it must come).

``--baseline DIR`` loads a second built site (e.g. one of an earlier commit, ``python -m explorer
build --out DIR``) in every round too, right after this one's loads, booted as its page boots by
default, and prints its rows under the same bare boots: a before/after measured side by side.
``--baseline http://127.0.0.1:PORT/`` loads a site served elsewhere instead (an earlier commit's
site with that commit's own ``python -m explorer serve``, which may serve its files otherwise).

``--network 20mbit`` throttles every load of a round alike (Chrome DevTools Protocol
``Network.emulateNetworkConditions``: 20 Mbit/s down, 5 up, 20 ms latency); the typed score's
target is then ≤ 1.0 × the bare boot under the same throttle.

``--engine firefox``, ``webkit`` or ``all`` measures the typed score, the single-item page,
every page and the longest task (where the engine reports tasks) in those engines beside
Chromium, each against its own bare boot and against Chromium in the same round
(``benchmarks/engine_load.py``, whose docstring gives the rows and targets).

Usage: ``python benchmarks/explorer_load.py [--runs N] [--boot snapshot,fresh] [--network
none|20mbit] [--bursts N] [--keys N] [--out DIR] [--baseline DIR|URL] [--no-build] [--engine
chromium|firefox|webkit|all]`` (builds the site if it is missing or stale, unless
``--no-build``). Every request must go to 127.0.0.1; any
other aborts the benchmark. Needs Chromium (``/usr/bin/chromium`` or ``$CHARSIM_CHROMIUM``) and
the Python package ``playwright``.
"""

from __future__ import annotations

import math
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import engine_load
from _common import environment, positive, script_parser  # puts the project on sys.path
from _page_input import (
    CANDIDATE_CHARS,
    LIMIT_CHARS,
    REFERENCES_COUNT,
    TIMEOUT_MS,
    WATCHER,
    burst,
    keystrokes,
    limit,
    sentence,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from explorer.app.i18n import UIText
from explorer.site_build import serve
from explorer.site_build.budget import precompress, precompress_brotli
from explorer.site_build.build import (
    BROTLI_MIN_BYTES,
    DEFAULT_OUT,
    PYODIDE_CORE,
    STANDARD_LIBRARY_FILE,
    build,
)
from explorer.site_build.pins import NPM_PYODIDE
from tests.engines.drivers import CHROMIUM_LOCAL_ONLY, ENGINES
from tests.ui.conftest import CHROMIUM, CHROMIUM_ARGS  # one list of browser flags

BARE_PAGE = """<!doctype html><html><body>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
loadPyodide({indexURL: new URL("pyodide/", location.href).href})
  .then(() => { document.documentElement.dataset.bare = performance.now(); });
</script></body></html>"""
NETWORKS = {
    "none": None,
    "20mbit": {
        "offline": False,
        "latency": 20,
        "downloadThroughput": 20e6 / 8,
        "uploadThroughput": 5e6 / 8,
    },
}
"""``--network``: Chrome DevTools Protocol ``Network.emulateNetworkConditions`` parameters
(throughputs in bytes per second)."""

HTML = "(document.documentElement?.dataset ?? {})"
"""The page's ``<html>`` data attributes (none yet right after navigation starts)."""
LIVE = f"{HTML}.explorerLive === '1'"

#: What makes an opened page usable: its first control or section, in the page's shadow DOM.
PLACEHOLDER = ".cs-loading"
TEXT = UIText()
OPENED = {
    "batch": (TEXT("tab.batch"), "button", TEXT("batch_example.ted.label")),
    "about": (TEXT("tab.about"), "heading", TEXT("about.heading.fbeta")),
}


def open_page(browser, base: str, network: dict | None, service_workers: str = "allow"):
    """A page in a fresh context, throttled as ``network`` says, that counts response bytes
    (the workers' too) with the time each request finished, in seconds since the page was
    opened, and stops the benchmark on a request to another host (which the browser's resolver
    refuses: :data:`CHROMIUM_LOCAL_ONLY`).

    Requests are observed, not intercepted: Playwright's request interception (``route``)
    turns the browser's HTTP cache off, so that the app's worker would download Pyodide's core
    again where a user's browser revalidates the copy the live view's worker fetched (304)."""
    context = browser.new_context(service_workers=service_workers)
    page = context.new_page()
    sizes: list[tuple[float, int]] = []
    opened = time.perf_counter()

    def requested(request) -> None:
        url = request.url
        if urlsplit(url).hostname != "127.0.0.1" and not url.startswith(("data:", "blob:")):
            raise SystemExit(f"request to a foreign host: {url}")

    def finished(request) -> None:
        if request.url.startswith(base):
            try:
                size = request.sizes()
            except PlaywrightError:  # finished as its page closed: after every measurement
                return
            at = time.perf_counter() - opened
            sizes.append((at, size["responseBodySize"] + size["responseHeadersSize"]))

    context.on("request", requested)
    context.on("requestfinished", finished)
    if network:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", network)
    return context, page, sizes, opened


def mark(page, name: str) -> float:
    """Seconds from navigation to the page's performance mark ``explorer:<name>``."""
    return page.evaluate(f"performance.getEntriesByName('explorer:{name}')[0].startTime") / 1000


def wait_state(page) -> None:
    page.wait_for_function(f"['ready', 'error'].includes({HTML}.explorerState)", timeout=TIMEOUT_MS)
    if page.evaluate(f"{HTML}.explorerState") == "error":
        raise SystemExit(f"the explorer failed to start:\n{page.inner_text('#error')}")


def load_app(browser, base: str, boot: str, network, bursts: int, keys: int, seed: int) -> dict:
    """One cold load of the app booted as ``boot``, measured as the module docstring says."""
    context, page, sizes, opened = open_page(browser, base, network)
    page.add_init_script(WATCHER)
    rng = random.Random(seed)
    page.goto(base + ("?boot=fresh" if boot == "fresh" else ""), wait_until="commit")
    page.wait_for_function(f"{LIVE} || {HTML}.explorerState === 'ready'", timeout=TIMEOUT_MS)
    accepts = page.evaluate("performance.now()") / 1000
    live_bytes = sum(size for at, size in sizes if at <= time.perf_counter() - opened)
    waits = [burst(page, sentence(rng, 8))]
    if waits[0] is None:
        raise SystemExit("the first typed text never got its score")
    typed_at = page.evaluate("performance.now()") / 1000  # its score is on screen now
    typed_bytes = sum(size for at, size in sizes if at <= time.perf_counter() - opened)
    if page.evaluate(f"{HTML}.explorerBoot") != boot:
        raise SystemExit(f"asked for a {boot} boot, got {page.evaluate(f'{HTML}.explorerBoot')}")
    while len(waits) < bursts - 1 and page.evaluate(f"{HTML}.explorerState") == "loading":
        waits.append(burst(page, sentence(rng, 8)))
    wait_state(page)
    ready = mark(page, "ready")
    tasks = [d for s, d in page.evaluate("__bench.tasks") if typed_at <= s / 1000 <= ready]
    while len(waits) < bursts:
        waits.append(burst(page, sentence(rng, 8)))
    times = keystrokes(page, keys)
    live = limit(page)
    single = mark(page, "single")
    context.close()
    return {
        "typed": accepts + waits[0],
        "single": single,
        "ready": ready,
        "tasks": tasks,
        "waits": waits,
        "keys": times,
        "limit": live,
        "live_bytes": live_bytes,
        "typed_bytes": typed_bytes,
        "bytes": sum(size for _, size in sizes),
    }


def load_opened(browser, base: str, network, key: str) -> tuple[float | None, float]:
    """One cold load on which the page ``key`` of :data:`OPENED` is opened as soon as the app's
    tabs are on the page: seconds from the click to the page's placeholder shown (None: not
    within 0.2 s) and to the page usable."""
    tab, role, name = OPENED[key]
    context, page, _, _ = open_page(browser, base, network)
    page.add_init_script(WATCHER)
    page.goto(base, wait_until="commit")
    page.wait_for_function(
        "performance.getEntriesByName('explorer:app').length", timeout=TIMEOUT_MS
    )
    page.get_by_role("tab", name=tab).click()
    clicked = page.evaluate("performance.now()")
    progress = page.evaluate("([s, t]) => __bench.visible(s, t)", [PLACEHOLDER, 200])
    page.get_by_role(role, name=name).first.wait_for(timeout=TIMEOUT_MS)
    usable = page.evaluate("performance.now()")
    wait_state(page)
    context.close()
    return (None if progress is None else (progress - clicked) / 1000), (usable - clicked) / 1000


def load_offline(browser, base: str) -> float | None:
    """A first visit kept by the service worker, then the network off and the page opened
    again: seconds from navigation to the typed score (None: it never came)."""
    context, page, _, _ = open_page(browser, base, None)
    page.goto(base)
    wait_state(page)
    page.wait_for_function("navigator.serviceWorker?.controller != null", timeout=60_000)
    context.set_offline(True)
    page.add_init_script(WATCHER)
    page.reload(wait_until="commit")
    try:
        page.wait_for_function(LIVE, timeout=60_000)
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError: the page never scored
        context.close()
        return None
    wait = burst(page, "a second visit with the network off")
    at = None if wait is None else page.evaluate("performance.now()") / 1000
    context.close()
    return at


def bare_site(folder: Path) -> Path:
    """Write into ``folder`` the bare page (:data:`BARE_PAGE`) and Pyodide's npm core beside it,
    with the ``.gz`` and ``.br`` files the site's server sends (Brotli for the core, as the site
    has); return ``folder``."""
    (folder / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    core = folder / "pyodide"
    core.mkdir()
    for name in [*PYODIDE_CORE, STANDARD_LIBRARY_FILE, "pyodide-lock.json"]:
        shutil.copyfile(NPM_PYODIDE / name, core / name)
    precompress(folder)
    precompress_brotli(
        [path for n in PYODIDE_CORE if (path := core / n).stat().st_size > BROTLI_MIN_BYTES]
    )
    return folder


def load_bare(browser, base: str, network) -> float:
    """One cold load of a page that only boots Pyodide: seconds to loadPyodide() resolved."""
    context, page, _, _ = open_page(browser, base, network, service_workers="block")
    page.goto(base)
    page.wait_for_function(f"{HTML}.bare", timeout=TIMEOUT_MS)
    elapsed = float(page.evaluate(f"{HTML}.bare")) / 1000
    context.close()
    return elapsed


def verdict(value: float, target: float) -> str:
    return f"target ≤ {target:g}: {'met' if value <= target else 'NOT met'}"


def ratio(label: str, times: list[float], bares: list[float], target: float | None) -> str:
    """``label``: the median time, and the median and range of the per-round ratios to the
    bare boot, with ``target`` met or not."""
    ratios = sorted(t / b for t, b in zip(times, bares, strict=True))
    line = (
        f"{label:<34}{statistics.median(times):6.2f} s  {statistics.median(ratios):.2f} x "
        f"bare (per round {ratios[0]:.2f}–{ratios[-1]:.2f})"
    )
    return line if target is None else f"{line}  {verdict(statistics.median(ratios), target)}"


def report(
    boot: str, apps: list[dict], bares: list[float], throttled: bool, title: str = ""
) -> None:
    """Print one boot's rows (under ``title``, or the boot's name)."""
    print(f"-- {title or f'boot: {boot}'}")
    print(
        ratio(
            "typed text's score shown",
            [a["typed"] for a in apps],
            bares,
            1.0 if throttled else 0.5 if boot == "snapshot" else None,
        )
    )
    targets = (None, None) if throttled or boot != "snapshot" else (2.0, 3.0)
    print(ratio("single-item page complete", [a["single"] for a in apps], bares, targets[0]))
    print(ratio("every page built", [a["ready"] for a in apps], bares, targets[1]))
    tasks = [t for a in apps for t in a["tasks"]]
    longest = max(tasks, default=0.0)
    print(
        f"main-thread tasks > 50 ms from the typed score to ready: {len(tasks)} in "
        f"{len(apps)} runs, longest {longest:.0f} ms ({verdict(longest, 200)}), total "
        f"{sum(tasks):.0f} ms"
    )
    waits = [w for a in apps for w in a["waits"]]
    stale = sum(w is None for w in waits)
    slowest = max((w for w in waits if w is not None), default=0.0)
    print(
        f"stale scores: {stale} of {len(waits)} bursts ({verdict(stale, 0)}); slowest burst's "
        f"score {slowest:.2f} s after its last key"
    )
    keys = sorted(t for a in apps for t in a["keys"])
    p95 = keys[min(len(keys) - 1, math.ceil(0.95 * len(keys)) - 1)]
    print(
        f"keystroke -> score: p50 {statistics.median(keys) * 1000:4.0f} ms, p95 "
        f"{p95 * 1000:4.0f} ms ({verdict(p95 * 1000, 150)}; {len(keys)} keystrokes, "
        f"{CANDIDATE_CHARS:,}-character candidate, {REFERENCES_COUNT} references)"
    )
    live = sum(a["limit"] for a in apps)
    print(
        f"{LIMIT_CHARS:,} characters scored live: {live} of {len(apps)} runs "
        f"({'met' if live == len(apps) else 'NOT met'})"
    )
    megabytes = {
        key: statistics.median(a[key] for a in apps) / 1e6
        for key in ("live_bytes", "typed_bytes", "bytes")
    }
    print(
        f"bytes until the first score (the live view): {megabytes['live_bytes']:.2f} MB "
        f"({verdict(megabytes['live_bytes'], 12)}); until the typed score "
        f"{megabytes['typed_bytes']:.2f} MB; in all {megabytes['bytes']:.2f} MB"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its numbers."""
    parser = script_parser(__doc__)
    parser.add_argument("--runs", type=positive, default=3, help="rounds of cold loads (3)")
    parser.add_argument(
        "--boot",
        default="snapshot,fresh",
        help="boots to compare, comma-separated: snapshot, fresh",
    )
    parser.add_argument(
        "--network", choices=list(NETWORKS), default="none", help="throttle every load alike (none)"
    )
    parser.add_argument(
        "--bursts",
        type=positive,
        default=20,
        help="bursts of typing per boot, spread over the runs (20)",
    )
    parser.add_argument("--keys", type=positive, default=8, help="timed keystrokes per run (8)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="site folder")
    parser.add_argument(
        "--baseline",
        help="another built site (a folder, or the URL of a served one) to "
        "load in every round, side by side",
    )
    parser.add_argument(
        "--no-build", action="store_true", help="measure the site in --out as it is"
    )
    parser.add_argument(
        "--engine",
        choices=["chromium", "firefox", "webkit", "all"],
        default="chromium",
        help="chromium: this benchmark; firefox, webkit or all: the rows of every engine side "
        "by side, against Chromium's (benchmarks/engine_load.py)",
    )
    args = parser.parse_args(argv)
    boots = args.boot.split(",")
    if not boots or any(boot not in ("snapshot", "fresh") for boot in boots):
        parser.error(f"--boot takes snapshot, fresh or both, comma-separated, got {args.boot!r}")
    network = NETWORKS[args.network]
    print(environment())  # the load before the run
    if not args.no_build and serve.is_stale(args.out):
        build(args.out)
    served = (args.baseline or "").startswith("http://127.0.0.1:")
    if args.baseline and not served and not (Path(args.baseline) / "index.html").is_file():
        parser.error(f"--baseline {args.baseline}: no built site there (no index.html)")
    if args.engine != "chromium":
        if served:
            parser.error("--engine takes a --baseline folder, not a URL")
        chosen = list(ENGINES) if args.engine == "all" else ["chromium", args.engine]
        baseline = Path(args.baseline) if args.baseline else None
        folder = bare_site(Path(tempfile.mkdtemp()))
        watcher = f"<script>{WATCHER}</script>"
        engine_load.run(chosen, args.runs, args.out, folder, baseline, watcher)
        return 0
    server, base = serve.serve_in_thread(args.out)
    bare_server, bare = serve.serve_in_thread(bare_site(Path(tempfile.mkdtemp())))
    servers = [server, bare_server]
    baseline = args.baseline if served else None
    if args.baseline and not served:
        other, baseline = serve.serve_in_thread(Path(args.baseline))
        servers.append(other)
    baseline_apps: list[dict] = []
    per_run = max(2, math.ceil(args.bursts / args.runs))
    apps: dict[str, list[dict]] = {boot: [] for boot in boots}
    bares, offline = [], []
    opened: dict[str, list[tuple[float | None, float]]] = {key: [] for key in OPENED}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, CHROMIUM_LOCAL_ONLY]
            )
            for run in range(args.runs):  # the loads of a round in turn: the machine's load
                for boot in boots:  # reaches them alike
                    apps[boot].append(
                        load_app(browser, base, boot, network, per_run, args.keys, seed=run)
                    )
                if args.baseline:
                    baseline_apps.append(
                        load_app(
                            browser, baseline, "snapshot", network, per_run, args.keys, seed=run
                        )
                    )
                bares.append(load_bare(browser, bare, network))
                for key in OPENED:
                    opened[key].append(load_opened(browser, base, network, key))
            if network is None:
                offline = [load_offline(browser, base) for _ in range(args.runs)]
            browser.close()
    finally:
        for running in servers:
            running.shutdown()
            running.server_close()

    throttled = network is not None
    print(f"runs: {args.runs} rounds of cold loads, network {args.network} (medians)")
    print(f"{'bare Pyodide boot':<34}{statistics.median(bares):6.2f} s")
    for boot in boots:
        report(boot, apps[boot], bares, throttled)
    if baseline_apps:
        report("snapshot", baseline_apps, bares, throttled, f"baseline {args.baseline}: snapshot")
    print("-- a page opened before it is built (snapshot boot)")
    for key, found in opened.items():
        at_once = sum(progress is not None for progress, _ in found)
        usable = statistics.median(usable for _, usable in found)
        print(
            f"{key}: its progress shown within 0.2 s of the click in {at_once} of "
            f"{len(found)} runs; usable {usable:.2f} s after the click "
            f"({verdict(usable, 3)})"
        )
    if offline:
        scored = [t for t in offline if t is not None]
        line = f"second visit, network off: scored in {len(scored)} of {len(offline)} runs"
        print(line + (f", typed score {statistics.median(scored):.2f} s" if scored else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
