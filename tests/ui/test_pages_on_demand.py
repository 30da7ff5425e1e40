"""Each page built when it is first needed: the single-item page first and complete on its own,
the others in the background, and a page opened before it is built shows its own progress and
is built next."""

from __future__ import annotations

from .conftest import APP_TIMEOUT, SCORE, poll, type_over_candidate
from .test_chart_download import misplaced_axes

HTML = "document.documentElement.dataset"
APP_SHOWN = "performance.getEntriesByName('explorer:app').length > 0"


def _mark(page, name: str) -> float:
    return page.evaluate(f"performance.getEntriesByName('explorer:{name}')[0].startTime")


# Opens the batch page as soon as the app is shown (a click on its tab, in the same task as the
# app's first frame: the test's own click came after the batch page was built in the background
# 1 time in 8 under load), then records the first progress paragraph (.cs-loading, in shadow
# roots) drawn in a frame, as {role, text}, in window.csProgress: it may be gone within half a
# second, before the test's next look when the page's thread is busy.
OPEN_BATCH_AT_ONCE = r"""(() => {
  const html = document.documentElement;
  const find = (root, match) => {
    const found = [...root.querySelectorAll("*")].find(match);
    if (found) return found;
    for (const el of root.querySelectorAll("*")) {
      const inner = el.shadowRoot && find(el.shadowRoot, match);
      if (inner) return inner;
    }
    return null;
  };
  const progress = (el) => el.classList.contains("cs-loading") && el.getClientRects().length;
  const tab = (el) => el.getAttribute("role") === "tab";
  const frame = () => {
    const found = find(document, progress);
    if (found) window.csProgress = { role: found.getAttribute("role"), text: found.textContent };
    else if (html.dataset.explorerState !== "ready") requestAnimationFrame(frame);
  };
  new PerformanceObserver((marks, observer) => {
    if (!marks.getEntriesByName("explorer:app").length) return;
    observer.disconnect();
    const batch = (el) => tab(el) && el.textContent === "Batch: score files";
    find(document, batch).click();
    requestAnimationFrame(frame);
  }).observe({ type: "mark" });
})()"""


def test_batch_opened_at_once_shows_its_progress_then_works(app_page, guard, site_url):
    """A link (any query) builds the app for it after the snapshot's restore, page by page (at
    the plain address the app's snapshot holds every page built, and the batch page comes in
    one step once opened)."""
    page = app_page
    page.add_init_script(OPEN_BATCH_AT_ONCE)
    page.goto(f"{site_url}?lang=en")
    poll(lambda: page.evaluate(APP_SHOWN), timeout=APP_TIMEOUT, message="the app", guard=guard)
    assert page.evaluate(f"{HTML}.explorerState") == "loading"
    progress = poll(
        lambda: page.evaluate("window.csProgress"),
        timeout=10,
        message="the batch page's progress",
        guard=guard,
    )
    assert progress["role"] == "status"
    assert "Loading this part of the page" in progress["text"]
    button = page.get_by_role("button", name="Try it: TED talks, 2 systems")
    poll(
        lambda: button.count() > 0 and button.is_visible(),
        timeout=60,
        message="the batch page",
        guard=guard,
    )
    button.click()
    mean = page.locator('[data-testid="batch-mean-1"]')
    poll(
        lambda: mean.count() > 0 and mean.inner_text() == "0.4519",
        timeout=90,
        message="the TED means",
        guard=guard,
    )
    poll(
        lambda: page.evaluate(f"{HTML}.explorerState") == "ready",
        timeout=APP_TIMEOUT,
        message="every page",
        guard=guard,
    )
    assert page.evaluate(f"{HTML}.explorerSingle") == "ready"


def test_the_single_item_page_is_complete_before_the_other_pages(app_page, guard, site_url):
    """When ``data-explorer-single`` is set, every details tab of the single item holds its
    view, the comparison with chrF, BLEU and TER included; the other pages come later."""
    page = app_page
    page.goto(site_url)
    poll(
        lambda: page.evaluate(f"{HTML}.explorerSingle") == "ready",
        timeout=APP_TIMEOUT,
        message="the single-item page",
        guard=guard,
    )
    for testid in ("metrics-scores", "ngram-table", "reference-table"):
        assert page.locator(f'[data-testid="{testid}"]').count() == 1, testid
    poll(
        lambda: page.evaluate(f"{HTML}.explorerState") == "ready",
        timeout=APP_TIMEOUT,
        message="every page",
        guard=guard,
    )
    assert _mark(page, "single") < _mark(page, "ready")


