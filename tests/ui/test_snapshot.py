"""Python restored from the site's memory snapshot (explorer/site_build/snapshot.py,
static/snapshot.js), and the way back to a fresh boot when the snapshot cannot be used.

Every test types text other than the default input ("ca" against "cat")."""

from __future__ import annotations

import gzip
import json
import subprocess

import pytest

import charsim
from explorer.runtime.worker import APP_CHECK, comparison_check, self_check
from explorer.site_build import snapshot
from explorer.site_build.build import PANEL_CDN_ROOT, STANDARD_LIBRARY_FILE
from explorer.site_build.pins import node_environment
from explorer.site_build.shell import site_config

from .boot import (
    APP_BOOT,
    SINGLE,
    TYPED,
    type_and_wait_for_its_score,
    typed_score_shown,
)
from .conftest import APP_TIMEOUT, SCORE, poll, type_over_candidate

SLOW = "the network is too slow to fetch the app's snapshot"
"""What the page says when it judges the network too slow for the app's snapshot."""


def _single_item_page_with_the_app_snapshot_fetched(page, guard, url, messages) -> str:
    """Open ``url``, type :data:`TYPED`, wait for its score and the single-item page; return how
    the live view's Python started. For a test of the app's snapshot: when the page judged the
    network too slow to fetch it (``messages``, the console's texts, say so: a machine too busy
    running the suite's other process can send the core slower than 6 MB/s), the page is
    opened again, its files in the browser's cache, as a second visit is, and ``messages`` is
    emptied first."""

    def opened() -> str:
        boot = typed_score_shown(page, guard, url)
        poll(
            lambda: page.evaluate(SINGLE), APP_TIMEOUT, message="the single-item page", guard=guard
        )
        return boot

    boot = opened()
    if any(SLOW in text for text in messages):
        messages.clear()
        boot = opened()
    return boot


def test_the_built_snapshot_restores_under_node_and_scores_the_self_check(site_dir, tmp_path):
    """The snapshot the site ships, restored twice as the worker restores it: each scores the
    self-check as CPython does before the standard library has arrived (the live view's modules
    are in memory), draws its own random numbers, and imports modules from the standard
    library's archive without compiling them; it holds one copy of that archive's directory
    (importlib.invalidate_caches() before the snapshot gave each zipimporter its own: 17)."""
    raw = tmp_path / "snapshot.bin"
    (shipped,) = (site_dir / "pyodide").glob("live-snapshot-*.gz")
    raw.write_bytes(gzip.decompress(shipped.read_bytes()))
    answers = [
        json.loads(
            subprocess.run(
                [
                    "node",
                    str(snapshot.SCRIPT),
                    "check",
                    str(raw),
                    str(site_dir / "pyodide" / STANDARD_LIBRARY_FILE),
                ],
                capture_output=True,
                text=True,
                check=True,
                env=node_environment(),
            ).stdout
        )
        for _ in range(2)
    ]
    assert [a["check"] for a in answers] == [self_check()] * 2
    assert answers[0]["random"] != answers[1]["random"]
    assert [a["compiled"] for a in answers] == [[], []]  # the archive's modules: from bytecode
    assert [a["zipDirectories"] for a in answers] == [1, 1]


