"""The longest main-thread task of the explorer's page while the Agreement page runs the TED MQM
sample (three metrics, 1,000 resamples) and its report arrives, in headless Chromium: the steps
of ``tests/ui/test_agreement.py``'s MQM test, which prints the longest task beside its checks.

Each of ``--runs`` rounds loads the site (and then ``--baseline``, a site of an earlier commit,
so that the machine's load reaches both alike) in a fresh browser context and waits until every
page is built. From then on every main-thread task over 50 ms is recorded
(``PerformanceObserver`` ``longtask``): the Agreement page is opened (it is built then) and the
sample's button clicked; while it runs, a text is typed on the single-item page; back on the
Agreement page, the report is waited for (its last chart's text alternative and the
disagreements' table) and a second more. The run itself yields to the page between slices of
work, so the longest task is the report's arrival: BokehJS drawing its tables and charts. The
target is 200 ms (no task of the page over 200 ms, docs/explorer.md). Printed: each run's
tasks (start in ms from navigation, duration), then the median of the longest per site.

Usage: ``python benchmarks/agreement_tasks.py --site DIR [--baseline DIR] [--runs N]`` on sites
built with ``python -m explorer build --out DIR``. Needs Chromium (``/usr/bin/chromium`` or
``$CHARSIM_CHROMIUM``) and Playwright.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from _common import environment, positive, script_parser  # puts the project on sys.path
from playwright.sync_api import sync_playwright

from explorer.app.i18n import UIText
from explorer.site_build import serve
from tests.ui.conftest import CHROMIUM, CHROMIUM_ARGS, type_over_candidate

TEXT = UIText()
TIMEOUT_MS = 240_000
"""Milliseconds the page may take for what it is waited for (a load, a page, the report)."""
LONG_TASKS = """() => { window.csTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries())
    window.csTasks.push([Math.round(e.startTime), Math.round(e.duration)]); })
  .observe({ type: "longtask" }); }"""
ARRIVED = ('[data-testid="agreement-chart-systems"]', ".cs-open-item")
"""The report's last parts to reach the page: the systems chart's text alternative and a
button of the disagreements' table."""


def run_once(browser, url: str) -> list[list[int]]:
    """One load of the site at ``url``: the long tasks from the Agreement page's opening to the
    report's arrival, ``[start, duration]`` in ms."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(
            "document.documentElement.dataset.explorerState === 'ready'", timeout=TIMEOUT_MS
        )
        page.evaluate(LONG_TASKS)
        agreement = page.get_by_role("tab", name=TEXT("tab.agreement"), exact=True)
        agreement.click()
        page.get_by_role("button", name=TEXT("agreement.example.mqm-ted.label")).click()
        page.locator('[data-testid="agreement-status"]').first.wait_for(timeout=TIMEOUT_MS)
        page.get_by_role("tab", name=TEXT("tab.single"), exact=True).click()
        type_over_candidate(page, "während es rechnet")
        agreement.click()
        for selector in ARRIVED:
            page.locator(selector).first.wait_for(state="attached", timeout=TIMEOUT_MS)
        time.sleep(1)
        return page.evaluate("window.csTasks")
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = script_parser(__doc__)
    parser.add_argument("--site", type=Path, required=True, help="a built site")
    parser.add_argument("--baseline", type=Path, help="a site to compare with, measured in turn")
    parser.add_argument("--runs", type=positive, default=3, help="rounds (default 3)")
    args = parser.parse_args(argv)
    sites = {"site": args.site, "baseline": args.baseline}
    sites = {name: folder for name, folder in sites.items() if folder is not None}
    for folder in sites.values():
        if not (folder / "index.html").is_file():
            raise SystemExit(f"{folder}: no built site (python -m explorer build --out DIR)")
    print(environment())
    servers = {name: serve.serve_in_thread(folder) for name, folder in sites.items()}
    longest: dict[str, list[int]] = {name: [] for name in sites}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for round_ in range(args.runs):
                for name, (_server, url) in servers.items():
                    tasks = run_once(browser, url)
                    longest[name].append(max((d for _, d in tasks), default=0))
                    print(f"run {round_ + 1} {name}: longest {longest[name][-1]} ms; {tasks}")
            browser.close()
    finally:
        for server, _url in servers.values():
            server.shutdown()
    for name, values in longest.items():
        median = statistics.median(values)
        verdict = "met" if median <= 200 else "NOT met"
        print(
            f"{name} ({sites[name]}): longest task, median {median:.0f} ms of {values}; "
            f"target ≤ 200 ms: {verdict}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