def test_every_page_is_built_without_pandas_and_loaded_files_get_their_tables(
    app_page, guard, site_url
):
    """The batch page's tables wait for files: every page is built (``ready``) while pandas's
    wheel is held back, the batch page saying where its tables will be; the TED example loaded
    then scores at once, and its tables come once pandas has arrived."""
    page, held = app_page, []
    page.route("**/pandas-*.whl", lambda route: held.append(route))
    page.goto(site_url)
    poll(
        lambda: page.evaluate(f"{HTML}.explorerState") == "ready",
        timeout=60,
        message="every page built without pandas",
        guard=guard,
    )
    page.get_by_role("tab", name="Batch: score files").click()
    waiting = page.get_by_text("No files are loaded yet: load files (or the example) above")
    poll(
        lambda: waiting.filter(visible=True).count() == 3,
        timeout=10,
        message="the three tables' notes",
        guard=guard,
    )
    assert page.locator(".tabulator").count() == 0
    page.get_by_role("button", name="Try it: TED talks, 2 systems").click()
    mean = page.locator('[data-testid="batch-mean-1"]')
    poll(
        lambda: mean.count() > 0 and mean.inner_text() == "0.4519",
        timeout=90,
        message="the TED means",
        guard=guard,
    )
    loading = page.locator(".cs-loading").filter(visible=True)
    assert loading.count() == 3 and page.locator(".tabulator").count() == 0
    assert held, "pandas was not asked for"
    for route in held:
        route.continue_()
    poll(lambda: loading.count() == 0, timeout=90, message="the tables", guard=guard)
    assert page.locator(".tabulator-row").count() > 0


# Counts, from the moment the single-item page is complete, the layout changes asked of BokehJS
# (invalidate_layout) and the layouts of the whole document they made (compute_layout at its
# root; a layout after a resize, BokehJS's ResizeObserver, is not one of them).
COUNT_LAYOUTS = """() => new Promise((resolve) => {
  const html = document.documentElement;
  const count = () => {
    const { LayoutDOMView } = Bokeh.require("models/layouts/layout_dom");
    const { compute_layout, invalidate_layout } = LayoutDOMView.prototype;
    const layouts = (window.csLayouts = { asked: 0, document: 0, depth: 0 });
    LayoutDOMView.prototype.compute_layout = function () {
      if (layouts.depth > 0 && !(this.parent instanceof LayoutDOMView)) layouts.document += 1;
      return compute_layout.call(this);
    };
    LayoutDOMView.prototype.invalidate_layout = function () {
      layouts.asked += 1;
      layouts.depth += 1;
      try {
        return invalidate_layout.call(this);
      } finally {
        layouts.depth -= 1;
      }
    };
    resolve();
  };
  if (html.dataset.explorerSingle === "ready") return count();
  new MutationObserver((_, observer) => {
    if (html.dataset.explorerSingle === "ready") observer.disconnect() || count();
  }).observe(html, { attributes: true });
})"""


def test_parts_drawn_on_pages_not_shown_lay_out_nothing_until_their_page_is_opened(
    app_page, guard, site_url
):
    """The Batch and About pages' parts, drawn while the single-item page is shown, ask BokehJS
    to lay out the document, which then measured and painted every chart shown again (100-130 ms
    of each part's task): none may. A layout after a resize then lays out their charts too,
    and the About page, opened after it, is laid out: its charts are drawn, their axes beside
    their frames, and again once they have changed while it was not shown."""
    page = app_page
    page.goto(site_url)
    page.evaluate(COUNT_LAYOUTS)
    poll(
        lambda: page.evaluate(f"{HTML}.explorerState") == "ready",
        timeout=APP_TIMEOUT,
        message="every page",
        guard=guard,
    )
    layouts = page.evaluate("window.csLayouts")
    # the batch and About pages (built ahead in the app's snapshot) come after it, one each
    assert layouts["asked"] >= 2, "the other pages' parts came before the single-item page"
    assert layouts["document"] == 0
    page.set_viewport_size({"width": 1100, "height": 720})  # the document laid out again
    page.get_by_role("tab", name="About the metric").click()
    canvases = page.locator("canvas").filter(visible=True)

    def charts() -> list[dict]:  # five, each drawn on a canvas and an overlay canvas
        boxes = [canvas.bounding_box() for canvas in canvases.all()]
        return [box for box in boxes if box["width"] >= 600 and box["height"] >= 200]

    poll(lambda: len(charts()) >= 5, timeout=5, message="the About page's charts", guard=guard)
    assert page.evaluate("window.csLayouts.document") >= 1
    assert misplaced_axes(page) == []
    # its charts change while it is not shown (they draw the single item's lengths), then shown
    page.get_by_role("tab", name="Single item").click()
    type_over_candidate(page, "a much longer candidate than the default one")
    poll(lambda: page.locator(SCORE).inner_text() != "", message="the score", guard=guard)
    page.wait_for_timeout(1000)  # the views that wait for a pause in typing
    page.get_by_role("tab", name="About the metric").click()
    poll(lambda: len(charts()) >= 5, timeout=5, message="the About page's charts", guard=guard)
    assert misplaced_axes(page) == []