def test_the_built_app_snapshot_restores_under_node_and_builds_the_app(site_dir, tmp_path):
    """The app's snapshot the site ships, restored twice as the app's worker restores it (numpy's
    libraries loaded first): each answers the self-check and numpy's sums as CPython does,
    compares the self-check with chrF, BLEU and TER as CPython does, draws its own random
    numbers, builds the app for the page's JS and CSS, holds one copy of the standard library
    archive's directory, and holds the app built for the page's plain address, its single-item
    page's parts sent in progress and shown one per step."""
    config = site_config(site_dir)
    app = config["appSnapshot"]
    raw = tmp_path / "app-snapshot.bin"
    raw.write_bytes(gzip.decompress((site_dir / app["url"]).read_bytes()))
    settings = tmp_path / "settings.json"
    settings.write_text(
        json.dumps(
            {
                "libraries": str(site_dir / app["libraries"]["url"]),
                "panelCdnRoot": PANEL_CDN_ROOT,
                "pageResources": config["pageResources"],
                "check": app["check"],
                "layout": app["layout"],
            }
        )
    )
    archives = [str(site_dir / config["stages"][n]["bundle"]["url"]) for n in ("live", "app")]
    answers = [
        json.loads(
            subprocess.run(
                [
                    "node",
                    str(snapshot.SCRIPT),
                    "check-app",
                    str(raw),
                    str(site_dir / "pyodide" / STANDARD_LIBRARY_FILE),
                    str(settings),
                    *archives,
                ],
                capture_output=True,
                text=True,
                check=True,
                env=node_environment(),
            ).stdout
        )
        for _ in range(2)
    ]
    assert [a["check"] for a in answers] == [f"{self_check()}; {APP_CHECK}"] * 2
    assert [a["comparison"] for a in answers] == [comparison_check()] * 2
    assert answers[0]["random"] != answers[1]["random"]
    assert min(a["model"] for a in answers) > 10_000  # the app's Bokeh JSON
    assert [a["zipDirectories"] for a in answers] == [1, 1]
    # Built ahead for the plain address, every page (nothing left to build): the page is sent
    # the single-item page's four parts on screen (where the texts match, contributions, the
    # lengths' chart, details; the comparison's tab is not drawn until shown) in progress, as
    # the batch and About pages, and each of the four is put in its place in one step, the
    # single-item page complete after the last.
    expected = {"steps": 4, "pending": False, "progress": 6}
    assert [a["prebuilt"] for a in answers] == [expected] * 2


def test_the_app_starts_from_its_own_snapshot(app_page, guard, site_url):
    """The app's worker restores the app's snapshot (numpy, Bokeh and Panel in memory), says
    nothing on the console, and the single-item page is completed for the typed text."""
    messages = []
    app_page.on("console", lambda msg: messages.append(msg.text))
    boot = _single_item_page_with_the_app_snapshot_fetched(app_page, guard, site_url, messages)
    assert boot == "snapshot"
    assert app_page.evaluate(APP_BOOT) == "app-snapshot"
    assert not any("did not start from its snapshot" in text for text in messages), messages
    expected = f"{charsim.score(TYPED, ['cat']):.4f}"
    assert app_page.locator(SCORE).inner_text() == expected


#: Records, on the page, the app worker's messages: [type, time, Bokeh events "kind:attr"].
WORKER_MESSAGES = """(() => {
  const Worker_ = window.Worker;
  window.__messages = [];
  window.Worker = function (...args) {
    const worker = new Worker_(...args);
    worker.addEventListener("message", ({ data }) => __messages.push([data.type, performance.now(),
      (data.patch?.events ?? []).map((e) => `${e.kind}:${e.attr ?? ""}`)]));
    return worker;
  };
  // the last part's text (the details' coverage summary, in Panel's shadow DOM) when the page
  // says it is complete
  const find = (selector, root = document) => root.querySelector(selector) ?? [...root
    .querySelectorAll("*")].map((e) => e.shadowRoot && find(selector, e.shadowRoot)).find(Boolean);
  new MutationObserver(() => {
    if (document.documentElement.dataset.explorerSingle && window.__lastPart === undefined) {
      window.__lastPart = find('[data-testid="coverage-summary"]')?.textContent ?? null;
    }
  }).observe(document, { subtree: true, attributeFilter: ["data-explorer-single"] });
})();"""


