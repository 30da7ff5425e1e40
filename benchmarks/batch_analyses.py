"""The batch page while the TED example's analyses run, in headless Chromium: the paired test's
result and the typed text's score, what a user waits for, side by side with another site.

Each of ``--runs`` rounds opens the site (and the ``--baseline`` site after it) in a new browser
context, waits for every page, opens the Batch page and clicks its TED example (2,445 items, two
systems). Once charsim's scores are shown, while chrF, BLEU, the moves under preprocessing and
the paired bootstrap are computed in the worker, it types ``--keys`` texts into the single-item
page, each once the last one's score is shown, and times each until its score is on screen; then
back on the Batch page, it waits for the paired test's result. Prints, per site, the medians over
the rounds of: the scores shown, the paired test shown (seconds from the click), and the slowest
and the median typed score (milliseconds); and the per-round ratios to the baseline.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from _common import environment, positive, script_parser
from playwright.sync_api import sync_playwright

import charsim
from explorer.app.i18n import UIText
from explorer.site_build import serve
from tests.ui.conftest import CANDIDATE, CHROMIUM, CHROMIUM_ARGS, REFERENCES, SCORE

TEXT = UIText()
TIMEOUT_MS = 180_000
ROWS = {
    "scored": "charsim's scores shown",
    "tested": "the paired test shown",
    "slowest": "slowest typed score",
    "typed": "median typed score",
}


def load(browser, url: str, keys: int) -> dict[str, float]:
    """One round on the site at ``url``: the rows of :data:`ROWS` (seconds)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_function(
            "document.documentElement.dataset.explorerState === 'ready'", timeout=TIMEOUT_MS
        )
        page.get_by_role("tab", name=TEXT("tab.batch"), exact=True).click()
        example = page.get_by_role("button", name=TEXT("batch_example.ted.label"))
        example.wait_for(timeout=TIMEOUT_MS)
        start = time.monotonic()
        example.click()
        page.locator('[data-testid="batch-mean-1"]').first.wait_for(timeout=TIMEOUT_MS)
        scored = time.monotonic() - start
        page.get_by_role("tab", name=TEXT("tab.single"), exact=True).click()
        references = page.locator(REFERENCES).input_value().splitlines()
        score = page.locator(SCORE)
        waits = []
        for key in range(keys):
            text = f"the cat sat on mat number {key}"
            expected = f"{charsim.score(text, references):.4f}"
            page.locator(CANDIDATE).fill(text)
            typed = time.monotonic()
            while score.inner_text() != expected:  # (in Panel's shadow DOM: the locator's)
                if time.monotonic() - typed > TIMEOUT_MS / 1000:
                    raise SystemExit(f"{url}: the typed text never got its score {expected}")
                time.sleep(0.01)
            waits.append(time.monotonic() - typed)
        page.get_by_role("tab", name=TEXT("tab.batch"), exact=True).click()
        signature = page.locator('[data-testid="significance-signature"]').first
        signature.wait_for(timeout=TIMEOUT_MS)
        tested = time.monotonic() - start
    finally:
        context.close()
    return {
        "scored": scored,
        "tested": tested,
        "slowest": max(waits),
        "typed": statistics.median(waits),
    }


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument("--runs", type=positive, default=3, help="rounds (3)")
    parser.add_argument("--keys", type=positive, default=4, help="texts typed per round (4)")
    parser.add_argument("--site", type=Path, required=True, help="a built site's folder")
    parser.add_argument("--baseline", type=Path, help="another built site, side by side")
    args = parser.parse_args()
    sites = [args.site, *([args.baseline] if args.baseline else [])]
    for site in sites:
        if not (site / "index.html").is_file():
            parser.error(f"{site}: no built site there (python -m explorer build --out {site})")
    print(environment())  # the load before the run
    servers = [serve.serve_in_thread(site) for site in sites]
    found: dict[Path, list[dict[str, float]]] = {site: [] for site in sites}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                for site, (_, url) in zip(sites, servers, strict=True):
                    found[site].append(load(browser, url, args.keys))
    finally:
        for server, _ in servers:
            server.shutdown()
            server.server_close()
    print(f"{args.runs} rounds, sites in turn (medians; per round ratios to the baseline)")
    base = found[args.baseline] if args.baseline else None
    for site in sites:
        print(f"-- {site}")
        for key, label in ROWS.items():
            values = [f[key] for f in found[site]]
            line = f"  {label:<24}{statistics.median(values):7.2f} s"
            if base is not None and site != args.baseline:
                ratios = sorted(v / b[key] for v, b in zip(values, base, strict=True))
                line += f"  {statistics.median(ratios):.2f}× ({ratios[0]:.2f}–{ratios[-1]:.2f})"
            print(line)


if __name__ == "__main__":
    main()
