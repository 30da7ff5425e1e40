"""Regenerate ``docs/_static/explorer.png``, the README's screenshot of the explorer.

Serves a built site on 127.0.0.1, opens it in headless Chromium (Playwright), waits until every
page is built (no progress bar left), and saves a screenshot of TED item 432 of system 1 (the
item the "debug one surprising score" tutorial follows)::

    python -m explorer build --out /tmp/site     # or reuse a site built before
    python docs/screenshot.py --site /tmp/site   # writes docs/_static/explorer.png

Needs ``pip install -e '.[explorer,test]'`` (Playwright) and Chromium (``/usr/bin/chromium``, or
``$CHARSIM_CHROMIUM``). Without ``--site`` the site is built into a temporary folder first.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "_static" / "explorer.png"
STATE = "?example=ted&system=1&item=432"
"""The state shown: a link to it opens the same view."""
CHROMIUM = os.environ.get("CHARSIM_CHROMIUM", "/usr/bin/chromium")
VIEWPORT = {"width": 1280, "height": 860}


def shoot(site: Path, out: Path, timeout: float = 180.0) -> Path:
    """Serve ``site``, open the state :data:`STATE` and save its screenshot as ``out``."""
    from playwright.sync_api import sync_playwright

    from explorer.site_build import serve

    server, url = serve.serve_in_thread(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM,
                args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
            )
            context = browser.new_context(viewport=VIEWPORT, service_workers="block")
            page = context.new_page()
            page.goto(url + STATE)
            deadline = time.monotonic() + timeout
            state = "document.documentElement.dataset.explorerState"
            while (now := page.evaluate(state)) != "ready":  # every page built: no progress bar
                if now == "error":
                    raise RuntimeError("the explorer failed to start")
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the explorer was not ready in {timeout:.0f} s")
                time.sleep(0.5)
            time.sleep(2)  # the charts' last paint
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out), type="png")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built by python -m explorer build")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the PNG (default {OUT})")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            from explorer.site_build import build

            site = build.build(Path(tmp) / "site")
        out = shoot(site, args.out)
    print(f"{out}: {out.stat().st_size / 1000:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