def test_the_prebuilt_app_sends_its_single_item_page_in_steps_and_typing_changes_no_styles(
    app_page, guard, site_url
):
    """At the site's plain address the app comes built from its snapshot: its single-item page's
    parts reach the page after the app, one patch each (BokehJS draws each in a short task), and
    the page has them all when it says it is complete; text typed into the app is scored, and
    what changes with it changes no model's stylesheets (Panel's shared stylesheets were given
    back to the parts built ahead: a change of them took BokehJS 0.4-0.6 s)."""
    app_page.add_init_script(WORKER_MESSAGES)
    app_page.goto(site_url, wait_until="domcontentloaded")
    poll(
        lambda: app_page.evaluate(SINGLE),
        timeout=APP_TIMEOUT,
        message="the single-item page",
        guard=guard,
    )
    assert app_page.evaluate(APP_BOOT) == "app-snapshot"
    messages = app_page.evaluate("__messages")
    render = next(i for i, (kind, _, _) in enumerate(messages) if kind == "render")
    single = next(i for i, (kind, _, _) in enumerate(messages) if kind == "single")
    shown = [events for kind, _, events in messages[render:single] if kind == "patch"]
    assert shown and all(events == ["ModelChanged:children"] for events in shown), shown
    assert app_page.evaluate("window.__lastPart")  # complete when said so (its parts applied)
    type_and_wait_for_its_score(app_page, guard)
    app_page.wait_for_timeout(1500)  # the shared n-grams, once typing pauses
    changed = {e for kind, _, events in app_page.evaluate("__messages") for e in events}
    assert "ModelChanged:text" in changed
    assert "ModelChanged:stylesheets" not in changed


@pytest.mark.parametrize("broken", ["app-snapshot-*.gz", "app-libraries-*.tar.gz"])
def test_an_app_snapshot_that_cannot_be_used_falls_back_to_the_live_views(
    app_page, guard, site_url, broken
):
    """The app's snapshot, or numpy's libraries that it needs, is damaged: the app's worker
    restores the live view's snapshot instead and says why on the console only; the app is
    built and scores what is typed after it took over."""
    messages, warnings = [], []
    app_page.on("console", lambda msg: messages.append(msg.text))
    app_page.on("console", lambda msg: msg.type == "warning" and warnings.append(msg.text))
    damaged = {"status": 200, "body": gzip.compress(b"not what the site built")}
    app_page.route(f"**/pyodide/{broken}", lambda route: route.fulfill(**damaged))
    boot = _single_item_page_with_the_app_snapshot_fetched(app_page, guard, site_url, messages)
    assert boot == "snapshot"
    assert app_page.evaluate(APP_BOOT) == "snapshot"
    why = "the app's Python did not start from its snapshot (the app's memory snapshot could not"
    assert [t for t in warnings if why in t and SLOW not in t], warnings
    assert not app_page.locator("#error").is_visible()
    type_over_candidate(app_page, "the app after a fallback")
    expected = f"{charsim.score('the app after a fallback', ['cat']):.4f}"
    poll(
        lambda: app_page.locator(SCORE).inner_text() == expected,
        timeout=30,
        message=f"the score {expected}",
        guard=guard,
    )


def test_an_app_snapshot_that_fails_only_when_the_app_is_built_falls_back_to_the_live_views(
    app_page, guard, site_url, site_dir
):
    """An app's snapshot damaged where its checks do not look (the app built in it: a helper
    overwrote 4 KiB in its middle, and Pyodide died of "memory access out of bounds" building
    the page's JSON, the page stuck on an error). Made to fail there (the worker's code served
    with that failure): the app's worker is started again without the app's snapshot, the console
    says why in one warning and holds no error of Pyodide's, and the app scores what is typed."""
    messages = []
    app_page.on("console", lambda msg: messages.append((msg.type, msg.text)))
    code = (site_dir / "worker.js").read_text(encoding="utf-8")
    build = "withConsoleHeld(() => session.build())"
    assert build in code
    failing = code.replace(
        build,
        "withConsoleHeld(() => { console.error('Pyodide has suffered "
        "a fatal error'); throw new Error('memory access out of bounds'); })",
    )
    app_page.route(
        "**/worker.js",
        lambda route: route.fulfill(status=200, body=failing, content_type="text/javascript"),
    )
    assert typed_score_shown(app_page, guard, site_url) == "snapshot"
    poll(
        lambda: app_page.evaluate(SINGLE),
        timeout=APP_TIMEOUT,
        message="the single-item page",
        guard=guard,
    )
    assert app_page.evaluate(APP_BOOT) == "snapshot"
    why = (
        "the app's Python did not start from its snapshot (it could not build the app: memory "
        "access out of bounds): started again without it"
    )
    assert [t for kind, t in messages if kind == "warning" and why in t], messages
    assert not [t for kind, t in messages if kind == "error"], messages
    assert not app_page.locator("#error").is_visible()
    type_and_wait_for_its_score(app_page, guard)


