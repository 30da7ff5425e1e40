"""Regenerate the screenshots of the explorer in the docs: ``docs/_static/explorer.png``, the
README's, ``docs/images/<setting>.png``, the page in each of four settings (a laptop's window, a
phone's, a dark colour scheme, and paper, as printed), and with ``--agreement`` two of the
Agreement page beside the README's (``agreement.png``: the TED MQM sample evaluated;
``spans.png``: its largest disagreement opened, the candidate charsim prefers drawn with the
spans people marked and the characters charsim leaves unmatched).

Serves a built site on 127.0.0.1, opens it in headless Chromium (Playwright), waits until every
page is built (no progress bar left), and saves a screenshot of TED item 432 of system 1 (the
item the "debug one surprising score" tutorial follows)::

    python -m explorer build --out /tmp/site              # or reuse a site built before
    python docs/screenshot.py --site /tmp/site            # writes docs/_static/explorer.png
    python docs/screenshot.py --site /tmp/site --settings # writes docs/images/*.png
    python docs/screenshot.py --site /tmp/site --agreement # agreement.png and spans.png

The settings' images are drawn at a fraction of a CSS pixel per pixel (``scale``), so that each
stays small (under 100 kB) in the repository.

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
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "_static" / "explorer.png"
IMAGES = ROOT / "docs" / "images"
STATE = "?example=ted&system=1&item=432"
"""The state shown: a link to it opens the same view."""
CHROMIUM = os.environ.get("CHARSIM_CHROMIUM", "/usr/bin/chromium")


class Setting(NamedTuple):
    """A window the page is shown in: its size in CSS pixels, the image's pixels per CSS pixel,
    a touch screen or not, the colour scheme and the CSS media (``"print"``: paper, laid out at
    an A4 page's width less its margins)."""

    width: int
    height: int
    scale: float = 1.0
    mobile: bool = False
    scheme: str = "light"
    media: str = "screen"


README = Setting(1280, 860)
"""The README's screenshot."""
SETTINGS = {
    "laptop": Setting(1280, 800, scale=0.5),
    "phone": Setting(390, 844, scale=0.75, mobile=True),
    "dark": Setting(1280, 800, scale=0.5, scheme="dark"),
    "print": Setting(703, 1000, scale=0.6, media="print"),
}
"""The four settings of ``docs/images/``, by the image's name."""


def shoot(site: Path, shots: dict[Path, Setting], timeout: float = 180.0) -> list[Path]:
    """Serve ``site``, open the state :data:`STATE` in each setting and save its screenshot
    as the path it is keyed by; return the paths."""
    from playwright.sync_api import sync_playwright

    from explorer.site_build import serve

    server, url = serve.serve_in_thread(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM,
                args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
            )
            for out, setting in shots.items():
                context = browser.new_context(
                    viewport={"width": setting.width, "height": setting.height},
                    device_scale_factor=setting.scale,
                    is_mobile=setting.mobile,
                    has_touch=setting.mobile,
                    color_scheme=setting.scheme,
                    service_workers="block",
                )
                page = context.new_page()
                page.goto(url + STATE)
                _wait_ready(page, timeout)
                page.emulate_media(media=setting.media)
                time.sleep(2)  # the charts' last paint
                out.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(out), type="png")
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return list(shots)


def _wait_ready(page, timeout: float) -> None:
    """Wait until every page of the app is built (no progress bar left)."""
    deadline = time.monotonic() + timeout
    state = "document.documentElement.dataset.explorerState"
    while (now := page.evaluate(state)) != "ready":
        if now == "error":
            raise RuntimeError("the explorer failed to start")
        if time.monotonic() > deadline:
            raise TimeoutError(f"the explorer was not ready in {timeout:.0f} s")
        time.sleep(0.5)


def shoot_agreement(site: Path, folder: Path, timeout: float = 400.0) -> list[Path]:
    """Serve ``site``, run the TED MQM sample on the Agreement page (its default metrics) and
    save the page's results and its largest disagreement's spans as ``agreement.png`` and
    ``spans.png`` in ``folder``, each of one part of the page 1,000 CSS px wide, drawn at 0.75
    pixel per CSS pixel."""
    from playwright.sync_api import sync_playwright

    from explorer.site_build import serve

    server, url = serve.serve_in_thread(site)
    shots = [folder / "agreement.png", folder / "spans.png"]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM,
                args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
            )
            viewport = {"width": 1000, "height": 900}
            page = browser.new_context(viewport=viewport, device_scale_factor=0.75).new_page()
            page.goto(url)
            _wait_ready(page, timeout)
            page.get_by_role("tab", name="Agreement", exact=True).click()
            page.get_by_role("button", name="TED, expert MQM (English→German)").click()
            page.mouse.move(0, 0)  # the button's description, shown on hover, would hide text
            status = page.locator('[data-testid="agreement-status"]')
            status.get_by_text("Evaluated", exact=False).wait_for(timeout=timeout * 1000)
            table = page.locator('[data-testid="agreement-table"]')
            table.scroll_into_view_if_needed()
            time.sleep(2)  # the charts' last paint
            page.screenshot(path=str(shots[0]), type="png")
            opener = page.locator(".cs-open-item").first
            opener.wait_for(timeout=timeout * 1000)
            # Tabulator draws its rows again once the table comes into view (a row replaced
            # while it is scrolled to): scroll, let it, then click the row drawn anew.
            opener.evaluate("el => el.scrollIntoView({ block: 'center' })")
            time.sleep(1)
            opener.click()
            drawn = page.locator('[data-testid="judged-text"]')
            drawn.wait_for(timeout=60_000)
            drawn.scroll_into_view_if_needed()
            time.sleep(1)
            page.screenshot(path=str(shots[1]), type="png")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return shots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built by python -m explorer build")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the PNG (default {OUT})")
    parser.add_argument(
        "--settings",
        action="store_true",
        help=f"save the four settings ({', '.join(SETTINGS)}) into {IMAGES} instead",
    )
    parser.add_argument(
        "--agreement", action="store_true", help="the Agreement page's two, beside --out"
    )
    args = parser.parse_args(argv)
    if args.settings:
        shots = {IMAGES / f"{name}.png": setting for name, setting in SETTINGS.items()}
    else:
        shots = {args.out: README}
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            from explorer.site_build import build

            site = build.build(Path(tmp) / "site")
        if args.agreement:
            shots = shoot_agreement(site, args.out.parent)
        else:
            shots = shoot(site, shots)
        for out in shots:
            print(f"{out}: {out.stat().st_size / 1000:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
