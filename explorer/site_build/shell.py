"""The site's shell: the page's own files in ``static/`` copied as they are, the app's stylesheet,
and ``index.html`` rendered with the page's configuration and its scripts, in order."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from explorer.site_build.common import PACKAGE, STATIC, BuildError
from explorer.site_build.pins import PINS_FILE

__all__ = ["PAGE_SCRIPTS", "SHELL", "page_assets", "render_shell", "site_config"]

PAGE_SCRIPTS = [
    "page/loading.js",
    "page/bokeh.js",
    "page/history.js",
    "page/live.js",
    "page/notes.js",
    "page/sync.js",
    "page/takeover.js",
]
"""The page's own scripts (main thread), one per job: ES modules, of which index.html runs the
first (``type="module"``: it runs once the page is parsed), which imports the others, directly
or through one another; each of those is preloaded (``modulepreload``), so that the browser
fetches them all at once rather than as it finds each import."""
SHELL = [
    "a11y.js",
    *PAGE_SCRIPTS,
    "worker.js",
    "snapshot.js",
    "engines.js",
    "archives.js",
    "style.css",
]
"""The page's own files in static/, copied as they are (index.html is rendered)."""


def render_shell(out: Path, config: dict) -> None:
    """Copy the static shell and the app's stylesheet (the live view shows the app's score card
    before the app itself), and fill in index.html's configuration and the page's scripts (the
    first run, the others preloaded)."""
    for name in SHELL:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(STATIC / name, out / name)
    shutil.copyfile(PACKAGE / "app" / "views" / "explorer.css", out / "explorer.css")
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    fills = {
        "{{CONFIG_JSON}}": json.dumps(config, indent=1).replace("</", "<\\/"),
        "{{PAGE_SCRIPTS}}": "\n  ".join(
            [f'<link rel="modulepreload" href="{name}">' for name in PAGE_SCRIPTS[1:]]
            + [f'<script type="module" src="{PAGE_SCRIPTS[0]}"></script>']
        ),
    }
    for placeholder, text in fills.items():
        if placeholder not in html:
            raise BuildError(f"static/index.html lacks {placeholder}")
        html = html.replace(placeholder, text)
    (out / "index.html").write_text(html, encoding="utf-8")


def site_config(out: Path) -> dict:
    """The page's configuration in the ``index.html`` of the site ``out`` (as
    :func:`render_shell` wrote it).

    Raises:
        BuildError: the page holds no configuration.
    """
    html = (out / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script id="site-config"[^>]*>(.*?)</script>', html, re.DOTALL)
    if found is None:
        raise BuildError(f"{out / 'index.html'} holds no site configuration")
    return json.loads(found.group(1))


def page_assets(pins: dict) -> tuple[list[str], list[str]]:
    """``(scripts, styles)``: the JS files the page runs, in order (BokehJS, Panel, then the
    bundled JS that Panel's models declare: pins' ``keep`` of the panel wheel) and the CSS
    files it links, as paths of the site."""
    by_name = {pin["name"]: pin for pin in pins["wheel"]}

    def site_path(pin: dict, src: str) -> str:
        for asset in pin["assets"]:
            if src == asset["src"] or (asset["src"].endswith("/") and src.startswith(asset["src"])):
                return asset["dest"] + src.rsplit("/", 1)[-1]
        raise BuildError(f"{PINS_FILE}: {src} is kept but not among the assets of {pin['name']}")

    bokeh, panel = by_name["bokeh"], by_name["panel"]
    scripts = [site_path(bokeh, a["src"]) for a in bokeh["assets"]]
    scripts.append(site_path(panel, "panel/dist/panel.min.js"))
    scripts += [site_path(panel, src) for src in panel["keep"] if src.endswith(".js")]
    styles = [site_path(panel, src) for src in panel["keep"] if src.endswith(".css")]
    return scripts, styles