def test_an_app_snapshot_made_for_another_function_table_is_refused_before_its_download(
    app_page, guard, site_url
):
    """The app's snapshot records the length of Pyodide's function table as Python started
    where it was made (numpy's libraries are placed after it); an engine whose table has
    another length (here: a page whose snapshot says one more) cannot restore it. The live view's
    worker, whose table had this engine's length, says so before the app's snapshot is fetched
    (numpy's libraries, fetched before the table's length is known so that they are compiled
    before the live view's Python runs, are not handed on): the app's worker restores the live
    view's snapshot, and the console says why in one warning."""
    messages, fetched = [], []
    app_page.on("console", lambda msg: messages.append((msg.type, msg.text)))
    app_page.on("request", lambda request: fetched.append(request.url))

    def other_layout(route) -> None:
        page = route.fetch().text()
        start = page.index(">", page.index('id="site-config"')) + 1
        config = json.loads(page[start : page.index("</script>", start)])
        table = config["appSnapshot"]["layout"]["table"]
        config["appSnapshot"]["layout"]["table"] = table + 1
        body = page[:start] + json.dumps(config) + page[page.index("</script>", start) :]
        route.fulfill(status=200, body=body, content_type="text/html")

    app_page.route(site_url, other_layout)
    assert typed_score_shown(app_page, guard, site_url) == "snapshot"
    poll(
        lambda: app_page.evaluate(SINGLE),
        timeout=APP_TIMEOUT,
        message="the single-item page",
        guard=guard,
    )
    assert app_page.evaluate(APP_BOOT) == "snapshot"
    assert not [url for url in fetched if "/pyodide/app-snapshot-" in url], fetched
    why = "the app's Python did not start from its snapshot (this engine's function table holds"
    assert [t for kind, t in messages if kind == "warning" and why in t], messages
    type_and_wait_for_its_score(app_page, guard)


def test_on_a_slow_network_the_app_restores_the_live_views_snapshot(app_page, guard, site_url):
    """At 20 Mbit/s the app's snapshot (19 MB with numpy's libraries) would come later than the
    app's packages are imported: the app's worker restores the live view's snapshot from the
    bytes the page has, and the console says why."""
    messages = []
    app_page.on("console", lambda msg: messages.append(msg.text))
    cdp = app_page.context.new_cdp_session(app_page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 5,
            "downloadThroughput": 20e6 / 8,
            "uploadThroughput": 20e6 / 8,
        },
    )
    assert typed_score_shown(app_page, guard, site_url) == "snapshot"
    poll(
        lambda: app_page.evaluate(APP_BOOT),
        timeout=APP_TIMEOUT,
        message="the app's worker",
        guard=guard,
    )
    assert app_page.evaluate(APP_BOOT) == "snapshot"
    assert any(SLOW in t for t in messages)


def test_the_first_score_comes_from_the_snapshot(app_page, guard, site_url):
    messages = []
    app_page.on("console", lambda msg: messages.append(msg.text))
    assert typed_score_shown(app_page, guard, site_url) == "snapshot"
    assert not any("booted afresh" in text for text in messages)


