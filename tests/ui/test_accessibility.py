"""Accessibility audit in headless Chromium: axe-core (npm ``axe-core``, installed by
``npm ci`` from ``package.json``; never shipped) injected into the built site and run with its
default rules on every page state a user reaches: the live view before the app is ready, the
single item with each details tab, batch mode with the TED example scored, About, and the
Japanese UI. Any serious or critical violation fails; every violation, of any impact, is printed
with its nodes (``pytest -s`` shows them).

Each audit waits until every style sheet of the page and of its shadow roots has loaded (a page
just opened, its widgets' theme not yet applied, showed the dark scheme's light text on BokehJS's
white buttons), and runs without axe's preload: for its default rules that would only download
every style sheet of every shadow root again, most of an audit's time (``docs/benchmarks.md``);
the one rule that reads them, ``css-orientation-lock``, is experimental and off by default."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import APP_TIMEOUT, REFERENCES, poll, type_over_candidate

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = {"serious", "critical"}
RUN = """() =>
  axe.run(document, { resultTypes: ["violations"], preload: false }).then((r) => r.violations)"""
PENDING_STYLE_SHEETS = """() => {
  const pending = [];
  const walk = (root) => {
    for (const link of root.querySelectorAll('link[rel="stylesheet"]')) {
      if (!link.sheet) pending.push(link.href);
    }
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  return pending;
}"""
DETAILS = ["n-gram matches", "What would change the score", "Per reference", "By hand (exact)"]


def _audit(page, state: str) -> list[str]:
    """Run axe-core on ``page`` once its style sheets have loaded; print every violation, return
    the serious or critical ones."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} not found: run npm ci", pytrace=False)
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    pending: list[str] = []

    def loaded() -> bool:
        pending[:] = page.evaluate(PENDING_STYLE_SHEETS)
        return not pending

    try:
        poll(loaded, timeout=30)
    except pytest.fail.Exception:
        pytest.fail(f"[{state}] style sheets not loaded in 30 s: {pending}", pytrace=False)
    lines, blocking = [], []
    for v in page.evaluate(RUN):
        nodes = "".join(
            f"\n    {n['target'][-1]}: {n['failureSummary'].splitlines()[-1].strip()}"
            for n in v["nodes"]
        )
        line = f"[{state}] {v['impact']}: {v['id']}, {len(v['nodes'])} nodes:{nodes}"
        lines.append(line)
        if v["impact"] in BLOCKING:
            blocking.append(line)
    print("\n".join(lines) or f"[{state}] no violations")
    return blocking


def _check(found: list[str]) -> None:
    if found:
        pytest.fail(
            "serious or critical accessibility violations:\n" + "\n".join(found), pytrace=False
        )


def _tab(page, title: str) -> None:
    page.get_by_role("tab", name=title, exact=True).click()
    page.wait_for_timeout(300)  # BokehJS lays the shown page out


def audit_live_view(page, guard, site_url: str, state: str) -> list[str]:
    """Open the site in ``page``, hold the app back, type in the live view and audit it (as
    ``state``); return the serious or critical violations (:func:`_audit`)."""
    held = []
    page.route("**/bokeh/bokeh.min.js", lambda route: held.append(route))  # the app waits
    page.goto(site_url, wait_until="domcontentloaded")
    live = "document.documentElement.dataset.explorerLive === '1'"
    poll(lambda: page.evaluate(live), timeout=APP_TIMEOUT, message="the live view", guard=guard)
    type_over_candidate(page, "the cat")
    found = _audit(page, state)
    for route in held:
        route.continue_()
    return found


def test_live_view_before_the_app_is_ready_has_no_serious_violation(app_page, guard, site_url):
    _check(audit_live_view(app_page, guard, site_url, "live"))


def audit_single_item(page, state: str) -> list[str]:
    """Type in ``page``'s candidate box and audit the single item with each details tab open
    (as ``state``, the tab's title after it); return the serious or critical violations."""
    type_over_candidate(page, "the cat sat")
    found = []
    for title in DETAILS:
        _tab(page, title)
        found += _audit(page, f"{state}, {title}")
    return found


def test_single_item_batch_and_about_have_no_serious_violation(app, wait_until):
    found = audit_single_item(app, "single item")
    _tab(app, "Batch: score files")
    app.get_by_role("button", name="Try it: TED talks, 2 systems").click()
    signature = app.locator('[data-testid="batch-signature"]')
    wait_until(lambda: signature.count() > 0, timeout=90, message="batch scores")
    # the parts that follow the scores (comparisons, buckets, tests) are drawn a moment later,
    # and static/a11y.js mends each new table a frame after it appears: audit the settled page
    wait_until(
        lambda: app.get_by_text("Where does a system win").count() > 0,
        timeout=60,
        message="the batch page's later parts",
    )
    app.wait_for_timeout(2000)
    found += _audit(app, "batch, TED")
    _tab(app, "About the metric")
    found += _audit(app, "About")
    _check(found)


def test_japanese_ui_has_no_serious_violation(app, wait_until):
    app.get_by_role("button", name="日本語", exact=True).click()
    wait_until(
        lambda: app.get_by_role("tab", name="指標の解説").count(),
        timeout=20,
        message="the Japanese tab titles",
    )
    wait_until(
        lambda: app.evaluate("document.documentElement.lang") == "ja",
        timeout=10,
        message='<html lang="ja">',
    )
    found = _audit(app, "ja, single item")
    _tab(app, "指標の解説")
    found += _audit(app, "ja, About")
    _check(found)


def test_a_comparison_without_ter_has_no_serious_violation(app, wait_until):
    # 1,000 characters of candidate and reference: TER's row says why it is left out
    app.locator(REFERENCES).fill("a cat was sitting on a mat, looking at a dog. " * 11)
    type_over_candidate(app, "the cat sat on the mat and looked at the dog. " * 11)
    app.get_by_text("Compared with chrF, BLEU, TER", exact=True).click()
    reason = app.locator('[data-testid="metrics-ter-left-out"]')
    wait_until(lambda: reason.count() > 0, timeout=60, message="TER's reason")
    _check(_audit(app, "comparison without TER"))