def test_bokehjs_is_fetched_only_once_the_live_view_is_on_the_page(app_page, guard, site_url):
    """BokehJS and the first score share the machine: fetched while the worker restores Python
    (once the snapshot's bytes were in), BokehJS made the live view 9% later. It comes with
    Panel's JS, once the app is on its way."""
    assert typed_score_shown(app_page, guard, site_url) == "snapshot"
    started = """() => Object.fromEntries(performance.getEntries()
        .filter((e) => e.name === 'explorer:live' || /bokeh[.]min[.]js$/.test(e.name))
        .map((e) => [e.name.split('/').pop(), e.startTime]))"""
    poll(
        lambda: "bokeh.min.js" in app_page.evaluate(started),
        timeout=APP_TIMEOUT,
        message="BokehJS",
        guard=guard,
    )
    times = app_page.evaluate(started)
    assert times["bokeh.min.js"] > times["explorer:live"]


def test_the_live_view_has_a_worker_of_its_own_until_the_app_takes_its_place(
    app_page, guard, site_url
):
    """Restored from the snapshot, Python runs in two workers: the live view's scores typing and
    does nothing else while the other loads the app; once the app has taken the live view's
    place, the app's worker is the only one."""
    workers = """(({ liveWorker, worker }) => [liveWorker instanceof Worker,
                  worker instanceof Worker, liveWorker === worker])(window.charsimPage)"""
    taken = "performance.getEntriesByName('explorer:app').length > 0"
    assert typed_score_shown(app_page, guard, site_url) == "snapshot"
    # Read at once: on a busy machine the app may have taken the live view's place already.
    before, app_in_place = app_page.evaluate(f"[{workers}, {taken}]")
    assert before == [True, True, app_in_place]
    poll(
        lambda: app_page.evaluate("performance.getEntriesByName('explorer:app').length"),
        timeout=APP_TIMEOUT,
        message="the app in the live view's place",
        guard=guard,
    )
    assert app_page.evaluate(workers) == [True, True, True]


def test_the_single_item_page_of_a_restored_snapshot_is_complete_before_sacrebleu_installs(
    app_page, guard, site_url
):
    """Restored, Python holds sacreBLEU's modules: the single-item page's comparison tab waits
    for no install (the comparison group's files come after, with the other pages')."""
    assert typed_score_shown(app_page, guard, site_url) == "snapshot"
    poll(
        lambda: app_page.evaluate("document.documentElement.dataset.explorerState") == "ready",
        timeout=APP_TIMEOUT,
        message="every page built",
        guard=guard,
    )
    marks = dict(
        app_page.evaluate("performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])")
    )
    installs = [at for name, at in marks.items() if "Installing comparison" in name]
    assert installs, sorted(marks)
    assert marks["explorer:single"] < min(installs)


def test_numpys_and_pandass_wheels_are_fetched_only_once_the_batch_page_is_opened(
    app_page, guard, site_url
):
    """Restored from the app's snapshot, Python holds numpy's modules and libraries; pandas is
    needed by the batch page's tables only, which wait for files: every page is built without
    either wheel, and opening the batch page fetches both (numpy's for its files)."""
    asked = []

    def wheel(route):
        asked.append(route.request.url.rsplit("/", 1)[-1].split("-")[0])
        route.continue_()

    app_page.route("**/*.whl", wheel)
    messages = []
    app_page.on("console", lambda msg: messages.append(msg.text))
    boot = _single_item_page_with_the_app_snapshot_fetched(app_page, guard, site_url, messages)
    assert boot == "snapshot"
    poll(
        lambda: app_page.evaluate("document.documentElement.dataset.explorerState") == "ready",
        timeout=APP_TIMEOUT,
        message="every page built",
        guard=guard,
    )
    assert app_page.evaluate(APP_BOOT) == "app-snapshot"
    app_page.wait_for_timeout(1000)
    assert asked == []
    app_page.get_by_role("tab", name="Batch: score files").click()
    poll(
        lambda: {"numpy", "pandas"} <= set(asked),
        timeout=60,  # 30 s was once too short on a fresh clone's CI run
        message="numpy's and pandas's wheels",
        guard=guard,
    )
    assert sorted(asked) == ["numpy", "pandas"], asked  # each once
